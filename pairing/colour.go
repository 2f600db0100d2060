package pairing

import "math"

// colourCostLimit is where the costs of colourCosts stop multiplying, at a
// difference no real event reaches (7 with M = 10,000, 10 with M = 100),
// well below where an int64 would overflow.
const colourCostLimit = 1 << 55

// colourBase returns the M of colourCosts, and the k of runCosts, for a
// round of players players whose costs are weighted by at most heights
// (the number of score groups under BOF's "top of the tournament first",
// else 1): the smallest power of ten above players x heights.
func colourBase(players, heights int) int64 {
	m := int64(10)
	for m <= int64(players)*int64(max(heights, 1)) {
		m *= 10
	}
	return m
}

// colourCosts returns what the ColourBalance criterion charges a player for
// ending the round at each colour difference |blacks - whites| from 0 to
// maxDiff.
//
// WOC II.7.2 d asks that each player's difference be minimal ("the
// difference should be minimal"). A difference of 0 or 1 costs nothing
// (after an odd number of games 1 is the least there is); 2 costs 1, 3 costs
// m, 4 costs m², and so on. The measure is convex, and with m from
// colourBase steep: all the players of the round at a difference of d weigh
// less than one player at d + 1, so the pairing with the fewest players at
// the largest difference wins, then at the next one, and so on (no player is
// left at 3 where a pairing as good on the criteria above colour balance
// avoids it). A round's total reads in base m: with m = 100, 10203 is one
// player at 4, two at 3 and three at 2.
//
// Beyond colourCostLimit the costs grow by their last step, convex still,
// and stop at the largest int64 rather than overflow.
func colourCosts(m int64, maxDiff int) []int64 {
	costs := make([]int64, max(maxDiff, 2)+1)
	level, growing := int64(1), true
	for d := 2; d < len(costs); d++ {
		if !growing {
			step := costs[d-1] - costs[d-2]
			costs[d] = costs[d-1] + min(step, math.MaxInt64-costs[d-1])
			continue
		}
		costs[d] = level
		if growing = level <= colourCostLimit/m; growing {
			level *= m
		}
	}
	return costs
}

// runCosts returns what the Alternation criterion charges a player for
// ending the round at each run of r games of the same colour in a row, r
// from 0 to maxRun.
//
// WOC II.7.2 f asks that "players should alternate colours from round to
// round": every game of the colour of the one before breaks it, and a third
// in a row breaks it twice running. The measure has colour balance's shape
// (colourCosts): a run of 1 costs nothing, 2 costs 1, 3 costs k, 4 costs
// k², and so on, with k from colourBase, above the number of players times
// the heights: one player given a third same colour in a row weighs more
// than all the players of the round given a second, so the pairing gives
// the fewest players a third in a row of those equal on the criteria above
// alternation, and then the fewest a second. A round's total reads in base
// k: with k = 100, 203 is two players given a third in a row and three a
// second.
func runCosts(k int64, maxRun int) []int64 { return colourCosts(k, maxRun) }
