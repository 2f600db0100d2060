package matching

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// leastDelta works out the next dual change the slow way, over every edge
// and blossom, from the duals as they are now: what the heaps must give.
// It also checks that the duals are feasible (no edge between two
// top-level blossoms with a negative slack, no negative blossom dual).
func leastDelta(t *testing.T, s *solver) (Weight, bool) {
	t.Helper()
	var c change
	if !s.maxCardinality {
		for v := range s.n {
			c.consider(s.vertexDual(v), 1, -1)
		}
	}
	for k, e := range s.edges {
		bu, bv := s.inblossom[e.U], s.inblossom[e.V]
		if bu == bv {
			continue
		}
		slack := s.slack(k)
		if slack.Sign() < 0 {
			t.Fatalf("edge %d (%d-%d) has slack %v", k, e.U, e.V, slack)
		}
		lu, lv := s.label[bu]&3, s.label[bv]&3
		switch {
		case lu == 1 && lv == 1:
			if slack.lo&1 != 0 {
				t.Fatalf("edge %d (%d-%d) between S blossoms has an odd slack %v", k, e.U, e.V, slack)
			}
			c.consider(slack.Half(), 3, k)
		case lu == 1 && lv == 0, lu == 0 && lv == 1:
			c.consider(slack, 2, k)
		}
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		if s.blossombase[b] < 0 {
			continue
		}
		z := s.blossomDual(b)
		if z.Sign() < 0 {
			t.Fatalf("blossom %d has dual %v", b, z)
		}
		if s.blossomparent[b] == -1 && s.label[b] == 2 {
			c.consider(z, 4, b)
		}
	}
	return c.delta, c.ok
}

// TestDeltaIsLeast solves random graphs, with many equal weights, in all
// three ways (perfect, maximum cardinality, maximum weight) and checks
// every dual change against the slow search over all edges: the heaps,
// with their entries going out of date as trees are dissolved and blossoms
// made and expanded, must always give the least change.
func TestDeltaIsLeast(t *testing.T) {
	for _, room := range []int{4, 0} {
		t.Run(fmt.Sprintf("heapRoom=%d", room), func(t *testing.T) {
			defer func(was int) { heapRoom = was }(heapRoom)
			heapRoom = room // 0: the heaps compacted at every dual change
			deltaIsLeast(t)
		})
	}
}

func deltaIsLeast(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 53))
	changes, dissolved := 0, 0
	graphs := 1500
	if testing.Short() {
		graphs = 300
	}
	for i := range graphs {
		n := 2 * (2 + rng.IntN(40))
		gen := func() Weight { return W(-int64(rng.IntN(1 + i%7))) }
		if i%3 == 2 {
			gen = func() Weight { return W(int64(rng.IntN(1 + i%11))) }
		}
		edges := randomGraph(rng, n, 0.05+0.4*rng.Float64(), gen)
		for v := 0; v+1 < n; v += 2 {
			edges = append(edges, Edge{U: v, V: v + 1, W: gen()})
		}
		solvers := []func() *solver{
			func() *solver { s, _ := newPerfectSolver(n, edges); return s },
			func() *solver { return newSolver(n, edges, true, nil) },
			func() *solver { return newSolver(n, edges, false, nil) },
		}
		for kind, solver := range solvers {
			s := solver()
			s.onDelta = func(delta Weight) {
				changes++
				if err := forestError(s); err != nil {
					t.Fatalf("graph %d, solver %d: %v", i, kind, err)
				}
				want, ok := leastDelta(t, s)
				if !ok || want != delta {
					t.Fatalf("graph %d, solver %d: dual change %v, the least is %v (%v)", i, kind, delta, want, ok)
				}
			}
			s.solve()
			dissolved += s.stamp
			check(t, n, s.edges, s.mates())
			if err := certificate(s); err != nil {
				t.Fatalf("graph %d, solver %d: %v", i, kind, err)
			}
		}
	}
	if changes < 20000 || dissolved < 10000 {
		t.Errorf("only %d dual changes and %d trees dissolved: the test says little", changes, dissolved)
	}
}

