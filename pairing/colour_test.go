package pairing

import (
	"fmt"
	"math/big"
	"os"
	"slices"
	"strconv"
	"testing"

	"outflank/matching"
)

// bigDifference is the colour difference the property test watches: after
// an odd number of games 1 is unavoidable and 3 is not (a 5-2 record in 7
// games), after an even number 2 happens and 4 should not.
const bigDifference = 3

// endsBig reports whether a player with colour balance balance ends the
// round at |blacks - whites| >= bigDifference when given colour c.
func endsBig(balance int, c Colour) int64 {
	if abs(balance+delta(c)) >= bigDifference {
		return 1
	}
	return 0
}

// fewestBig returns the fewest players of pool (an even number, the bye
// already left out) who can end the round at a big colour difference under
// a pairing that is as good as the engine's on the criteria above colour
// balance. It also returns those criteria's totals, to check against the
// engine's.
func fewestBig(pool []*Player, rules Rules) (int64, []int64) {
	least, higher := bestBelow(pool, rules, ColourBalance, 1, func(a, b *Player, sa, sb slot, aBlack bool, _ int64, dst []int64) {
		colourA, colourB := White, Black
		if aBlack {
			colourA, colourB = Black, White
		}
		dst[0] = endsBig(sa.balance, colourA) + endsBig(sb.balance, colourB)
	})
	if least == nil {
		return -1, nil
	}
	return least[0], higher
}

// bestBelow is an exact check of the engine on one round: over every
// pairing of pool (an even number, the bye already left out) that the rules
// allow, it minimises lexicographically the totals of the criteria ranked
// above criterion c (priced by the engine's frame, as the engine prices
// them), then the totals of width measures of the test's own, which
// measure(a, b, their slots, a black?, the pair's height under TopFirst
// (else 1), dst) stores in dst. It returns the least totals of those
// measures and of the criteria above c, or nil when no pairing exists.
// The engine's pairing must be as good on the criteria above c; a test
// then checks that it is as good on its own measures.
func bestBelow(pool []*Player, rules Rules, c Criterion, width int, measure func(a, b *Player, sa, sb slot, aBlack bool, height int64, dst []int64)) (least, higher []int64) {
	above := rules.Criteria[:slices.Index(rules.Criteria, c)]
	fr := newFrame(slices.Clone(pool), rules)
	type edge struct {
		u, v  int
		costs []int64 // the criteria above c, then the measures
	}
	var edges []edge
	for i := range pool {
		for j := i + 1; j < len(pool); j++ {
			a, b := pool[i], pool[j]
			if a.Met[b.ID] >= rules.MaxMeetings {
				continue
			}
			sa, sb := fr.slots[a.ID], fr.slots[b.ID]
			height := int64(1)
			if rules.TopFirst {
				height = int64(fr.groups - min(sa.group, sb.group))
			}
			var best []int64
			for _, aBlack := range []bool{true, false} {
				if f := rules.forcedColour(a, b); f != NoColour && (f == Black) != aBlack {
					continue
				}
				costs := make([]int64, len(above)+width)
				fr.costs(a, b, sa, sb, aBlack, above, costs[:len(above)])
				measure(a, b, sa, sb, aBlack, height, costs[len(above):])
				if best == nil || slices.Compare(costs, best) < 0 {
					best = costs
				}
			}
			edges = append(edges, edge{i, j, best})
		}
	}
	// Lexicographic weights: each component's base exceeds what all the
	// components below it can add up to over the round.
	n := len(above) + width
	bases := make([]matching.Weight, n)
	base := big.NewInt(1)
	for k := n - 1; k >= 0; k-- {
		bases[k] = matching.FromBig(base)
		var bound int64
		for _, e := range edges {
			bound = max(bound, e.costs[k])
		}
		base.Mul(base, big.NewInt(int64(len(pool)/2)*bound+1))
	}
	if base.BitLen() > 120 {
		panic(fmt.Sprintf("bestBelow: %d bits of weight, more than a matching can hold", base.BitLen()))
	}
	in := make([]matching.Edge, len(edges))
	for k, e := range edges {
		var w matching.Weight
		for c, cost := range e.costs {
			w = w.Add(bases[c].MulUint64(uint64(cost)))
		}
		in[k] = matching.Edge{U: e.u, V: e.v, W: w.Neg()}
	}
	p, ok := matching.SolvePerfect(len(pool), in)
	if !ok {
		return nil, nil
	}
	totals := make([]int64, n)
	for _, e := range edges {
		if p.Mate[e.u] == e.v {
			for c, cost := range e.costs {
				totals[c] += cost
			}
		}
	}
	return totals[len(above):], totals[:len(above)]
}

