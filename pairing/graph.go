package pairing

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"outflank/matching"
)

// graph is the candidate pairs of one round and how to weigh them. The
// pool is the players left to pair, sorted as in the frame; vertex i of the
// matching is pool[i].
type graph struct {
	pool      []*Player
	frame     *frame
	at        []slot // at[i] is the slot of pool[i]: no map look-up on the hot path
	rules     Rules
	groups    int
	forbidden map[[2]int]bool
	edges     []matching.Edge
	// next[i] lists the vertices j > i paired with i in the graph (degrees
	// are small: a scan beats a map).
	next    [][]int32
	scratch [2][]int64
	bases   []matching.Weight
	// window: when complete, every allowed pair of score groups at most
	// window apart is in the graph; otherwise the graph starts sparse.
	window   int
	complete bool
	starts   []int // starts[g] is the first vertex of score group g; starts[groups] = len(pool)
	weigher  *weigher
	// fullWeights has pricing weigh every pair in full (tests compare).
	fullWeights bool
}

// buildGraph lists the pairs the rules allow between players whose score
// groups are at most window apart, with their lexicographic weights. With
// sparse set it starts from a few likely partners per player instead (see
// addLikely); pricing then adds whatever else could improve the matching.
func buildGraph(pool []*Player, fr *frame, rules Rules, window int, forbidden map[[2]int]bool, sparse bool) (*graph, error) {
	groups := fr.groups
	g := &graph{pool: pool, frame: fr, rules: rules, groups: groups, forbidden: forbidden, window: window, complete: !sparse}
	n := len(rules.Criteria)
	g.scratch = [2][]int64{make([]int64, n), make([]int64, n)}
	g.at = make([]slot, len(pool))
	for i, p := range pool {
		g.at[i] = fr.slots[p.ID]
	}
	// A score group all of whose players are in fixed pairs has no vertex:
	// its range is empty.
	g.starts = make([]int, groups+1)
	g.starts[groups] = len(pool)
	k := len(pool)
	for gr := groups - 1; gr >= 0; gr-- {
		for k > 0 && g.at[k-1].group >= gr {
			k--
		}
		g.starts[gr] = k
	}
	if err := g.encodeBases(spans(g.at, rules, fr)); err != nil {
		return nil, err
	}
	g.weigher = newWeigher(g)
	g.next = make([][]int32, len(pool))
	if sparse {
		g.addLikely()
		return g, nil
	}
	for i := range pool {
		for j := i + 1; j < len(pool) && g.at[j].group-g.at[i].group <= window; j++ {
			g.addNew(i, j)
		}
	}
	return g, nil
}

// likelyPartners is how many neighbours in the standings, and how many
// players of each colour class around the ideal partner, each player starts
// with in a sparse graph.
const likelyPartners = 3

// farPartners is how many players of each colour class of their own group,
// and farNext of each class of the next group down, each player starts
// with besides the likely ones, drawn from anywhere in the class. Halves
// is capped (maxHalvesCost): beyond that distance from the ideal, every
// partner of a class costs the same, and the optimum pairs some players
// with one of many such equal partners. Without any in the graph, the
// first duals price tens of thousands of them in (20,000 at a round of
// 5,000 players), over several solves; with a few per class, the first
// solve already weighs them (measured on rounds of 1,000 and 5,000
// players: 4 and 2 were the fastest of the counts tried, 0 to 12).
const (
	farPartners = 4
	farNext     = 2
)

// colourClass groups players whose colour and float costs against anyone
// are the same: their last two colours and run of the last, colour
// balance and float balance.
func colourClass(s slot) [5]int {
	return [5]int{int(s.last), int(s.before), max(-2, min(2, s.balance)), max(-2, min(2, s.floatBalance)), s.run}
}

// sortedClasses returns the classes in a fixed order: edges must go in in
// the same order every time, or ties between equal pairings would be broken
// differently from one run to the next.
func sortedClasses(classes map[[5]int][]int) [][5]int {
	keys := make([][5]int, 0, len(classes))
	for k := range classes {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [5]int) int { return slices.Compare(a[:], b[:]) })
	return keys
}

