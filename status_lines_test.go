package outflank_test

import (
	"fmt"
	"slices"
	"testing"

	"outflank/rules"
	"outflank/simulate"
)

// TestStatusListsTwentyGamesInPlay checks the lines of a round in play
// with more games missing than a status lists: the first twenty, in
// order, then how many more, as when every missing game was described and
// the list cut (what Status did before it described only those it shows).
func TestStatusListsTwentyGamesInPlay(t *testing.T) {
	full, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 80, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, missing := range []int{0, 1, 19, 20, 21, 33} {
		tour := full.Clone()
		tour.Rounds = tour.Rounds[:3]
		r := &tour.Rounds[2]
		for i := range missing {
			r.Games[len(r.Games)-1-i].Result = nil // the last tables
		}
		var want []string
		for _, g := range r.Games {
			if g.Result == nil {
				want = append(want, fmt.Sprintf("round 3 table %d: %s v %s", g.Table, tour.Describe(g.Black), tour.Describe(g.White)))
			}
		}
		if len(want) > 20 {
			want = append(want[:20], fmt.Sprintf("... and %d more", len(want)-20))
		}
		if got := tour.Status().Lines; !slices.Equal(got, want) {
			t.Errorf("%d missing: lines\n%q\nwant\n%q", missing, got, want)
		}
	}
}
