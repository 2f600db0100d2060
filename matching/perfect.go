package matching

// MaxPerfect returns a maximum weight perfect matching of the graph (as
// mate[v]) when it has one; otherwise the same as Max(n, edges, true).
//
// It is much faster than Max on large graphs where most vertices have an
// obvious partner, as in a Swiss round. Every vertex of a perfect matching
// is matched exactly once, so subtracting a potential p(v) from each edge
// at v changes every perfect matching's weight by the same amount and
// leaves the optimum where it was. With p(v) half the heaviest weight at v,
// the reduced weights are all <= 0 and are 0 exactly on the edges that are
// the heaviest for both their ends. Those edges are tight for the uniform
// starting duals, so a greedy matching of them is a valid starting point and
// the algorithm only has to finish the job.
func MaxPerfect(n int, edges []Edge) []int {
	if n%2 == 1 {
		return Max(n, edges, true)
	}
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
	s := newSolver(n, reduced, true, initial)
	s.solve()
	mate := s.mates()
	for _, m := range mate {
		if m == -1 {
			// No perfect matching: the potentials no longer cancel out.
			return Max(n, edges, true)
		}
	}
	return mate
}
