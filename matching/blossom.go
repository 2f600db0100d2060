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

	endpoint  []int   // endpoint p -> vertex
	neighbend [][]int // vertex -> remote endpoints of its edges
	mate      []int   // vertex -> remote endpoint of its matched edge, or -1

	label     []int8 // top-level blossom or vertex -> 0 free, 1 S, 2 T (5: marked while scanning)
	labelend  []int  // -> the endpoint through which it got its label, or -1
	inblossom []int  // vertex -> its top-level blossom

	blossomparent    []int
	blossomchilds    [][]int
	blossombase      []int
	blossomendps     [][]int
	bestedge         []int   // least-slack edge to an S blossom, or -1
	blossombestedges [][]int // for S blossoms: least-slack edges to other S blossoms
	unusedblossoms   []int

	dualvar   []Weight // vertex and blossom duals (vertex duals doubled, as 2u)
	allowedge []bool   // edge k has zero slack
	queue     []int    // S vertices whose edges are still to scan

	bestedgeto []int // scratch for addBlossom, all -1 between uses
	leaves     []int // scratch for blossom leaves
}

func newSolver(n int, edges []Edge, maxCardinality bool, initial []int) *solver {
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
	// One backing array for all adjacency lists: fewer allocations.
	all := make([]int, 2*len(edges))
	s.neighbend = make([][]int, n)
	off := 0
	for v := range n {
		s.neighbend[v] = all[off : off : off+degree[v]]
		off += degree[v]
	}
	for k, e := range edges {
		s.neighbend[e.U] = append(s.neighbend[e.U], 2*k+1)
		s.neighbend[e.V] = append(s.neighbend[e.V], 2*k)
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
	s.bestedge = filled(2*n, -1)
	s.blossombestedges = make([][]int, 2*n)
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

// slack returns 2 * the slack of edge k (vertex duals are kept doubled).
func (s *solver) slack(k int) Weight {
	e := &s.edges[k]
	return s.dualvar[e.U].Add(s.dualvar[e.V]).Sub(s.w2[k])
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

// assignLabel labels w (and its blossom) S (1) or T (2), reached through
// endpoint p; a T blossom's base is matched, and its mate becomes S.
func (s *solver) assignLabel(w int, t int8, p int) {
	for {
		b := s.inblossom[w]
		s.label[w], s.label[b] = t, t
		s.labelend[w], s.labelend[b] = p, p
		s.bestedge[w], s.bestedge[b] = -1, -1
		if t == 1 {
			s.queue = s.blossomLeaves(b, s.queue)
			return
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
