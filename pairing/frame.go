package pairing

import (
	"math"
	"sort"
)

// frame is a round as the criteria see it: every player paired in it (the
// bye left out, the players of fixed pairs in), in score groups. The
// criteria that depend on more than the pair itself (halves, the weighting
// by height, the bases of the colour and alternation measures) read the
// frame, so a fixed pair, the engine's pairs and a round entered by hand
// are all priced alike.
type frame struct {
	slots  map[int]slot
	groups int
	// colour[d] is the cost of ending the round at a colour difference d,
	// with colourBase the m of colourCosts.
	colour     []int64
	colourBase int64
	// run[r] is the cost of ending the round at r games of the same
	// colour in a row, with runBase the k of runCosts.
	run     []int64
	runBase int64
	// topFirst weights every cost by the height of the pair's score group.
	topFirst bool
}

// newFrame places players (sorted in place by score, then standings) in
// their score groups.
func newFrame(players []*Player, rules Rules) *frame {
	f := &frame{slots: slotsOf(players), topFirst: rules.TopFirst}
	maxDiff, maxRun := 0, 0
	for _, p := range players {
		s := f.slots[p.ID]
		f.groups = max(f.groups, s.group+1)
		maxDiff = max(maxDiff, abs(s.balance)+1)
		maxRun = max(maxRun, s.run+1)
	}
	heights := 1
	if rules.TopFirst {
		heights = f.groups
	}
	// Where the round's weights would not fit in the bits of an exact
	// matching (thousands of players under BOF's weighting by height, tens
	// of thousands otherwise), smaller bases keep the measures convex
	// rather than refuse the round: alternation's first, as it ranks below
	// colour balance in every ruleset.
	at := make([]slot, 0, len(players))
	for _, p := range players {
		at = append(at, f.slots[p.ID])
	}
	f.colourBase = colourBase(len(players), heights)
	f.runBase = f.colourBase
	for {
		f.colour = colourCosts(f.colourBase, maxDiff)
		f.run = runCosts(f.runBase, maxRun)
		if weightBits(spans(at, rules, f)) <= maxWeightBits {
			return f
		}
		switch {
		case f.runBase > 10:
			f.runBase /= 10
		case f.colourBase > 10:
			f.colourBase /= 10
		default:
			return f
		}
	}
}

// costs stores in dst the costs of a (black if aBlack) against b under
// criteria, weighted by height under BOF's "top of the tournament first".
func (f *frame) costs(a, b *Player, sa, sb slot, aBlack bool, criteria []Criterion, dst []int64) {
	pairCosts(a, b, sa, sb, aBlack, criteria, f.colour, f.run, dst)
	if f.topFirst {
		height := int64(f.groups - min(sa.group, sb.group))
		for k := range dst {
			dst[k] *= height
		}
	}
}

// slotsOf orders players by score, then standings, and places each in
// their score group.
func slotsOf(players []*Player) map[int]slot {
	sort.SliceStable(players, func(i, j int) bool {
		if players[i].Score != players[j].Score {
			return players[i].Score > players[j].Score
		}
		return players[i].Rank < players[j].Rank
	})
	slots := make(map[int]slot, len(players))
	group, start := 0, 0
	for i := 1; i <= len(players); i++ {
		if i == len(players) || players[i].Score != players[start].Score {
			for j := start; j < i; j++ {
				p := players[j]
				last, before, run := p.lastColours()
				slots[p.ID] = slot{group: group, pos: j - start, size: i - start, halfPoints: int(math.Round(2 * p.Score)),
					balance: p.balance(), floatBalance: p.floatBalance(), last: last, before: before, run: run}
			}
			group, start = group+1, i
		}
	}
	return slots
}
