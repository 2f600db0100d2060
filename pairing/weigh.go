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
// last two colours and float balance (and, under TopFirst, the height of
// the pair, a function of the groups). Which colours the pair gets does not
// depend on those three either: they cost the same either way round. So
// the weight of each pair of profiles is worked out once per round, with
// its better colour assignment, and a pair's own Halves and SameCountry
// costs are added to it (weights are linear in the costs). Pairs who have
// met before (Rematch, and EGP's reversed colours for a pair meeting again)
// or whom the director keeps apart are few, and weighed in full.
type weigher struct {
	profile []int32 // vertex -> its profile; a group's profiles are consecutive
	firstOf []int32 // group -> its first profile; firstOf[groups] = profiles
	slot    []slot  // profile -> a slot with that profile (pos and size not used)
	// blocks[gi*groups+gj] (gi <= gj): the weights of the pairs of profiles
	// of groups gi and gj, row by gi's profile, nil until needed.
	blocks [][]matching.Weight
	groups int
	// The bases of Halves and SameCountry times the pair's costs, k < 0
	// when the ruleset does not have the criterion.
	halves, country int
	// special[i] lists the vertices i has met or may not meet (the
	// forbidden pairs): only those pairs need the full weighing.
	special [][]int32
}

// newWeigher sorts the players of graph g into profiles.
func newWeigher(g *graph) *weigher {
	w := &weigher{groups: g.groups, halves: slices.Index(g.rules.Criteria, Halves), country: slices.Index(g.rules.Criteria, SameCountry)}
	type key struct {
		group, balance, floatBalance int
		last, before                 Colour
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
		k := key{s.group, s.balance, s.floatBalance, s.last, s.before}
		p, ok := index[k]
		if !ok {
			p = int32(len(w.slot))
			index[k] = p
			w.slot = append(w.slot, s)
		}
		w.profile[i] = p
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

// profileWeight is the weight (not negated) of a pair of players with
// slots sa and sb who have not met, but for their Halves and SameCountry
// costs.
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
	return g.weight(costs)
}

// weight returns the weight of the pair (i, j), i < j, in the graph's sign
// (minus the lexicographic cost), given the weights of its block from
// prepare; special pairs (marked by the caller) are weighed in full.
func (w *weigher) weight(g *graph, block []matching.Weight, gi, gj, i, j int) matching.Weight {
	cols := int(w.firstOf[gj+1] - w.firstOf[gj])
	pi, pj := int(w.profile[i]-w.firstOf[gi]), int(w.profile[j]-w.firstOf[gj])
	total := block[pi*cols+pj]
	sa, sb := g.at[i], g.at[j]
	height := uint64(1)
	if g.rules.TopFirst {
		height = uint64(g.groups - min(sa.group, sb.group))
	}
	if w.halves >= 0 {
		total = total.Add(g.bases[w.halves].MulUint64(uint64(halvesCost(sa, sb)) * height))
	}
	if w.country >= 0 {
		if c := g.pool[i].Country; c != "" && c == g.pool[j].Country {
			total = total.Add(g.bases[w.country].MulUint64(height))
		}
	}
	return total.Neg()
}
