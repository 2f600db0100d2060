package web

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"outflank"
	"outflank/report"
	"outflank/words"
)

// templateFuncs are the helpers every template may call. They put words
// on the documents' codes; none of them decides anything a rulebook says.
var templateFuncs = template.FuncMap{
	"static": staticURL,
	// num prints a number without trailing zeros: 6, 6.5, 812.25.
	"num": numText,
	// rank prints a rank, with "=" when it is shared.
	"rank": func(n int, equal bool) string {
		if equal {
			return fmt.Sprintf("%d=", n)
		}
		return fmt.Sprint(n)
	},
	"dict":     dict,
	"rowsHTML": rowsHTML,
	"cap":      capitalize,
	"bracket":  bracketTitle,
	"format":   formatWords,
	"stage":    stageWords,
	"listName": listName,
	"rules":    rulesName,
	"title":    titleWords,
	"ordinal":  ordinal,
	"keyName":  outflank.CircuitKeyName,
	"mark":     markWords,
	// plural says a count: "1 player", "3 players" (package words).
	"plural": plural,
	// hasKnockout: the event has knockout stages; knockoutWords names
	// them (report/pages.go).
	"hasKnockout":   report.HasKnockout,
	"knockoutWords": report.KnockoutWords,
	// say puts a message of the domain in the console's words: no
	// command line (console_words.go).
	"say": consoleText,
	// points says a score: "1 point", "6.5 points".
	"points": words.Points,
	// percent prints a share from 0 to 1 as a whole percentage: "64%".
	"percent": func(x *float64) string { return fmt.Sprintf("%.0f%%", *x*100) },
	// derefFloat reads an optional number (a Brightwell quotient).
	"derefFloat": func(p *float64) float64 {
		if p == nil {
			return 0
		}
		return *p
	},
	// deref reads an optional number (a withdrawal's round, discs).
	"deref": func(p *int) int {
		if p == nil {
			return 0
		}
		return *p
	},
}

// capitalize puts a label at the start of a sentence: "Semi-final 1".
func capitalize(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

// stageWords names a round's stage: "Swiss", "third place", "women's
// semi-final".
func stageWords(stage string) string {
	title := ""
	if rest, ok := strings.CutPrefix(stage, "women-"); ok {
		title, stage = "women's ", rest
	} else if rest, ok := strings.CutPrefix(stage, "young-"); ok {
		title, stage = "young players' ", rest
	}
	switch stage {
	case "swiss":
		return "Swiss"
	case "round-robin":
		return "round robin"
	case "placement":
		return "placement round"
	case "third-place":
		stage = "third place"
	}
	return title + stage
}

// listName names a ranking list.
func listName(list string) string {
	switch list {
	case "ifrl":
		return "individual list"
	case "wfrl":
		return "women's list"
	case "yfrl":
		return "young players' list"
	case "tfrl":
		return "team list"
	case "finish":
		return "order of finish"
	}
	return list
}

// rulesName names a ruleset.
func rulesName(id string) string {
	switch id {
	case "woc":
		return "WOC"
	case "egp":
		return "EGP"
	case "aof":
		return "AOF"
	case "bof-regional":
		return "BOF regional"
	case "bof-national":
		return "BOF national"
	}
	return id
}

// titleWords names a title's champion.
func titleWords(title string) string {
	switch title {
	case "women":
		return "Women's champion"
	case "young":
		return "Young players' champion"
	}
	return "Champion"
}

// ordinal writes 1st, 2nd, 3rd, 4th, 11th, 21st.
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprint(n, suffix)
}

// markWords says what a crosstable's mark means.
func markWords(mark string) string {
	switch mark {
	case "t":
		return "time default"
	case "f":
		return "forfeit"
	case "u":
		return "unplayed"
	case "p":
		return "penalty"
	case "d":
		return "draw-win"
	case "?":
		return "discs unknown"
	}
	return ""
}

// dict makes a map of its arguments, names and values in turn, to pass
// several values to a template.
func dict(kv ...any) (map[string]any, error) {
	if len(kv)%2 != 0 {
		return nil, fmt.Errorf("web: dict of %d arguments", len(kv))
	}
	m := make(map[string]any, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		k, ok := kv[i].(string)
		if !ok {
			return nil, fmt.Errorf("web: dict key %v", kv[i])
		}
		m[k] = kv[i+1]
	}
	return m, nil
}

// numText prints a number without trailing zeros: 6, 6.5, 812.25.
func numText(x float64) string {
	s := strconv.FormatFloat(x, 'f', 2, 64)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}
