package pairing

import (
	"slices"
	"strings"
	"testing"
)

// TestPriceEnginePairing: Price of the engine's own pairing, from the same
// players, gives its costs and totals back, pair by pair.
func TestPriceEnginePairing(t *testing.T) {
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		for k := range 8 {
			n := 6 + 5*k
			s := newSim(uint64(900+k), n)
			for r := range 7 {
				active := s.active()
				res, err := Swiss(active, rules, Options{Seed: uint64(r)})
				if err == ErrNoPairing {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				var pairs []Pair
				for _, p := range res.Pairings {
					pairs = append(pairs, p.Pair)
				}
				priced, err := Price(s.active(), rules, pairs)
				if err != nil {
					t.Fatal(err)
				}
				if slices.Compare(priced.Totals, res.Totals) != 0 {
					t.Fatalf("%s, %d players, round %d: priced %v, paired %v", rules.Name, n, r+1, priced.Totals, res.Totals)
				}
				for i, p := range priced.Pairings {
					if p.Pair != pairs[i] || slices.Compare(p.Costs, res.Pairings[i].Costs) != 0 || p.Breaks != "" {
						t.Fatalf("%s round %d: %v priced %v %q, paired %v", rules.Name, r+1, p.Pair, p.Costs, p.Breaks, res.Pairings[i].Costs)
					}
				}
				s.play(res)
			}
		}
	}
}

// TestPriceBrokenRules: a rematch the rules forbid, or colours not
// reversed after a round robin, are priced and named; bad input is refused.
func TestPriceBrokenRules(t *testing.T) {
	players := []Player{
		{ID: 1, Score: 1, Colours: []Colour{Black}, Met: map[int]int{2: 1}, LastColourAgainst: map[int]Colour{2: Black}},
		{ID: 2, Score: 0, Rank: 1, Colours: []Colour{White}, Met: map[int]int{1: 1}, LastColourAgainst: map[int]Colour{1: White}},
		{ID: 3, Score: 1, Rank: 2, Colours: []Colour{White}, Met: map[int]int{4: 1}},
		{ID: 4, Score: 0, Rank: 3, Colours: []Colour{Black}, Met: map[int]int{3: 1}},
	}
	res, err := Price(players, WOCSwiss, []Pair{{1, 2}, {3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Pairings[0].Breaks, "1 already, at most 1 under the woc rules") || !strings.Contains(res.Pairings[1].Breaks, "at most 1") {
		t.Errorf("breaks %q, %q", res.Pairings[0].Breaks, res.Pairings[1].Breaks)
	}
	// Under the modified Swiss a second meeting is allowed; after a round
	// robin (EGP II.2) its colours must be those of the last game reversed.
	if res, _ := Price(players, WOCModified, []Pair{{2, 1}}); res.Pairings[0].Breaks != "" {
		t.Errorf("a second meeting under the modified Swiss: %q", res.Pairings[0].Breaks)
	}
	rr := EGPSwiss.AfterRoundRobin(1)
	if res, _ := Price(players, rr, []Pair{{1, 2}}); !strings.Contains(res.Pairings[0].Breaks, "not reversed") {
		t.Errorf("1 black against 2 again: %q", res.Pairings[0].Breaks)
	}
	if res, _ := Price(players, rr, []Pair{{2, 1}}); res.Pairings[0].Breaks != "" {
		t.Errorf("colours reversed: %q", res.Pairings[0].Breaks)
	}
	for _, bad := range [][]Pair{{{1, 1}}, {{1, 9}}, {{1, 2}, {2, 3}}} {
		if _, err := Price(players, WOCSwiss, bad); err == nil {
			t.Errorf("%v priced", bad)
		}
	}
}
