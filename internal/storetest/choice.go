package storetest

import (
	"context"
	"testing"

	"outflank"
	"outflank/rules"
)

// finalSample is a two-player AOF event after its one round, with its
// one-game final paired and #1's draw-win recorded (WOC IV.9, AOF
// Appendix C).
func finalSample(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("final", "Final", "2026-08-01", rules.AOF, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Ann Ek", "Ben Go"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, nil); err != nil {
		t.Fatal(err)
	}
	res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.SetResult(1, 1, res, outflank.ResultOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tour.PairNext(outflank.PairOptions{Choices: []outflank.ChoiceOption{{Chose: outflank.ChoseDrawWin}}}); err != nil {
		t.Fatal(err)
	}
	return tour
}

// testKnockoutChoice: the choice of colour or draw-win of a knockout game
// is stored, changed with the result it decides, and undone.
func testKnockoutChoice(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour := finalSample(t)
	if c := tour.Rounds[1].Games[0].Choice; c == nil || c.Player != 1 || c.Chose != outflank.ChoseDrawWin {
		t.Fatalf("the final's choice is %+v", c)
	}
	if _, err := s.Create(ctx, tour, outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	before := mustLoad(t, s, "final")
	if !equal(before, tour) {
		t.Fatalf("the stored final differs: %+v", before.Rounds[1].Games[0])
	}
	// #1 chose black after all (re-paired in place), and the game is drawn:
	// the draw goes to #2.
	if _, err := s.Update(ctx, "final", "step", func(tour *outflank.Tournament) (string, error) {
		if _, err := tour.RecordChoice(2, 1, outflank.ChoseBlack); err != nil {
			return "", err
		}
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 32, White: 32}})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(2, 1, res, outflank.ResultOptions{})
		return "final drawn", err
	}); err != nil {
		t.Fatal(err)
	}
	after := mustLoad(t, s, "final")
	g := after.Rounds[1].Games[0]
	if g.Choice == nil || g.Choice.Chose != outflank.ChoseBlack || g.Result == nil || g.Result.Outcome != outflank.OutcomeDrawWin || g.Result.Winner != outflank.White {
		t.Errorf("after the draw: choice %+v, result %+v", g.Choice, g.Result)
	}
	if _, err := s.Undo(ctx, "final", 0); err != nil {
		t.Fatal(err)
	}
	if got := mustLoad(t, s, "final"); !equal(got, before) {
		t.Errorf("undo did not restore the choice: %+v", got.Rounds[1].Games[0])
	}
}
