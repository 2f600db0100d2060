package pairing

// cover is the exact-cover search behind CompleteRoundRobin: it fills the
// free places of a round robin's rounds so that every round is a perfect
// matching of its seats and every pair of seats meets exactly as often as
// it must (once a cycle).
//
// Its items are the places (round j, seat v) still free and the pairs
// {u, v} with meetings still due (need, an item with multiplicity); its
// options are the games (j, {u, v}), each covering the places (j, u),
// (j, v) and one meeting of the pair {u, v}. It is Knuth's Algorithm X,
// with counts kept up to date as options are taken and given back, and the
// item with the least slack (live options less what it needs) chosen
// first: exact (it says there is no completion only when there is none),
// and fast on the fields that play round robins (up to 20 players). steps
// bounds the options tried, so that a pairing never hangs on a
// pathological history.
type cover struct {
	m, rounds int
	pairOf    [][2]int // pair index -> seats
	index     [][]int  // seat x seat -> pair index
	slotFree  [][]bool // [round][seat]
	need      []int    // meetings still due, per pair
	slotCount [][]int  // live options of a free place
	pairCount []int    // live options of a pair with meetings due
	mate      [][]int  // [round][seat] -> seat, -1 while free
	// hint is the mate each place would rather have ([round][seat], -1
	// for none): the previous cycle's, so a later cycle repeats it.
	hint         [][]int
	steps, limit int
	bounded      bool
}

// newCover is the search over rounds rounds of m seats, in which every pair
// meets times times.
func newCover(m, rounds, times, limit int) *cover {
	c := &cover{m: m, rounds: rounds, limit: limit}
	c.index = make([][]int, m)
	for u := range m {
		c.index[u] = make([]int, m)
	}
	for u := range m {
		c.index[u][u] = -1
		for v := u + 1; v < m; v++ {
			c.index[u][v], c.index[v][u] = len(c.pairOf), len(c.pairOf)
			c.pairOf = append(c.pairOf, [2]int{u, v})
		}
	}
	c.need = make([]int, len(c.pairOf))
	c.pairCount = make([]int, len(c.pairOf))
	for e := range c.need {
		c.need[e] = times
	}
	c.slotFree, c.slotCount, c.mate, c.hint = grid(rounds, m, false), grid(rounds, m, 0), grid(rounds, m, -1), grid(rounds, m, -1)
	for j := range rounds {
		for v := range m {
			c.slotFree[j][v] = true
		}
	}
	return c
}

func grid[T any](rows, cols int, zero T) [][]T {
	g := make([][]T, rows)
	for i := range g {
		g[i] = make([]T, cols)
		for k := range g[i] {
			g[i][k] = zero
		}
	}
	return g
}

// fix records a game already played (before the counts are made): false
// if either place is taken or the pair has met as often as it must.
func (c *cover) fix(j, u, v int) bool {
	e := c.index[u][v]
	if !c.slotFree[j][u] || !c.slotFree[j][v] || c.need[e] == 0 {
		return false
	}
	c.slotFree[j][u], c.slotFree[j][v] = false, false
	c.need[e]--
	c.mate[j][u], c.mate[j][v] = v, u
	return true
}

// count makes the counts of live options from the free places and pairs.
func (c *cover) count() {
	for j := range c.rounds {
		for u := range c.m {
			if !c.slotFree[j][u] {
				continue
			}
			for v := u + 1; v < c.m; v++ {
				if c.slotFree[j][v] && c.need[c.index[u][v]] > 0 {
					c.slotCount[j][u]++
					c.slotCount[j][v]++
					c.pairCount[c.index[u][v]]++
				}
			}
		}
	}
}

// take plays pair e in round j: the options it rules out lose their
// counts. give undoes it exactly.
func (c *cover) take(j, e int) {
	u, v := c.pairOf[e][0], c.pairOf[e][1]
	c.kill(j, u, v, e, -1)
	c.slotFree[j][u], c.slotFree[j][v] = false, false
	c.need[e]--
	c.pairCount[e]--
	if c.need[e] == 0 {
		c.killPair(j, u, v, e, -1)
	}
	c.mate[j][u], c.mate[j][v] = v, u
}

