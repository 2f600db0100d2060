package matching

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// bruteForce returns the best (cardinality, weight) over all matchings:
// by weight alone, or by cardinality then weight.
func bruteForce(n int, edges []Edge, maxCardinality bool) (int, Weight) {
	adj := make([][]Edge, n)
	for _, e := range edges {
		adj[e.U] = append(adj[e.U], e)
		adj[e.V] = append(adj[e.V], Edge{U: e.V, V: e.U, W: e.W})
	}
	used := make([]bool, n)
	bestCard, bestW := 0, Weight{}
	var rec func(v, card int, w Weight)
	rec = func(v, card int, w Weight) {
		for v < n && used[v] {
			v++
		}
		if v == n {
			better := w.Cmp(bestW) > 0
			if maxCardinality {
				better = card > bestCard || (card == bestCard && w.Cmp(bestW) > 0)
			}
			if better {
				bestCard, bestW = card, w
			}
			return
		}
		used[v] = true
		rec(v+1, card, w) // v stays unmatched
		for _, e := range adj[v] {
			if !used[e.V] {
				used[e.V] = true
				rec(v+1, card+1, w.Add(e.W))
				used[e.V] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, Weight{})
	return bestCard, bestW
}

// check verifies that mate is a matching of the graph and returns its
// cardinality and weight (using the heaviest edge between two mates, as
// the algorithm would).
func check(t *testing.T, n int, edges []Edge, mate []int) (int, Weight) {
	t.Helper()
	best := map[[2]int]Weight{}
	for _, e := range edges {
		key := [2]int{min(e.U, e.V), max(e.U, e.V)}
		if w, ok := best[key]; !ok || w.Less(e.W) {
			best[key] = e.W
		}
	}
	card, total := 0, Weight{}
	for v, m := range mate {
		if m == -1 {
			continue
		}
		if m < 0 || m >= n || mate[m] != v || m == v {
			t.Fatalf("mate is not a matching: mate[%d]=%d, mate[%d]=%d", v, m, m, mate[m])
		}
		w, ok := best[[2]int{min(v, m), max(v, m)}]
		if !ok {
			t.Fatalf("%d-%d is not an edge", v, m)
		}
		if v < m {
			card++
			total = total.Add(w)
		}
	}
	return card, total
}

func randomGraph(rng *rand.Rand, n int, density float64, weights func() Weight) []Edge {
	var edges []Edge
	for u := range n {
		for v := u + 1; v < n; v++ {
			if rng.Float64() < density {
				edges = append(edges, Edge{U: u, V: v, W: weights()})
				if rng.IntN(20) == 0 { // a parallel edge now and then
					edges = append(edges, Edge{U: v, V: u, W: weights()})
				}
			}
		}
	}
	rng.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
	return edges
}

func TestMaxAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	weightKinds := []struct {
		name string
		gen  func() Weight
	}{
		{"small", func() Weight { return W(int64(rng.IntN(10))) }},
		{"ties", func() Weight { return W(int64(rng.IntN(3)) * 4) }},
		{"negative", func() Weight { return W(int64(rng.IntN(21) - 10)) }},
		{"wide", func() Weight { return W(int64(rng.IntN(4))).Shl(90).Add(W(int64(rng.IntN(1000)))) }},
	}
	graphs := 4000
	if testing.Short() {
		graphs = 400
	}
	for i := range graphs {
		n := 1 + rng.IntN(10)
		kind := weightKinds[i%len(weightKinds)]
		edges := randomGraph(rng, n, 0.2+0.8*rng.Float64(), kind.gen)
		for _, maxCard := range []bool{false, true} {
			name := fmt.Sprintf("graph %d (%s, n=%d, %d edges, maxCardinality=%v)", i, kind.name, n, len(edges), maxCard)
			mate := Max(n, edges, maxCard)
			card, w := check(t, n, edges, mate)
			wantCard, wantW := bruteForce(n, edges, maxCard)
			if w.Cmp(wantW) != 0 || (maxCard && card != wantCard) {
				t.Fatalf("%s: got %d edges weighing %v, want %d weighing %v\nedges %v", name, card, w, wantCard, wantW, edges)
			}
		}
	}
}

func TestMaxPerfectAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	perfect := 0
	for i := range 4000 {
		n := 2 + rng.IntN(9)
		gen := func() Weight { return W(int64(rng.IntN(8)) - 2) }
		if i%3 == 0 {
			gen = func() Weight { return W(int64(rng.IntN(3))).Shl(70).Add(W(int64(rng.IntN(5)))) }
		}
		edges := randomGraph(rng, n, 0.3+0.7*rng.Float64(), gen)
		mate := MaxPerfect(n, edges)
		card, w := check(t, n, edges, mate)
		wantCard, wantW := bruteForce(n, edges, true)
		if card != wantCard || w.Cmp(wantW) != 0 {
			t.Fatalf("graph %d (n=%d): got %d edges weighing %v, want %d weighing %v\nedges %v", i, n, card, w, wantCard, wantW, edges)
		}
		if 2*card == n {
			perfect++
		}
	}
	if perfect < 1000 {
		t.Errorf("only %d graphs had a perfect matching: the test says little", perfect)
	}
}

// TestPerfectCertificate solves random graphs with some edges left out and
// checks the certificate: the matching is optimal for the whole graph
// exactly when no left-out edge has a negative slack, and Floor bounds Slack.
func TestPerfectCertificate(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 23))
	checked := 0
	for i := range 3000 {
		n := 2 * (1 + rng.IntN(5))
		all := randomGraph(rng, n, 0.5+0.5*rng.Float64(), func() Weight { return W(int64(rng.IntN(12)) - 3) })
		var kept, left []Edge
		for _, e := range all {
			if rng.IntN(3) == 0 {
				left = append(left, e)
			} else {
				kept = append(kept, e)
			}
		}
		p, ok := SolvePerfect(n, kept)
		if !ok {
			continue
		}
		violated := false
		for _, e := range left {
			slack := p.Slack(e.U, e.V, e.W)
			if slack.Less(p.Floor(e.U).Add(p.Floor(e.V)).Sub(e.W.Double().Double())) {
				t.Fatalf("graph %d: Floor does not bound Slack", i)
			}
			if slack.Sign() < 0 {
				violated = true
			}
		}
		_, keptW := check(t, n, kept, p.Mate)
		_, allW := bruteForce(n, all, true)
		if optimal := keptW.Cmp(allW) == 0; optimal == violated && !optimal {
			t.Fatalf("graph %d: matching optimal for all edges: %v; certificate says violated: %v", i, optimal, violated)
		}
		if !violated && keptW.Cmp(allW) != 0 {
			t.Fatalf("graph %d: the certificate passed but the matching is not optimal (%v < %v)", i, keptW, allW)
		}
		checked++
	}
	if checked < 1000 {
		t.Errorf("only %d graphs checked", checked)
	}
}
