package pairing

import (
	"runtime"
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
	floorMin := make([]matching.Weight, g.groups)
	for gr := range g.groups {
		for i := g.starts[gr]; i < g.starts[gr+1]; i++ {
			if f := p.Floor(i); i == g.starts[gr] || f.Less(floorMin[gr]) {
				floorMin[gr] = f
			}
		}
	}
	// The blocks are shared out among the cores; each keeps its own best
	// pairs, merged at the end.
	var blocks []block
	for gi := range g.groups {
		for gj := gi; gj < g.groups; gj++ {
			if g.blockInGraph(gi, gj) {
				continue
			}
			bound := g.weightBound(gi, gj)
			if !floorMin[gi].Add(floorMin[gj]).Sub(bound.Double().Double()).Less(matching.Weight{}) {
				continue // no pair of this block can have a negative slack
			}
			blocks = append(blocks, block{gi, gj})
		}
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), len(g.pool)/200))
	sets := make([]*improvingSet, workers)
	var wg sync.WaitGroup
	for w := range workers {
		sets[w] = newImprovingSet(len(g.pool))
		wg.Go(func() {
			g.priceRows(p, blocks, w, workers, sets[w])
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

// block is a pair of score groups whose pairs must be priced one by one.
type block struct{ gi, gj int }

// priceRows prices, in every block, the rows i with i % workers == w.
func (g *graph) priceRows(p *matching.Perfect, blocks []block, w, workers int, found *improvingSet) {
	scratch := [2][]int64{make([]int64, len(g.rules.Criteria)), make([]int64, len(g.rules.Criteria))}
	for _, b := range blocks {
		for i := g.starts[b.gi] + w; i < g.starts[b.gi+1]; i += workers {
			for j := max(i+1, g.starts[b.gj]); j < g.starts[b.gj+1]; j++ {
				// Pairs already in the graph have a slack >= 0 at the
				// optimum, so they need no look-up here.
				if !g.allowed(i, j) {
					continue
				}
				costs, _ := g.costsInto(i, j, scratch)
				if slack := p.Slack(i, j, g.weight(costs).Neg()); slack.Sign() < 0 {
					found.offer(i, j, slack)
				}
			}
		}
	}
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
		if list[worst].slack.Less(list[k].slack) {
			worst = k
		}
	}
	if slack.Less(list[worst].slack) {
		list[worst] = improvingPair{j, slack}
	}
}

// pairs returns the kept pairs, each once, as (smaller, larger) vertex.
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
	return out
}
