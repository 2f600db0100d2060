package matching

// solve runs stages until no augmenting path remains. Each stage grows
// alternating trees from every exposed vertex and adjusts the duals until
// an augmenting path becomes tight (or, without maxCardinality, until
// augmenting would no longer add weight).
//
// Most stages find their augmenting path before any dual change, and the
// least-slack edges the scan keeps for that change, most of its work, are
// then never used. So a stage is first searched along tight edges only
// (searchTight); only when that runs out of edges is it undone and run
// again in full, which repeats the same search while keeping the
// least-slack edges. Either way the stage ends exactly as it would have.
func (s *solver) solve() {
	n := s.n
	for range n {
		if !s.runStage() {
			break
		}
		// Blossoms of the end of the stage with a zero dual are no longer
		// needed: expanding them keeps the structure small.
		for b := n; b < s.blossomsEnd; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.dualvar[b].IsZero() {
				s.expandBlossom(b, true)
			}
		}
	}
}

// runStage runs a stage, along tight edges only first (see solve); it
// reports false when there is no augmenting path.
func (s *solver) runStage() bool {
	s.startStage()
	if s.fullStages {
		return s.stage()
	}
	if s.searchTight() {
		return true
	}
	s.reruns++
	s.undoBlossoms()
	s.startStage()
	return s.stage()
}

// startStage clears the labels and makes every exposed vertex the root of
// an alternating tree.
func (s *solver) startStage() {
	for i := range s.label {
		s.label[i] = 0
		s.best[i].edge = -1
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		s.blossombestedges[b] = nil
	}
	clear(s.allowedge)
	s.queue = s.queue[:0]
	s.created = s.created[:0]
	for v := range s.n {
		if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
			s.assignLabel(v, 1, -1)
		}
	}
}

// stage searches for one augmenting path and augments along it; it reports
// false when there is none (the matching is optimal).
func (s *solver) stage() bool {
	s.tracking = true
	defer func() { s.tracking = false }()
	for {
		if s.scan() {
			return true
		}
		if !s.adjustDuals() {
			return false
		}
	}
}

// searchTight does what scan does at the start of a stage, but follows
// only the tight edges and keeps no least-slack edges: only adjustDuals
// reads those, so until the stage needs a dual change they make no
// difference. It returns true when it has augmented the matching, false
// when the stage needs a dual change (and must be run again in full).
func (s *solver) searchTight() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if s.scanTight(v) {
			return true
		}
	}
	return false
}

// scanTight is scanVertex for searchTight: it follows v's tight edges, in
// the same order. Before the stage's first dual change the edges allowed
// are those found tight, so these are the edges scanVertex would follow.
func (s *solver) scanTight(v int) bool {
	if s.tightEpoch[v] != s.epoch {
		s.findTight(v)
	}
	bv := s.inblossom[v]
	for _, a := range s.tight[v] {
		w := int(a.to)
		if bv == s.inblossom[w] {
			continue
		}
		s.allowedge[a.p>>1] = true
		if s.follow(v, w, int(a.p)) {
			return true
		}
		bv = s.inblossom[v]
	}
	return false
}

// findTight lists the arcs of v with a slack <= 0 under the current duals.
// The list holds until the duals change, usually for several stages.
func (s *solver) findTight(v int) {
	dv := s.dualvar[v]
	t := s.tight[v][:0]
	for _, a := range s.arcs[v] {
		if dv.Add(s.dualvar[a.to]).Sub(a.w2).Sign() <= 0 {
			t = append(t, a)
		}
	}
	s.tight[v], s.tightEpoch[v] = t, s.epoch
}

