package matching

import "slices"

// evenWay returns where to start (j), which way to step round a blossom's
// cycle of n children (jstep) and how to read its endpoints (endptrick)
// to go from child i to the base (child 0) along the path of even length.
func evenWay(i, n int) (j, jstep, endptrick int) {
	if i&1 != 0 {
		return i - n, 1, 0
	}
	return i, -1, 1
}

// at indexes a blossom's cyclic list of children, allowing negative j.
func at(list []int, j int) int {
	n := len(list)
	return list[((j%n)+n)%n]
}

// addBlossom makes a new blossom with the given base, through S vertices
// joined by edge k: the cycle base ... v -k- w ... base.
func (s *solver) addBlossom(base, k int) {
	v, w := s.edges[k].U, s.edges[k].V
	bb, bv, bw := s.inblossom[base], s.inblossom[v], s.inblossom[w]
	b := s.unusedblossoms[len(s.unusedblossoms)-1]
	s.unusedblossoms = s.unusedblossoms[:len(s.unusedblossoms)-1]
	s.blossomsEnd = max(s.blossomsEnd, b+1)
	s.blossombase[b] = base
	s.blossomparent[b] = -1
	s.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		s.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelend[bv])
		v = s.endpoint[s.labelend[bv]]
		bv = s.inblossom[v]
	}
	path = append(path, bb)
	slices.Reverse(path)
	slices.Reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		s.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelend[bw]^1)
		w = s.endpoint[s.labelend[bw]]
		bw = s.inblossom[w]
	}
	// The children stop being top-level: their duals and their vertices'
	// are brought up to date before the vertices move into b.
	for _, c := range path {
		s.materialize(c)
		wasT := s.label[c] == 2
		s.leaves = s.blossomLeaves(c, s.leaves[:0])
		for _, v := range s.leaves {
			if wasT {
				s.queue = append(s.queue, v) // a former T vertex becomes S
			}
			s.inblossom[v] = b
		}
	}
	s.label[b] = 1
	s.labelend[b] = s.labelend[bb]
	s.dualvar[b] = Weight{}
	s.since[b] = s.D
	s.join(b, s.treeOf[bb])
	s.blossomchilds[b] = path
	s.blossomendps[b] = endps
	s.blossomBestEdges(b, path)
}

// blossomBestEdges finds, for the new blossom b made of the blossoms of
// path, its least-slack edge to each other S blossom, and the least of them.
func (s *solver) blossomBestEdges(b int, path []int) {
	for _, bv := range path {
		if s.blossombestedges[bv] == nil {
			for _, v := range s.blossomLeaves(bv, nil) {
				for _, a := range s.arcs[v] {
					s.offerToS(b, int(a.p>>1))
				}
			}
		} else {
			for _, k := range s.blossombestedges[bv] {
				s.offerToS(b, k)
			}
		}
		s.blossombestedges[bv] = nil
		s.best[bv].edge = -1
	}
	s.blossombestedges[b] = s.takeToS(b, true)
	if s.best[b].edge != -1 {
		s.markDirty(b)
	}
}

// offerToS offers edge k, from top-level blossom b, to the least-slack
// edges from b to each other S blossom that takeToS then returns.
func (s *solver) offerToS(b, k int) {
	j := s.edges[k].V
	if s.inblossom[j] == b {
		j = s.edges[k].U
	}
	bj := s.inblossom[j]
	if bj == b || s.label[bj] != 1 {
		return
	}
	if cur := s.bestedgeto[bj]; cur == -1 {
		s.bestedgeto[bj] = k
		s.touched = append(s.touched, bj)
	} else if s.slack(k).Less(s.slack(cur)) {
		s.bestedgeto[bj] = k
	}
}

// takeToS makes the least of the edges offerToS kept b's best edge (the
// first of equals), and returns them, one per S blossom, when list is set;
// the scratch is left clear for the next blossom.
func (s *solver) takeToS(b int, list bool) []int {
	var kept []int
	if list {
		kept = make([]int, 0, len(s.touched))
	}
	s.best[b].edge = -1
	for _, bj := range s.touched {
		k := s.bestedgeto[bj]
		s.bestedgeto[bj] = -1
		if list {
			kept = append(kept, k)
		}
		if sl := s.slack(k); s.best[b].edge == -1 || sl.Less(s.best[b].slack) {
			s.best[b] = bestEdge{slack: sl, epoch: s.epoch, edge: k}
		}
	}
	s.touched = s.touched[:0]
	return kept
}

// expandBlossom dissolves blossom b into its children. When b is free
// (endstage: its tree was dissolved, or between solves) it recurses into
// children whose dual is zero; in the middle of the search b is a T
// blossom whose dual reached zero, and its children are relabelled so the
// alternating tree stays valid (relabelExpanded).
func (s *solver) expandBlossom(b int, endstage bool) {
	s.materialize(b)
	for _, c := range s.blossomchilds[b] {
		s.blossomparent[c] = -1
		s.since[c] = s.D // c's dual, not top-level until now, is up to date
		switch {
		case c < s.n:
			s.inblossom[c] = c
		case endstage && s.dualvar[c].IsZero():
			s.expandBlossom(c, endstage)
		default:
			for _, v := range s.blossomLeaves(c, nil) {
				s.inblossom[v] = c
			}
		}
	}
	if !endstage && s.label[b] == 2 {
		s.relabelExpanded(b)
	}
	s.label[b], s.labelend[b] = -1, -1
	s.blossomchilds[b], s.blossomendps[b] = nil, nil
	s.blossombase[b] = -1
	s.blossombestedges[b] = nil
	s.best[b].edge = -1
	s.unusedblossoms = append(s.unusedblossoms, b)
}

