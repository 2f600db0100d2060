package pairing

import (
	"runtime"
	"slices"
	"sync"

	"outflank/matching"
)

// price looks for pairs left out of the graph that could improve the
// matching p: those with a negative reduced cost under its optimal duals.
// When there are none, p is optimal over every pair the rules allow (LP
// duality), and the restriction to neighbouring score groups lost nothing.
//
// Pairs are priced a block at a time: between two score groups every pair
// costs at least the squared score difference, which bounds its weight, so
// one comparison with the groups' smallest Floor clears the whole block.
// It returns, for each player, at most improvingPerPlayer of the pairs
// with the most negative slack: enough to move the matching on, few enough
// to keep the graph sparse (column generation).
func (g *graph) price(p *matching.Perfect) [][2]int {
	floors := make([]matching.Weight, len(g.pool))
	for i := range floors {
		floors[i] = p.Floor(i)
	}
	blocks := g.blocksToPrice(floors)
	// The rows of the blocks are shared out among the cores, row i to
	// worker i % workers; each keeps its own best pairs, merged at the end.
	// Improving pairs are ordered totally (improvingPair.before), so the
	// result does not depend on the number of workers: a pairing is the
	// same on every machine.
	workers := max(1, min(runtime.GOMAXPROCS(0), len(g.pool)/200))
	weights := make([][]matching.Weight, len(blocks))
	for k, b := range blocks {
		weights[k] = g.weigher.prepare(g, b.gi, b.gj)
	}
	sets := make([]*improvingSet, workers)
	var wg sync.WaitGroup
	for w := range workers {
		sets[w] = newImprovingSet(len(g.pool))
		wg.Go(func() {
			g.priceRows(p, floors, blocks, weights, w, workers, sets[w])
		})
	}
	wg.Wait()
	for _, s := range sets[1:] {
		for i, list := range s.best {
			for _, pair := range list {
				sets[0].keep(i, pair.other, pair.slack)
			}
		}
	}
	return sets[0].pairs()
}

// blocksToPrice returns the blocks left out of the graph where some pair
// may have a negative slack, given each player's Floor.
func (g *graph) blocksToPrice(floors []matching.Weight) []block {
	floorMin := make([]matching.Weight, g.groups)
	for gr := range g.groups {
		for i := g.starts[gr]; i < g.starts[gr+1]; i++ {
			if f := floors[i]; i == g.starts[gr] || f.Less(floorMin[gr]) {
				floorMin[gr] = f
			}
		}
	}
	var blocks []block
	for gi := range g.groups {
		for gj := gi; gj < g.groups; gj++ {
			if g.blockInGraph(gi, gj) || g.starts[gi] == g.starts[gi+1] || g.starts[gj] == g.starts[gj+1] {
				continue // in the graph already, or a group without vertices
			}
			bound := g.weightBound(gi, gj)
			if !floorMin[gi].Add(floorMin[gj]).Sub(bound.Double().Double()).Less(matching.Weight{}) {
				continue // no pair of this block can have a negative slack
			}
			blocks = append(blocks, block{gi, gj})
		}
	}
	return blocks
}

// block is a pair of score groups whose pairs must be priced one by one.
type block struct{ gi, gj int }

