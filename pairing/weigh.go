package pairing

import (
	"slices"

	"outflank/matching"
)

// weigher gives the weight of a pair of the round in a few array reads,
// for pricing, which weighs millions of pairs a round.
//
// A pair's costs under every criterion but Rematch, SameCountry and Halves
// depend only on the two players' profiles: score group, colour balance,
// last two colours, the run of the last one and float balance (and, under
// TopFirst, the height of the pair, a function of the groups). Which
// colours the pair gets does not depend on those three either: they cost
// the same either way round. So
// the weight of each pair of profiles is worked out once per round, with
// its better colour assignment, and a pair's own Halves and SameCountry
// costs are added to it (weights are linear in the costs). Pairs who have
// met before (Rematch, and EGP's reversed colours for a pair meeting again)
// or whom the director keeps apart are few, and weighed in full.
type weigher struct {
	profile []int32 // vertex -> its profile; a group's profiles are consecutive
	firstOf []int32 // group -> its first profile; firstOf[groups] = profiles
	slot    []slot  // profile -> a slot with that profile (pos and size not used)
	// blocks[gi*groups+gj] (gi <= gj): the weights, in the graph's sign, of
	// the pairs of profiles of groups gi and gj, row by gi's profile, nil
	// until needed.
	blocks   [][]matching.Weight
	groups   int
	topFirst bool
	// What the hot loop reads of a vertex, side by side: its profile's
	// index in its group, its place in the group and its country (0: none).
	local, pos, country []int32
	size                []int32 // group -> its size in the frame
	// halves[h][d] and countryCost[h]: what a Halves cost of d and a pair
	// of the same country take off the weight of a pair at height h (the
	// multiplier of TopFirst, else h = 1); nil when the ruleset does not
	// have the criterion.
	halves      [][]matching.Weight
	countryCost []matching.Weight
	// special[i] lists the vertices i has met or may not meet (the
	// forbidden pairs): only those pairs need the full weighing.
	special [][]int32
}

// newWeigher sorts the players of graph g into profiles.
func newWeigher(g *graph) *weigher {
	w := &weigher{groups: g.groups, topFirst: g.rules.TopFirst}
	heights := 1
	if g.rules.TopFirst {
		heights = g.groups
	}
	if k := slices.Index(g.rules.Criteria, Halves); k >= 0 {
		w.halves = make([][]matching.Weight, heights+1)
		for h := 1; h <= heights; h++ {
			w.halves[h] = make([]matching.Weight, maxHalvesCost+1)
			for d := range w.halves[h] {
				w.halves[h][d] = g.bases[k].MulUint64(uint64(d * h))
			}
		}
	}
	if k := slices.Index(g.rules.Criteria, SameCountry); k >= 0 {
		w.countryCost = make([]matching.Weight, heights+1)
		for h := 1; h <= heights; h++ {
			w.countryCost[h] = g.bases[k].MulUint64(uint64(h))
		}
	}
	countries := map[string]int32{"": 0}
	w.local, w.pos, w.country = make([]int32, len(g.pool)), make([]int32, len(g.pool)), make([]int32, len(g.pool))
	w.size = make([]int32, g.groups)
	for i, p := range g.pool {
		c, ok := countries[p.Country]
		if !ok {
			c = int32(len(countries))
			countries[p.Country] = c
		}
		w.country[i], w.pos[i] = c, int32(g.at[i].pos)
		w.size[g.at[i].group] = int32(g.at[i].size)
	}
	type key struct {
		group, balance, floatBalance int
		last, before                 Colour
		run                          int
	}
	index := map[key]int32{}
	w.profile = make([]int32, len(g.pool))
	w.firstOf = make([]int32, g.groups+1)
	group := -1
	for i, s := range g.at {
		for group < s.group {
			group++
			w.firstOf[group] = int32(len(w.slot))
		}
		k := key{s.group, s.balance, s.floatBalance, s.last, s.before, s.run}
		p, ok := index[k]
		if !ok {
			p = int32(len(w.slot))
			index[k] = p
			w.slot = append(w.slot, s)
		}
		w.profile[i] = p
		w.local[i] = p - w.firstOf[group]
	}
	for group < g.groups {
		group++
		w.firstOf[group] = int32(len(w.slot))
	}
	w.blocks = make([][]matching.Weight, g.groups*g.groups)
	vertex := make(map[int]int32, len(g.pool))
	for i, p := range g.pool {
		vertex[p.ID] = int32(i)
	}
	w.special = make([][]int32, len(g.pool))
	mark := func(i, j int32) {
		w.special[i] = append(w.special[i], j)
		w.special[j] = append(w.special[j], i)
	}
	for i, p := range g.pool {
		for id, n := range p.Met {
			if j, ok := vertex[id]; ok && n > 0 {
				mark(int32(i), j)
			}
		}
	}
	for f := range g.forbidden {
		i, oki := vertex[f[0]]
		j, okj := vertex[f[1]]
		if oki && okj {
			mark(i, j)
		}
	}
	return w
}

