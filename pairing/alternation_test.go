package pairing

import (
	"slices"
	"testing"
)

// runGiven returns how many games of the same colour in a row a player
// with history colours has played once given c this round: 1 when c is
// not their last colour. Byes and unplayed games (NoColour) are skipped,
// as the colour criteria skip them. Worked out here from the history
// itself, not from the engine's slots, so the tests check the engine.
func runGiven(colours []Colour, c Colour) int {
	run := 1
	for i := len(colours) - 1; i >= 0; i-- {
		switch colours[i] {
		case NoColour:
			continue
		case c:
			run++
			continue
		}
		break
	}
	return run
}

// thirdsTally counts, over simulated events, the games that give a player
// a third (or longer) run of the same colour, and how many of those a swap
// of the two players' colours avoids, for both, at no cost on any
// criterion ranked above alternation; and the players given the colour of
// their last game (a run of 2 or more).
type thirdsTally struct {
	events, games, thirds, swappable, repeats int
}

// tallyThirds plays events simulated events of n players and rounds
// rounds under rules (round 1 paired as a Swiss round, like the others)
// and tallies the games giving a third same colour in a row. A swap is
// priced on the frame of the round as the engine prices it: every
// criterion above Alternation must cost the same either way round.
func tallyThirds(t testing.TB, rules Rules, events, n, rounds int) thirdsTally {
	t.Helper()
	higher := rules.Criteria[:slices.Index(rules.Criteria, Alternation)]
	tally := thirdsTally{events: events}
	for k := range events {
		s := newSim(uint64(k)*104729+uint64(n), n)
		for r := range rounds {
			active := s.active()
			res, err := Swiss(active, rules, Options{Seed: uint64(k*100 + r)})
			if err != nil {
				t.Fatalf("event %d round %d: %v", k, r+1, err)
			}
			byID := map[int]*Player{}
			var pool []*Player
			for i := range active {
				byID[active[i].ID] = &active[i]
				if active[i].ID != res.Bye {
					pool = append(pool, &active[i])
				}
			}
			fr := newFrame(pool, rules)
			kept, swapped := make([]int64, len(higher)), make([]int64, len(higher))
			for _, pr := range res.Pairings {
				a, b := byID[pr.Black], byID[pr.White]
				tally.games++
				for _, r := range []int{runGiven(a.Colours, Black), runGiven(b.Colours, White)} {
					if r >= 2 {
						tally.repeats++
					}
				}
				if runGiven(a.Colours, Black) < 3 && runGiven(b.Colours, White) < 3 {
					continue
				}
				tally.thirds++
				if runGiven(a.Colours, White) >= 3 || runGiven(b.Colours, Black) >= 3 {
					continue // the swap gives one of them a third in a row
				}
				fr.costs(a, b, fr.slots[a.ID], fr.slots[b.ID], true, higher, kept)
				fr.costs(a, b, fr.slots[a.ID], fr.slots[b.ID], false, higher, swapped)
				if slices.Equal(kept, swapped) {
					tally.swappable++
				}
			}
			s.play(res)
		}
	}
	return tally
}

// TestThirdInARowSwap is issue 24's measurement: over 200 simulated
// 25-player, 7-round events under the WOC rules, no game may give a player
// a third game of the same colour in a row where swapping the two players'
// colours avoids it for both at no cost on any criterion above alternation
// (WOC II.7.2 f: "players should alternate colours from round to round").
// Under the linear measure (players given last round's colour) the swap is
// a tie and a coin chose.
func TestThirdInARowSwap(t *testing.T) {
	events := 200
	if testing.Short() {
		events = 50
	}
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		tally := tallyThirds(t, rules, events, 25, 7)
		t.Logf("%s: %d events, %d games: %d give a player a third same colour in a row, %d of them avoidable by a swap at no cost; %d players given their last game's colour", rules.Name, tally.events, tally.games, tally.thirds, tally.swappable, tally.repeats)
		if tally.swappable > 0 {
			t.Errorf("%s: %d of %d games giving a third same colour in a row could swap colours at no cost on %v", rules.Name, tally.swappable, tally.thirds, rules.Criteria[:slices.Index(rules.Criteria, Alternation)])
		}
	}
}

// runsOf stores in dst, for runs of r = len(dst)+2 down to 3 games of the
// same colour in a row, how many of a (black if aBlack) and b end the
// round at a run of r, weighted by height: the longest runs first, so that
// comparing two pairings' totals lexicographically prefers the one with
// fewer players at the longest run, then at the next, down to a third in
// a row (leximin, as the engine's convex measure).
func runsOf(a, b *Player, aBlack bool, height int64, dst []int64) {
	clear(dst)
	colourA, colourB := White, Black
	if aBlack {
		colourA, colourB = Black, White
	}
	for _, r := range []int{runGiven(a.Colours, colourA), runGiven(b.Colours, colourB)} {
		if r >= 3 {
			dst[len(dst)+2-r] += height
		}
	}
}