// priceRows prices, in every block, the rows i with i % workers == w.
// floors[i] is p.Floor(i): Floor(i) + Floor(j) - 4w is the slack of (i, j)
// but for the duals of blossoms holding both (p.Held), which only add to
// it, so those are needed only when that is negative. weights[k] holds the
// profile weights of blocks[k] (weigher.prepare).
func (g *graph) priceRows(p *matching.Perfect, floors []matching.Weight, blocks []block, weights [][]matching.Weight, w, workers int, found *improvingSet) {
	scratch := [2][]int64{make([]int64, len(g.rules.Criteria)), make([]int64, len(g.rules.Criteria))}
	// special[j] == i+1 while row i is priced: (i, j) have met or are kept
	// apart, and are weighed in full.
	special := make([]int32, len(g.pool))
	for k, b := range blocks {
		for i := g.starts[b.gi] + w; i < g.starts[b.gi+1]; i += workers {
			for _, j := range g.weigher.special[i] {
				special[j] = int32(i + 1)
			}
			for j := max(i+1, g.starts[b.gj]); j < g.starts[b.gj+1]; j++ {
				var weight matching.Weight
				if special[j] == int32(i+1) || g.fullWeights {
					var ok bool
					if weight, ok = g.pairWeight(i, j, scratch); !ok {
						continue
					}
				} else {
					weight = g.weigher.weight(weights[k], b.gi, b.gj, i, j)
				}
				// The slack is this, plus the duals of the blossoms holding
				// both, which only add to it: the outermost one's first,
				// cheap to find, which clears most pairs.
				if slack := floors[i].Add(floors[j]).Sub(weight.Double().Double()); slack.Sign() < 0 {
					if slack.Add(p.OuterHeld(i, j)).Sign() >= 0 {
						continue
					}
					if slack = slack.Add(p.Held(i, j)); slack.Sign() < 0 {
						found.offer(i, j, slack)
					}
				}
			}
		}
	}
}

// pairWeight returns the weight of the pair (i, j), in full, and false if
// the rules do not let them meet.
func (g *graph) pairWeight(i, j int, scratch [2][]int64) (matching.Weight, bool) {
	if !g.allowed(i, j) {
		return matching.Weight{}, false
	}
	costs, _ := g.costsInto(i, j, scratch)
	return g.weight(costs).Neg(), true
}

// blockInGraph reports whether every allowed pair between score groups gi
// and gj is already in the graph (a complete graph, groups within the window).
func (g *graph) blockInGraph(gi, gj int) bool {
	return g.complete && gj-gi <= g.window
}

// weightBound is the largest weight a pair between groups gi and gj can
// have: minus its score cost, when Score is the first criterion.
func (g *graph) weightBound(gi, gj int) matching.Weight {
	if len(g.rules.Criteria) == 0 || g.rules.Criteria[0] != Score {
		return matching.Weight{}
	}
	d := int64(g.at[g.starts[gi]].halfPoints - g.at[g.starts[gj]].halfPoints)
	cost := d * d
	if g.rules.TopFirst {
		cost *= int64(g.groups - gi)
	}
	return g.bases[0].MulUint64(uint64(cost)).Neg()
}

// improvingPerPlayer bounds the pairs priced in for one player per round.
const improvingPerPlayer = 5

// improvingSet keeps, for each player, the pairs with the most negative slack.
type improvingSet struct {
	best [][]improvingPair
}

type improvingPair struct {
	other int
	slack matching.Weight
}

func newImprovingSet(n int) *improvingSet { return &improvingSet{best: make([][]improvingPair, n)} }

func (s *improvingSet) offer(i, j int, slack matching.Weight) {
	s.keep(i, j, slack)
	s.keep(j, i, slack)
}

func (s *improvingSet) keep(i, j int, slack matching.Weight) {
	list := s.best[i]
	if len(list) < improvingPerPlayer {
		s.best[i] = append(list, improvingPair{j, slack})
		return
	}
	worst := 0
	for k := range list {
		if list[worst].before(list[k]) {
			worst = k
		}
	}
	if (improvingPair{j, slack}).before(list[worst]) {
		list[worst] = improvingPair{j, slack}
	}
}

// before orders improving pairs by slack, then by the other player's
// vertex: a total order, so the pairs kept are the same whatever order
// they are offered in, and so whatever the number of workers pricing.
func (a improvingPair) before(b improvingPair) bool {
	if a.slack != b.slack {
		return a.slack.Less(b.slack)
	}
	return a.other < b.other
}

// pairs returns the kept pairs, each once, as (smaller, larger) vertex,
// in vertex order: the same list whatever order they were offered in.
func (s *improvingSet) pairs() [][2]int {
	seen := map[[2]int]bool{}
	var out [][2]int
	for i, list := range s.best {
		for _, p := range list {
			key := [2]int{min(i, p.other), max(i, p.other)}
			if !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return out
}
