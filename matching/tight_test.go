package matching

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// solverState describes everything a finished solver hands on: the
// matching, the duals and the blossoms, with their numbers.
func solverState(s *solver) string {
	state := fmt.Sprint(s.mate, s.dualvar[:s.n], s.blossomparent, s.unusedblossoms)
	for b := s.n; b < 2*s.n; b++ {
		if s.blossombase[b] >= 0 {
			state += fmt.Sprint(b, s.blossombase[b], s.dualvar[b], s.blossomchilds[b], s.blossomendps[b])
		}
	}
	return state
}

// TestTightFirstSameAsFull solves random graphs with every stage run in
// full and with stages searched along tight edges first (undone and run
// again when they need a dual change): the solvers must end in the same
// state, down to the numbers of the blossoms.
func TestTightFirstSameAsFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 53))
	reruns, undone := 0, 0
	for i := range 3000 {
		n := 2 * (2 + rng.IntN(40))
		gen := func() Weight { return W(-int64(rng.IntN(1 + i%7))) }
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
			full, tight := solver(), solver()
			full.fullStages = true
			full.solve()
			tight.solve()
			if got, want := solverState(tight), solverState(full); got != want {
				t.Fatalf("graph %d, solver %d: tight first\n%s\nfull\n%s", i, kind, got, want)
			}
			reruns += tight.reruns
			undone += tight.undone
		}
	}
	if reruns < 5000 || undone < 2000 {
		t.Errorf("only %d stages run again, %d blossoms undone: the test says little", reruns, undone)
	}
}

// TestTightFirstOnSwissLikeGraphs does the same on larger sparse graphs
// with lexicographic weights, as pairing makes them.
func TestTightFirstOnSwissLikeGraphs(t *testing.T) {
	for _, n := range []int{100, 400, 1000} {
		edges := sparseGraph(n, 12)
		full, _ := newPerfectSolver(n, edges)
		full.fullStages = true
		full.solve()
		tight, _ := newPerfectSolver(n, edges)
		tight.solve()
		if solverState(tight) != solverState(full) {
			t.Fatalf("%d vertices: tight first and full differ", n)
		}
		if !slices.Equal(tight.mates(), full.mates()) {
			t.Fatalf("%d vertices: matchings differ", n)
		}
	}
}