// undoBlossoms dissolves the blossoms made since the stage began, newest
// first, and gives their numbers back in the order they were taken, so
// that the stage can be run again from its start and make them again.
func (s *solver) undoBlossoms() {
	s.undone += len(s.created)
	for i := len(s.created) - 1; i >= 0; i-- {
		b := s.created[i]
		for _, c := range s.blossomchilds[b] {
			s.blossomparent[c] = -1
			s.leaves = s.blossomLeaves(c, s.leaves[:0])
			for _, v := range s.leaves {
				s.inblossom[v] = c
			}
		}
		s.blossomchilds[b], s.blossomendps[b] = nil, nil
		s.blossombase[b] = -1
		s.unusedblossoms = append(s.unusedblossoms, b)
	}
	s.created = s.created[:0]
}

// scan labels vertices along tight edges from the queue of S vertices. It
// augments and returns true when it finds an augmenting path.
func (s *solver) scan() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if s.scanVertex(v) {
			return true
		}
	}
	return false
}

// scanVertex follows the tight edges of S vertex v and records its other
// edges as candidates for the next dual change; it returns true when it
// has augmented the matching. This is the algorithm's inner loop: the
// slices are read through locals, and v's blossom only re-read when
// following an edge may have changed it.
func (s *solver) scanVertex(v int) bool {
	inblossom, label, allowed, dual, best := s.inblossom, s.label, s.allowedge, s.dualvar, s.best
	dv := dual[v] // no dual changes while scanning
	bv := inblossom[v]
	for _, a := range s.arcs[v] {
		w := int(a.to)
		bw := inblossom[w]
		if bv == bw {
			continue
		}
		k := int(a.p >> 1)
		if !allowed[k] {
			slack := dv.Add(dual[w]).Sub(a.w2)
			if slack.Sign() > 0 {
				var x int // whose best edge k may be
				switch {
				case label[bw] == 1:
					x = bv
				case label[w] == 0:
					x = w
				default:
					continue
				}
				// Most edges are no better than the best so far: that
				// much is checked here, inline, and offerBest does the rest.
				if e := &best[x]; e.edge == -1 || e.epoch != s.epoch || slack.Less(e.slack) {
					s.offerBest(x, k, slack)
				}
				continue
			}
			allowed[k] = true
		}
		if s.follow(v, w, int(a.p)) {
			return true
		}
		bv = inblossom[v]
	}
	return false
}

// follow takes the tight edge from S vertex v to w (p is its endpoint at
// w): it labels w, makes a blossom, or augments the matching and returns
// true.
func (s *solver) follow(v, w, p int) bool {
	switch s.label[s.inblossom[w]] {
	case 0:
		s.assignLabel(w, 2, p^1)
	case 1:
		if base := s.scanBlossom(v, w); base >= 0 {
			s.addBlossom(base, p/2)
		} else {
			s.augmentMatching(p / 2)
			return true
		}
	default:
		if s.label[w] == 0 {
			s.label[w] = 2
			s.labelend[w] = p ^ 1
		}
	}
	return false
}

// adjustDuals changes the duals by the largest amount that keeps them
// feasible, which makes a new edge tight or a T blossom's dual zero. It
// returns false when the optimum is reached.
func (s *solver) adjustDuals() bool {
	c := s.nextDelta()
	if !c.ok {
		// Maximum cardinality reached and no further improvement.
		return false
	}
	s.shiftDuals(c.delta)
	switch c.kind {
	case 1:
		return false
	case 2:
		s.allowedge[c.x] = true
		i, j := s.edges[c.x].U, s.edges[c.x].V
		if s.label[s.inblossom[i]] == 0 {
			i = j
		}
		s.queue = append(s.queue, i)
	case 3:
		s.allowedge[c.x] = true
		s.queue = append(s.queue, s.edges[c.x].U)
	case 4:
		s.expandBlossom(c.x, false)
	}
	return true
}

// change is a candidate dual change: delta, its kind (1 to 4, see
// nextDelta) and the edge (kinds 2 and 3) or blossom (4) it is for.
type change struct {
	delta   Weight
	kind, x int
	ok      bool
}

