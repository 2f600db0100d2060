package matching

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// weightOf is the total weight of a perfect matching.
func weightOf(edges []Edge, mate []int) Weight {
	best := map[[2]int]Weight{}
	for _, e := range edges {
		k := [2]int{min(e.U, e.V), max(e.U, e.V)}
		if w, ok := best[k]; !ok || w.Less(e.W) {
			best[k] = e.W
		}
	}
	var total Weight
	for v, m := range mate {
		if v < m {
			total = total.Add(best[[2]int{v, m}])
		}
	}
	return total
}

// TestResolveAsCold solves random graphs with part of their edges, then
// warm-starts with the rest added, again and again as pricing does, and
// checks each result against a cold solve of the same graph: a perfect
// matching of the same weight, the same one when the weights make the
// optimum unique, and duals that certify it (no edge of negative slack).
func TestResolveAsCold(t *testing.T) {
	for _, c := range []struct {
		name       string
		alwaysWarm bool
	}{{"always warm", true}, {"cold when that leaves fewer exposed", false}} {
		t.Run(c.name, func(t *testing.T) {
			defer func(was bool) { alwaysWarm = was }(alwaysWarm)
			alwaysWarm = c.alwaysWarm
			resolveAsCold(t)
		})
	}
}

func resolveAsCold(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 3000 {
		n := 2 * (2 + rng.IntN(12))
		distinct := trial%2 == 0
		weights := func() Weight {
			if distinct {
				return W(int64(rng.IntN(1 << 40)))
			}
			return W(int64(rng.IntN(6)))
		}
		all := randomGraph(rng, n, 0.3+rng.Float64()*0.6, weights)
		// A perfect matching to start from, as a Swiss graph has.
		for v := 0; v < n; v += 2 {
			all = append(all, Edge{U: v, V: v + 1, W: W(0)})
		}
		rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
		cut := len(all) / 3
		if cut < n/2 {
			cut = len(all)
		}
		edges := slices.Clone(all[:cut])
		p, ok := SolvePerfect(n, edges)
		if !ok {
			continue
		}
		for cut < len(all) {
			next := min(len(all), cut+1+rng.IntN(len(all)-cut))
			edges = slices.Clone(all[:next])
			cut = next
			warm, ok := p.Resolve(edges)
			cold, coldOK := SolvePerfect(n, edges)
			if ok != coldOK {
				t.Fatalf("trial %d: warm perfect %v, cold %v", trial, ok, coldOK)
			}
			if !ok {
				break
			}
			if w, c := weightOf(edges, warm.Mate), weightOf(edges, cold.Mate); w.Cmp(c) != 0 {
				t.Fatalf("trial %d: warm weight %s, cold %s\nedges %v", trial, w, c, edges)
			}
			if distinct && !slices.Equal(warm.Mate, cold.Mate) {
				t.Fatalf("trial %d: distinct weights, warm %v, cold %v", trial, warm.Mate, cold.Mate)
			}
			for _, e := range edges {
				if warm.Slack(e.U, e.V, e.W).Sign() < 0 {
					t.Fatalf("trial %d: edge %v has a negative slack under the warm duals", trial, e)
				}
			}
			p = warm
		}
	}
}

// TestWarmChainsStayExact runs long chains of warm starts on weights near
// the 2^120 allowed, positive and negative (found by review: each warm
// start raises duals, and over such a chain the sums overflowed 128 bits
// and the matching came out wrong). Each result must weigh what a cold
// solve of the same edges weighs, with duals that certify it.
func TestWarmChainsStayExact(t *testing.T) {
	// Always warm but for the bound on the duals: a cold start then
	// comes from the bound alone.
	defer func(was bool) { alwaysWarm = was }(alwaysWarm)
	alwaysWarm = true
	guarded := 0
	for seed := range uint64(6) {
		rng := rand.New(rand.NewPCG(51+seed, 5))
		n, big := 60+20*int(seed), W(1).Shl(120)
		var all []Edge
		for v := 0; v+1 < n; v += 2 {
			all = append(all, Edge{U: v, V: v + 1, W: big.Neg()})
		}
		for range 4 * n {
			u, v := rng.IntN(n), rng.IntN(n)
			if u != v {
				w := big.Sub(W(int64(rng.IntN(1000))))
				if rng.IntN(2) == 0 {
					w = w.Neg()
				}
				all = append(all, Edge{U: u, V: v, W: w})
			}
		}
		p, ok := SolvePerfect(n, slices.Clone(all[:n/2]))
		if !ok {
			t.Fatal("no perfect matching")
		}
		for step, cut := 0, n/2; cut < len(all); step++ {
			cut = min(len(all), cut+1+rng.IntN(3))
			edges := slices.Clone(all[:cut])
			s := p.s
			next, ok := p.Resolve(edges)
			if !ok {
				t.Fatalf("seed %d, step %d: no perfect matching warm", seed, step)
			}
			if next.s != s {
				guarded++
			}
			cold, _ := SolvePerfect(n, edges)
			if w, c := weightOf(edges, next.Mate), weightOf(edges, cold.Mate); w != c {
				t.Fatalf("seed %d, step %d: warm %v, cold %v", seed, step, w, c)
			}
			if err := certificate(next.s); err != nil {
				t.Fatalf("seed %d, step %d: %v", seed, step, err)
			}
			p = next
		}
	}
	if guarded == 0 {
		t.Error("no warm start began cold: the chains never came near the bound on the duals")
	}
}
