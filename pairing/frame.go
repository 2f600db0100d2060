package pairing

import (
	"math"
	"sort"
)

// frame is a round as the criteria see it: every player paired in it (the
// bye left out, the players of fixed pairs in), in score groups. The
// criteria that depend on more than the pair itself (halves, the weighting
// by height, the colour measure's base) read the frame, so a fixed pair,
// the engine's pairs and a round entered by hand are all priced alike.
type frame struct {
	slots  map[int]slot
	groups int
	// colour[d] is the cost of ending the round at a colour difference d,
	// with colourBase the m of colourCosts.
	colour     []int64
	colourBase int64
	// topFirst weights every cost by the height of the pair's score group.
	topFirst bool
}

// newFrame places players (sorted in place by score, then standings) in
// their score groups.
func newFrame(players []*Player, rules Rules) *frame {
	f := &frame{slots: slotsOf(players), topFirst: rules.TopFirst}
	maxDiff := 0
	for _, p := range players {
		s := f.slots[p.ID]
		f.groups = max(f.groups, s.group+1)
		maxDiff = max(maxDiff, abs(s.balance)+1)
	}
	heights := 1
	if rules.TopFirst {
		heights = f.groups
	}
	// Where the round's weights would not fit in the bits of an exact
	// matching (tens of thousands of players), a smaller base keeps the
	// measure convex rather than refuse the round.
	at := make([]slot, 0, len(players))
	for _, p := range players {
		at = append(at, f.slots[p.ID])
	}
	for f.colourBase = colourBase(len(players), heights); ; f.colourBase /= 10 {
		f.colour = colourCosts(f.colourBase, maxDiff)
		if f.colourBase == 10 || weightBits(spans(at, rules, f)) <= maxWeightBits {
			return f
		}
	}
}

// costs stores in dst the costs of a (black if aBlack) against b under
// criteria, weighted by height under BOF's "top of the tournament first".
func (f *frame) costs(a, b *Player, sa, sb slot, aBlack bool, criteria []Criterion, dst []int64) {
	pairCosts(a, b, sa, sb, aBlack, criteria, f.colour, dst)
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
				last, before := p.lastColours()
				slots[p.ID] = slot{group: group, pos: j - start, size: i - start, halfPoints: int(math.Round(2 * p.Score)),
					balance: p.balance(), floatBalance: p.floatBalance(), last: last, before: before}
			}
			group, start = group+1, i
		}
	}
	return slots
}