// colourEvents is how many simulated events per ruleset the colour property
// test plays: 120 (600 in all) in go test, in a few seconds;
// OUTFLANK_COLOUR_EVENTS=N for more (10,000 take about three minutes).
func colourEvents(t *testing.T) int {
	if s := os.Getenv("OUTFLANK_COLOUR_EVENTS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("OUTFLANK_COLOUR_EVENTS=%q: give a number of events", s)
		}
		return n
	}
	if testing.Short() {
		return 30
	}
	return 120
}

// TestColourDifferenceMinimal plays simulated events (8 to 40 players, now
// and then up to 200; odd and even fields, byes, withdrawals, 5 to 13
// rounds) and checks every Swiss round: no more
// players end it at |blacks - whites| >= 3 than under the best pairing that
// is as good on the criteria above colour balance (WOC II.7.2 d: "the
// difference should be minimal", for every player).
func TestColourDifferenceMinimal(t *testing.T) {
	events := colourEvents(t)
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		t.Run(rules.Name, func(t *testing.T) {
			rounds, avoidable, ended := 0, int64(0), int64(0)
			for k := range events {
				n := 8 + k%33
				if k%40 == 39 {
					n = 41 + k%160 // now and then a larger field
				}
				s := newSim(uint64(k)*7919+uint64(len(rules.Name)), n)
				for r := range 5 + k%9 {
					if r > 0 && s.rng.IntN(10) == 0 {
						s.withdrawn[s.order[s.rng.IntN(n)]] = true
					}
					active := s.active()
					if len(active) < 4 {
						break
					}
					res, err := Swiss(active, rules, Options{Seed: uint64(k*100 + r)})
					if err == ErrNoPairing {
						break
					}
					if err != nil {
						t.Fatalf("event %d round %d: %v", k, r+1, err)
					}
					var pool []*Player
					var got int64
					for i := range active {
						p := &active[i]
						if p.ID == res.Bye {
							continue
						}
						pool = append(pool, p)
						for _, pr := range res.Pairings {
							switch p.ID {
							case pr.Black:
								got += endsBig(p.balance(), Black)
							case pr.White:
								got += endsBig(p.balance(), White)
							}
						}
					}
					fewest, higher := fewestBig(pool, rules)
					if slices.Compare(higher, res.Totals[:len(higher)]) != 0 {
						t.Fatalf("event %d (%d players) round %d: the engine's totals %v above colour balance, the check's %v", k, n, r+1, res.Totals[:len(higher)], higher)
					}
					rounds++
					ended += got
					if got > fewest {
						avoidable += got - fewest
						t.Errorf("event %d (%d players) round %d: %d players end at a colour difference of %d or more; a pairing as good on %v leaves %d", k, n, r+1, got, bigDifference, rules.Criteria[:len(higher)], fewest)
					}
					s.play(res)
				}
			}
			t.Logf("%d events, %d rounds: %d players ended a round at a colour difference of %d or more, %d of them avoidable", events, rounds, ended, bigDifference, avoidable)
		})
	}
}

