package matching

import "slices"

// The alternating trees are kept from one augmentation to the next (a
// persistent forest, as in Kolmogorov's Blossom V): augmenting dissolves
// only the two trees the path joins, and the others go on growing. A stage
// that regrew every tree from its root after each augmentation did most
// of its work again each time.
//
// The duals change lazily. Every change moves the duals of all S vertices
// down and all T vertices up by the same delta, so the solver keeps the
// sum of the deltas, D, and for each top-level blossom (or vertex) the
// value of D when its label was last set (since). A vertex's dual is then
// its stored value moved by D - since of its top-level blossom, and a
// change of the duals costs nothing. The stored values are brought up to
// date (materialize) when a top-level blossom's label or nesting changes.
//
// The least-slack edges the dual changes need are kept in three heaps
// instead of being looked for over all vertices at each change:
//
//   - free: a free vertex's least-slack edge to an S vertex, keyed by slack + D
//     (the slack falls by delta at each change);
//   - pairs: a top-level S blossom's least-slack edge to another S blossom,
//     keyed by slack + 2D;
//   - zeros: a T blossom's dual, keyed by dual + D.
//
// Each heap holds lower bounds: a key can only be below the true value,
// never above (a slack falls no faster than the key assumes). So when the
// least entry checks out against the present state it is the true least;
// when it does not, it is dropped or worked out again.
//
// A least-slack edge to a vertex that stops being S would break that: its
// slack stops falling, and an offer compared with it could hide a better
// edge. Only a dissolved tree makes S vertices stop being S, so
// dissolveTrees marks every least-slack edge that led into it stale, to be
// looked for again over all the edges before the next change.
//
// Entries out of date stay in the heaps until they come to the top, or
// until the heaps hold more than four entries per vertex and blossom:
// compactHeaps then keeps one per vertex or blossom at most. A whole
// simulated event of 5,000 players pushes 2.9 million entries over its 61
// solves; without compaction a heap held up to 72,000 (1.7 MB).

// vertexDual returns v's dual now.
func (s *solver) vertexDual(v int) Weight { return s.dualIn(v, s.inblossom[v]) }

// dualIn returns the dual now of vertex v, whose top-level blossom is b
// (for callers that have b already).
func (s *solver) dualIn(v, b int) Weight {
	switch s.label[b] & 3 {
	case 1:
		return s.dualvar[v].Sub(s.D.Sub(s.since[b]))
	case 2:
		return s.dualvar[v].Add(s.D.Sub(s.since[b]))
	}
	return s.dualvar[v]
}

// blossomDual returns the dual of blossom b now.
func (s *solver) blossomDual(b int) Weight {
	if s.blossomparent[b] != -1 {
		return s.dualvar[b]
	}
	switch s.label[b] & 3 {
	case 1:
		return s.dualvar[b].Add(s.D.Sub(s.since[b]))
	case 2:
		return s.dualvar[b].Sub(s.D.Sub(s.since[b]))
	}
	return s.dualvar[b]
}

// materialize brings the stored duals of top-level blossom (or vertex) x
// and its vertices up to date, so that its label or nesting may change.
func (s *solver) materialize(x int) {
	if s.since[x] == s.D {
		return
	}
	if l := s.label[x] & 3; l == 1 || l == 2 {
		d := s.D.Sub(s.since[x])
		if l == 2 {
			d = d.Neg()
		}
		if x < s.n {
			s.dualvar[x] = s.dualvar[x].Sub(d)
		} else {
			s.dualvar[x] = s.dualvar[x].Add(d)
			s.leaves = s.blossomLeaves(x, s.leaves[:0])
			for _, v := range s.leaves {
				s.dualvar[v] = s.dualvar[v].Sub(d)
			}
		}
	}
	s.since[x] = s.D
}

// materializeAll brings every stored dual up to date, at the end of solve.
func (s *solver) materializeAll() {
	for v := range s.n {
		s.dualvar[v] = s.vertexDual(v)
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		if s.blossombase[b] >= 0 {
			s.dualvar[b] = s.blossomDual(b)
		}
	}
}

// join records that top-level x has been labelled in the tree of root r.
func (s *solver) join(x, r int) {
	s.treeOf[x] = r
	s.members[r] = append(s.members[r], int32(x))
}

