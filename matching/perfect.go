package matching

import "slices"

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
	best := potentials(n, edges)
	reduced := make([]Edge, len(edges))
	for k, e := range edges {
		reduced[k] = Edge{U: e.U, V: e.V, W: e.W.Double().Sub(best[e.U]).Sub(best[e.V])}
	}
	return newSolver(n, reduced, true, greedyStart(n, edges, best)), best
}

// potentials returns the heaviest weight at each vertex.
func potentials(n int, edges []Edge) []Weight {
	best := make([]Weight, n)
	seen := make([]bool, n)
	for _, e := range edges {
		for _, v := range [2]int{e.U, e.V} {
			if !seen[v] || best[v].Less(e.W) {
				best[v], seen[v] = e.W, true
			}
		}
	}
	return best
}

// greedyStart returns a greedy matching, in edge order, of the edges that
// are the heaviest at both their ends (best: potentials): those whose
// reduced weight is 0, tight for the uniform starting duals.
func greedyStart(n int, edges []Edge, best []Weight) []int {
	matched := make([]bool, n)
	var initial []int
	for k, e := range edges {
		if e.W == best[e.U] && e.W == best[e.V] && !matched[e.U] && !matched[e.V] && e.U != e.V {
			matched[e.U], matched[e.V] = true, true
			initial = append(initial, k)
		}
	}
	return initial
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

// Held returns twice the duals of the blossoms holding both u and v: with
// Floor, Slack(u, v, w) is Floor(u) + Floor(v) - 4w + Held(u, v), which
// lets a caller that has the first part already skip working it out again.
func (p *Perfect) Held(u, v int) Weight { return p.tree.held(u, v) }

// OuterHeld returns twice the dual of the outermost blossom holding both u
// and v, or 0: a part of Held(u, v), cheaper to find, which lets a caller
// clear most pairs without the whole of Held.
func (p *Perfect) OuterHeld(u, v int) Weight { return p.tree.outerHeld(u, v) }

// Floor returns a bound for vertex v such that, for every u and w,
// Slack(u, v, w) >= Floor(u) + Floor(v) - 4w: it lets a caller clear many
// left-out edges at once when it can bound their weights.
func (p *Perfect) Floor(v int) Weight {
	return p.s.dualvar[v].Add(p.best[v].Double())
}

// Resolve returns a maximum weight perfect matching of the graph with
// edges, which must be p's edges, in the same order, followed by new ones
// (what pricing adds), starting from p's matching, duals and blossoms
// instead of from nothing: a warm start. p is used up: its solver goes on.
//
// p's duals are optimal for its edges. A new edge whose slack is negative
// would break them: its first end u is freed, and the duals moved so that
// they are feasible again with every matched edge tight. Each blossom
// holding u is dissolved, outermost first, its dual moved onto its
// vertices (each gets it: an edge inside keeps its slack, one leaving
// gains it), and the matched edge that leaves it, no longer tight, is
// given up; then u's dual is raised to make the new edge tight, and u's
// matched edge given up. The algorithm then only has to match the few
// vertices given up, along with everything it had: a cold solve matched
// all of them again each time.
func (p *Perfect) Resolve(edges []Edge) (*Perfect, bool) {
	s := p.s
	first := len(s.edges)
	if len(edges) < first || len(edges) > maxEdges {
		return nil, false
	}
	s.growEdges(edges[first:])
	for k := first; k < len(edges); k++ {
		e := edges[k]
		s.addEdge(Edge{U: e.U, V: e.V, W: e.W.Double().Sub(p.best[e.U]).Sub(p.best[e.V])})
	}
	mark := make([]int, 2*s.n) // ancestors of the edge's first end, by stamp
	for k := first; k < len(s.edges); k++ {
		u := s.edges[k].U
		if s.trueSlack(k, mark, k+1).Sign() >= 0 {
			continue
		}
		for s.inblossom[u] != u {
			s.dissolve(s.inblossom[u])
		}
		if sl := s.trueSlack(k, mark, -(k + 1)); sl.Sign() < 0 {
			s.dualvar[u] = s.dualvar[u].Sub(sl)
			s.giveUp(u)
		}
	}
	s.evenRoots()
	s.epoch++ // the duals changed: the slacks kept are stale
	if !s.dualsWithin(warmDualBits) {
		// Warm starts only ever raise duals: over a long chain of them,
		// with weights near the 120 bits allowed, sums of duals would
		// overflow the 128 bits. A cold start begins from duals of zero.
		return SolvePerfect(s.n, edges)
	}
	exposed := 0
	for v := range s.n {
		if s.mate[v] == -1 {
			exposed++
		}
	}
	if !alwaysWarm && exposed > coldExposed(s.n, edges) {
		// More to match again than a cold start, with its greedy
		// matching of the heaviest pairs, leaves: that is faster.
		return SolvePerfect(s.n, edges)
	}
	s.solve()
	mate := s.mates()
	for _, m := range mate {
		if m == -1 {
			return nil, false
		}
	}
	return &Perfect{Mate: mate, s: s, best: p.best, tree: newBlossomTree(s)}, true
}

// warmDualBits bounds the duals a warm start may begin from: 2^123 in
// magnitude. Weights are below 2^120 (the doubled reduced weights below
// 2^123); a cold solve keeps its duals and heap keys (slack + 2D) within a
// few bits of that, and so does a warm solve that starts within it, so
// that nothing reaches 2^127.
const warmDualBits = 123

// dualsWithin reports whether every vertex and blossom dual is below
// 2^bits in magnitude.
func (s *solver) dualsWithin(bits uint) bool {
	limit := W(1).Shl(bits)
	within := func(d Weight) bool { return d.Less(limit) && limit.Neg().Less(d) }
	for v := range s.n {
		if !within(s.dualvar[v]) {
			return false
		}
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		if s.blossombase[b] >= 0 && !within(s.dualvar[b]) {
			return false
		}
	}
	return true
}

// alwaysWarm has Resolve never start cold (tests compare).
var alwaysWarm = false

// coldExposed returns how many vertices a cold start (SolvePerfect) leaves
// exposed: those not in its greedy matching of the edges that are the
// heaviest at both their ends. Resolve starts cold when a warm start would
// leave more: the algorithm's work grows with the vertices it has to match
// (measured on Swiss rounds of 1,000 and 5,000 players, this choice beat
// starting cold beyond a fixed share of exposed vertices, a tenth, a fifth
// or a third: a whole simulated event of 5,000 players paired in 14 s of CPU
// instead of 16).
func coldExposed(n int, edges []Edge) int {
	return n - 2*len(greedyStart(n, edges, potentials(n, edges)))
}

// growEdges makes room for the edges about to be added, so that each
// slice grows once rather than edge by edge.
func (s *solver) growEdges(added []Edge) {
	m := len(added)
	s.edges = slices.Grow(s.edges, m)
	s.w2 = slices.Grow(s.w2, m)
	s.endpoint = slices.Grow(s.endpoint, 2*m)
	s.allowedge = slices.Grow(s.allowedge, m)
	more := make(map[int]int, 2*m)
	for _, e := range added {
		more[e.U]++
		more[e.V]++
	}
	for v, d := range more {
		s.arcs[v] = slices.Grow(s.arcs[v], d)
	}
}

// evenRoots makes the duals of the exposed vertices all of one parity.
//
// The algorithm halves the slack of an edge between two S blossoms to
// make it tight (vertex duals are kept doubled for that). The halving is
// exact because every vertex of an alternating tree has the parity of its
// root (tree edges are tight), and the roots, the exposed vertices, all
// have the same dual in a cold start. A warm start gives up matched edges
// and moves blossom duals onto vertices, which can leave roots of both
// parities: an edge between their trees would then have an odd slack and
// be taken for tight one short of it. So each exposed vertex of the other
// parity has its dual raised by one, which only adds to the slacks of its
// edges: alone, directly; in a blossom, with all the blossom's vertices,
// the blossom's dual lowered by one to keep the edges inside as they were
// (a blossom whose dual is zero is expanded first).
func (s *solver) evenRoots() {
	parity := -1
	one := W(1)
	for v := range s.n {
		if s.mate[v] != -1 {
			continue
		}
		p := int(s.dualvar[v].lo & 1)
		if parity == -1 {
			parity = p
		}
		if p == parity {
			continue
		}
		for {
			b := s.inblossom[v]
			if b == v {
				s.dualvar[v] = s.dualvar[v].Add(one)
				break
			}
			if !s.dualvar[b].IsZero() {
				for _, u := range s.blossomLeaves(b, s.leaves[:0]) {
					s.dualvar[u] = s.dualvar[u].Add(one)
				}
				s.dualvar[b] = s.dualvar[b].Sub(one)
				break
			}
			s.expandBlossom(b, true)
		}
	}
}

// addEdge appends edge e to the solver's graph.
func (s *solver) addEdge(e Edge) {
	k := len(s.edges)
	s.edges = append(s.edges, e)
	w2 := e.W.Double()
	s.w2 = append(s.w2, w2)
	s.endpoint = append(s.endpoint, e.U, e.V)
	s.arcs[e.U] = append(s.arcs[e.U], arc{w2: w2, to: int32(e.V), p: int32(2*k + 1)})
	s.arcs[e.V] = append(s.arcs[e.V], arc{w2: w2, to: int32(e.U), p: int32(2 * k)})
	s.allowedge = append(s.allowedge, false)
}

// trueSlack is edge k's slack with the duals of the blossoms holding both
// its ends; stamp marks the first end's blossoms in mark (a stamp not
// used before for it).
func (s *solver) trueSlack(k int, mark []int, stamp int) Weight {
	u, v := s.edges[k].U, s.edges[k].V
	for b := s.blossomparent[u]; b != -1; b = s.blossomparent[b] {
		mark[b] = stamp
	}
	slack := s.slack(k)
	for b := s.blossomparent[v]; b != -1; b = s.blossomparent[b] {
		if mark[b] == stamp {
			slack = slack.Add(s.dualvar[b].Double())
		}
	}
	return slack
}

// dissolve dissolves top-level blossom b: its dual goes onto its vertices,
// its children become top-level blossoms or vertices, and the matched edge
// that leaves it from its base, no longer tight, is given up.
func (s *solver) dissolve(b int) {
	base := s.blossombase[b]
	if z := s.dualvar[b]; !z.IsZero() {
		for _, v := range s.blossomLeaves(b, s.leaves[:0]) {
			s.dualvar[v] = s.dualvar[v].Add(z)
		}
		s.dualvar[b] = Weight{}
		s.giveUp(base)
	}
	s.expandBlossom(b, true)
}

// giveUp unmatches v and its mate.
func (s *solver) giveUp(v int) {
	if m := s.mate[v]; m >= 0 {
		s.mate[s.endpoint[m]] = -1
		s.mate[v] = -1
	}
}
