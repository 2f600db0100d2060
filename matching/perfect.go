package matching

// MaxPerfect returns a maximum weight perfect matching of the graph (as
// mate[v]) when it has one; otherwise the same as Max(n, edges, true).
func MaxPerfect(n int, edges []Edge) []int {
	if p, ok := SolvePerfect(n, edges); ok {
		return p.Mate
	}
	return Max(n, edges, true)
}

// Perfect is a maximum weight perfect matching with the optimal dual
// solution that proves it, so that edges left out of the graph can be
// checked afterwards (Slack, Floor).
type Perfect struct {
	Mate []int
	s    *solver
	best []Weight
	tree *blossomTree
}

// SolvePerfect finds a maximum weight perfect matching; ok is false when
// the graph has none.
//
// Every vertex of a perfect matching is matched exactly once, so
// subtracting a potential p(v) from each edge at v changes every perfect
// matching's weight by the same amount and leaves the optimum where it was.
// With p(v) half the heaviest weight at v, the reduced weights are all <= 0
// and are 0 exactly on the edges that are the heaviest for both their ends.
// Those edges are tight for the uniform starting duals, so a greedy
// matching of them is a valid start, and the algorithm only has to finish
// the job: much faster on graphs where most vertices have an obvious
// partner, as in a Swiss round.
func SolvePerfect(n int, edges []Edge) (*Perfect, bool) {
	if n%2 == 1 {
		return nil, false
	}
	s, best := newPerfectSolver(n, edges)
	s.solve()
	mate := s.mates()
	for _, m := range mate {
		if m == -1 {
			return nil, false
		}
	}
	return &Perfect{Mate: mate, s: s, best: best, tree: newBlossomTree(s)}, true
}

// newPerfectSolver returns the solver for SolvePerfect, on the reduced
// weights and with the greedy start, and the potentials (the heaviest
// weight at each vertex).
func newPerfectSolver(n int, edges []Edge) (*solver, []Weight) {
	best := make([]Weight, n)
	seen := make([]bool, n)
	for _, e := range edges {
		for _, v := range [2]int{e.U, e.V} {
			if !seen[v] || best[v].Less(e.W) {
				best[v], seen[v] = e.W, true
			}
		}
	}
	reduced := make([]Edge, len(edges))
	for k, e := range edges {
		reduced[k] = Edge{U: e.U, V: e.V, W: e.W.Double().Sub(best[e.U]).Sub(best[e.V])}
	}
	matched := make([]bool, n)
	var initial []int
	for k, e := range reduced {
		if e.W.IsZero() && !matched[e.U] && !matched[e.V] && e.U != e.V {
			matched[e.U], matched[e.V] = true, true
			initial = append(initial, k)
		}
	}
	return newSolver(n, reduced, true, initial), best
}

// Slack returns twice the reduced cost, under the optimal duals, of an edge
// (u, v) of weight w that was not in the graph. If it is negative, the edge
// would improve the matching; if it is >= 0 for every edge left out, the
// matching is optimal for the graph with them too (LP duality). It only
// reads p, so it may be called concurrently.
func (p *Perfect) Slack(u, v int, w Weight) Weight {
	s := p.s
	reduced := w.Double().Sub(p.best[u]).Sub(p.best[v])
	slack := s.dualvar[u].Add(s.dualvar[v]).Sub(reduced.Double())
	if slack.Sign() >= 0 {
		return slack // blossom duals are >= 0: they can only add to it
	}
	// Blossoms holding both ends add twice their dual.
	return slack.Add(p.tree.held(u, v))
}

// Floor returns a bound for vertex v such that, for every u and w,
// Slack(u, v, w) >= Floor(u) + Floor(v) - 4w: it lets a caller clear many
// left-out edges at once when it can bound their weights.
func (p *Perfect) Floor(v int) Weight {
	return p.s.dualvar[v].Add(p.best[v].Double())
}