// addLikely starts a sparse graph. Among equal scores the colour criteria
// come before the "top half against bottom half" order, so a player's best
// partner is, in each colour class, the one nearest the ideal position just
// below the middle of the group (BOF Swiss system 6). Each player gets
// those, for every class of the group, a few far partners (see
// farPartners), and the next players in the standings (which reach the
// top of the next group); pricing adds anything else that could improve
// the matching.
func (g *graph) addLikely() {
	var candidates []int
	classes := make([]map[[5]int][]int, g.groups)
	keys := make([][][5]int, g.groups)
	for gr := range g.groups {
		classes[gr] = map[[5]int][]int{}
		for i := g.starts[gr]; i < g.starts[gr+1]; i++ {
			c := colourClass(g.at[i])
			classes[gr][c] = append(classes[gr][c], i)
		}
		keys[gr] = sortedClasses(classes[gr])
	}
	// far draws a partner from members for vertex i, the same on every
	// run: a pairing must not depend on anything but its input.
	far := func(i, f int, members []int) int {
		h := (uint64(i)*0x9E3779B97F4A7C15 + uint64(f)*0xBF58476D1CE4E5B9) >> 33
		return members[h%uint64(len(members))]
	}
	for gr := range g.groups {
		for i := g.starts[gr]; i < g.starts[gr+1]; i++ {
			s := g.at[i]
			// The ideal partner's place in the group (players of fixed
			// pairs keep theirs, without a vertex).
			ideal := (s.pos + s.size/2) % s.size
			candidates = candidates[:0]
			for _, c := range keys[gr] {
				members := classes[gr][c]
				// members are in standings order: find the ideal's place.
				k, _ := slices.BinarySearchFunc(members, ideal, func(m, pos int) int { return g.at[m].pos - pos })
				for m := max(0, k-likelyPartners/2-1); m < min(len(members), k+likelyPartners/2+1); m++ {
					if j := members[m]; j != i {
						candidates = append(candidates, j)
					}
				}
				for f := range farPartners {
					if j := far(i, f, members); j != i {
						candidates = append(candidates, j)
					}
				}
			}
			// Nearest the ideal first: the matching's warm start takes
			// tight pairs in the order they come.
			slices.SortStableFunc(candidates, func(a, b int) int { return abs(g.at[a].pos-ideal) - abs(g.at[b].pos-ideal) })
			if gr+1 < g.groups {
				for _, c := range keys[gr+1] {
					for f := range farNext {
						candidates = append(candidates, far(i, f+7, classes[gr+1][c]))
					}
				}
			}
			for _, j := range candidates {
				g.add(min(i, j), max(i, j))
			}
		}
	}
	for i := range g.pool {
		for j := i + 1; j <= i+2*likelyPartners && j < len(g.pool); j++ {
			g.add(i, j)
		}
	}
}

// allowed reports whether the rules let i and j meet this round.
func (g *graph) allowed(i, j int) bool {
	a, b := g.pool[i], g.pool[j]
	return a.Met[b.ID] < g.rules.MaxMeetings && !g.forbidden[[2]int{a.ID, b.ID}]
}

// add puts the pair (i, j), i < j, in the graph if the rules allow it and
// it is not there yet, and reports whether it did.
func (g *graph) add(i, j int) bool {
	if slices.Contains(g.next[i], int32(j)) {
		return false
	}
	return g.addNew(i, j)
}

// addNew is add for a pair known not to be in the graph yet (i < j).
func (g *graph) addNew(i, j int) bool {
	var w matching.Weight
	if slices.Contains(g.weigher.special[i], int32(j)) {
		if !g.allowed(i, j) {
			return false
		}
		costs, _ := g.costs(i, j)
		w = g.weight(costs).Neg()
	} else {
		gi, gj := g.at[i].group, g.at[j].group
		w = g.weigher.weight(g.weigher.prepare(g, gi, gj), gi, gj, i, j)
	}
	g.next[i] = append(g.next[i], int32(j))
	g.edges = append(g.edges, matching.Edge{U: i, V: j, W: w})
	return true
}

// spans bounds each criterion's total over the round, for every pairing
// of the players at (their slots in frame f), whether its pairs are in the
// graph or not, so the encoding stays lexicographic when pairs left out are
// priced or added later. Most criteria are bounded pair by pair; colour
// balance and alternation player by player, as their costs are large for
// the few players far from even or with a run of one colour, and small or
// 0 for most.
func spans(at []slot, rules Rules, f *frame) []*big.Int {
	hi, lo, floats := 0, 1<<30, 0
	var colour, run int64
	for _, s := range at {
		hi, lo = max(hi, s.halfPoints), min(lo, s.halfPoints)
		colour += f.colour[abs(s.balance)+1]
		run += f.run[s.run+1]
		floats = max(floats, abs(s.floatBalance))
	}
	pairs := int64(len(at)/2 + 1)
	spans := make([]*big.Int, len(rules.Criteria))
	for k, c := range rules.Criteria {
		var bound int64 // per pair, or for colour balance over the round
		switch c {
		case Score:
			bound = int64((hi - lo) * (hi - lo))
		case Rematch:
			bound = int64(max(rules.MaxMeetings-1, 0))
		case Floats:
			bound = int64(2 * (floats + 1))
		case ThreeInARow:
			bound = 2
		case SameCountry:
			bound = 1
		case Halves:
			bound = maxHalvesCost
		}
		spans[k] = new(big.Int).Mul(big.NewInt(pairs), big.NewInt(bound))
		switch c {
		case ColourBalance:
			spans[k].SetInt64(colour)
		case Alternation:
			spans[k].SetInt64(run)
		}
		if rules.TopFirst {
			spans[k].Mul(spans[k], big.NewInt(int64(f.groups)))
		}
	}
	return spans
}

// maxWeightBits is the most bits the criteria may take in a matching's
// 128-bit weights, leaving room for the sums and doublings of the matching
// and of pricing.
const maxWeightBits = 120