// dissolveTrees frees the trees of roots ra and rb after an augmentation
// joined them: their blossoms lose their labels (those with a zero dual
// are expanded, as the classic algorithm does at the end of a stage), and
// each of their vertices, now free, is to look again for its least-slack
// edge to the S vertices of the trees that remain (markStale), as is each
// vertex or S blossom whose least-slack edge led into them.
func (s *solver) dissolveTrees(ra, rb int) {
	s.stamp++
	tops := s.freed[:0]
	for _, r := range [2]int{ra, rb} {
		for _, x32 := range s.members[r] {
			x := int(x32)
			if s.stamps[x] == s.stamp || s.treeOf[x] != r || s.label[x] == 0 || !s.isTop(x) {
				continue
			}
			s.stamps[x] = s.stamp
			tops = append(tops, x)
		}
		s.members[r] = s.members[r][:0]
	}
	verts := s.freedVerts[:0]
	for _, x := range tops {
		s.materialize(x)
		s.best[x].edge = -1
		s.blossombestedges[x] = nil
		verts = s.unlabel(x, verts)
	}
	for _, x := range tops {
		if x >= s.n && s.blossombase[x] >= 0 && s.blossomparent[x] == -1 && s.dualvar[x].IsZero() {
			s.expandBlossom(x, true)
		}
	}
	// Least-slack edges of the other trees and free vertices that led to
	// the vertices freed must be looked for again: the slack of an edge
	// to a vertex no longer S no longer falls, and another edge may now be
	// the least.
	for _, v := range verts {
		s.stamps[v] = s.stamp
	}
	s.stamp++
	for _, v := range verts {
		for _, a := range s.arcs[v] {
			k := int(a.p >> 1)
			s.allowedge[k] = false
			w := int(a.to)
			if s.stamps[w] == s.stamp-1 {
				continue // freed too
			}
			bw := s.inblossom[w]
			switch {
			case s.label[bw] == 1 && s.best[bw].edge == k:
				s.markStale(bw)
			case s.label[bw] == 0 && s.best[w].edge == k:
				s.markStale(w)
			}
		}
	}
	for _, v := range verts {
		s.markStale(v)
	}
	s.freed, s.freedVerts = tops, verts
}

// markStale notes that x's least-slack edge must be looked for again over
// all its edges before the next dual change (flushDirty). Until then it
// may be labelled, and need none: many vertices freed by an augmentation
// are taken into another tree before the duals change.
func (s *solver) markStale(x int) {
	if !s.staleMark[x] {
		s.staleMark[x] = true
		s.stale = append(s.stale, int32(x))
	}
}

// isTop reports whether x is a vertex or blossom at the top level.
func (s *solver) isTop(x int) bool {
	return s.blossomparent[x] == -1 && (x < s.n || s.blossombase[x] >= 0)
}

// unlabel clears the labels of x and of everything nested in it, and
// appends its vertices to verts.
func (s *solver) unlabel(x int, verts []int) []int {
	s.label[x], s.labelend[x] = 0, -1
	if x < s.n {
		s.best[x].edge = -1
		return append(verts, x)
	}
	for _, c := range s.blossomchilds[x] {
		verts = s.unlabel(c, verts)
	}
	return verts
}

// recomputeFree finds the least-slack edge from free vertex v to an S
// vertex, looking at all v's edges, and offers it to the free heap.
func (s *solver) recomputeFree(v int) {
	e := &s.best[v]
	e.edge = -1
	bv := s.inblossom[v]
	dv := s.dualvar[v] // v is free: its stored dual is its dual
	for _, a := range s.arcs[v] {
		w := int(a.to)
		bw := s.inblossom[w]
		if bw == bv || s.label[bw] != 1 {
			continue
		}
		slack := dv.Add(s.dualIn(w, bw)).Sub(a.w2)
		if e.edge == -1 || slack.Less(e.slack) {
			*e = bestEdge{slack: slack, epoch: s.epoch, edge: int(a.p >> 1)}
		}
	}
	if e.edge != -1 {
		s.free.push(candidate{key: e.slack.Add(s.D), id: int32(v), edge: int32(e.edge)})
	}
}

// recomputePairs finds the least-slack edges from top-level S blossom b to
// each other S blossom, looking at all the edges of its vertices, and
// offers the least to the pairs heap.
func (s *solver) recomputePairs(b int) {
	s.leaves = s.blossomLeaves(b, s.leaves[:0])
	for _, v := range s.leaves {
		for _, a := range s.arcs[v] {
			s.offerToS(b, int(a.p>>1))
		}
	}
	list := s.takeToS(b, b >= s.n)
	if b >= s.n {
		s.blossombestedges[b] = list
	}
	if s.best[b].edge != -1 {
		s.pairs.push(candidate{key: s.best[b].slack.Add(s.D.Double()), id: int32(b), edge: int32(s.best[b].edge)})
	}
}

// markDirty notes that x's least-slack edge changed: it goes to its heap
// before the next dual change (flushDirty), once however often it changed.
func (s *solver) markDirty(x int) {
	if !s.dirtyMark[x] {
		s.dirtyMark[x] = true
		s.dirty = append(s.dirty, int32(x))
	}
}