// certificate checks the optimality conditions of a finished solver: every
// edge has a slack >= 0 counting the blossoms holding both its ends,
// matched edges have none, and every blossom with a positive dual has as
// many matched edges inside as it can. Without maxCardinality, exposed
// vertices must also have a zero dual, and all vertex duals be >= 0.
func certificate(s *solver) error {
	mark := make([]int, 2*s.n)
	for k, e := range s.edges {
		slack := s.trueSlack(k, mark, k+1)
		if slack.Sign() < 0 {
			return fmt.Errorf("edge %d-%d has slack %v", e.U, e.V, slack)
		}
		if s.mate[e.U] >= 0 && s.mate[e.U]>>1 == k && !slack.IsZero() {
			return fmt.Errorf("matched edge %d-%d has slack %v", e.U, e.V, slack)
		}
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		if s.blossombase[b] < 0 || s.dualvar[b].IsZero() {
			continue
		}
		if s.dualvar[b].Sign() < 0 {
			return fmt.Errorf("blossom %d has dual %v", b, s.dualvar[b])
		}
		leaves := s.blossomLeaves(b, nil)
		inside := map[int]bool{}
		for _, v := range leaves {
			inside[v] = true
		}
		matched := 0
		for _, v := range leaves {
			if s.mate[v] >= 0 && inside[s.endpoint[s.mate[v]]] {
				matched++
			}
		}
		if matched != len(leaves)-1 {
			return fmt.Errorf("blossom %d of %d vertices has dual %v but %d matched vertices inside", b, len(leaves), s.dualvar[b], matched)
		}
	}
	if !s.maxCardinality {
		for v := range s.n {
			if s.dualvar[v].Sign() < 0 || (s.mate[v] == -1 && !s.dualvar[v].IsZero()) {
				return fmt.Errorf("vertex %d (mate %d) has dual %v", v, s.mate[v], s.dualvar[v])
			}
		}
	}
	return nil
}

// forestError checks the labels of the top-level blossoms: an S blossom is
// a root (exposed base) or hangs from a T blossom through its base's
// matched edge; a T blossom hangs from an S blossom of the same tree.
func forestError(s *solver) error {
	for x := range 2 * s.n {
		if !s.isTop(x) || s.label[x] == 0 {
			continue
		}
		base := x
		if x >= s.n {
			base = s.blossombase[x]
		}
		p := s.labelend[x]
		switch s.label[x] {
		case 1:
			if p == -1 {
				if s.mate[base] != -1 || s.treeOf[x] != base {
					return fmt.Errorf("S root %d: base %d mate %d tree %d", x, base, s.mate[base], s.treeOf[x])
				}
				continue
			}
			if s.mate[base] != p {
				return fmt.Errorf("S %d: labelend %d, base %d matched through %d", x, p, base, s.mate[base])
			}
			t := s.inblossom[s.endpoint[p]]
			if s.label[t] != 2 || s.treeOf[t] != s.treeOf[x] {
				return fmt.Errorf("S %d (tree %d) hangs from %d labelled %d (tree %d)", x, s.treeOf[x], t, s.label[t], s.treeOf[t])
			}
		case 2:
			if p == -1 {
				return fmt.Errorf("T %d has no labelend", x)
			}
			u := s.inblossom[s.endpoint[p]]
			if s.label[u] != 1 || s.treeOf[u] != s.treeOf[x] {
				return fmt.Errorf("T %d (tree %d) hangs from %d labelled %d (tree %d)", x, s.treeOf[x], u, s.label[u], s.treeOf[u])
			}
		default:
			return fmt.Errorf("top %d labelled %d", x, s.label[x])
		}
	}
	return nil
}

// watch has every dual change of s checked against leastDelta, and the
// forest against forestError; it counts the changes in *changes.
func watch(t *testing.T, s *solver, changes *int) {
	s.onDelta = func(delta Weight) {
		*changes++
		if err := forestError(s); err != nil {
			t.Fatal(err)
		}
		if want, ok := leastDelta(t, s); !ok || want != delta {
			t.Fatalf("dual change %v, the least is %v (%v)", delta, want, ok)
		}
	}
}

// TestDeltaIsLeastWarmAndSparse does what TestDeltaIsLeast does on the
// graphs pairing makes: sparse, with lexicographic weights, solved cold
// and then warm (Resolve) with edges added, as pricing adds them; a warm
// start begins with blossoms and a matching from the solve before.
func TestDeltaIsLeastWarmAndSparse(t *testing.T) {
	for _, room := range []int{4, 0} {
		t.Run(fmt.Sprintf("heapRoom=%d", room), func(t *testing.T) {
			defer func(was int) { heapRoom = was }(heapRoom)
			heapRoom = room
			deltaIsLeastWarmAndSparse(t)
		})
	}
}

func deltaIsLeastWarmAndSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 67))
	changes, warm := 0, 0
	for trial := range 60 {
		n := 2 * (20 + rng.IntN(80))
		all := sparseGraph(n, 4+rng.IntN(10))
		// The edges that make a perfect matching first, so that the
		// first solve has one.
		slices.SortStableFunc(all, func(a, b Edge) int {
			return boolInt(!(a.U%2 == 0 && a.V == a.U+1)) - boolInt(!(b.U%2 == 0 && b.V == b.U+1))
		})
		if trial%2 == 1 { // few distinct weights: many ties
			for k := range all {
				all[k].W = W(int64(rng.IntN(3))).Shl(70).Add(W(int64(rng.IntN(3))))
			}
		}
		cut := len(all) / 2
		p, ok := SolvePerfect(n, slices.Clone(all[:cut]))
		if !ok {
			continue
		}
		for cut < len(all) {
			cut = min(len(all), cut+1+rng.IntN(len(all)/4))
			watch(t, p.s, &changes)
			next, ok := p.Resolve(slices.Clone(all[:cut]))
			if !ok {
				t.Fatalf("trial %d: no perfect matching warm", trial)
			}
			if next.s == p.s {
				warm++
				if err := certificate(next.s); err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
			}
			p = next
		}
	}
	if changes < 2000 || warm < 50 {
		t.Errorf("only %d dual changes, %d warm solves: the test says little", changes, warm)
	}
}

// FuzzMatching solves small graphs the fuzzer makes, in all three ways and
// warm, checking every dual change, the certificate at the end, and the
// result against brute force.
func FuzzMatching(f *testing.F) {
	f.Add([]byte{6, 0, 1, 2, 1, 2, 2, 2, 3, 1, 3, 4, 2, 4, 5, 0, 0, 5, 1, 1, 4, 3})
	f.Add([]byte{8, 0, 1, 0, 2, 3, 0, 4, 5, 0, 6, 7, 0, 0, 2, 1, 1, 3, 1, 4, 6, 1, 5, 7, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 1 {
			return
		}
		n := 2 + int(data[0])%9
		var edges []Edge
		for i := 1; i+2 < len(data) && len(edges) < 40; i += 3 {
			u, v := int(data[i])%n, int(data[i+1])%n
			if u != v {
				edges = append(edges, Edge{U: u, V: v, W: W(int64(data[i+2]%8) - 2)})
			}
		}
		changes := 0
		for _, maxCard := range []bool{true, false} {
			s := newSolver(n, edges, maxCard, nil)
			watch(t, s, &changes)
			s.solve()
			card, w := check(t, n, edges, s.mates())
			if err := certificate(s); err != nil {
				t.Fatal(err)
			}
			// Without maxCardinality, only the weight is fixed: edges of
			// weight 0 may be in or out.
			if wantCard, wantW := bruteForce(n, edges, maxCard); w != wantW || (maxCard && card != wantCard) {
				t.Fatalf("maxCardinality %v: %d edges weighing %v, want %d weighing %v", maxCard, card, w, wantCard, wantW)
			}
		}
		cut := len(edges) / 2
		p, ok := SolvePerfect(n, slices.Clone(edges[:cut]))
		wantCard, wantW := bruteForce(n, edges, true)
		if !ok || 2*wantCard != n {
			return
		}
		watch(t, p.s, &changes)
		warm, ok := p.Resolve(edges)
		if !ok {
			t.Fatal("no perfect matching warm")
		}
		if _, w := check(t, n, edges, warm.Mate); w != wantW {
			t.Fatalf("warm: weight %v, want %v", w, wantW)
		}
	})
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWideWeights solves graphs whose weights take the 120 bits pairing
// may give them (pairing.maxWeightBits), negative as pairing's are: the
// reduced weights, doubled duals and heap keys (slack + 2D) must not
// overflow the 128 bits. A cold solve keeps them within a few bits of the
// weights; long chains of warm starts are TestWarmChainsStayExact's.
func TestWideWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 73))
	changes := 0
	for i := range 300 {
		n := 2 * (1 + rng.IntN(5))
		edges := randomGraph(rng, n, 0.4+0.6*rng.Float64(), func() Weight {
			w := W(int64(rng.IntN(1 << 20))).Shl(100)
			if rng.IntN(4) == 0 {
				w = W(int64(rng.IntN(4))).Shl(118) // up to 2^120
			}
			return w.Neg()
		})
		var perfect []Edge // first, so that the first solve has a perfect matching
		for v := 0; v+1 < n; v += 2 {
			perfect = append(perfect, Edge{U: v, V: v + 1, W: W(1).Shl(119).Neg()})
		}
		edges = append(perfect, edges...)
		p, ok := SolvePerfect(n, slices.Clone(edges[:n/2+(len(edges)-n/2)/2]))
		if !ok {
			t.Fatalf("graph %d: no perfect matching", i)
		}
		watch(t, p.s, &changes)
		warm, ok := p.Resolve(edges)
		if !ok {
			t.Fatalf("graph %d: no perfect matching warm", i)
		}
		_, w := check(t, n, edges, warm.Mate)
		if _, want := bruteForce(n, edges, true); w != want {
			t.Fatalf("graph %d: weight %v, want %v", i, w, want)
		}
		s, _ := newPerfectSolver(n, edges)
		watch(t, s, &changes)
		s.solve()
		if err := certificate(s); err != nil {
			t.Fatalf("graph %d: %v", i, err)
		}
	}
	if changes < 300 {
		t.Errorf("only %d dual changes: the test says little", changes)
	}
}