// augmentBlossom swaps matched and unmatched edges along the even path in
// blossom b from vertex v to the base, making v the new base.
func (s *solver) augmentBlossom(b, v int) {
	t := v
	for s.blossomparent[t] != b {
		t = s.blossomparent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs, endps := s.blossomchilds[b], s.blossomendps[b]
	i := slices.Index(childs, t)
	j, jstep, endptrick := evenWay(i, len(childs))
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-endptrick) ^ endptrick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p^1])
		}
		s.mate[s.endpoint[p]] = p ^ 1
		s.mate[s.endpoint[p^1]] = p
	}
	s.blossomchilds[b] = append(slices.Clone(childs[i:]), childs[:i]...)
	s.blossomendps[b] = append(slices.Clone(endps[i:]), endps[:i]...)
	s.blossombase[b] = s.blossombase[s.blossomchilds[b][0]]
}

// augmentMatching swaps matched and unmatched edges along the augmenting
// path through edge k, from one tree root to the other.
func (s *solver) augmentMatching(k int) {
	for _, start := range [2][2]int{{s.edges[k].U, 2*k + 1}, {s.edges[k].V, 2 * k}} {
		v, p := start[0], start[1]
		for {
			bs := s.inblossom[v]
			if bs >= s.n {
				s.augmentBlossom(bs, v)
			}
			s.mate[v] = p
			if s.labelend[bs] == -1 {
				break // reached a root
			}
			t := s.endpoint[s.labelend[bs]]
			bt := s.inblossom[t]
			v = s.endpoint[s.labelend[bt]]
			j := s.endpoint[s.labelend[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelend[bt]
			p = s.labelend[bt] ^ 1
		}
	}
}

// relabelExpanded labels the children of T blossom b, just expanded in the
// middle of the search, so that its tree stays an alternating tree: the
// children on the even path from the entry child to the base become T and
// S in turn; each other child becomes T if an S vertex reaches one of its
// vertices along a tight edge, and free otherwise (its vertices then look
// for their least-slack edges to S vertices afresh).
func (s *solver) relabelExpanded(b int) {
	r := s.treeOf[b]
	childs, endps := s.blossomchilds[b], s.blossomendps[b]
	entrychild := s.inblossom[s.endpoint[s.labelend[b]^1]]
	j, jstep, endptrick := evenWay(slices.Index(childs, entrychild), len(childs))
	p := s.labelend[b]
	for j != 0 {
		s.label[s.endpoint[p^1]] = 0
		s.label[s.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
		s.assignLabel(s.endpoint[p^1], 2, p, r)
		s.allowedge[at(endps, j-endptrick)/2] = true
		j += jstep
		p = at(endps, j-endptrick) ^ endptrick
		s.allowedge[p/2] = true
		j += jstep
	}
	bv := at(childs, j)
	s.label[s.endpoint[p^1]], s.label[bv] = 2, 2
	s.labelend[s.endpoint[p^1]], s.labelend[bv] = p, p
	s.best[bv].edge = -1
	s.join(bv, r)
	if bv >= s.n {
		s.zeros.push(candidate{key: s.dualvar[bv].Add(s.since[bv]), id: int32(bv), edge: -1})
	}
	j += jstep
	for at(childs, j) != entrychild {
		bv := at(childs, j)
		j += jstep
		if s.label[bv] == 1 {
			continue
		}
		for _, v := range s.blossomLeaves(bv, nil) {
			if s.label[v] == 0 {
				continue
			}
			if !s.reachedAlongTight(v) {
				s.label[v] = 0 // reached from a tree dissolved since
				continue
			}
			// The S vertex that reached v may be of another tree: bv joins that one.
			s.label[v] = 0
			s.label[s.endpoint[s.mate[s.blossombase[bv]]]] = 0
			s.assignLabel(v, 2, s.labelend[v], s.treeOf[s.inblossom[s.endpoint[s.labelend[v]]]])
			break
		}
	}
	for _, c := range childs {
		if s.label[c] != 0 {
			continue
		}
		for _, v := range s.blossomLeaves(c, nil) {
			s.recomputeFree(v)
		}
	}
}

// reachedAlongTight reports whether the edge through which vertex v, in a
// T blossom, was reached (labelend[v]) still comes from an S vertex and is
// tight: the tree of that vertex may have been dissolved since.
func (s *solver) reachedAlongTight(v int) bool {
	p := s.labelend[v]
	if p < 0 {
		return false
	}
	u := s.endpoint[p]
	return s.label[s.inblossom[u]] == 1 && s.slack(p>>1).IsZero()
}