// prepare works out the weights of the profile pairs of the blocks (gi, gj)
// not yet known; pricing calls it before its workers share the weigher,
// which they then only read.
func (w *weigher) prepare(g *graph, gi, gj int) []matching.Weight {
	b := &w.blocks[gi*w.groups+gj]
	if *b != nil {
		return *b
	}
	ri, rj := w.firstOf[gi:gi+2], w.firstOf[gj:gj+2]
	rows, cols := int(ri[1]-ri[0]), int(rj[1]-rj[0])
	weights := make([]matching.Weight, rows*cols)
	costs := make([]int64, len(g.rules.Criteria))
	for r := range rows {
		for c := range cols {
			weights[r*cols+c] = g.profileWeight(w.slot[int(ri[0])+r], w.slot[int(rj[0])+c], costs)
		}
	}
	*b = weights
	return weights
}

// profileWeight is the weight of a pair of players with slots sa and sb
// who have not met, but for their Halves and SameCountry costs.
func (g *graph) profileWeight(sa, sb slot, costs []int64) matching.Weight {
	var none Player // no country, no one met: those costs are the pair's own
	black, white := g.scratch[0], g.scratch[1]
	g.frame.costs(&none, &none, sa, sb, true, g.rules.Criteria, black)
	g.frame.costs(&none, &none, sa, sb, false, g.rules.Criteria, white)
	best := black
	if slices.Compare(white, black) < 0 {
		best = white
	}
	copy(costs, best)
	if k := slices.Index(g.rules.Criteria, Halves); k >= 0 {
		costs[k] = 0
	}
	return g.weight(costs).Neg()
}

// weight returns the weight of the pair (i, j), i < j, of groups gi <= gj,
// in the graph's sign (minus the lexicographic cost), given the weights of
// its block from prepare. Special pairs must be weighed in full instead.
func (w *weigher) weight(block []matching.Weight, gi, gj, i, j int) matching.Weight {
	cols := w.firstOf[gj+1] - w.firstOf[gj]
	total := block[w.local[i]*cols+w.local[j]]
	if w.halves == nil && w.countryCost == nil {
		return total
	}
	h := 1
	if w.topFirst {
		h = w.groups - gi
	}
	if w.halves != nil {
		// halvesCost, from the places alone.
		var d int32
		if gi == gj {
			d = w.pos[j] - w.pos[i] - w.size[gi]/2
			if d < 0 {
				d = -d
			}
		} else {
			d = w.size[gi] - 1 - w.pos[i] + w.pos[j]
		}
		total = total.Sub(w.halves[h][min(d, maxHalvesCost)])
	}
	if w.countryCost != nil && w.country[i] != 0 && w.country[i] == w.country[j] {
		total = total.Sub(w.countryCost[h])
	}
	return total
}