// TestEvenRootsInZeroBlossom exercises evenRoots where an exposed vertex
// of the other parity is the base of a blossom whose dual is zero: that
// blossom is expanded and the vertex's dual raised in the child holding
// it. The states are made from solved graphs as a warm start makes them: a
// top-level blossom's dual is moved onto its vertices (the edges inside
// keep their slack, those leaving gain it) and the matched edge leaving
// it, no longer tight, is given up; its outer end, of the parity kept,
// has its dual raised by one when needed for the base to have the other.
// The search must then finish with an optimal matching and a certificate.
func TestEvenRootsInZeroBlossom(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 89))
	made := 0
	for i := 0; i < 20000 && made < 100; i++ {
		n := 2 * (4 + rng.IntN(12))
		edges := randomGraph(rng, n, 0.3+0.5*rng.Float64(), func() Weight { return W(-int64(rng.IntN(3))) })
		for v := 0; v+1 < n; v += 2 {
			edges = append(edges, Edge{U: v, V: v + 1, W: W(-int64(rng.IntN(3)))})
		}
		p, ok := SolvePerfect(n, edges)
		if !ok {
			continue
		}
		s := p.s
		b := -1
		for x := s.n; x < s.blossomsEnd; x++ {
			if s.isTop(x) && s.dualvar[x].Sign() > 0 {
				b = x
				break
			}
		}
		if b < 0 {
			continue
		}
		base := s.blossombase[b]
		outer := s.endpoint[s.mate[base]]
		if s.inblossom[outer] != outer || outer > base {
			continue // evenRoots would keep the base's parity
		}
		z := s.dualvar[b]
		for _, v := range s.blossomLeaves(b, nil) {
			s.dualvar[v] = s.dualvar[v].Add(z)
		}
		s.dualvar[b] = Weight{}
		s.giveUp(base)
		if s.dualvar[outer].lo&1 == s.dualvar[base].lo&1 {
			s.dualvar[outer] = s.dualvar[outer].Add(W(1))
		}
		s.evenRoots()
		if s.dualvar[base].lo&1 != s.dualvar[outer].lo&1 {
			t.Fatalf("graph %d: the exposed base %d kept the other parity", i, base)
		}
		if s.blossombase[b] >= 0 {
			t.Fatalf("graph %d: the zero blossom %d around %d was not expanded", i, b, base)
		}
		s.epoch++
		s.solve()
		if err := certificate(s); err != nil {
			t.Fatalf("graph %d: %v", i, err)
		}
		cold, _ := SolvePerfect(n, edges)
		if w, c := weightOf(edges, s.mates()), weightOf(edges, cold.Mate); w != c {
			t.Fatalf("graph %d: %v after evenRoots, cold %v", i, w, c)
		}
		made++
	}
	if made < 100 {
		t.Errorf("only %d states made: the test says little", made)
	}
}
