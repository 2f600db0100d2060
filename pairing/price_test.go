package pairing

import (
	"fmt"
	"reflect"
	"testing"

	"outflank/matching"
)

// roundGraphs returns two sparse graphs of the same round of a simulated
// tournament (n players, an even number of them paired): one keeps the
// weights of its pairs by profile (weigher), the other weighs every pair
// in full.
func roundGraphs(t *testing.T, s *sim, rules Rules) (cached, plain *graph) {
	t.Helper()
	var pool []*Player
	active := s.active()
	for i := range active[:len(active)/2*2] {
		pool = append(pool, &active[i])
	}
	fr := newFrame(pool, rules)
	build := func() *graph {
		g, err := buildGraph(pool, fr, rules, 1, map[[2]int]bool{}, true)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	cached, plain = build(), build()
	plain.fullWeights = true
	return cached, plain
}

// checkImproving checks pricing's answer against the pairs themselves:
// every pair returned improves the matching, and when none is returned no
// allowed pair does.
func checkImproving(t *testing.T, g *graph, p *matching.Perfect, improving [][2]int) {
	t.Helper()
	for _, pair := range improving {
		costs, _ := g.costs(pair[0], pair[1])
		if !g.allowed(pair[0], pair[1]) || p.Slack(pair[0], pair[1], g.weight(costs).Neg()).Sign() >= 0 {
			t.Fatalf("pair %v priced in, but it cannot improve the matching", pair)
		}
	}
	if len(improving) > 0 {
		return
	}
	for i := range g.pool {
		for j := i + 1; j < len(g.pool); j++ {
			if costs, _ := g.costs(i, j); g.allowed(i, j) && p.Slack(i, j, g.weight(costs).Neg()).Sign() < 0 {
				t.Fatalf("pair (%d, %d) would improve the matching, but pricing found nothing", i, j)
			}
		}
	}
}

// TestWeigherPricesAsFull solves rounds of simulated tournaments pricing
// with the weigher and weighing every pair in full: every pricing pass
// must return the same pairs in the same order (the order they enter the
// graph in decides ties).
func TestWeigherPricesAsFull(t *testing.T) {
	passes := 0
	for _, rules := range []Rules{WOCSwiss, BOFSwiss, AOFSwiss} {
		for _, n := range []int{240, 450} {
			s := newSim(uint64(n)+7, n)
			for r := range 5 {
				t.Run(fmt.Sprintf("%s/%d/round%d", rules.Name, n, r+1), func(t *testing.T) {
					cached, plain := roundGraphs(t, s, rules)
					for pass := 0; ; pass++ {
						pc, ok := matching.SolvePerfect(len(cached.pool), cached.edges)
						if !ok {
							t.Skip("no perfect matching in the sparse graph")
						}
						pp, _ := matching.SolvePerfect(len(plain.pool), plain.edges)
						got, want := cached.price(pc), plain.price(pp)
						if !reflect.DeepEqual(got, want) {
							d := 0
							for d < min(len(got), len(want)) && got[d] == want[d] {
								d++
							}
							t.Fatalf("pass %d: %d pairs with the weigher, %d weighed in full, the first %d the same", pass, len(got), len(want), d)
						}
						checkImproving(t, cached, pc, got)
						if pass > 0 {
							passes++
						}
						if len(got) == 0 {
							break
						}
						if pass == 50 {
							t.Fatal("pricing does not converge")
						}
						for _, pair := range got {
							cached.add(pair[0], pair[1])
							plain.add(pair[0], pair[1])
						}
					}
				})
				// The complete graph needs no pricing: the next round
				// does not depend on what is tested here.
				res, err := Swiss(s.active(), rules, Options{Seed: uint64(r), Window: -1})
				if err != nil {
					t.Fatal(err)
				}
				s.play(res)
			}
		}
	}
	if passes < 20 {
		t.Errorf("only %d passes priced after the first: the test says little", passes)
	}
}
