package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

// TestRoundRobinAfterHandEnteredRound is issue 24's first case: an 8-player
// BOF regional whose round 1 was entered by hand (1-2 3-4 5-6 7-8), then
// paired by 'pair'. The circle method's round 2 repeated 2-1 and 5-6; the
// rounds paired now complete the round robin: every pair meets once, and
// every player's colours are within one of even.
func TestRoundRobinAfterHandEnteredRound(t *testing.T) {
	for _, tc := range []struct {
		name    string
		id      rules.ID
		players int
		absent  map[int]int // player -> round missed
		first   []Pair
		byes    []int
	}{
		{"bof-8", rules.BOFRegional, 8, nil, []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, nil},
		{"bof-7-bye", rules.BOFRegional, 7, nil, []Pair{{1, 2}, {3, 4}, {5, 6}}, []int{7}},
		{"bof-8-absent", rules.BOFRegional, 8, map[int]int{3: 4, 6: 2}, []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, nil},
		{"egp-6-double", rules.EGP, 6, nil, []Pair{{1, 2}, {3, 4}, {5, 6}}, nil},
		{"woc-12", rules.WOC, 12, nil, []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tour := absenceEvent(t, tc.id, tc.players, 0)
			for id, round := range tc.absent {
				if err := tour.MarkAbsent(id, []int{round}); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := tour.AddRound(StageRoundRobin, tc.first, tc.byes); err != nil {
				t.Fatal(err)
			}
			playRound(t, tour)
			cycles, _ := tour.roundRobin()
			for len(tour.Rounds) < tour.PlannedRounds() {
				r := pairNext(t, tour)
				if !strings.Contains(r.Method, "completing") {
					t.Errorf("round %d: method %q, want the completion's", r.Number, r.Method)
				}
				playRound(t, tour)
			}
			perCycle := roundsPerCycle(tc.players)
			if got := len(tour.Rounds); got != cycles*perCycle {
				t.Fatalf("%d rounds, want %d", got, cycles*perCycle)
			}
			for c := range cycles {
				met := map[[2]int]Pair{}
				balance := map[int]int{}
				byes := map[int]int{}
				for _, r := range tour.Rounds[c*perCycle : (c+1)*perCycle] {
					for _, g := range r.Games {
						k := [2]int{min(g.Black, g.White), max(g.Black, g.White)}
						if _, again := met[k]; again {
							t.Fatalf("cycle %d: %s and %s meet twice (round %d)", c+1, tour.Describe(g.Black), tour.Describe(g.White), r.Number)
						}
						met[k] = Pair{g.Black, g.White}
						balance[g.Black]++
						balance[g.White]--
						if c > 0 {
							// EGP II.2: the second meeting swaps the colours.
							for _, before := range tour.Rounds[(c-1)*perCycle : c*perCycle] {
								for _, h := range before.Games {
									if h.Black == g.Black && h.White == g.White {
										t.Errorf("round %d: %d-%d repeats the colours of round %d", r.Number, g.Black, g.White, before.Number)
									}
								}
							}
						}
					}
					for _, id := range r.Byes {
						byes[id]++
					}
				}
				// Every pair meets, but for the games an absence cost.
				lost := len(tc.absent)
				if c > 0 {
					lost = 0
				}
				if want := tc.players*(tc.players-1)/2 - lost; len(met) != want {
					t.Errorf("cycle %d: %d pairs met, want %d", c+1, len(met), want)
				}
				for id, b := range balance {
					if b < -1-lost || b > 1+lost {
						t.Errorf("cycle %d: %s's colours are %+d", c+1, tour.Describe(id), b)
					}
				}
				if tc.players%2 == 1 {
					for id := 1; id <= tc.players; id++ {
						if byes[id] != 1 {
							t.Errorf("cycle %d: %s has %d byes, want 1", c+1, tour.Describe(id), byes[id])
						}
					}
				}
			}
		})
	}
}

