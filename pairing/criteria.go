package pairing

// Criterion is one priority of a Swiss ruleset. Each gives a pair of
// players a cost (lower is better); a ruleset lists its criteria in
// decreasing priority, and pairings compare their costs lexicographically.
type Criterion int8

const (
	// Score: the two players should have the same number of points, else
	// the difference should be minimal (WOC II.7.2 b, EGP II.4.1 b, BOF
	// Swiss 2). Cost: the squared difference in half points, so one big
	// float costs more than two small ones.
	Score Criterion = iota
	// Rematch: in a modified Swiss system, players who have met should
	// not meet again if possible (WOC II.7.2 c). Cost: times already met.
	Rematch
	// ColourBalance: players should play black and white equally often,
	// else with the least difference (WOC d, EGP c, BOF 3, AOF A), each
	// player (WOC d: "the difference should be minimal"). Cost: for each of
	// the two players, by their |blacks - whites| after the game, 0 for 0
	// or 1, then 1, M, M², ... for 2, 3, 4, ...: convex, and so steep that
	// one player at a difference of 3 weighs more than every player of the
	// round at 2 (see colourCosts; M is smaller only in rounds of tens of
	// thousands of players, see newFrame).
	ColourBalance
	// Floats: who floated up should float down and vice versa (WOC e, EGP
	// d); up- and down-floats should balance (BOF 5). Cost: how far the
	// float pushes each player's up-down balance beyond one.
	Floats
	// Alternation: players should alternate colours from round to round
	// (WOC f, EGP e, BOF 4, AOF A). Cost: for each of the two players, by
	// the run of games of the same colour in a row the game makes, 0 for
	// 1, then 1, K, K², ... for 2, 3, 4, ...: convex as colour balance's,
	// so that one player given a third same colour in a row weighs more
	// than every player of the round given a second (see runCosts; K is
	// smaller only where the weights would not fit, in rounds of thousands
	// of players under BOF's weighting by height, see newFrame). A linear
	// count (players given last round's colour) sees no difference between
	// giving one player a third in a row and his opponent a second, and
	// left the choice to a coin.
	Alternation
	// ThreeInARow: never the same colour three times in a row when
	// avoidable (AOF Appendix A). Cost: players given it a third time.
	ThreeInARow
	// SameCountry: players of the same country (team) should not meet if
	// an equivalent pairing exists (WOC g, AOF A: teammates). Cost: 1.
	SameCountry
	// Halves: within a score group the top player meets the one just
	// below the middle, the second the next one, and so on (BOF Swiss 6;
	// Outflank's final tie-break for every ruleset, so pairings are
	// deterministic). Cost: how far the pair is from that ideal.
	Halves
)

var criterionNames = [...]string{"score", "rematch", "colour-balance", "floats", "alternation", "three-in-a-row", "same-country", "halves"}

// String returns the criterion's name.
func (c Criterion) String() string {
	if int(c) < len(criterionNames) {
		return criterionNames[c]
	}
	return "unknown"
}

// maxHalvesCost caps the Halves cost so the lowest criterion never needs
// many bits: beyond it the distance no longer matters.
const maxHalvesCost = 15

// slot is a player's place in this round's pairing: their score group (0 =
// top) and position in it (0 = best ranked), and the group's size.
type slot struct {
	group, pos, size int
	halfPoints       int
	// The player's history, summarised once per round: run is how many
	// games of colour last the player has played in a row.
	balance, floatBalance int
	last, before          Colour
	run                   int
}

// pairCosts returns the costs of pairing a (as black if aBlack) with b under
// the criteria, and stores them in dst. colour[d] is the cost of ending the
// round at a colour difference of d (colourCosts), run[r] that of ending it
// at r games of the same colour in a row (runCosts).
func pairCosts(a, b *Player, sa, sb slot, aBlack bool, criteria []Criterion, colour, run []int64, dst []int64) {
	colourA, colourB := White, Black
	if aBlack {
		colourA, colourB = Black, White
	}
	for i, c := range criteria {
		var cost int64
		switch c {
		case Score:
			d := int64(sa.halfPoints - sb.halfPoints)
			cost = d * d
		case Rematch:
			cost = int64(a.Met[b.ID])
		case ColourBalance:
			cost = colour[abs(sa.balance+delta(colourA))] + colour[abs(sb.balance+delta(colourB))]
		case Floats:
			cost = floatCost(sa, sb)
		case Alternation:
			cost = run[runAfter(sa, colourA)] + run[runAfter(sb, colourB)]
		case ThreeInARow:
			cost = thirdInARow(sa, colourA) + thirdInARow(sb, colourB)
		case SameCountry:
			if a.Country != "" && a.Country == b.Country {
				cost = 1
			}
		case Halves:
			cost = halvesCost(sa, sb)
		}
		dst[i] = cost
	}
}

func delta(c Colour) int {
	if c == Black {
		return 1
	}
	return -1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// runAfter returns how many games of the same colour in a row a player
// has played once given colour c: one more than before if c is the colour
// of their last game, else 1.
func runAfter(s slot, c Colour) int {
	if s.last != c {
		return 1
	}
	return s.run + 1
}

// thirdInARow returns 1 if giving a player colour c repeats their last two
// colours.
func thirdInARow(s slot, c Colour) int64 {
	if s.last != c || s.before != c {
		return 0
	}
	return 1
}

// floatCost charges a float by how far it moves each player's balance of
// up- and down-floats away from even.
func floatCost(sa, sb slot) int64 {
	if sa.halfPoints == sb.halfPoints {
		return 0
	}
	high, low := sa, sb
	if sb.halfPoints > sa.halfPoints {
		high, low = sb, sa
	}
	return int64(max(0, 1-high.floatBalance) + max(0, 1+low.floatBalance))
}

// halvesCost measures how far a pair is from the "top half against bottom
// half" ideal: within a group of size g, position i meets i + g/2; a float
// should be the bottom of the upper group meeting the top of the lower.
func halvesCost(sa, sb slot) int64 {
	if sa.group > sb.group {
		sa, sb = sb, sa
	}
	var d int
	if sa.group == sb.group {
		lo, hi := min(sa.pos, sb.pos), max(sa.pos, sb.pos)
		d = abs(hi - lo - sa.size/2)
	} else {
		d = (sa.size - 1 - sa.pos) + sb.pos
	}
	return int64(min(d, maxHalvesCost))
}