// consider makes (delta, kind, x) the change if it is less than the one so
// far: of equal ones, the first considered stays.
func (c *change) consider(delta Weight, kind, x int) {
	if !c.ok || delta.Less(c.delta) {
		*c = change{delta, kind, x, true}
	}
}

// nextDelta returns the least of the changes that make
//
//  1. an exposed vertex's dual zero (no gain left; not with maxCardinality);
//  2. an edge from an S vertex to a free vertex tight;
//  3. an edge between two S blossoms tight;
//  4. a T blossom's dual zero.
//
// Of equal ones it returns the first by kind, then by vertex or blossom.
// Kinds 2 and 3 of the vertices, and 3 and 4 of the blossoms, are found
// in one pass each, then taken in that order.
func (s *solver) nextDelta() change {
	n := s.n
	var c, c2, c3, c4 change
	if !s.maxCardinality {
		for v := range n {
			c.consider(s.dualvar[v], 1, -1)
		}
	}
	for v := range n {
		if s.best[v].edge == -1 {
			continue
		}
		switch {
		case s.label[s.inblossom[v]] == 0:
			c2.consider(s.bestSlack(v), 2, s.best[v].edge)
		case s.blossomparent[v] == -1 && s.label[v] == 1:
			c3.consider(s.bestSlack(v).Half(), 3, s.best[v].edge)
		}
	}
	for b := n; b < s.blossomsEnd; b++ {
		if s.blossomparent[b] != -1 {
			continue
		}
		switch {
		case s.label[b] == 1 && s.best[b].edge != -1:
			c3.consider(s.bestSlack(b).Half(), 3, s.best[b].edge)
		case s.label[b] == 2 && s.blossombase[b] >= 0:
			c4.consider(s.dualvar[b], 4, b)
		}
	}
	for _, next := range []change{c2, c3, c4} {
		if next.ok {
			c.consider(next.delta, next.kind, next.x)
		}
	}
	return c
}

// shiftDuals changes the duals by delta: S vertices and T blossoms down, T
// vertices and S blossoms up. The slacks kept in best move with them, so
// they are updated here rather than recomputed from the edges: the best
// edge of an unlabeled vertex comes from an S vertex and loses delta; that
// of a top-level S blossom joins two S blossoms and loses twice delta; that
// of a vertex in a T blossom comes from an S vertex and keeps its slack.
// Any other is left out of date, for bestSlack to recompute if it is read.
func (s *solver) shiftDuals(delta Weight) {
	old := s.epoch
	s.epoch++
	twice := delta.Double()
	for v := range s.n {
		e := &s.best[v]
		current := e.edge != -1 && e.epoch == old
		switch s.label[s.inblossom[v]] {
		case 0:
			if current {
				e.slack, e.epoch = e.slack.Sub(delta), s.epoch
			}
		case 1:
			s.dualvar[v] = s.dualvar[v].Sub(delta)
			if current && s.inblossom[v] == v {
				e.slack, e.epoch = e.slack.Sub(twice), s.epoch
			}
		case 2:
			s.dualvar[v] = s.dualvar[v].Add(delta)
			if current {
				e.epoch = s.epoch
			}
		}
	}
	for b := s.n; b < s.blossomsEnd; b++ {
		if s.blossombase[b] < 0 || s.blossomparent[b] != -1 {
			continue
		}
		switch s.label[b] {
		case 1:
			s.dualvar[b] = s.dualvar[b].Add(delta)
			if e := &s.best[b]; e.edge != -1 && e.epoch == old {
				e.slack, e.epoch = e.slack.Sub(twice), s.epoch
			}
		case 2:
			s.dualvar[b] = s.dualvar[b].Sub(delta)
		}
	}
}

// mates returns the matching as vertex -> vertex (or -1).
func (s *solver) mates() []int {
	m := make([]int, s.n)
	for v, p := range s.mate {
		m[v] = -1
		if p >= 0 {
			m[v] = s.endpoint[p]
		}
	}
	return m
}
