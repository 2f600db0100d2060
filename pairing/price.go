package pairing

import (
	"math"
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
	g.weights.prepare(g, blocks, workers)
	sets := make([]*improvingSet, workers)
	var wg sync.WaitGroup
	for w := range workers {
		sets[w] = newImprovingSet(len(g.pool))
		wg.Go(func() {
			g.priceRows(p, floors, blocks, w, workers, sets[w])
		})
	}
	wg.Wait()
	g.weights.done()
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

// priceRows prices, in every block, the rows i with i % workers == w,
// taking the weights from the cache when an earlier pass has put them
// there. floors[i] is p.Floor(i): Floor(i) + Floor(j) - 4w is the slack of
// (i, j) but for the duals of blossoms holding both, which only add to it,
// so p.Slack is needed only when that is negative.
func (g *graph) priceRows(p *matching.Perfect, floors []matching.Weight, blocks []block, w, workers int, found *improvingSet) {
	scratch := [2][]int64{make([]int64, len(g.rules.Criteria)), make([]int64, len(g.rules.Criteria))}
	table := g.weights.table(w)
	for _, b := range blocks {
		bw := g.weights.block(b)
		for i := g.starts[b.gi] + w; i < g.starts[b.gi+1]; i += workers {
			first := max(i+1, g.starts[b.gj])
			row := bw.row(g, b, i)
			for j := first; j < g.starts[b.gj+1]; j++ {
				var weight matching.Weight
				if bw != nil && bw.filled { // weighed in an earlier pass
					if row[j-first] == notAllowed {
						continue
					}
					weight = table.weights[row[j-first]]
				} else {
					var ok bool
					weight, ok = g.pairWeight(i, j, scratch)
					if row != nil {
						row[j-first] = table.remember(weight, ok)
					}
					if !ok {
						continue
					}
				}
				if floors[i].Add(floors[j]).Sub(weight.Double().Double()).Sign() < 0 {
					if slack := p.Slack(i, j, weight); slack.Sign() < 0 {
						found.offer(i, j, slack)
					}
				}
			}
		}
	}
}

// pairWeight returns the weight of the pair (i, j), and false if the
// rules do not let them meet. Pairs already in the graph have a slack >= 0
// at the optimum, so pricing needs no look-up to leave them out.
func (g *graph) pairWeight(i, j int, scratch [2][]int64) (matching.Weight, bool) {
	if !g.allowed(i, j) {
		return matching.Weight{}, false
	}
	costs, _ := g.costsInto(i, j, scratch)
	return g.weight(costs).Neg(), true
}

// weightCache keeps the weights of the pairs priced in a round. Solve
// prices the same blocks five times or so, under different duals; the
// weights stay the same, and working them out again from the costs was
// most of the pricing. A pair takes two bytes: the index of its weight in
// a table of the distinct weights (a few thousand at most: the costs are
// small numbers). Each worker has its own table, for the rows it prices:
// the same rows in every pass, as long as the number of workers does not
// change.
type weightCache struct {
	workers  int
	blocks   map[block]*blockWeights
	tables   []weightTable
	disabled bool // a table overflowed: pairs are weighed every time
}

// notAllowed marks a pair the rules do not allow in blockWeights.
const notAllowed = math.MaxUint16

// blockWeights holds the weights of a block's pairs, row after row.
type blockWeights struct {
	start  []int    // start[r] is where row starts[gi] + r begins in pairs
	pairs  []uint16 // an index in the table of the row's worker, or notAllowed
	filled bool     // the pairs are known (else this pass works them out)
}

// weightTable is a worker's list of distinct weights.
type weightTable struct {
	weights  []matching.Weight
	index    map[matching.Weight]uint16
	overflow bool
}

// prepare makes room for the blocks not yet weighed, before the workers
// start (they only write to their own rows).
func (c *weightCache) prepare(g *graph, blocks []block, workers int) {
	if c.disabled {
		return
	}
	if c.workers != workers {
		*c = weightCache{workers: workers, blocks: map[block]*blockWeights{}, tables: make([]weightTable, workers)}
	}
	for _, b := range blocks {
		if c.blocks[b] == nil {
			c.blocks[b] = newBlockWeights(g, b)
		}
	}
}

// newBlockWeights makes room for the pairs of block b.
func newBlockWeights(g *graph, b block) *blockWeights {
	rows := g.starts[b.gi+1] - g.starts[b.gi]
	bw := &blockWeights{start: make([]int, rows+1)}
	for r := range rows {
		i := g.starts[b.gi] + r
		bw.start[r+1] = bw.start[r] + g.starts[b.gj+1] - max(i+1, g.starts[b.gj])
	}
	bw.pairs = make([]uint16, bw.start[rows])
	return bw
}

// done marks the blocks of the pass as known, or gives the cache up if a
// table overflowed.
func (c *weightCache) done() {
	if c.disabled {
		return
	}
	for _, t := range c.tables {
		if t.overflow {
			*c = weightCache{disabled: true}
			return
		}
	}
	for _, bw := range c.blocks {
		bw.filled = true
	}
}

// block returns the weights of block b, or nil without a cache.
func (c *weightCache) block(b block) *blockWeights {
	if c.disabled {
		return nil
	}
	return c.blocks[b]
}

// table returns worker w's table, or nil without a cache.
func (c *weightCache) table(w int) *weightTable {
	if c.disabled {
		return nil
	}
	return &c.tables[w]
}

// row returns the pairs of row i of block b, from j = max(i+1, starts[gj]).
func (bw *blockWeights) row(g *graph, b block, i int) []uint16 {
	if bw == nil {
		return nil
	}
	r := i - g.starts[b.gi]
	return bw.pairs[bw.start[r]:bw.start[r+1]]
}

// remember returns the index of weight in t (notAllowed if !allowed),
// adding it if it is new.
func (t *weightTable) remember(weight matching.Weight, allowed bool) uint16 {
	if !allowed {
		return notAllowed
	}
	if k, ok := t.index[weight]; ok {
		return k
	}
	if len(t.weights) >= notAllowed {
		t.overflow = true
		return notAllowed
	}
	if t.index == nil {
		t.index = map[matching.Weight]uint16{}
	}
	t.index[weight] = uint16(len(t.weights))
	t.weights = append(t.weights, weight)
	return uint16(len(t.weights) - 1)
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
