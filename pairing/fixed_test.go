package pairing

import (
	"slices"
	"testing"
)

// TestFixedPairsPriced: a fixed pair is priced like any other (issue 11:
// "pair --fix on every pair reports all costs 0"). Fixing all of the
// engine's own pairs, half of them, or those within the top score group,
// gives its costs and totals back.
func TestFixedPairsPriced(t *testing.T) {
	for _, rules := range []Rules{WOCSwiss, BOFSwiss, AOFSwiss} {
		for k := range 6 {
			n := 9 + 7*k
			s := newSim(uint64(500+k), n)
			for r := range 6 {
				active := s.active()
				best, err := Swiss(active, rules, Options{Seed: uint64(r)})
				if err != nil {
					t.Fatal(err)
				}
				costs := map[Pair][]int64{}
				var all []Pair
				for _, p := range best.Pairings {
					costs[p.Pair] = p.Costs
					all = append(all, p.Pair)
				}
				// The pairs within the top score: often the whole group,
				// which then has no vertex left in the matching.
				var top []Pair
				for _, p := range all {
					if s.players[p.Black].Score == active[0].Score && s.players[p.White].Score == active[0].Score {
						top = append(top, p)
					}
				}
				for _, fixed := range [][]Pair{all, all[:len(all)/2], top} {
					res, err := Swiss(s.active(), rules, Options{Seed: uint64(r), Fixed: fixed})
					if err != nil {
						t.Fatal(err)
					}
					// The complete graph, without the sparse start and pricing.
					full, err := Swiss(s.active(), rules, Options{Seed: uint64(r), Fixed: fixed, Window: -1})
					if err != nil {
						t.Fatal(err)
					}
					if slices.Compare(res.Totals, full.Totals) != 0 {
						t.Fatalf("%s round %d: totals %v, on the complete graph %v", rules.Name, r+1, res.Totals, full.Totals)
					}
					if res.Bye != best.Bye || slices.Compare(res.Totals, best.Totals) != 0 {
						t.Fatalf("%s, %d players, round %d, %d of %d pairs fixed: totals %v (bye %d), without fixing %v (bye %d)",
							rules.Name, n, r+1, len(fixed), len(all), res.Totals, res.Bye, best.Totals, best.Bye)
					}
					for _, p := range res.Pairings {
						if p.Fixed && slices.Compare(p.Costs, costs[p.Pair]) != 0 {
							t.Fatalf("%s round %d: fixed pair %v costs %v, %v in the engine's pairing", rules.Name, r+1, p.Pair, p.Costs, costs[p.Pair])
						}
					}
				}
				s.play(best)
			}
		}
	}
}
