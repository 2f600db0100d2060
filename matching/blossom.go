package matching

// Edge is an edge of a graph with vertices 0 to n-1.
type Edge struct {
	U, V int
	W    Weight
}

// Max returns a maximum weight matching of the graph with n vertices and
// the given edges, as mate[v] (the vertex matched to v, or -1). With
// maxCardinality it returns the heaviest of the matchings with the most
// edges. Edges must join two different vertices; parallel edges are allowed.
func Max(n int, edges []Edge, maxCardinality bool) []int {
	s := newSolver(n, edges, maxCardinality, nil)
	s.solve()
	return s.mates()
}

// solver holds the state of one run of the algorithm. Vertices are 0..n-1;
// blossoms are n..2n-1. An edge k has endpoints 2k (its U) and 2k+1 (its V);
// "p ^ 1" is the other end of the edge of endpoint p.
type solver struct {
	n              int
	edges          []Edge
	w2             []Weight // each edge's weight doubled, as slack needs it
	maxCardinality bool

	endpoint []int   // endpoint p -> vertex
	arcs     [][]arc // vertex -> its edges, in the order of edges
	mate     []int   // vertex -> remote endpoint of its matched edge, or -1

	label     []int8 // top-level blossom or vertex -> 0 free, 1 S, 2 T (5: marked while scanning)
	labelend  []int  // -> the endpoint through which it got its label, or -1
	inblossom []int  // vertex -> its top-level blossom

	blossomparent    []int
	blossomchilds    [][]int
	blossombase      []int
	blossomendps     [][]int
	best             []bestEdge // least-slack edge to an S blossom
	blossombestedges [][]int    // for S blossoms: least-slack edges to other S blossoms
	unusedblossoms   []int
	// blossomsEnd is one past the highest blossom number ever used: the
	// numbers are taken lowest first (unusedblossoms is a stack), so the
	// loops over blossoms stop there rather than at 2n.
	blossomsEnd int

	dualvar   []Weight // vertex and blossom duals (vertex duals doubled, as 2u), as stored: see vertexDual
	epoch     uint64   // counts the changes of the duals, for the slacks kept in best
	allowedge []bool   // edge k has zero slack
	queue     []int    // S vertices whose edges are still to scan

	bestedgeto []int // scratch for offerToS, all -1 between uses
	leaves     []int // scratch for blossom leaves

	// The forest and the lazy duals (see forest.go).
	D          Weight    // the sum of the dual changes of this solve
	since      []Weight  // top-level blossom or vertex -> D when its label was last set
	startDual  Weight    // every vertex's dual at the start (for maxCardinality false)
	treeOf     []int     // labelled top-level blossom or vertex -> the root of its tree
	members    [][]int32 // root -> the top-level blossoms labelled in its tree (some out of date)
	exposed    int       // vertices not matched
	stamp      int       // for stamps: marks top-level blossoms once per dissolveTrees
	stamps     []int
	freed      []int // scratch for dissolveTrees
	touched    []int // scratch for offerToS and takeToS
	freedVerts []int
	free       deltaHeap // see forest.go
	pairs      deltaHeap
	zeros      deltaHeap
	dirty      []int32 // vertices and blossoms whose best changed since the last flushDirty
	dirtyMark  []bool
	stale      []int32 // vertices and blossoms whose best must be looked for again
	staleMark  []bool

	// onDelta, when set, is called before each dual change with its
	// amount (tests check it against a search over every edge).
	onDelta func(delta Weight)
}

// arc is an edge seen from one of its ends: the vertex at the other end,
// the endpoint there, and the edge's doubled weight. Scanning a vertex's
// arcs is the algorithm's inner loop; keeping what it needs side by side
// saves it a look-up in edges and w2 per edge.
type arc struct {
	w2 Weight
	to int32 // the vertex at the other end
	p  int32 // the endpoint at the other end: the edge is p / 2
}

// bestEdge is a vertex's or blossom's least-slack edge (-1: none yet) and
// its slack, valid while epoch is the solver's. Scanning compares every
// edge it meets with the best so far, so the best's slack is kept, and
// recomputed when read after the duals changed.
type bestEdge struct {
	slack Weight
	epoch uint64
	edge  int
}

// maxEdges keeps endpoints within an arc's int32.
const maxEdges = 1<<30 - 1

