package matching

// solve grows alternating trees from every exposed vertex and changes the
// duals until no augmenting path remains. The trees are kept from one
// augmentation to the next, and the duals change lazily (see forest.go).
func (s *solver) solve() {
	s.startSearch()
	// With one exposed vertex left no path can augment; without
	// maxCardinality the duals still go on until that vertex's is zero,
	// which certifies the matching (the matching cannot change).
	for s.exposed >= 2 || (!s.maxCardinality && s.exposed > 0) {
		if s.scan() {
			continue
		}
		if !s.adjustDuals() {
			break
		}
	}
	s.endSearch()
}

// startSearch clears the labels and the least-slack edges and makes every
// exposed vertex the root of an alternating tree.
func (s *solver) startSearch() {
	s.D = Weight{}
	s.epoch++
	for i := range s.label {
		s.label[i] = 0
		s.labelend[i] = -1
		s.best[i].edge = -1
		s.since[i] = Weight{}
		s.treeOf[i] = -1
		s.dirtyMark[i] = false
		s.staleMark[i] = false
		s.blossombestedges[i] = nil
	}
	for r := range s.members {
		s.members[r] = s.members[r][:0]
	}
	clear(s.allowedge)
	s.queue = s.queue[:0]
	s.dirty, s.stale = s.dirty[:0], s.stale[:0]
	s.free, s.pairs, s.zeros = s.free[:0], s.pairs[:0], s.zeros[:0]
	s.exposed = 0
	for v := range s.n {
		if s.mate[v] == -1 {
			s.exposed++
			if s.label[s.inblossom[v]] == 0 {
				s.assignLabel(v, 1, -1, v)
			}
		}
	}
}

// endSearch brings the stored duals up to date and clears the labels.
func (s *solver) endSearch() {
	s.materializeAll()
	s.D = Weight{}
	for i := range s.label {
		s.label[i] = 0
		s.since[i] = Weight{}
	}
}

// scan labels vertices along tight edges from the queue of S vertices. It
// augments and returns true when it finds an augmenting path.
func (s *solver) scan() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if s.label[s.inblossom[v]] != 1 {
			continue // its tree was dissolved
		}
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
	inblossom, label, allowed, best := s.inblossom, s.label, s.allowedge, s.best
	bv := inblossom[v]
	dv := s.vertexDual(v) // no dual changes while scanning
	for _, a := range s.arcs[v] {
		w := int(a.to)
		bw := inblossom[w]
		if bv == bw {
			continue
		}
		k := int(a.p >> 1)
		if !allowed[k] {
			slack := dv.Add(s.dualIn(w, bw)).Sub(a.w2)
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
		s.assignLabel(w, 2, p^1, s.treeOf[s.inblossom[v]])
	case 1:
		if base := s.scanBlossom(v, w); base >= 0 {
			s.addBlossom(base, p/2)
		} else {
			ra, rb := s.treeOf[s.inblossom[v]], s.treeOf[s.inblossom[w]]
			s.augmentMatching(p / 2)
			s.exposed -= 2
			s.dissolveTrees(ra, rb)
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
	if s.onDelta != nil {
		s.onDelta(c.delta)
	}
	if !c.delta.IsZero() {
		s.D = s.D.Add(c.delta)
		s.epoch++
	}
	switch c.kind {
	case 1:
		return false // no gain left (without maxCardinality)
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
//  1. the exposed vertices' duals zero (no gain left; not with maxCardinality);
//  2. an edge from an S vertex to a free vertex tight;
//  3. an edge between two S blossoms tight;
//  4. a T blossom's dual zero.
//
// Of equal ones it returns the first by kind, and within a kind the least
// entry of its heap. The exposed vertices are the roots of the trees: they
// have been S since the search began, so their duals are all startDual - D
// (maxCardinality false starts from no matching and uniform duals).
func (s *solver) nextDelta() change {
	s.flushDirty()
	var c change
	if !s.maxCardinality {
		c.consider(s.startDual.Sub(s.D), 1, -1)
	}
	if e, ok := s.topFree(); ok {
		c.consider(e.key.Sub(s.D), 2, int(e.edge))
	}
	if e, ok := s.topPairs(); ok {
		c.consider(e.key.Sub(s.D.Double()).Half(), 3, int(e.edge))
	}
	if e, ok := s.topZeros(); ok {
		c.consider(e.key.Sub(s.D), 4, int(e.id))
	}
	return c
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
