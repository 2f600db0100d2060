package director_test

import (
	"context"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
)

// TestJudgeTableRepaired: round 2 is undone and paired again after the
// judge of table 1 recorded 10 moves of Ann v Cid and the judge of table
// 2 submitted Ben v Dee's result; Dee v Ann now play at table 1. The old transcript is not the new game's: the
// new board starts empty (above the old edit number, so the old device
// cannot continue it), a board still showing Ann v Ben is refused with
// what to do, and a submission of the old game waiting for a director can
// no longer be confirmed as the new game's result.
// (Round 1 has no results: the rounds are forced.)
func TestJudgeTableRepaired(t *testing.T) {
	s := newJudgeSite(t, true)
	if _, err := director.AddRound(s.director, s.db, "club", director.RoundByHand{Pairs: []string{"1-3", "2-4"}, Force: true}); err != nil {
		t.Fatal(err)
	}
	before, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 10; i++ {
		if _, _, err := director.RecordMoves(s.judge, s.db, before, 2, 1, int64(i), game[:2*i]); err != nil {
			t.Fatal(err)
		}
	}
	// The second table's judge submits the old game 2-4: it waits.
	if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 2, 2, 60, outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game}); err != nil {
		t.Fatal(err)
	}
	if _, err := director.Undo(s.director, s.db, "club", 0); err != nil { // round 2
		t.Fatal(err)
	}
	if _, err := director.AddRound(s.director, s.db, "club", director.RoundByHand{Pairs: []string{"4-1", "3-2"}, Force: true}); err != nil {
		t.Fatal(err)
	}
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	now, _ := tour.Game(2, 1)
	stored, err := s.db.LiveGame(context.Background(), "club", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Of(*now) || stored.Moves == "" {
		t.Fatalf("the stored transcript (%d v %d, %q) should be of the old game", stored.Black, stored.White, stored.Moves)
	}
	fresh := stored.For(*now)
	if fresh.Moves != "" || fresh.Seq != 10 || fresh.Black != 4 || fresh.White != 1 || fresh.Submission != nil {
		t.Errorf("the new game's live game: %+v", fresh)
	}
	if live := tour.CurrentLive([]outflank.LiveGame{*stored}); len(live) != 0 {
		t.Errorf("CurrentLive keeps the old game's transcript: %+v", live)
	}
	// The old device continues Ann v Ben: its board says so, and it is
	// refused.
	err = outflank.CheckBoard(tour, 2, 1, 1, 3, *now)
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "round 2 table 1 is now #4 Dee v #1 Ann") || !strings.Contains(err.Error(), "reload the board") {
		t.Errorf("a board of the old game: %v", err)
	}
	if err := outflank.CheckBoard(tour, 2, 1, 4, 1, *now); err != nil {
		t.Errorf("a board of the new game: %v", err)
	}
	// The new game's judge records its first move: edit 11, on an empty
	// board.
	g, rec, err := director.RecordMoves(s.judge, s.db, tour, 2, 1, 11, game[:2])
	if err != nil || rec != outflank.RecordApplied || g.Moves != game[:2] || g.Black != 4 || g.White != 1 {
		t.Fatalf("the new game's first move: %v %v %+v", err, rec, g)
	}
	// The old submission at table 2 is not the new game's result.
	if _, err := director.ConfirmJudged(s.director, s.db, s.db, "club", 2, 2, nil); outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "no longer played there") {
		t.Errorf("confirming the old game's submission: %v", err)
	}
	if after, err := s.db.Tournament(context.Background(), "club"); err != nil {
		t.Fatal(err)
	} else if g, _ := after.Game(2, 2); g.Result != nil {
		t.Errorf("round 2 table 2 got the old game's result: %+v", g.Result)
	}
}
