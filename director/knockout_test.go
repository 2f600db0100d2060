package director_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
	"outflank/rules"
	"outflank/sqlite"
)

// wocAfterRoundRobin stores a 12-player WOC (women 5-8, young players
// 9-12) after its round robin, the lower id winning every game, and
// pairs the 9:30 slot of the third day with every choice given: the
// semi-finals' game 1 in round 12 (tables 1-2), the young semi-finals in
// round 13 (tables 3-4), #9 and #10 choosing black.
func wocAfterRoundRobin(t *testing.T, db *sqlite.DB) {
	t.Helper()
	tour, err := outflank.NewTournament("woc", "WOC", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 12; id++ {
		p := outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Gender: "m", Born: "1990-01-01", Country: "FRA"}
		if id >= 5 && id <= 8 {
			p.Gender = "f"
		}
		if id >= 9 {
			p.Born = "2013-06-01"
		}
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	for len(tour.Rounds) < 11 {
		if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
			t.Fatal(err)
		}
		r := &tour.Rounds[len(tour.Rounds)-1]
		for i := range r.Games {
			d := outflank.Discs{Black: 40, White: 24}
			if r.Games[i].White < r.Games[i].Black {
				d = outflank.Discs{Black: 24, White: 40}
			}
			if r.Games[i].Result, err = tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &d}); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx := context.Background()
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	if _, err := director.Pair(ctx, db, "woc", director.PairRequest{Choices: []string{"1=black", "2=black", "9=black", "10=black"}}); err != nil {
		t.Fatal(err)
	}
}

func enter(t *testing.T, db *sqlite.DB, f director.ResultFields) (*director.Entered, error) {
	t.Helper()
	req, err := f.Request()
	if err != nil {
		t.Fatal(err)
	}
	return director.EnterResult(context.Background(), db, "woc", req, nil)
}

// TestDrawWinOnlyWhereItExists is issue 24's points 17 and 18: a draw-win
// is refused in a game without one (a round robin's, a best-of-three
// semi-final's), and a draw-win entered without the choice behind it
// records the choice it implies, as pairing does (WOC IV.9).
func TestDrawWinOnlyWhereItExists(t *testing.T) {
	db := openStore(t)
	wocAfterRoundRobin(t, db)
	for _, c := range []struct {
		round, table int
		want         string
	}{
		{11, 1, "round 11 table 1 is a round-robin game: a draw-win exists only in a knockout game with the choice of colour or draw-win (WOC IV.9)"},
		{12, 1, "semi-final 1, game 1 has no draw-win: WOC III.1: a match of several games counts its draws"},
	} {
		_, err := enter(t, db, director.ResultFields{Round: c.round, Table: c.table, Score: "32-32", Outcome: "draw-win", Winner: "black", Replace: true})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("a draw-win at %d/%d: %v, want %q", c.round, c.table, err, c.want)
		}
	}
	// The young semi-final 2: #10 black, #11 white, #10's choice given
	// as black when paired: a draw goes to #11 (IV.9 a), and a draw-win
	// for #10 is refused.
	if _, err := enter(t, db, director.ResultFields{Round: 13, Table: 4, Score: "32-32", Outcome: "draw-win", Winner: "black"}); err == nil || !strings.Contains(err.Error(), "#10 Player 10 chose black, so a draw goes to #11 Player 11") {
		t.Errorf("a draw-win against the recorded choice: %v", err)
	}
	// Young semi-final 1 re-paired without a choice (#9 has not told
	// it), then its draw entered in "How it ended" as a draw-win for
	// white (#12): #9 chose his colour, black, and that is recorded.
	if _, err := director.Pair(context.Background(), db, "woc", director.PairRequest{Match: "young-semi-final-1", Replace: true, Untold: []string{"9"}}); err != nil {
		t.Fatal(err)
	}
	e, err := enter(t, db, director.ResultFields{Round: 13, Table: 3, Score: "32-32", Outcome: "draw-win", Winner: "white"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(e.Event.Summary, "32-32 draw-win to white (#9 Player 09 chose black)") {
		t.Errorf("summary: %s", e.Event.Summary)
	}
	tour, _ := db.Tournament(context.Background(), "woc")
	g, _ := tour.Game(13, 3)
	if g.Choice == nil || *g.Choice != (outflank.Choice{Player: 9, Chose: outflank.ChoseBlack}) {
		t.Errorf("the choice recorded: %+v", g.Choice)
	}
}

// TestCorrectionNamesNeedlessGame: the correction that makes a paired
// game needless says so (Entered.Words, which the API and console show),
// and WithdrawGame takes that game back alone; undo puts it back.
func TestCorrectionNamesNeedlessGame(t *testing.T) {
	db := openStore(t)
	ctx := context.Background()
	wocAfterRoundRobin(t, db)
	for _, f := range []director.ResultFields{{Round: 12, Table: 1, Score: "40-24"}, {Round: 12, Table: 2, Score: "40-24"}, {Round: 13, Table: 3, Score: "40-24"}, {Round: 13, Table: 4, Score: "40-24"}} {
		if _, err := enter(t, db, f); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.Pair(ctx, db, "woc", director.PairRequest{Choices: []string{"5=black", "6=black"}}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []director.ResultFields{{Round: 14, Table: 1, Score: "40-24"}, {Round: 14, Table: 2, Score: "24-40"}, {Round: 15, Table: 3, Score: "40-24"}, {Round: 15, Table: 4, Score: "40-24"}} {
		if _, err := enter(t, db, f); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.Pair(ctx, db, "woc", director.PairRequest{Choices: []string{"1=black", "9=black", "11=black"}}); err != nil {
		t.Fatal(err)
	}
	e, err := enter(t, db, director.ResultFields{Round: 14, Table: 1, Score: "24-40", Replace: true, Expect: "40-24"})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Needless) != 1 || e.Needless[0].Round != 16 || e.Needless[0].Game.Table != 1 || len(e.Words) != 1 || !strings.Contains(e.Words[0], "is not needed") {
		t.Fatalf("the correction's needless games: %+v %q", e.Needless, e.Words)
	}
	// A correction that changes nothing needless says nothing.
	if e, err := enter(t, db, director.ResultFields{Round: 14, Table: 1, Score: "20-44", Replace: true}); err != nil || len(e.Words) != 0 {
		t.Errorf("a second correction: %q %v", e.Words, err)
	}
	w, err := director.WithdrawGame(ctx, db, "woc", director.GameRef{Match: "semi-final-1", Game: 3})
	if err != nil {
		t.Fatal(err)
	}
	if w.Event.Kind != outflank.KindWithdrawGame || w.Withdrawn.Round != 16 || w.Withdrawn.Needless == "" {
		t.Errorf("withdrawn: %+v %+v", w.Event, w.Withdrawn)
	}
	tour, _ := db.Tournament(ctx, "woc")
	if len(tour.Rounds) != 18 || len(tour.Rounds[15].Games) != 0 || tour.Rounds[16].Games[0].Table != 2 || tour.Rounds[17].Games[0].Table != 3 {
		t.Errorf("after the withdrawal: %+v", tour.Rounds[15:])
	}
	if _, err := director.Undo(ctx, db, "woc", w.Event.ID); err != nil {
		t.Fatal(err)
	}
	tour, _ = db.Tournament(ctx, "woc")
	if g, err := tour.Game(16, 1); err != nil || g.Black != 1 || g.White != 4 {
		t.Errorf("undo: %+v %v", g, err)
	}
}
