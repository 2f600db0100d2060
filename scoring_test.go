package outflank_test

import (
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

func settings(t *testing.T, id rules.ID) outflank.Settings {
	t.Helper()
	rs, ok := rules.Get(id)
	if !ok {
		t.Fatalf("no ruleset %s", id)
	}
	return outflank.DefaultSettings(rs, 7)
}

func discs(b, w int) *outflank.Discs { return &outflank.Discs{Black: b, White: w} }

// A real game (WTHOR 2004) that ends 61-2 with one empty square.
const fullGame = "f5d6c5f6e6f4c6e7d3c2f8e8d8c3f7d7c4b4c8b6g5h5e3g6c7e2a6b7b5a5a4g7a8a7b8a3h4h3g4g3a2c1b3g8d1h8b1f1d2b2e1a1h7h6f3g2f2h2g1"

func TestScoreResult(t *testing.T) {
	type in = outflank.ResultInput
	const (
		normal  = outflank.OutcomeNormal
		timeDef = outflank.OutcomeTimeDefault
	)
	for _, tc := range []struct {
		name       string
		rules      rules.ID
		in         in
		black      int
		white      int
		pointsB    float64
		boardKnown bool
	}{
		{"normal, full board", rules.WOC, in{Outcome: normal, Score: discs(40, 24)}, 40, 24, 1, false},
		{"normal, empties to the winner (WOC IV.8)", rules.WOC, in{Outcome: normal, Score: discs(40, 20)}, 44, 20, 1, true},
		{"normal, white wins with empties", rules.BOFRegional, in{Outcome: normal, Score: discs(10, 50)}, 10, 54, 0, true},
		{"normal, a draw is always 32-32", rules.WOC, in{Outcome: normal, Score: discs(31, 31)}, 32, 32, 0.5, true},
		{"normal, from the transcript", rules.WOC, in{Outcome: normal, Moves: fullGame}, 62, 2, 1, true},
		{"normal, transcript and official score agree", rules.WOC, in{Outcome: normal, Moves: fullGame, Score: discs(62, 2)}, 62, 2, 1, true},
		{"normal, transcript and board count agree", rules.WOC, in{Outcome: normal, Moves: fullGame, Score: discs(61, 2)}, 62, 2, 1, true},
		{"time default, true score stands (WOC IV.6)", rules.WOC, in{Outcome: timeDef, Defaulter: outflank.White, Score: discs(40, 24)}, 40, 24, 1, false},
		{"time default, empties to the non-defaulter", rules.WOC, in{Outcome: timeDef, Defaulter: outflank.White, Score: discs(40, 20)}, 44, 20, 1, true},
		{"time default, at least 33-31 for the non-defaulter", rules.WOC, in{Outcome: timeDef, Defaulter: outflank.White, Score: discs(20, 44)}, 33, 31, 1, true},
		{"time default by black, guarantee", rules.AOF, in{Outcome: timeDef, Defaulter: outflank.Black, Score: discs(32, 32)}, 31, 33, 0, true},
		{"time default, defaulter's flag falls again: 64-0", rules.WOC, in{Outcome: timeDef, Defaulter: outflank.Black, DefaulterFlags: 2}, 0, 64, 0, false},
		{"time default, other flag after extra minutes (WOC): 31-33", rules.WOC, in{Outcome: timeDef, Defaulter: outflank.Black, OpponentFlags: 1}, 31, 33, 0, false},
		{"time default, other flag once (BOF 14): true score stands", rules.BOFNational, in{Outcome: timeDef, Defaulter: outflank.Black, OpponentFlags: 1, Score: discs(20, 40)}, 20, 44, 0, true},
		{"time default, other flag once (BOF 14): guarantee still applies", rules.BOFRegional, in{Outcome: timeDef, Defaulter: outflank.Black, OpponentFlags: 1, Score: discs(50, 14)}, 31, 33, 0, true},
		{"time default, other flag twice (BOF 14): 33-31 to the non-defaulter", rules.BOFRegional, in{Outcome: timeDef, Defaulter: outflank.White, OpponentFlags: 2}, 33, 31, 1, false},
		{"time default, defaulter falls again after the other's first (BOF)", rules.BOFRegional, in{Outcome: timeDef, Defaulter: outflank.White, DefaulterFlags: 2, OpponentFlags: 1}, 64, 0, 1, false},
		{"forfeit (WOC IV.8): 64-0", rules.WOC, in{Outcome: outflank.OutcomeForfeit, Loser: outflank.Black, Reason: "refused to play"}, 0, 64, 0, false},
		{"forfeit (EGP IV.8): resignation", rules.EGP, in{Outcome: outflank.OutcomeForfeit, Loser: outflank.White}, 64, 0, 1, false},
		{"unplayed (BOF 11): 20-44", rules.BOFRegional, in{Outcome: outflank.OutcomeUnplayed, Loser: outflank.Black}, 20, 44, 0, false},
		{"unplayed under WOC: 64-0", rules.WOC, in{Outcome: outflank.OutcomeUnplayed, Loser: outflank.White}, 64, 0, 1, false},
		{"penalty: score changed (WOC V.2 b)", rules.WOC, in{Outcome: outflank.OutcomePenalty, Score: discs(30, 34), Reason: "illegal consultation"}, 30, 34, 0, false},
		{"penalty: declared a draw (WOC V.2 c)", rules.WOC, in{Outcome: outflank.OutcomePenalty, Score: discs(32, 32), Reason: "both late"}, 32, 32, 0.5, false},
		{"draw-win (WOC IV.9)", rules.WOC, in{Outcome: outflank.OutcomeDrawWin, Score: discs(32, 32), Winner: outflank.White}, 32, 32, 0, false},
		{"draw-win from a board draw with empties", rules.WOC, in{Outcome: outflank.OutcomeDrawWin, Score: discs(30, 30), Winner: outflank.Black}, 32, 32, 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := settings(t, tc.rules).ScoreResult(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if res.BlackDiscs != tc.black || res.WhiteDiscs != tc.white {
				t.Errorf("official %d-%d, want %d-%d", res.BlackDiscs, res.WhiteDiscs, tc.black, tc.white)
			}
			if b, w := res.Points(); b != tc.pointsB || b+w != 1 {
				t.Errorf("points %v-%v, want %v for black", b, w, tc.pointsB)
			}
			if (res.Board != nil) != tc.boardKnown {
				t.Errorf("board %+v, want recorded: %v", res.Board, tc.boardKnown)
			}
		})
	}
}

func TestScoreResultRejects(t *testing.T) {
	type in = outflank.ResultInput
	for _, tc := range []struct {
		name  string
		rules rules.ID
		in    in
		want  string
	}{
		{"65 discs", rules.WOC, in{Outcome: "normal", Score: discs(65, 0)}, "each side has 0 to 64 discs"},
		{"negative", rules.WOC, in{Outcome: "normal", Score: discs(-1, 40)}, "each side has 0 to 64 discs"},
		{"more than 64", rules.WOC, in{Outcome: "normal", Score: discs(40, 30)}, "adds up to 70 discs"},
		{"too few discs", rules.WOC, in{Outcome: "normal", Score: discs(5, 3)}, "fewer than 13 discs"},
		{"no score", rules.WOC, in{Outcome: "normal"}, "needs the score"},
		{"transcript disagrees", rules.WOC, in{Outcome: "normal", Moves: fullGame, Score: discs(40, 24)}, "disagrees with the transcript, which ends 61-2"},
		{"illegal transcript", rules.WOC, in{Outcome: "normal", Moves: "f5d6d5"}, "illegal move at ply 3 (d5)"},
		{"unfinished transcript", rules.WOC, in{Outcome: "normal", Moves: "f5d6c3"}, "stops at ply 3"},
		{"time default without defaulter", rules.WOC, in{Outcome: "time-default", Score: discs(40, 24)}, "--defaulter"},
		{"time default, game went on, no score", rules.WOC, in{Outcome: "time-default", Defaulter: "black"}, "give its final score"},
		{"time default, both decisive", rules.WOC, in{Outcome: "time-default", Defaulter: "black", DefaulterFlags: 2, OpponentFlags: 1}, "cannot both happen"},
		{"time default, three flags", rules.WOC, in{Outcome: "time-default", Defaulter: "black", DefaulterFlags: 3}, "1 or 2"},
		{"forfeit without loser", rules.WOC, in{Outcome: "forfeit"}, "--loser"},
		{"forfeit with a score", rules.WOC, in{Outcome: "forfeit", Loser: "black", Score: discs(40, 24)}, "leave out the score"},
		{"penalty without reason", rules.WOC, in{Outcome: "penalty", Score: discs(32, 32)}, "needs a reason"},
		{"a reason of a page", rules.WOC, in{Outcome: "penalty", Score: discs(32, 32), Reason: strings.Repeat("é", outflank.MaxReason+1)}, "the reason is 301 characters long: say it in at most 300"},
		{"penalty not adding to 64", rules.WOC, in{Outcome: "penalty", Score: discs(30, 30), Reason: "x"}, "must add up to 64"},
		{"draw-win of a won game", rules.WOC, in{Outcome: "draw-win", Score: discs(40, 24), Winner: "black"}, "only to a drawn game"},
		{"draw-win without holder", rules.WOC, in{Outcome: "draw-win", Score: discs(32, 32)}, "--winner"},
		{"unknown outcome", rules.WOC, in{Outcome: "walkover", Score: discs(32, 32)}, "unknown outcome"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := settings(t, tc.rules).ScoreResult(tc.in)
			if outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want EINVALID containing %q", err, tc.want)
			}
		})
	}
}