// flushDirty looks again for the least-slack edges marked stale, and
// offers those that changed to their heaps.
func (s *solver) flushDirty() {
	for _, x32 := range s.stale {
		x := int(x32)
		s.staleMark[x] = false
		switch {
		case x < s.n && s.label[s.inblossom[x]] == 0:
			s.recomputeFree(x)
		case s.isTop(x) && s.label[x] == 1:
			s.recomputePairs(x)
		}
	}
	s.stale = s.stale[:0]
	for _, x32 := range s.dirty {
		x := int(x32)
		s.dirtyMark[x] = false
		if s.best[x].edge == -1 {
			continue
		}
		switch {
		case x < s.n && s.label[s.inblossom[x]] == 0:
			s.free.push(candidate{key: s.bestSlack(x).Add(s.D), id: x32, edge: int32(s.best[x].edge)})
		case s.isTop(x) && s.label[x] == 1:
			s.pairs.push(candidate{key: s.bestSlack(x).Add(s.D.Double()), id: x32, edge: int32(s.best[x].edge)})
		}
	}
	s.dirty = s.dirty[:0]
	if room := heapRoom*2*s.n + 64; len(s.free)+len(s.pairs)+len(s.zeros) > room {
		s.compactHeaps()
	}
}

// heapRoom bounds the heaps at heapRoom times the vertices and blossoms
// (plus a little) before compactHeaps drops their stale entries; tests set
// it to 0 to compact at every dual change.
var heapRoom = 4

// compactHeaps drops the entries that can no longer be the least-slack
// edge (or dual) of their vertex or blossom, and of those left for one
// vertex or blossom keeps the one with the least key: the latest pushed
// is a lower bound of the slack now, so the least is too (an older one
// can be above it: a vertex that was S in between saw its slack fall
// faster than its key assumes). The heaps then hold at most one entry per
// vertex and blossom, so their memory stays proportional to the graph's,
// whatever the number of dual changes.
func (s *solver) compactHeaps() {
	s.free = s.compact(s.free, func(c candidate) bool {
		x := int(c.id)
		return s.best[x].edge == int(c.edge) && s.label[s.inblossom[x]] == 0
	})
	s.pairs = s.compact(s.pairs, func(c candidate) bool {
		b := int(c.id)
		return s.isTop(b) && s.label[b] == 1 && s.best[b].edge == int(c.edge)
	})
	s.zeros = s.compact(s.zeros, func(c candidate) bool {
		b := int(c.id)
		return s.isTop(b) && s.label[b] == 2 && s.dualvar[b].Add(s.since[b]) == c.key
	})
}

// compact keeps the entries of h that pass live, one per id (the least
// key), as a heap.
func (s *solver) compact(h deltaHeap, live func(candidate) bool) deltaHeap {
	kept := h[:0]
	for _, c := range h {
		if live(c) {
			kept = append(kept, c)
		}
	}
	// By id, the least key first, then the heap order (a sorted slice is
	// a heap).
	slices.SortFunc(kept, func(a, b candidate) int {
		if a.id != b.id {
			return int(a.id) - int(b.id)
		}
		return a.key.Cmp(b.key)
	})
	kept = slices.CompactFunc(kept, func(a, b candidate) bool { return a.id == b.id })
	slices.SortFunc(kept, func(a, b candidate) int {
		switch {
		case a.before(b):
			return -1
		case b.before(a):
			return 1
		}
		return 0
	})
	clear(h[len(kept):])
	return kept
}

// topFree returns the least valid entry of the free heap: a free vertex's
// edge to an S vertex whose slack is key - D.
func (s *solver) topFree() (candidate, bool) {
	for len(s.free) > 0 {
		c := s.free[0]
		x, k := int(c.id), int(c.edge)
		if s.best[x].edge != k || s.label[s.inblossom[x]] != 0 {
			s.free.pop()
			continue
		}
		o := s.edges[k].U
		if o == x {
			o = s.edges[k].V
		}
		if s.label[s.inblossom[o]] != 1 || s.slack(k) != c.key.Sub(s.D) {
			s.free.pop()
			s.recomputeFree(x)
			continue
		}
		return c, true
	}
	return candidate{}, false
}

// topPairs returns the least valid entry of the pairs heap: an edge
// between two top-level S blossoms whose slack is key - 2D.
func (s *solver) topPairs() (candidate, bool) {
	for len(s.pairs) > 0 {
		c := s.pairs[0]
		b, k := int(c.id), int(c.edge)
		if !s.isTop(b) || s.label[b] != 1 || s.best[b].edge != k {
			s.pairs.pop()
			continue
		}
		bu, bv := s.inblossom[s.edges[k].U], s.inblossom[s.edges[k].V]
		if bu != b {
			bu, bv = bv, bu
		}
		if bu != b || bv == b || s.label[bv] != 1 || s.slack(k) != c.key.Sub(s.D.Double()) {
			s.pairs.pop()
			s.recomputePairs(b)
			continue
		}
		return c, true
	}
	return candidate{}, false
}

// topZeros returns the least valid entry of the zeros heap: a T blossom
// whose dual is key - D.
func (s *solver) topZeros() (candidate, bool) {
	for len(s.zeros) > 0 {
		c := s.zeros[0]
		b := int(c.id)
		if !s.isTop(b) || s.label[b] != 2 || s.dualvar[b].Add(s.since[b]) != c.key {
			s.zeros.pop()
			continue
		}
		return c, true
	}
	return candidate{}, false
}
