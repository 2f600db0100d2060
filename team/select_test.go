package team

import (
	"strings"
	"testing"
)

func cand(name string) Candidate { return Candidate{Key: name, Name: name} }

func nat(points ...float64) []Placed {
	var ps []Placed
	for i, p := range points {
		name := string(rune('A' + i))
		c := cand(name)
		c.Woman, c.Young = No, No // men and adults, recorded
		ps = append(ps, Placed{Candidate: c, Place: i + 1, Points: p, ByPlayoff: i < 2})
	}
	return ps
}

func ranked(names ...string) []Ranked {
	var rs []Ranked
	for i, n := range names {
		rs = append(rs, Ranked{Candidate: cand(n), Rank: i + 1})
	}
	return rs
}

// summary renders offers as "name(rule number)" joined by spaces.
func summary(offers []Offer) string {
	var parts []string
	for _, o := range offers {
		parts = append(parts, o.Name+"("+strings.TrimPrefix(o.Rule, "World championship ")+")")
	}
	return strings.Join(parts, " ")
}

func TestSelectRegularTeam(t *testing.T) {
	residentOnly := func(c Candidate) (bool, string) {
		if c.Name == "B" || c.Name == "Q" {
			return false, "resident in the UK since 2026-06-01, not 183 days before the World final"
		}
		return true, ""
	}
	tests := []struct {
		name     string
		in       Input
		want     string
		skipped  int
		chairman int
		playoffs int
	}{
		{"WC 2 National Champion then GP winner then placings",
			Input{Size: 4, National: nat(8, 7, 6, 5), ChampionDecided: true, GP: ranked("G", "C")},
			"A(2) G(2) B(2) C(2)", 0, 0, 0},
		{"WC 2 GP winner who is the champion is offered once",
			Input{Size: 3, National: nat(8, 7, 6), ChampionDecided: true, GP: ranked("A", "G")},
			"A(2) B(2) C(2)", 0, 0, 0},
		{"WC 3 GP order after the National",
			Input{Size: 4, National: nat(8, 7), ChampionDecided: true, GP: ranked("G", "H", "A")},
			"A(2) G(2) B(2) H(3)", 0, 0, 0},
		{"WC 3 active rating list after GP order",
			Input{Size: 4, National: nat(8), ChampionDecided: true, GP: ranked("G"), Ratings: ranked("A", "R", "S")},
			"A(2) G(2) R(3) S(3)", 0, 0, 0},
		{"WC 4 places left for the chairman",
			Input{Size: 4, National: nat(8), ChampionDecided: true, Ratings: ranked("R")},
			"A(2) R(3)", 0, 2, 0},
		{"WC 1 ineligible players skipped with the reason",
			Input{Size: 3, National: nat(8, 7, 6), ChampionDecided: true, Ratings: ranked("Q", "R"), Eligible: residentOnly},
			"A(2) C(2) R(3)", 2, 0, 0},
		{"WC 2-3 declined players skipped",
			Input{Size: 2, National: nat(8, 7, 6), ChampionDecided: true, GP: ranked("G"), Declined: map[string]bool{"A": true, "G": true}},
			"B(2) C(2)", 2, 0, 0},
		{"GP 6 tied GP winner is a required play-off, not invented",
			Input{Size: 3, National: nat(8, 7, 6), ChampionDecided: true, GP: []Ranked{{Candidate: cand("G"), Rank: 1, Equal: true}, {Candidate: cand("H"), Rank: 1, Equal: true}}},
			"A(2) B(2) C(2)", 0, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sel := Select(tc.in)
			if got := summary(sel.Offers); got != tc.want {
				t.Errorf("offers %s, want %s", got, tc.want)
			}
			if len(sel.Skipped) != tc.skipped || sel.ChairmanPlaces != tc.chairman || len(sel.Playoffs) != tc.playoffs {
				t.Errorf("skipped %v, chairman %d, playoffs %v", sel.Skipped, sel.ChairmanPlaces, sel.Playoffs)
			}
			for i, o := range sel.Offers {
				if o.Order != i+1 || o.Reason == "" {
					t.Errorf("offer %d: %+v", i, o)
				}
			}
		})
	}
}

