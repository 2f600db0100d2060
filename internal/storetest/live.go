package storetest

import (
	"context"
	"testing"
	"time"

	"outflank"
)

// Record is a change that records moves numbered seq, as a judge's page
// sends them.
func Record(seq int64, moves string) func(g *outflank.LiveGame) (bool, error) {
	return func(g *outflank.LiveGame) (bool, error) {
		r, err := g.Record(seq, moves, "judge #1")
		return r == outflank.RecordApplied, err
	}
}

// RunLiveGames checks a fresh outflank.LiveGames: a live game is created
// by its first transcript, stamped anew at each write, left alone (no
// stamp) by a resend or a refused change, and listed by round and table.
func RunLiveGames(t *testing.T, db outflank.LiveGames) {
	ctx := context.Background()
	if _, err := db.LiveGame(ctx, "club", 1, 2); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("no live game yet: %v", err)
	}
	if list, err := db.LiveGames(ctx, "club"); err != nil || list == nil || len(list) != 0 {
		t.Fatalf("no live games yet: %#v, %v", list, err)
	}
	g, err := db.UpdateLive(ctx, "club", 2, 1, Record(1, "f5"))
	if err != nil || g.Seq != 1 || g.Moves != "f5" || g.State != outflank.LivePlaying || g.Stamp != 1 || g.Actor != "judge #1" || g.UpdatedAt.IsZero() {
		t.Fatalf("first move: %+v, %v", g, err)
	}
	g, err = db.UpdateLive(ctx, "club", 1, 2, Record(3, "f5d6c3"))
	if err != nil || g.Stamp != 2 {
		t.Fatalf("another game: %+v, %v", g, err)
	}
	if g, err = db.UpdateLive(ctx, "club", 1, 2, Record(3, "f5d6c3")); err != nil || g.Stamp != 2 {
		t.Fatalf("a resend is not written: %+v, %v", g, err)
	}
	if _, err = db.UpdateLive(ctx, "club", 1, 2, Record(4, "f5d6a1")); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Fatalf("an illegal move: %v", err)
	}
	at := time.Unix(1, 0).UTC()
	g, err = db.UpdateLive(ctx, "club", 1, 2, func(g *outflank.LiveGame) (bool, error) {
		g.State, g.Note = outflank.LivePending, "waits"
		g.Submission = &outflank.Submission{Outcome: outflank.OutcomeForfeit, Loser: outflank.White, Moves: g.Moves, Actor: "judge #1", At: at}
		g.Round = 9 // not the change's to move
		return true, nil
	})
	if err != nil || g.Stamp != 3 || g.Round != 1 {
		t.Fatal(g, err)
	}
	got, err := db.LiveGame(ctx, "club", 1, 2)
	if err != nil || got.State != outflank.LivePending || got.Submission == nil || got.Submission.Loser != outflank.White ||
		!got.Submission.At.Equal(at) || got.Note != "waits" || got.Moves != "f5d6c3" || got.Stamp != 3 || !got.UpdatedAt.Equal(g.UpdatedAt) {
		t.Fatalf("read back: %+v %v", got, err)
	}
	list, err := db.LiveGames(ctx, "club")
	if err != nil || len(list) != 2 || list[0].Round != 1 || list[1].Round != 2 || list[1].Submission != nil {
		t.Fatalf("list: %+v %v", list, err)
	}
	if list, _ := db.LiveGames(ctx, "other"); len(list) != 0 {
		t.Errorf("another tournament's live games: %+v", list)
	}
}