// TestRoundRobinNoCompletion: six players whose first three rounds, entered
// by hand, leave two triangles of pairs that have not met (1-4 4-5 5-1 and
// 2-3 3-6 6-2), which no two rounds can pair. 'pair' refuses, says why and
// what the director can do, and saves nothing.
func TestRoundRobinNoCompletion(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 6, 0)
	for _, pairs := range [][]Pair{{{1, 2}, {3, 4}, {5, 6}}, {{1, 3}, {2, 5}, {4, 6}}, {{1, 6}, {2, 4}, {3, 5}}} {
		if _, err := tour.AddRound(StageRoundRobin, pairs, nil); err != nil {
			t.Fatal(err)
		}
		playRound(t, tour)
	}
	_, err := tour.PairNext(PairOptions{})
	if err == nil {
		t.Fatalf("round 4 paired: %v", tour.Rounds[3].Games)
	}
	msg := ErrorMessage(err)
	for _, want := range []string{"round 4 not paired", "rounds 1-3", "without a rematch", "as a Swiss", "--system swiss", "round add"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not say %q", msg, want)
		}
	}
	if ErrorCode(err) != EINVALID {
		t.Errorf("code %s, want %s", ErrorCode(err), EINVALID)
	}
	if len(tour.Rounds) != 3 {
		t.Errorf("%d rounds after the refusal, want 3", len(tour.Rounds))
	}
}

// TestRoundRobinCircleKept: rounds paired by the circle method, or entered
// by hand as the circle method pairs them, go on by the circle method.
func TestRoundRobinCircleKept(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 6, 0)
	r := pairNext(t, tour)
	playRound(t, tour)
	var pairs []Pair
	for _, g := range r.Games {
		pairs = append(pairs, Pair{g.White, g.Black})
	}
	tour.Rounds = tour.Rounds[:0]
	tour.Settings.RoundsByPlan = true
	if _, err := tour.AddRound(StageRoundRobin, pairs, nil); err != nil {
		t.Fatal(err)
	}
	playRound(t, tour)
	for len(tour.Rounds) < tour.PlannedRounds() {
		if r := pairNext(t, tour); !strings.HasSuffix(r.Method, "circle method") {
			t.Errorf("round %d: method %q, want the circle method", r.Number, r.Method)
		}
		playRound(t, tour)
	}
}

// TestRoundAddInARoundRobin: what 'round add' says of a round-robin round
// entered by hand: a pair meeting more often than the cycles make them is
// refused (unless forced), as 'pair' never pairs it; a round after which
// the round robin cannot be completed is entered with a warning that
// 'pair' will not pair the rounds after it.
func TestRoundAddInARoundRobin(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 6, 0)
	rounds := [][]Pair{{{1, 2}, {3, 4}, {5, 6}}, {{1, 3}, {2, 5}, {4, 6}}, {{1, 6}, {2, 4}, {3, 5}}}
	for _, pairs := range rounds[:2] {
		if _, err := tour.AddRound(StageRoundRobin, pairs, nil); err != nil {
			t.Fatal(err)
		}
		playRound(t, tour)
	}
	got := noticeTexts(tour.CheckRound(StageRoundRobin, []Pair{{2, 1}, {3, 5}, {4, 6}}, nil))
	if len(got) != 2 || !strings.Contains(got[0], "!table 1: #2 Player 2 and #1 Player 1 have met before: a single round robin has each pair meet once (EGP II.4.2)") {
		t.Errorf("a rematch in a round robin: %q", got)
	}
	got = noticeTexts(tour.CheckRound(StageRoundRobin, rounds[2], nil))
	if len(got) != 1 || !strings.Contains(got[0], "after round 3 the round robin cannot be completed without a rematch (no schedule of the 2 rounds left") ||
		!strings.Contains(got[0], "'outflank pair absent' will not pair the rounds after it; enter them by hand, or make the rest a Swiss") {
		t.Errorf("a round after which the round robin cannot be completed: %q", got)
	}
	if got := tour.CheckRound(StageRoundRobin, []Pair{{1, 4}, {2, 6}, {3, 5}}, nil); got != nil {
		t.Errorf("a round that keeps the round robin completable: %q", noticeTexts(got))
	}
}
