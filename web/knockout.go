package web

import (
	"net/http"
	"slices"

	"outflank"
	"outflank/report"
	"outflank/rules"
)

func (s *Server) registerKnockoutRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/knockout", reads(s.handleKnockout))
}

// bracket is a title's knockout matches as a bracket: the semi-finals,
// then the final and the third place (or the playoffs, in a column).
type bracket struct {
	Title   string
	Columns [][]report.Match
	// Places are the places the title's matches give, decided or still
	// open (the order of finish's first places).
	Places report.Places
}

// bracketsOf lays the matches out: the playoffs of the provisional list,
// then each title's bracket, semi-finals first.
func bracketsOf(matches []report.Match) []bracket {
	var playoffs []report.Match
	byTitle := map[string]*bracket{}
	var out []*bracket
	for _, m := range matches {
		if m.Stage == string(outflank.StagePlayoff) {
			playoffs = append(playoffs, m)
			continue
		}
		b := byTitle[m.Title]
		if b == nil {
			b = &bracket{Title: m.Title, Columns: make([][]report.Match, 2)}
			byTitle[m.Title] = b
			out = append(out, b)
		}
		col := 1
		if _, kind, ok := outflank.Stage(m.Stage).Knockout(); ok && kind == rules.KindSemiFinal {
			col = 0
		}
		b.Columns[col] = append(b.Columns[col], m)
	}
	var brackets []bracket
	if len(playoffs) > 0 {
		brackets = append(brackets, bracket{Title: "playoffs", Columns: [][]report.Match{playoffs}})
	}
	for _, b := range out {
		// The final above the third place.
		slices.SortStableFunc(b.Columns[1], func(x, y report.Match) int { return finalFirst(x) - finalFirst(y) })
		if len(b.Columns[0]) == 0 {
			b.Columns = b.Columns[1:]
		}
		brackets = append(brackets, *b)
	}
	return brackets
}

// finalFirst orders a bracket's last column: the final, then the rest.
func finalFirst(m report.Match) int {
	if _, kind, ok := outflank.Stage(m.Stage).Knockout(); ok && kind == rules.KindFinal {
		return 0
	}
	return 1
}

// bracketTitle heads a bracket.
func bracketTitle(title string) string {
	switch title {
	case "playoffs":
		return "Playoffs of the provisional list"
	case "women":
		return "Women's title"
	case "young":
		return "Young players' title"
	}
	return "Individual title"
}

// formatWords says how a match is played.
func formatWords(format string) string {
	switch format {
	case "best-of-three":
		return "best of three games"
	case "two-games":
		return "two games"
	case "one-game":
		return "one game"
	case "bof-playoff":
		return "one game (BOF play-off)"
	}
	return format
}

// handleKnockout shows the playoffs, semi-finals, third places and finals
// as brackets, each match with its games and the choice of colour or
// draw-win.
//
// An event whose ruleset has no knockout stages (a BOF regional, a custom
// event) has no such page: 404, saying so and linking to its standings.
func (s *Server) handleKnockout(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "knockout", func(t *outflank.Tournament) (view, error) {
		if !report.HasKnockout(t) {
			return view{}, &missing{message: outflank.ErrorMessage(report.NoKnockout(t)) + ".",
				links: []link{{"/t/" + t.Slug + "/standings", "The standings of " + t.Name}, {"/t/" + t.Slug, t.Name}}}
		}
		brackets := bracketsOf(report.MatchesOf(t))
		for i, b := range brackets {
			if b.Title != "playoffs" {
				brackets[i].Places = report.FinishOf(t, b.Title).Knockout()
			}
		}
		v := knockoutView{Brackets: brackets, Stages: report.KnockoutWords(t), Done: t.Status().Done}
		return view{Title: "Knockout · " + t.Name, Nav: "knockout", Data: v}, nil
	})
}

// knockoutView is the knockout page: the brackets, and when there are none
// yet, the stages the ruleset plans, or that none was played.
type knockoutView struct {
	Brackets []bracket
	Stages   string
	Done     bool
}