// weightBits returns the bits the lexicographic bases of spans need.
func weightBits(spans []*big.Int) int {
	base := big.NewInt(1)
	for _, s := range spans {
		base.Mul(base, new(big.Int).Add(s, big.NewInt(1)))
	}
	return base.BitLen()
}

// costs returns the pair's costs with its better colour assignment, and
// whether i should have black (ties: i black; solve breaks them at random).
func (g *graph) costs(i, j int) ([]int64, bool) { return g.costsInto(i, j, g.scratch) }

// costsInto is costs with the caller's scratch space (for concurrent use).
func (g *graph) costsInto(i, j int, scratch [2][]int64) ([]int64, bool) {
	a, b := g.pool[i], g.pool[j]
	sa, sb := g.at[i], g.at[j]
	var best []int64
	var iBlack bool
	switch g.rules.forcedColour(a, b) {
	case Black:
		g.frame.costs(a, b, sa, sb, true, g.rules.Criteria, scratch[0])
		best, iBlack = scratch[0], true
	case White:
		g.frame.costs(a, b, sa, sb, false, g.rules.Criteria, scratch[1])
		best, iBlack = scratch[1], false
	default:
		g.frame.costs(a, b, sa, sb, true, g.rules.Criteria, scratch[0])
		g.frame.costs(a, b, sa, sb, false, g.rules.Criteria, scratch[1])
		best, iBlack = scratch[0], true
		if slices.Compare(scratch[1], scratch[0]) < 0 {
			best, iBlack = scratch[1], false
		}
	}
	return best, iBlack
}

// encodeBases gives each criterion a base larger than the largest total
// all the criteria below it can reach over the round, so that the weights
// compare lexicographically. A tournament so large (in players and rounds)
// that they do not fit in 120 bits is refused rather than paired inexactly.
func (g *graph) encodeBases(spans []*big.Int) error {
	n := len(g.rules.Criteria)
	g.bases = make([]matching.Weight, n)
	// The bases are products of (span + 1): each criterion's total over
	// the round stays below the base of the one above.
	base := big.NewInt(1)
	for k := n - 1; k >= 0; k-- {
		g.bases[k] = matching.FromBig(base)
		base.Mul(base, new(big.Int).Add(spans[k], big.NewInt(1)))
	}
	if base.BitLen() > maxWeightBits {
		return fmt.Errorf("pairing: %d players' costs under %d criteria need %d bits, more than the %d an exact pairing can use", len(g.pool), n, base.BitLen(), maxWeightBits)
	}
	return nil
}

func (g *graph) weight(costs []int64) matching.Weight {
	var w matching.Weight
	for k, c := range costs {
		w = w.Add(g.bases[k].MulUint64(uint64(c)))
	}
	return w
}

// warmStart has each matching after the first start from the one before
// (matching.Perfect.Resolve); tests turn it off to compare.
var warmStart = true

// solve finds the best perfect matching over every pair the rules allow:
// it matches the graph, prices the pairs left out, adds any that could
// improve the matching and matches again, until the duals prove the
// matching optimal. It reports false when the graph has no perfect
// matching (the caller widens the window). Colours go by the colour
// criteria, then at random (seeded).
func (g *graph) solve(rng *rand.Rand) ([]Pairing, bool) {
	var p *matching.Perfect
	for {
		var ok bool
		if p == nil || !warmStart {
			p, ok = matching.SolvePerfect(len(g.pool), g.edges)
		} else {
			// From the matching and duals before the pairs just added:
			// only what they change is matched again.
			p, ok = p.Resolve(g.edges)
		}
		if !ok {
			return nil, false
		}
		added := 0
		for _, pair := range g.price(p) {
			if g.add(pair[0], pair[1]) {
				added++
			}
		}
		// No new pair can improve the matching: it is optimal. (A pair
		// priced as improving is never one already in the graph, whose
		// slack is >= 0 at the optimum; the count guards against looping
		// should that ever fail.)
		if added == 0 {
			break
		}
	}
	var pairings []Pairing
	for i, j := range p.Mate {
		if i > j {
			continue
		}
		a, b := g.pool[i], g.pool[j]
		sa, sb := g.at[i], g.at[j]
		g.frame.costs(a, b, sa, sb, true, g.rules.Criteria, g.scratch[0])
		g.frame.costs(a, b, sa, sb, false, g.rules.Criteria, g.scratch[1])
		cmp := slices.Compare(g.scratch[0], g.scratch[1])
		iBlack := cmp < 0 || (cmp == 0 && rng.IntN(2) == 0)
		if forced := g.rules.forcedColour(a, b); forced != NoColour {
			iBlack = forced == Black
		}
		costs, _ := g.costs(i, j)
		pr := Pairing{Pair: Pair{Black: a.ID, White: b.ID}, Costs: slices.Clone(costs)}
		if !iBlack {
			pr.Pair = Pair{Black: b.ID, White: a.ID}
		}
		pairings = append(pairings, pr)
	}
	return pairings, true
}
