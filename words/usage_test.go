package words

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// countedNoun finds a count printed before a noun in the plural, in Go
// ("%d games") or in a template ("{{.Players}} players"): "1 games" when
// the count is 1.
var countedNoun = regexp.MustCompile(`(%[-0-9]*d|\}\}) (points|players|games|rounds|byes|results|entries|moves|tournaments|matches|places|files|minutes|discs|changes|members|users|tables|cycles|times|days|links|judges|warnings|teams|events)\b`)

// neverOne are the counts printed that way where the count is never 1,
// each with the reason.
var neverOne = map[string]string{
	"web/console_pair.go: the %d players on":                                        "after the case of 1 (alone)",
	"web/console_pair.go: the %d players left on":                                   "after the case of 1 (alone)",
	"web/console_round.go: %d games and %d byes":                                    "over 2,000 of one of them",
	"director/playerdb.go: %d players of %s are":                                    "two or more namesakes",
	"director/playerdb.go: %d players have close":                                   "more than one (len(close) > 1)",
	"cmd/outflank/serve_demo.go: of %d players (seed":                               "the demo plays 4 to 500",
	"cmd/outflank/serve_demo.go: imported %d players (":                             "the demo plays 4 to 500",
	"cmd/outflank/rated.go: at least %d minutes":                                    "a ruleset's floor, 10 minutes or more",
	"circuit_standings.go: appears as %d players":                                   "two or more",
	"circuit_standings.go: names %d players of":                                     "two or more",
	"eligibility.go: for %d days before":                                            "the rule's 183 days",
	"eligibility.go: (%d days of residence":                                         "the rule's 183 days",
	"knockout_pair.go: %d players choose":                                           "two or more choosers",
	"late_entry.go: with its %d players":                                            "a round robin has 3 or more",
	"match_find.go: names %d matches":                                               "two or more",
	"match_find.go: has %d games (":                                                 "after the cases of 0 and 1",
	"scoring.go: adds up to %d discs":                                               "more than 64",
	"scoring.go: fewer than %d discs":                                               "a constant over 1",
	"team_select.go: %d players of the rating list have":                            "after the case of 1",
	"tournament.go: %d players are named":                                           "two or more namesakes",
	"audit.go: entry #%d changes":                                                   "a verb, not a count",
	"settings.go: at least %d minutes each":                                         "a ruleset's floor, 10 minutes or more",
	"web/templates/console-results.html: All {{len $p.Round.Games}} results are in": "after the case of 1",
	"web/templates/console-players.html: {{$p.Equal}} players match":                "only when more than one (gt $p.Equal 1)",
}

// TestCountsSaidWithTheirNumber: the reports, the web site, the console
// and the command line print their counts through Count and Points, so
// that none says "1 byes" or "1 points" (issue 24): no "%d games" or
// "{{.N}} players" is left but where the count is never 1 (neverOne).
func TestCountsSaidWithTheirNumber(t *testing.T) {
	root := ".."
	var files []string
	for _, dir := range []string{".", "director", "report", "web", "web/templates", "web/templates/parts", "cmd/outflank"} {
		for _, ext := range []string{"*.go", "*.html"} {
			m, err := filepath.Glob(filepath.Join(root, dir, ext))
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, m...)
		}
	}
	if len(files) < 200 {
		t.Fatalf("only %d files read: the scan misses the sources", len(files))
	}
	used := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.ToSlash(strings.TrimPrefix(f, root+string(filepath.Separator)))
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range countedNoun.FindAllStringIndex(line, -1) {
				ok := false
				for key := range neverOne {
					file, text, _ := strings.Cut(key, ": ")
					if file == name && strings.Contains(line, text) {
						ok, used[key] = true, true
					}
				}
				if !ok {
					t.Errorf("%s:%d: %q prints a count before a plural noun: say it with words.Count (or the templates' plural)", name, i+1, line[max(0, m[0]-40):min(len(line), m[1]+10)])
				}
			}
		}
	}
	for key := range neverOne {
		if !used[key] {
			t.Errorf("neverOne has %q, which no source line has any more: remove it", key)
		}
	}
}