// TestColourFiveTwo is issue 11's round 7: A (B W B B W B) meets B (W, bye,
// B W B B). A with black ends 5-2 and B 3-3; A with white ends 4-3 and B 4-2.
// Both cost 3 under a linear measure and a coin chose; the convex measure
// gives A white whatever the seed: nobody at a difference of 3.
func TestColourFiveTwo(t *testing.T) {
	for seed := range uint64(32) {
		players := []Player{
			{ID: 1, Score: 4, Rank: 0, Colours: []Colour{Black, White, Black, Black, White, Black}, Met: map[int]int{}},
			{ID: 2, Score: 4, Rank: 1, Colours: []Colour{White, NoColour, Black, White, Black, Black}, Met: map[int]int{}, Byes: 1},
		}
		res, err := Swiss(players, WOCSwiss, Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if p := res.Pairings[0].Pair; p != (Pair{Black: 2, White: 1}) {
			t.Fatalf("seed %d: %d-%d: A has black and ends 5-2", seed, p.Black, p.White)
		}
	}
}

// TestColourCosts: convex, and steep enough that every player of the round
// at a difference of d weighs less than one at d + 1.
func TestColourCosts(t *testing.T) {
	for _, tc := range []struct{ players, heights int }{{8, 1}, {24, 1}, {99, 1}, {100, 1}, {5000, 1}, {40, 27}} {
		c := colourCosts(colourBase(tc.players, tc.heights), 30)
		if c[0] != 0 || c[1] != 0 || c[2] != 1 {
			t.Errorf("%+v: costs start %v, want 0 0 1", tc, c[:3])
		}
		steep := true
		for d := 3; d < len(c); d++ {
			step, before := c[d]-c[d-1], c[d-1]-c[d-2]
			if step < before || c[d] <= 0 {
				t.Fatalf("%+v: not convex at %d: %v", tc, d, c)
			}
			// Steep up to where the costs stop multiplying (the limit).
			steep = steep && step > before
			if steep && int64(tc.players*tc.heights)*c[d-1] >= c[d] {
				t.Errorf("%+v: %d players at %d (%d each, weighted up to %d) outweigh one at %d (%d)", tc, tc.players, d-1, c[d-1], tc.heights, d, c[d])
			}
		}
	}
}

// TestColourBaseFits: in a round so large that the bases of the colour
// and alternation measures would not leave the weights room, the bases are
// lowered until they fit, alternation's first, rather than the round
// refused; in a round of 5,000 players under the WOC's unmodified Swiss
// rules they are not. The field is harsher than simulated events (14
// score groups, a quarter of the players after two games of one colour in
// a row, one in a thousand after three): there, the modified Swiss system
// at 5,000 players and BOF's weighting by height at 1,000 lower
// alternation's base, while simulated events of 5,000 players use 102
// bits under the WOC's rules and 113 under the modified Swiss system by
// round 13, lowering neither (only BOF's, from 10⁶ to 10⁴).
func TestColourBaseFits(t *testing.T) {
	field := func(n int) []*Player {
		var ps []*Player
		for i := range n {
			p := &Player{ID: i + 1, Rank: i, Score: float64(13 - i*14/n), Met: map[int]int{}}
			for k := range 12 {
				p.Colours = append(p.Colours, Colour(1+(i+k)%2))
			}
			// Most even; one in ten at +1, one in fifty at +2, one in a
			// thousand at +3.
			for _, every := range []int{10, 50, 1000} {
				if i%every == 0 {
					p.Colours = append(p.Colours, Black)
				}
			}
			// One in four has played their last colour twice in a row.
			if i%4 == 1 {
				p.Colours = append(p.Colours, p.Colours[len(p.Colours)-1])
			}
			ps = append(ps, p)
		}
		return ps
	}
	for _, tc := range []struct {
		n                     int
		rules                 Rules
		colourLowered, runLow bool
	}{
		{1000, WOCSwiss, false, false},
		{5000, WOCSwiss, false, false},
		{5000, WOCModified, false, true},
		{5000, AOFSwiss, false, false},
		{1000, BOFSwiss, false, true},
		{5000, BOFSwiss, false, true},
		{60000, WOCSwiss, true, true},
	} {
		players := field(tc.n)
		f := newFrame(players, tc.rules)
		heights := 1
		if tc.rules.TopFirst {
			heights = f.groups
		}
		full := colourBase(tc.n, heights)
		colourLowered, runLowered := f.colourBase < full, f.runBase < full
		if colourLowered != tc.colourLowered || runLowered != tc.runLow {
			t.Errorf("%s, %d players: colour base %d, alternation's %d, of %d: lowered %v and %v, want %v and %v", tc.rules.Name, tc.n, f.colourBase, f.runBase, full, colourLowered, runLowered, tc.colourLowered, tc.runLow)
		}
		if colourLowered && f.runBase != 10 {
			t.Errorf("%s, %d players: colour base lowered to %d before alternation's (%d)", tc.rules.Name, tc.n, f.colourBase, f.runBase)
		}
		var at []slot
		for _, p := range players {
			at = append(at, f.slots[p.ID])
		}
		bits := weightBits(spans(at, tc.rules, f))
		if bits > maxWeightBits {
			t.Errorf("%s, %d players: %d bits with bases %d and %d", tc.rules.Name, tc.n, bits, f.colourBase, f.runBase)
		}
		t.Logf("%s, %d players: %d bits, colour base %d, alternation's %d (%d unlowered)", tc.rules.Name, tc.n, bits, f.colourBase, f.runBase, full)
	}
}