func newSolver(n int, edges []Edge, maxCardinality bool, initial []int) *solver {
	if len(edges) > maxEdges {
		panic("matching: too many edges")
	}
	s := &solver{n: n, edges: edges, maxCardinality: maxCardinality}
	maxweight := Weight{}
	for _, e := range edges {
		if maxweight.Less(e.W) {
			maxweight = e.W
		}
	}
	s.w2 = make([]Weight, len(edges))
	for k, e := range edges {
		s.w2[k] = e.W.Double()
	}
	s.endpoint = make([]int, 2*len(edges))
	degree := make([]int, n)
	for k, e := range edges {
		s.endpoint[2*k], s.endpoint[2*k+1] = e.U, e.V
		degree[e.U]++
		degree[e.V]++
	}
	// One backing array for all adjacency lists: fewer allocations, and
	// scanning a vertex reads its arcs in order.
	all := make([]arc, 2*len(edges))
	s.arcs = make([][]arc, n)
	off := 0
	for v := range n {
		s.arcs[v] = all[off : off : off+degree[v]]
		off += degree[v]
	}
	for k, e := range edges {
		s.arcs[e.U] = append(s.arcs[e.U], arc{w2: s.w2[k], to: int32(e.V), p: int32(2*k + 1)})
		s.arcs[e.V] = append(s.arcs[e.V], arc{w2: s.w2[k], to: int32(e.U), p: int32(2 * k)})
	}
	s.mate = make([]int, n)
	for v := range s.mate {
		s.mate[v] = -1
	}
	s.label = make([]int8, 2*n)
	s.labelend = filled(2*n, -1)
	s.inblossom = make([]int, n)
	for v := range n {
		s.inblossom[v] = v
	}
	s.blossomparent = filled(2*n, -1)
	s.blossomchilds = make([][]int, 2*n)
	s.blossombase = filled(2*n, -1)
	for v := range n {
		s.blossombase[v] = v
	}
	s.blossomendps = make([][]int, 2*n)
	s.epoch = 1
	s.since = make([]Weight, 2*n)
	s.startDual = maxweight
	s.treeOf = filled(2*n, -1)
	s.members = make([][]int32, n)
	s.stamps = make([]int, 2*n)
	s.dirtyMark = make([]bool, 2*n)
	s.staleMark = make([]bool, 2*n)
	s.best = make([]bestEdge, 2*n)
	for b := range s.best {
		s.best[b].edge = -1
	}
	s.blossombestedges = make([][]int, 2*n)
	s.blossomsEnd = n
	for b := 2*n - 1; b >= n; b-- {
		s.unusedblossoms = append(s.unusedblossoms, b)
	}
	s.dualvar = make([]Weight, 2*n)
	for v := range n {
		s.dualvar[v] = maxweight
	}
	s.allowedge = make([]bool, len(edges))
	s.bestedgeto = filled(2*n, -1)
	// An initial matching must use edges that are tight under the uniform
	// duals above (weight == maxweight): MaxPerfect arranges that.
	for k := range initial {
		e := edges[initial[k]]
		s.mate[e.U], s.mate[e.V] = 2*initial[k]+1, 2*initial[k]
	}
	return s
}

func filled(n, v int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = v
	}
	return a
}

// slack returns 2 * the slack of edge k (vertex duals are kept doubled),
// leaving out the duals of blossoms holding both its ends.
func (s *solver) slack(k int) Weight {
	e := &s.edges[k]
	return s.vertexDual(e.U).Add(s.vertexDual(e.V)).Sub(s.w2[k])
}

// bestSlack returns the slack of b's best edge, which must be set.
func (s *solver) bestSlack(b int) Weight {
	e := &s.best[b]
	if e.epoch != s.epoch {
		e.slack, e.epoch = s.slack(e.edge), s.epoch
	}
	return e.slack
}

// offerBest makes edge k b's best edge if its slack is less than the best's
// so far (the first of equals stays).
func (s *solver) offerBest(b, k int, slack Weight) {
	if s.best[b].edge == -1 || slack.Less(s.bestSlack(b)) {
		s.best[b] = bestEdge{slack: slack, epoch: s.epoch, edge: k}
		s.markDirty(b)
	}
}

// blossomLeaves appends the vertices of blossom b to dst.
func (s *solver) blossomLeaves(b int, dst []int) []int {
	if b < s.n {
		return append(dst, b)
	}
	for _, t := range s.blossomchilds[b] {
		dst = s.blossomLeaves(t, dst)
	}
	return dst
}

// assignLabel labels w (and its blossom) S (1) or T (2) in the tree of
// root r, reached through endpoint p; a T blossom's base is matched, and
// its mate becomes S.
func (s *solver) assignLabel(w int, t int8, p, r int) {
	for {
		b := s.inblossom[w]
		s.materialize(b)
		s.label[w], s.label[b] = t, t
		s.labelend[w], s.labelend[b] = p, p
		s.best[w].edge, s.best[b].edge = -1, -1
		s.join(b, r)
		if t == 1 {
			s.queue = s.blossomLeaves(b, s.queue)
			return
		}
		if b >= s.n {
			s.zeros.push(candidate{key: s.dualvar[b].Add(s.since[b]), id: int32(b), edge: -1})
		}
		base := s.blossombase[b]
		w, t, p = s.endpoint[s.mate[base]], 1, s.mate[base]^1
	}
}

// scanBlossom traces back from v and w to the roots of their alternating
// trees. It returns the base of the new blossom if the paths meet, or -1 if
// they reach two different roots (an augmenting path).
func (s *solver) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inblossom[v]
		if s.label[b]&4 != 0 {
			base = s.blossombase[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelend[b] == -1 {
			v = -1
		} else {
			v = s.endpoint[s.labelend[b]]
			b = s.inblossom[v]
			v = s.endpoint[s.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}
