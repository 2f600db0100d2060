package storetest

import (
	"context"
	"testing"

	"outflank"
	"outflank/rules"
)

// EveryRowKind returns a tournament with a row of every kind a store keeps
// and every value its columns take: players with every field set or empty
// (a negative rating, a WOF id new to the list, names in several scripts,
// withdrawals after round 0 and later, absences, a late entry), rounds with
// a method and a seed, byes, games with no result, normal results (0-64
// too), each other outcome with its columns (a board, a transcript, a time
// default's flags, a forfeit's loser and reason, a draw-win's winner, discs
// unknown), knockout choices with and without a result, and a round of
// byes only. A store must load it as it was stored (RunEveryRowKind), and
// a store that reads rows more than one way must read it alike each way.
func EveryRowKind(tb testing.TB) *outflank.Tournament {
	tb.Helper()
	t, err := outflank.NewTournament("every", "Every Row Open", "2026-11-27", rules.WOC, 5)
	if err != nil {
		tb.Fatal(err)
	}
	zero, two := 0, 2
	for _, p := range []outflank.Player{
		{Name: "Anna Black", Country: "GBR", Rating: 2000, Gender: "f", Born: "2012-03-04", Citizenship: "GBR", ResidentSince: "2020-01-01"},
		{Name: "Ben White", Country: "FRA", Rating: -750, WOFID: 1234, NewToWOF: true},
		{Name: "Chen Wu 陈武", Country: "CHN", Seeded: true, Exemption: "chairman's exemption, 2026"},
		{Name: "Dita Eriksen", Country: "NOR", Team: "Norway", Additional: true, WithdrawnAfterRound: &zero},
		{Name: "Émile Ek-Ødegård", Country: "SWE", WithdrawnAfterRound: &two},
		{Name: "Fay Go", Country: "JPN", Rating: 2400, AbsentRounds: []int{2, 3}},
		{Name: "Gil O'Neil, \"Jr\" | ; \\ %", Country: "IRL", Rating: 1},
		{Name: "Hana Late", Country: "JPN", AbsentRounds: []int{1}},
		{Name: "Ian", Rating: 3999, WOFID: 99999},
	} {
		if _, err := t.AddPlayer(p); err != nil {
			tb.Fatal(err)
		}
	}
	round := func(stage outflank.Stage, pairs []outflank.Pair, byes []int) *outflank.Round {
		r, err := t.AddRound(stage, pairs, byes)
		if err != nil {
			tb.Fatal(err)
		}
		return r
	}
	r1 := round(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}, {Black: 5, White: 6}, {Black: 7, White: 9}}, nil)
	r1.Method, r1.Seed = "first round woc II.7.1", "seed-1"
	g := r1.Games
	g[0].Result = &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 64, WhiteDiscs: 0}
	g[1].Result = &outflank.Result{Outcome: outflank.OutcomeTimeDefault, BlackDiscs: 20, WhiteDiscs: 44, Board: &outflank.Discs{Black: 30, White: 20},
		Defaulter: outflank.Black, DefaulterFlags: 2, OpponentFlags: 1, Moves: "f5d6c3d3c4f4c5b3c2"}
	g[2].Result = &outflank.Result{Outcome: outflank.OutcomeForfeit, BlackDiscs: 0, WhiteDiscs: 64, Loser: outflank.Black, Reason: "did not come back after lunch"}
	g[3].Result = &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 0, WhiteDiscs: 64}
	r2 := round(outflank.StageSwiss, []outflank.Pair{{Black: 2, White: 1}, {Black: 5, White: 3}, {Black: 9, White: 7}}, []int{8})
	r2.Method, r2.Seed = "swiss woc", "seed-2"
	g = r2.Games
	g[0].Result = &outflank.Result{Outcome: outflank.OutcomeUnplayed, BlackDiscs: 32, WhiteDiscs: 32, Loser: outflank.White}
	g[1].Result = &outflank.Result{Outcome: outflank.OutcomePenalty, BlackDiscs: 0, WhiteDiscs: 64, Reason: "a phone rang", DiscsUnknown: true}
	g[2].Result = &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 33, WhiteDiscs: 31, Board: &outflank.Discs{Black: 33, White: 30}}
	r3 := round(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 3}, {Black: 2, White: 7}}, []int{8, 9})
	r3.Games[0].Result = &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 40, WhiteDiscs: 24, Moves: "f5f6e6f4"}
	// r3.Games[1] has no result yet.
	round(outflank.StageSwiss, nil, []int{1, 2, 3})
	r5 := round(outflank.StageSemiFinal, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 9}}, nil)
	r5.Games[0].Choice = &outflank.Choice{Player: 1, Chose: outflank.ChoseBlack}
	r5.Games[0].Result = &outflank.Result{Outcome: outflank.OutcomeDrawWin, BlackDiscs: 32, WhiteDiscs: 32, Winner: outflank.Black}
	r5.Games[1].Choice = &outflank.Choice{Player: 9, Chose: outflank.ChoseDrawWin} // no result yet
	return t
}

// testEveryRowKind stores EveryRowKind and checks that it is loaded as it
// was, by a store that keeps nothing yet and by the same store again.
func testEveryRowKind(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour := EveryRowKind(t)
	if _, err := s.Create(ctx, tour, outflank.KindImport, "every row"); err != nil {
		t.Fatal(err)
	}
	for _, when := range []string{"read in full", "read again"} {
		got := mustLoad(t, s, "every")
		if !equal(got, tour) {
			t.Fatalf("%s: loaded\n%+v\n%+v\nwant\n%+v\n%+v", when, got.Players, got.Rounds, tour.Players, tour.Rounds)
		}
	}
}