// TestThirdInARowLeast plays simulated events (8 to 40 players, now and
// then up to 200; odd and even fields, byes, withdrawals, 5 to 13 rounds)
// under every ruleset and checks every Swiss round against an exact
// matching over every pair the rules allow: of the pairings as good as the
// engine's on every criterion above alternation, none gives fewer players
// a third same colour in a row (nor a fourth, and so on, longest first).
// Alternation ranks below floats (WOC II.7.2 e, f), so some thirds are
// forced; none may be left where a pairing equal on every higher criterion
// avoids it. OUTFLANK_COLOUR_EVENTS=N plays N events per ruleset.
func TestThirdInARowLeast(t *testing.T) {
	events := colourEvents(t)
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		t.Run(rules.Name, func(t *testing.T) {
			rounds, thirds, avoidable := 0, int64(0), int64(0)
			for k := range events {
				n := 8 + k%33
				if k%40 == 39 {
					n = 41 + k%160
				}
				s := newSim(uint64(k)*6007+uint64(len(rules.Name)), n)
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
					byID := map[int]*Player{}
					var pool []*Player
					longest := 0
					for i := range active {
						p := &active[i]
						byID[p.ID] = p
						if p.ID != res.Bye {
							pool = append(pool, p)
							longest = max(longest, runGiven(p.Colours, Black), runGiven(p.Colours, White))
						}
					}
					rounds++
					if longest < 3 {
						s.play(res)
						continue // nobody can be given a third in a row
					}
					width := longest - 2
					least, higher := bestBelow(pool, rules, Alternation, width, func(a, b *Player, _, _ slot, aBlack bool, height int64, dst []int64) {
						runsOf(a, b, aBlack, height, dst)
					})
					if !slices.Equal(higher, res.Totals[:len(higher)]) {
						t.Fatalf("event %d (%d players) round %d: the engine's totals %v above alternation, the check's %v", k, n, r+1, res.Totals[:len(higher)], higher)
					}
					fr := newFrame(slices.Clone(pool), rules)
					got, pair := make([]int64, width), make([]int64, width)
					for _, pr := range res.Pairings {
						a, b := byID[pr.Black], byID[pr.White]
						height := int64(1)
						if rules.TopFirst {
							height = int64(fr.groups - min(fr.slots[a.ID].group, fr.slots[b.ID].group))
						}
						runsOf(a, b, true, height, pair)
						for i := range got {
							got[i] += pair[i]
						}
					}
					thirds += got[width-1]
					if c := slices.Compare(got, least); c != 0 {
						avoidable++
						t.Errorf("event %d (%d players) round %d: players ending at runs of %d down to 3 games of one colour: %v; a pairing as good on %v gives %v", k, n, r+1, longest, got, rules.Criteria[:len(higher)], least)
					}
					s.play(res) // Met is shared with active: only once the round is checked
				}
			}
			t.Logf("%d events, %d rounds: %d players given a third same colour in a row (weighted by height under BOF), %d rounds with an avoidable one", events, rounds, thirds, avoidable)
		})
	}
}

// TestThirdInARowTie: A (W B B) meets B (B W B), both on 2 points. Either
// way round one of them ends at two blacks to one white, so colour balance
// ties; A black gives A a third black in a row, A white gives B a second.
// The linear measure (players given last round's colour) counted 1 either
// way and a coin chose; the convex one gives A white whatever the seed.
func TestThirdInARowTie(t *testing.T) {
	for seed := range uint64(32) {
		for _, rules := range []Rules{WOCSwiss, EGPSwiss, BOFSwiss} {
			players := []Player{
				{ID: 1, Score: 2, Rank: 0, Colours: []Colour{White, Black, Black}, Met: map[int]int{}},
				{ID: 2, Score: 2, Rank: 1, Colours: []Colour{Black, White, Black}, Met: map[int]int{}},
			}
			res, err := Swiss(players, rules, Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if p := res.Pairings[0]; p.Pair != (Pair{Black: 2, White: 1}) {
				t.Fatalf("%s, seed %d: %d-%d, costs %v: A has a third black in a row", rules.Name, seed, p.Black, p.White, p.Costs)
			}
		}
	}
}

// TestLastColoursRun: the run of a player's last colour skips byes and
// games not played (no colour), as the colour criteria do.
func TestLastColoursRun(t *testing.T) {
	B, W, N := Black, White, NoColour
	for _, tc := range []struct {
		colours      []Colour
		last, before Colour
		run          int
	}{
		{nil, N, N, 0},
		{[]Colour{N}, N, N, 0},
		{[]Colour{B}, B, N, 1},
		{[]Colour{W, B}, B, W, 1},
		{[]Colour{B, B}, B, B, 2},
		{[]Colour{W, B, N, B}, B, B, 2},
		{[]Colour{B, W, W, N, W}, W, W, 3},
		{[]Colour{W, W, W, W, B, W}, W, B, 1},
		{[]Colour{B, B, B, B}, B, B, 4},
	} {
		p := Player{Colours: tc.colours}
		last, before, run := p.lastColours()
		if last != tc.last || before != tc.before || run != tc.run {
			t.Errorf("%v: last %v, before %v, run %d; want %v, %v, %d", tc.colours, last, before, run, tc.last, tc.before, tc.run)
		}
		for _, c := range []Colour{B, W} {
			s := slot{last: last, before: before, run: run}
			if got, want := runAfter(s, c), runGiven(tc.colours, c); got != want {
				t.Errorf("%v given %v: runAfter %d, runGiven %d", tc.colours, c, got, want)
			}
		}
	}
}