func (c *cover) give(j, e int) {
	u, v := c.pairOf[e][0], c.pairOf[e][1]
	if c.need[e] == 0 {
		c.killPair(j, u, v, e, +1)
	}
	c.pairCount[e]++
	c.need[e]++
	c.slotFree[j][u], c.slotFree[j][v] = true, true
	c.kill(j, u, v, e, +1)
	c.mate[j][u], c.mate[j][v] = -1, -1
}

// kill adds delta to the counts of the options that game (j, {u, v})
// rules out in round j: the other games of u and v, given the places and
// pairs free besides its own.
func (c *cover) kill(j, u, v, e, delta int) {
	for _, a := range [2]int{u, v} {
		for w := range c.m {
			if w == u || w == v || !c.slotFree[j][w] {
				continue
			}
			if f := c.index[a][w]; c.need[f] > 0 {
				c.slotCount[j][w] += delta
				c.pairCount[f] += delta
			}
		}
	}
}

// killPair adds delta to the counts of the pair's games in the other
// rounds, which its last meeting due rules out.
func (c *cover) killPair(j, u, v, e, delta int) {
	for k := range c.rounds {
		if k != j && c.slotFree[k][u] && c.slotFree[k][v] {
			c.slotCount[k][u] += delta
			c.slotCount[k][v] += delta
			c.pairCount[e] += delta
		}
	}
}

// option is a game the search may take next.
type option struct{ round, pair, rank int }

// search fills every free place, or reports that it cannot (bounded set
// when it gave up at the limit rather than ran out of options).
func (c *cover) search() bool {
	// The item with the least slack: a place (which needs one game) or a
	// pair (which needs its meetings due).
	best, slotJ, slotV, pair := -1, -1, -1, -1
	for j := range c.rounds {
		for v := range c.m {
			if c.slotFree[j][v] && (slotJ < 0 || c.slotCount[j][v]-1 < best) {
				best, slotJ, slotV = c.slotCount[j][v]-1, j, v
			}
		}
	}
	if slotJ < 0 {
		return true // every place is filled, so every pair has met as it must
	}
	for e, need := range c.need {
		if need > 0 && c.pairCount[e]-need < best {
			best, pair = c.pairCount[e]-need, e
		}
	}
	if best < 0 {
		return false
	}
	options := make([]option, 0, best+1)
	if pair >= 0 {
		u, v := c.pairOf[pair][0], c.pairOf[pair][1]
		for k := range c.rounds {
			if c.slotFree[k][u] && c.slotFree[k][v] {
				rank := min(c.slotCount[k][u], c.slotCount[k][v])
				if c.hint[k][u] == v {
					rank = -1
				}
				options = append(options, option{k, pair, rank})
			}
		}
	} else {
		for w := range c.m {
			if w != slotV && c.slotFree[slotJ][w] && c.need[c.index[slotV][w]] > 0 {
				rank := c.slotCount[slotJ][w]
				if c.hint[slotJ][slotV] == w {
					rank = -1
				}
				options = append(options, option{slotJ, c.index[slotV][w], rank})
			}
		}
	}
	// The hinted game first, then the most constrained partner or round
	// (fail first), in a fixed order otherwise.
	for i := 1; i < len(options); i++ {
		for k := i; k > 0 && options[k].rank < options[k-1].rank; k-- {
			options[k], options[k-1] = options[k-1], options[k]
		}
	}
	for _, o := range options {
		if c.steps++; c.steps > c.limit {
			c.bounded = true
			return false
		}
		c.take(o.round, o.pair)
		if c.search() {
			return true
		}
		c.give(o.round, o.pair)
		if c.bounded {
			return false
		}
	}
	return false
}
