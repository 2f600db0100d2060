package rules

import (
	"slices"
	"testing"
)

// TestRated: each ruleset's conditions for rated games, the rule cited in
// each case's name, at every boundary.
func TestRated(t *testing.T) {
	uk := Conditions{Place: "GBR", Clocks: true, Told: true, Minutes: 25}
	with := func(f func(*Conditions)) Conditions { c := uk; f(&c); return c }
	for _, tc := range []struct {
		name string
		id   ID
		c    Conditions
		want []Condition // the conditions that fail; none: rated
	}{
		{"BOF Ratings 1-3/regional in the UK with clocks told 25 minutes", BOFRegional, uk, nil},
		{"BOF Ratings 1-3/national in the UK", BOFNational, uk, nil},
		{"BOF Ratings 1 a/held in France", BOFRegional, with(func(c *Conditions) { c.Place = "FRA" }), []Condition{CondPlace}},
		{"BOF Ratings 1 a/place not recorded", BOFNational, with(func(c *Conditions) { c.Place = "" }), []Condition{CondPlace}},
		{"BOF Ratings 1 a/Scotland is in the UK", BOFRegional, with(func(c *Conditions) { c.Place = "SCO" }), nil},
		{"BOF Ratings 1 a/Jersey is not in the UK", BOFRegional, with(func(c *Conditions) { c.Place = "JEY" }), []Condition{CondPlace}},
		{"BOF Ratings 1 b/without clocks", BOFRegional, with(func(c *Conditions) { c.Clocks = false }), []Condition{CondClocks}},
		{"BOF Ratings 1 c/players not told", BOFNational, with(func(c *Conditions) { c.Told = false }), []Condition{CondTold}},
		{"BOF Ratings 1 a-c/all three fail", BOFRegional, Conditions{Place: "NLD", Minutes: 25}, []Condition{CondPlace, CondClocks, CondTold}},
		{"BOF Ratings 3 and Regionals 4/minutes not recorded: the Regional's 20 minutes", BOFRegional, with(func(c *Conditions) { c.Minutes = 0 }), nil},
		{"BOF Ratings 3/custom 15 + 15 is rated", Custom, with(func(c *Conditions) { c.Minutes = 15 }), nil},
		{"BOF Ratings 3/custom 14 + 14 is not", Custom, with(func(c *Conditions) { c.Minutes = 14 }), []Condition{CondMinutes}},
		{"BOF Ratings 3/custom 10 + 10 is not", Custom, with(func(c *Conditions) { c.Minutes = 10 }), []Condition{CondMinutes}},
		{"BOF Ratings 3/custom minutes not recorded: rated (design choice)", Custom, with(func(c *Conditions) { c.Minutes = 0 }), nil},
		{"WOC I.2.3 and IV.1/rated anywhere with clocks", WOC, with(func(c *Conditions) { c.Place = "JPN" }), nil},
		{"WOC IV.1/without clocks", WOC, with(func(c *Conditions) { c.Clocks = false }), []Condition{CondClocks}},
		{"EGP IV.1/place not recorded is rated", EGP, with(func(c *Conditions) { c.Place = "" }), nil},
		{"EGP IV.1/announced unrated", EGP, with(func(c *Conditions) { c.Told = false }), []Condition{CondTold}},
		{"AOF 2.2/games without clocks", AOF, with(func(c *Conditions) { c.Clocks = false; c.Place = "AUS" }), []Condition{CondClocks}},
		{"AOF 2.1/20 minutes in Australia is rated", AOF, with(func(c *Conditions) { c.Minutes = 20; c.Place = "AUS" }), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []Condition
			for _, u := range Rated(tc.id, tc.c) {
				got = append(got, u.Condition)
				if u.Rule == "" || u.Reason == "" {
					t.Errorf("%+v: a reason without its rule", u)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s %+v: fails %v, want %v (%v)", tc.id, tc.c, got, tc.want, Rated(tc.id, tc.c))
			}
		})
	}
}

// TestDefaultPlace_BOFRatings2: BOF Ratings 2: the BOF's Regionals and National are
// rated, so are held in the UK unless the director says otherwise.
func TestDefaultPlace_BOFRatings2(t *testing.T) {
	for _, id := range IDs() {
		want := ""
		if id == BOFRegional || id == BOFNational {
			want = "GBR"
		}
		if got := DefaultPlace(id); got != want {
			t.Errorf("%s: place %q, want %q", id, got, want)
		}
		if RatedRule(id) == "" {
			t.Errorf("%s: no rule for rated games", id)
		}
	}
}
