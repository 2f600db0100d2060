package pairing

import (
	"fmt"
	"slices"
	"testing"
)

// TestWeigherAsFull compares, for every pair of every round of simulated
// tournaments under every ruleset, the weight the weigher gives with the
// pair's weight worked out in full from its costs. Pairs who have met, or
// whom the director keeps apart, must be the weigher's special pairs
// (weighed in full); every other pair must get the same weight from its
// profiles.
func TestWeigherAsFull(t *testing.T) {
	rulesets := []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss, EGPSwiss.AfterRoundRobin(1), WOCSwiss.WithoutCountry()}
	compared := 0
	for _, rules := range rulesets {
		for _, n := range []int{30, 91} {
			s := newSim(uint64(n)*3+1, n)
			for round := range 7 {
				t.Run(fmt.Sprintf("%s/%d/round%d", rules.Name, n, round+1), func(t *testing.T) {
					active := s.active()
					var pool []*Player
					for i := range active {
						p := &active[i]
						// Colours reversed for those meeting again (EGP).
						p.LastColourAgainst = map[int]Colour{}
						for id := range p.Met {
							p.LastColourAgainst[id] = Colour(1 + id%2)
						}
						pool = append(pool, p)
					}
					fr := newFrame(pool, rules)
					forbidden := map[[2]int]bool{}
					for k := 0; k+3 < len(pool); k += 7 {
						a, b := pool[k].ID, pool[k+3].ID
						forbidden[[2]int{a, b}], forbidden[[2]int{b, a}] = true, true
					}
					g, err := buildGraph(pool, fr, rules, 1, forbidden, true)
					if err != nil {
						t.Fatal(err)
					}
					scratch := [2][]int64{make([]int64, len(rules.Criteria)), make([]int64, len(rules.Criteria))}
					for i := range g.pool {
						special := map[int]bool{}
						for _, j := range g.weigher.special[i] {
							special[int(j)] = true
						}
						for j := i + 1; j < len(g.pool); j++ {
							a, b := g.pool[i], g.pool[j]
							if a.Met[b.ID] > 0 || forbidden[[2]int{a.ID, b.ID}] {
								if !special[j] {
									t.Fatalf("players %d and %d have met or are kept apart, but are not special", a.ID, b.ID)
								}
								continue
							}
							want, ok := g.pairWeight(i, j, scratch)
							if !ok {
								t.Fatalf("players %d and %d not allowed to meet", a.ID, b.ID)
							}
							gi, gj := g.at[i].group, g.at[j].group
							block := g.weigher.prepare(g, gi, gj)
							if got := g.weigher.weight(block, gi, gj, i, j); got != want {
								t.Fatalf("players %d and %d: weigher %v, in full %v", a.ID, b.ID, got, want)
							}
							compared++
						}
					}
				})
				res, err := Swiss(s.active(), rules, Options{Seed: uint64(round), Window: -1})
				if err != nil {
					t.Fatal(err)
				}
				s.play(res)
			}
		}
	}
	if compared < 50000 {
		t.Errorf("only %d pairs compared: the test says little", compared)
	}
}

// TestWeigherProfiles: players share a profile exactly when everything
// but their place, country and opponents is the same, and each group's
// profiles are numbered consecutively.
func TestWeigherProfiles(t *testing.T) {
	s := newSim(5, 200)
	for range 4 {
		res, err := Swiss(s.active(), WOCSwiss, Options{Window: -1})
		if err != nil {
			t.Fatal(err)
		}
		s.play(res)
	}
	active := s.active()
	var pool []*Player
	for i := range active {
		pool = append(pool, &active[i])
	}
	g, err := buildGraph(pool, newFrame(pool, WOCSwiss), WOCSwiss, 1, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	w := g.weigher
	same := func(a, b slot) bool {
		return a.group == b.group && a.balance == b.balance && a.floatBalance == b.floatBalance && a.last == b.last && a.before == b.before && a.run == b.run
	}
	for i := range g.pool {
		for j := range g.pool {
			if got := w.profile[i] == w.profile[j]; got != same(g.at[i], g.at[j]) {
				t.Fatalf("vertices %d and %d: same profile %v, same slots but place %v", i, j, got, !got)
			}
		}
		gr := g.at[i].group
		if p := w.profile[i]; p < w.firstOf[gr] || p >= w.firstOf[gr+1] {
			t.Fatalf("vertex %d of group %d has profile %d, outside [%d, %d)", i, gr, p, w.firstOf[gr], w.firstOf[gr+1])
		}
	}
	if !slices.IsSorted(w.firstOf) || int(w.firstOf[g.groups]) != len(w.slot) {
		t.Fatalf("firstOf %v for %d profiles", w.firstOf, len(w.slot))
	}
	if len(w.slot) < g.groups+5 || len(w.slot) > len(g.pool)/2 {
		t.Errorf("%d profiles for %d players in %d groups: the test says little", len(w.slot), len(g.pool), g.groups)
	}
}
