package matching

// solve runs stages until no augmenting path remains. Each stage grows
// alternating trees from every exposed vertex and adjusts the duals until
// an augmenting path becomes tight (or, without maxCardinality, until
// augmenting would no longer add weight).
func (s *solver) solve() {
	n := s.n
	for range n {
		for i := range s.label {
			s.label[i] = 0
			s.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			s.blossombestedges[b] = nil
		}
		clear(s.allowedge)
		s.queue = s.queue[:0]
		for v := range n {
			if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
				s.assignLabel(v, 1, -1)
			}
		}
		if !s.stage() {
			break
		}
		// Blossoms of the end of the stage with a zero dual are no longer
		// needed: expanding them keeps the structure small.
		for b := n; b < 2*n; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.dualvar[b].IsZero() {
				s.expandBlossom(b, true)
			}
		}
	}
}

// stage searches for one augmenting path and augments along it; it reports
// false when there is none (the matching is optimal).
func (s *solver) stage() bool {
	for {
		if s.scan() {
			return true
		}
		if !s.adjustDuals() {
			return false
		}
	}
}

// scan labels vertices along tight edges from the queue of S vertices. It
// augments and returns true when it finds an augmenting path.
func (s *solver) scan() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		for _, p := range s.neighbend[v] {
			k := p / 2
			w := s.endpoint[p]
			if s.inblossom[v] == s.inblossom[w] {
				continue
			}
			var kslack Weight
			if !s.allowedge[k] {
				kslack = s.slack(k)
				if kslack.Sign() <= 0 {
					s.allowedge[k] = true
				}
			}
			switch {
			case s.allowedge[k]:
				switch s.label[s.inblossom[w]] {
				case 0:
					s.assignLabel(w, 2, p^1)
				case 1:
					if base := s.scanBlossom(v, w); base >= 0 {
						s.addBlossom(base, k)
					} else {
						s.augmentMatching(k)
						return true
					}
				default:
					if s.label[w] == 0 {
						s.label[w] = 2
						s.labelend[w] = p ^ 1
					}
				}
			case s.label[s.inblossom[w]] == 1:
				b := s.inblossom[v]
				if s.bestedge[b] == -1 || kslack.Less(s.slack(s.bestedge[b])) {
					s.bestedge[b] = k
				}
			case s.label[w] == 0:
				if s.bestedge[w] == -1 || kslack.Less(s.slack(s.bestedge[w])) {
					s.bestedge[w] = k
				}
			}
		}
	}
	return false
}

// adjustDuals changes the duals by the largest amount that keeps them
// feasible, which makes a new edge tight or a T blossom's dual zero. It
// returns false when the optimum is reached.
func (s *solver) adjustDuals() bool {
	n := s.n
	deltatype := -1
	var delta Weight
	deltaedge, deltablossom := -1, -1
	if !s.maxCardinality {
		// Type 1: an exposed vertex's dual reaches zero (no gain left).
		deltatype = 1
		delta = s.dualvar[0]
		for v := 1; v < n; v++ {
			if s.dualvar[v].Less(delta) {
				delta = s.dualvar[v]
			}
		}
	}
	// Type 2: an edge from an S vertex to a free vertex becomes tight.
	for v := range n {
		if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != -1 {
			if d := s.slack(s.bestedge[v]); deltatype == -1 || d.Less(delta) {
				delta, deltatype, deltaedge = d, 2, s.bestedge[v]
			}
		}
	}
	// Type 3: an edge between two S blossoms becomes tight.
	for b := range 2 * n {
		if s.blossomparent[b] == -1 && s.label[b] == 1 && s.bestedge[b] != -1 {
			if d := s.slack(s.bestedge[b]).Half(); deltatype == -1 || d.Less(delta) {
				delta, deltatype, deltaedge = d, 3, s.bestedge[b]
			}
		}
	}
	// Type 4: a T blossom's dual reaches zero.
	for b := n; b < 2*n; b++ {
		if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 && s.label[b] == 2 && (deltatype == -1 || s.dualvar[b].Less(delta)) {
			delta, deltatype, deltablossom = s.dualvar[b], 4, b
		}
	}
	if deltatype == -1 {
		// Maximum cardinality reached and no further improvement.
		return false
	}
	for v := range n {
		switch s.label[s.inblossom[v]] {
		case 1:
			s.dualvar[v] = s.dualvar[v].Sub(delta)
		case 2:
			s.dualvar[v] = s.dualvar[v].Add(delta)
		}
	}
	for b := n; b < 2*n; b++ {
		if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 {
			switch s.label[b] {
			case 1:
				s.dualvar[b] = s.dualvar[b].Add(delta)
			case 2:
				s.dualvar[b] = s.dualvar[b].Sub(delta)
			}
		}
	}
	switch deltatype {
	case 1:
		return false
	case 2:
		s.allowedge[deltaedge] = true
		i, j := s.edges[deltaedge].U, s.edges[deltaedge].V
		if s.label[s.inblossom[i]] == 0 {
			i = j
		}
		s.queue = append(s.queue, i)
	case 3:
		s.allowedge[deltaedge] = true
		s.queue = append(s.queue, s.edges[deltaedge].U)
	case 4:
		s.expandBlossom(deltablossom, false)
	}
	return true
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
