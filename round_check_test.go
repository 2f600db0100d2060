package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

// notices words CheckRound's notices for comparison: "!" before a
// forbidden one.
func noticeTexts(ns []Notice) []string {
	var out []string
	for _, n := range ns {
		s := n.Text
		if n.Forbidden {
			s = "!" + s
		}
		out = append(out, s)
	}
	return out
}

// TestCheckRound: what 'round add' warns about, and what it refuses
// without --force because a rulebook forbids it.
func TestCheckRound(t *testing.T) {
	// played builds a tournament of n players under id with the rounds
	// given (each fully played unless open), then returns it.
	played := func(id rules.ID, n int, stage Stage, rounds [][]Pair, open bool) *Tournament {
		tour := absenceEvent(t, id, n, 9)
		for i, pairs := range rounds {
			var byes []int
			if n%2 == 1 {
				in := map[int]bool{}
				for _, p := range pairs {
					in[p.Black], in[p.White] = true, true
				}
				for id := 1; id <= n; id++ {
					if !in[id] {
						byes = append(byes, id)
						break
					}
				}
			}
			if _, err := tour.AddRound(stage, pairs, byes); err != nil {
				t.Fatal(err)
			}
			if !open || i < len(rounds)-1 {
				playRound(t, tour)
			}
		}
		return tour
	}
	four := []Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}
	for _, tc := range []struct {
		name  string
		tour  *Tournament
		stage Stage
		pairs []Pair
		byes  []int
		want  []string // substrings, "!" first for a forbidden notice, in order
	}{
		{"clean Swiss round", played(rules.WOC, 4, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 1, White: 3}, {Black: 4, White: 2}}, nil, nil},
		{"open results, Swiss", played(rules.WOC, 4, StageSwiss, [][]Pair{four}, true), StageSwiss,
			[]Pair{{Black: 1, White: 3}, {Black: 4, White: 2}}, nil,
			[]string{"!round 1 table 1 (#1 Player 1 v #2 Player 2) and 1 other games have no result yet, and a Swiss round is paired on the points so far (WOC II.7.2 b)"}},
		{"open results, BOF Swiss", played(rules.BOFRegional, 4, StageSwiss, [][]Pair{four}, true), StageSwiss,
			[]Pair{{Black: 1, White: 3}, {Black: 4, White: 2}}, nil, []string{"!", "BOF Swiss system 2"}},
		{"open results, round robin", played(rules.BOFRegional, 4, StageRoundRobin, [][]Pair{four}, true), StageRoundRobin,
			[]Pair{{Black: 1, White: 3}, {Black: 4, White: 2}}, nil, []string{"have no result yet: enter them as the score sheets come in"}},
		{"rematch, WOC Swiss", played(rules.WOC, 4, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 2, White: 1}, {Black: 3, White: 4}}, nil,
			[]string{"!table 1: #2 Player 2 and #1 Player 1 have met before (WOC II.7.2 a", "!table 2"}},
		{"rematch, EGP Swiss", played(rules.EGP, 4, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 2, White: 1}, {Black: 4, White: 3}}, nil, []string{"!table 1", "EGP II.4.1 a", "!table 2"}},
		{"rematch, BOF Swiss", played(rules.BOFRegional, 4, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 2, White: 1}, {Black: 4, White: 3}}, nil, []string{"!", "BOF Swiss system 1", "!"}},
		{"rematch, modified Swiss (16 players): a warning", played(rules.WOC, 16, StageSwiss, [][]Pair{sixteen(0)}, false), StageSwiss,
			sixteen(0), nil, []string{"table 1: #1 Player 1 and #2 Player 2 have met before (WOC II.7.2 a and c"}},
		{"third meeting, modified Swiss", played(rules.WOC, 16, StageSwiss, [][]Pair{sixteen(0), sixteen(1)}, false), StageSwiss,
			sixteen(0), nil, []string{"!table 1: #1 Player 1 and #2 Player 2 have met twice before"}},
		{"rematch in a round robin's second cycle", played(rules.EGP, 4, StageRoundRobin, [][]Pair{four}, false), StageRoundRobin,
			[]Pair{{Black: 2, White: 1}, {Black: 4, White: 3}}, nil, nil},
		{"rematch at the playoff", played(rules.WOC, 4, StageSwiss, [][]Pair{four}, false), StagePlayoff,
			[]Pair{{Black: 2, White: 1}}, nil, nil},
		{"missing player, WOC", played(rules.WOC, 4, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 1, White: 3}}, []int{2},
			[]string{"!#4 Player 4 has no game and no bye in round 2: every player who has not withdrawn plays each round", "WOC II.8", "player withdraw absent 4"}},
		{"missing players, BOF: a warning", played(rules.BOFRegional, 5, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 1, White: 3}}, nil,
			[]string{"#2 Player 2, #4 Player 4, #5 Player 5 have no game and no bye in round 2: if absent, record it ('outflank player absent absent 2 --rounds 2')", "BOF general rule 11"}},
		{"many missing players", played(rules.Custom, 6, StageSwiss, [][]Pair{four}, false), StageSwiss,
			[]Pair{{Black: 1, White: 3}}, nil, []string{"#2 Player 2, #4 Player 4, #5 Player 5 and 1 more have no game and no bye in round 2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := noticeTexts(tc.tour.CheckRound(tc.stage, tc.pairs, tc.byes))
			joined := strings.Join(got, "\n")
			at := 0
			for _, w := range tc.want {
				i := strings.Index(joined[at:], w)
				if i < 0 {
					t.Fatalf("notices:\n%s\nlack %q (in order)", joined, w)
				}
				at += i
			}
			if tc.want == nil && got != nil {
				t.Errorf("notices %q; want none", got)
			}
		})
	}
}

// sixteen pairs 16 players: 1-2, 3-4... (shift 0) or 1-3, 2-4... (1)
// keeping 1-2 at table 1 both times.
func sixteen(shift int) []Pair {
	pairs := []Pair{{Black: 1, White: 2}}
	for i := 3; i <= 16; i += 2 {
		if shift == 0 {
			pairs = append(pairs, Pair{Black: i, White: i + 1})
		} else {
			pairs = append(pairs, Pair{Black: i + 1, White: i})
		}
	}
	return pairs
}

// TestCheckRoundSkipsAbsentAndWithdrawn: players marked absent or
// withdrawn are not missing, nor are late entries of a round robin under
// way.
func TestCheckRoundSkipsAbsentAndWithdrawn(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 6, 5)
	if err := tour.MarkAbsent(5, []int{1}); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw(6, 0); err != nil {
		t.Fatal(err)
	}
	pairs := []Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}
	if got := tour.CheckRound(StageSwiss, pairs, nil); got != nil {
		t.Errorf("notices %v; want none", noticeTexts(got))
	}
	rr := absenceEvent(t, rules.BOFRegional, 4, 3)
	if _, err := rr.AddRound(StageRoundRobin, pairs, nil); err != nil {
		t.Fatal(err)
	}
	playRound(t, rr)
	if _, err := rr.AddPlayer(Player{Name: "Late"}); err != nil {
		t.Fatal(err)
	}
	if got := rr.CheckRound(StageRoundRobin, []Pair{{Black: 1, White: 3}, {Black: 4, White: 2}}, nil); got != nil {
		t.Errorf("round robin with a late entry: notices %v; want none", noticeTexts(got))
	}
}