func TestSelectResidencyReason(t *testing.T) {
	sel := Select(Input{Size: 1, National: nat(8), Eligible: func(Candidate) (bool, string) { return false, "no residency recorded" }})
	if len(sel.Skipped) != 1 || sel.Skipped[0].Reason != "World championship 1: no residency recorded" || sel.ChairmanPlaces != 1 {
		t.Errorf("%+v", sel)
	}
	if !strings.Contains(Select(Input{Size: 1, National: nat(8)}).Offers[0].Reason, "not recorded") {
		t.Error("an undecided title play-off is not said")
	}
}

func women(ps []Placed, names ...string) []Placed {
	for i := range ps {
		for _, n := range names {
			if ps[i].Name == n {
				ps[i].Woman = Yes
			}
		}
	}
	return ps
}

func TestSelectCategories(t *testing.T) {
	event := []Placed{{Candidate: cand("W1"), Place: 1}, {Candidate: cand("W2"), Place: 2}}
	tests := []struct {
		name    string
		in      Input
		want    string // the category's player and rule, "-" for none
		playoff bool
	}{
		{"WC 5 qualifying event winner",
			Input{Size: 1, National: women(nat(8, 7, 6), "C"), Events: map[Category][]Placed{Women: event}}, "W1(5)", false},
		{"WC 5 qualifying event next placing when the winner declined",
			Input{Size: 1, National: nat(8), Events: map[Category][]Placed{Women: event}, Declined: map[string]bool{"W1": true}}, "W2(5)", false},
		{"WC 5 event yields no one: highest-placed in the National",
			Input{Size: 1, National: women(nat(8, 7, 6, 5), "C", "D"), Events: map[Category][]Placed{Women: event}, Declined: map[string]bool{"W1": true, "W2": true}}, "C(5)", false},
		{"WC 5 no event: highest-placed in the National",
			Input{Size: 1, National: women(nat(8, 7, 6, 5), "C", "D")}, "C(5)", false},
		{"WC 5 equal on points not otherwise in a play-off: play-off required",
			Input{Size: 1, National: women(nat(8, 7, 5, 5), "C", "D")}, "-", true},
		{"WC 5 equal on points but in the National's play-off: no play-off",
			Input{Size: 0, National: women(nat(7, 7, 5), "A", "B")}, "A(5)", false},
		{"WC 5 a regular team member is not offered the category place",
			Input{Size: 1, National: women(nat(8, 7, 6), "A", "C")}, "C(5)", false},
		{"WC 5 ineligible category player skipped",
			Input{Size: 1, National: women(nat(8, 7, 6, 5), "C", "D"), Eligible: func(c Candidate) (bool, string) { return c.Name != "C", "no residency" }}, "D(5)", false},
		{"WC 6 no category player: the regular team's next place",
			Input{Size: 1, National: nat(8, 7, 6)}, "B(6)", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.in.Categories = []Category{Women}
			sel := Select(tc.in)
			c := sel.Categories[0]
			got := "-"
			if c.Player != nil {
				got = summary([]Offer{*c.Player})
			}
			if got != tc.want || (len(sel.Playoffs) == 1) != tc.playoff {
				t.Errorf("category %s, want %s; playoffs %+v", got, tc.want, sel.Playoffs)
			}
		})
	}
}

// TestSelectCategoriesWC5BeforeWC6: a category filled by World
// championship 5 keeps its player even when another category, with no
// representative, falls back to the regular order first (WC 6).
func TestSelectCategoriesWC5BeforeWC6(t *testing.T) {
	ps := nat(8, 7, 6, 5)
	ps[3].Young = Yes
	sel := Select(Input{Size: 1, National: ps, Categories: []Category{Women, Young}})
	w, y := sel.Categories[0].Player, sel.Categories[1].Player
	if w == nil || y == nil || w.Name != "B" || w.Rule != RuleFallback || y.Name != "D" || y.Rule != RuleCategory {
		t.Errorf("women %+v, young %+v", w, y)
	}
}
