package web

import (
	"strings"
	"testing"

	"outflank"
	"outflank/report"
	"outflank/rules"
)

// TestFloatWords: the reason a player floats is his own, found among the
// players of his score: an odd number of them, his fixed pair, the others
// fixed away, met before, forbidden, countrymen kept apart, or pairings
// within the score that cost more.
func TestFloatWords(t *testing.T) {
	tour, err := outflank.NewTournament("f", "Floats", "", rules.EGP, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "Ann", Country: "FRA"}, {Name: "Ben", Country: "FRA"}, {Name: "Cid"}, {Name: "Dee"}, {Name: "Eve"}, {Name: "Fay"}} {
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	// Round 1: Ann met Cid.
	tour.Rounds = append(tour.Rounds, outflank.Round{Number: 1, Stage: outflank.StageSwiss, Games: []outflank.Game{{Table: 1, Black: 1, White: 3}}})
	seat := func(id int, points float64) report.Seat {
		p, _ := tour.Player(id)
		return report.Seat{ID: id, Name: p.Name, Points: points}
	}
	ann, ben, cid, dee, eve, fay := seat(1, 1), seat(2, 1), seat(3, 1), seat(4, 1), seat(5, 0), seat(6, 0)
	float := report.Table{Black: ann, White: eve}
	for _, c := range []struct {
		name      string
		group     []report.Seat // the players on 1 point
		fixed     []int
		forbidden [][2]int
		avoid     bool
		want      string
	}{
		{"odd", []report.Seat{ann, ben, cid}, nil, nil, false, "Ann floats down from 1 to 0 points (Eve floats up): the 3 players on 1 point are an odd number"},
		// Issue 24: "the 1 players on 1 point are an odd number".
		{"alone", []report.Seat{ann}, nil, nil, false, "Ann floats down from 1 to 0 points (Eve floats up): the 1 player on 1 point is alone, so meets a lower score"},
		{"alone once the others are fixed", []report.Seat{ann, ben, cid, dee}, []int{2, 3, 4}, nil, false, "fixed in another pair, the 1 player left on 1 point is alone"},
		{"his fixed pair", []report.Seat{ann, ben, cid, dee}, []int{1, 5}, nil, false, "(Eve floats up): you fixed this pair"},
		{"others fixed away", []report.Seat{ann, ben, cid, dee}, []int{2, 6}, nil, false, "with Ben fixed in another pair, the 3 players left on 1 point are an odd number"},
		{"no one left", []report.Seat{ann, ben, cid, dee}, nil, [][2]int{{1, 4}}, true,
			"Ann has met Cid, may not meet Dee (forbidden) and is kept apart from Ben, of the same country or team, so no one on his score is left for him"},
		{"could meet", []report.Seat{ann, ben, cid, dee}, nil, nil, false,
			"Ann has met Cid; he could meet Ben and Dee, but they are paired within their score, as every pairing that keeps him there costs more on a criterion ranked above the score"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tour.Settings.AvoidSameCountry = c.avoid
			f := floats{t: tour, round: 2, forbidden: map[[2]int]bool{}, groups: map[float64][]report.Seat{1: c.group, 0: {eve, fay}},
				partner: map[int]int{1: 5, 5: 1}, fixed: map[int]bool{}}
			for _, id := range c.fixed {
				f.fixed[id] = true
			}
			for _, p := range c.forbidden {
				f.forbidden[p] = true
			}
			if got := f.words(float); !strings.Contains(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	if got := (&floats{t: tour}).words(report.Table{Black: ann, White: ben}); got != "" {
		t.Errorf("a pair on the same score floats: %q", got)
	}
}
