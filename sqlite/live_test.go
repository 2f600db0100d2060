package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/sqlite"
)

// record is a change that records moves numbered seq, as a judge's page
// sends them.
func record(seq int64, moves string) func(g *outflank.LiveGame) (bool, error) {
	return func(g *outflank.LiveGame) (bool, error) {
		r, err := g.Record(seq, moves, "judge #1")
		return r == outflank.RecordApplied, err
	}
}

// TestLiveGames: a live game is created by its first transcript, stamped
// anew at each write, left alone (no stamp) by a resend, and listed by
// round and table; the tournaments' versions do not move.
func TestLiveGames(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	if _, err := db.LiveGame(ctx, "club", 1, 2); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("no live game yet: %v", err)
	}
	g, err := db.UpdateLive(ctx, "club", 2, 1, record(1, "f5"))
	if err != nil || g.Seq != 1 || g.Moves != "f5" || g.State != outflank.LivePlaying || g.Stamp != 1 || g.Actor != "judge #1" {
		t.Fatalf("first move: %+v, %v", g, err)
	}
	g, err = db.UpdateLive(ctx, "club", 1, 2, record(3, "f5d6c3"))
	if err != nil || g.Stamp != 2 {
		t.Fatalf("another game: %+v, %v", g, err)
	}
	if g, err = db.UpdateLive(ctx, "club", 1, 2, record(3, "f5d6c3")); err != nil || g.Stamp != 2 {
		t.Fatalf("a resend is not written: %+v, %v", g, err)
	}
	if _, err = db.UpdateLive(ctx, "club", 1, 2, record(4, "f5d6a1")); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Fatalf("an illegal move: %v", err)
	}
	g, err = db.UpdateLive(ctx, "club", 1, 2, func(g *outflank.LiveGame) (bool, error) {
		g.State, g.Note = outflank.LivePending, "waits"
		g.Submission = &outflank.Submission{Outcome: outflank.OutcomeForfeit, Loser: outflank.White, Moves: g.Moves, Actor: "judge #1", At: time.Unix(1, 0).UTC()}
		return true, nil
	})
	if err != nil || g.Stamp != 3 {
		t.Fatal(g, err)
	}
	got, err := db.LiveGame(ctx, "club", 1, 2)
	if err != nil || got.State != outflank.LivePending || got.Submission == nil || got.Submission.Loser != outflank.White || got.Note != "waits" || got.Moves != "f5d6c3" {
		t.Fatalf("read back: %+v %v", got, err)
	}
	list, err := db.LiveGames(ctx, "club")
	if err != nil || len(list) != 2 || list[0].Round != 1 || list[1].Round != 2 {
		t.Fatalf("list: %+v %v", list, err)
	}
	if list, _ := db.LiveGames(ctx, "other"); len(list) != 0 {
		t.Errorf("another tournament's live games: %+v", list)
	}
}

// TestWatchLive: the watcher gets every live game at first, then each
// write, from another connection as from another process, once.
func TestWatchLive(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	path := filepath.Join(t.TempDir(), "live.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.UpdateLive(ctx, "club", 1, 1, record(1, "f5")); err != nil {
		t.Fatal(err)
	}
	other, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var mu sync.Mutex
	var calls [][]outflank.LiveGame
	go db.WatchLive(ctx, func(games []outflank.LiveGame) {
		mu.Lock()
		calls = append(calls, games)
		mu.Unlock()
	})
	wait := func(n int) [][]outflank.LiveGame {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			got := append([][]outflank.LiveGame(nil), calls...)
			mu.Unlock()
			if len(got) >= n {
				return got
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d calls, want %d", len(got), n)
			}
		}
	}
	if got := wait(1); len(got[0]) != 1 || got[0][0].Moves != "f5" {
		t.Fatalf("first call: %+v", got[0])
	}
	if _, err := other.UpdateLive(ctx, "club", 1, 1, record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	if got := wait(2); len(got[1]) != 1 || got[1][0].Moves != "f5d6" || got[1][0].Stamp != 2 {
		t.Fatalf("second call: %+v", got[1])
	}
	// A resend writes nothing, and a tournament's change is not a live
	// game's: no call.
	if _, err := other.UpdateLive(ctx, "club", 1, 1, record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	tour, err := outflank.NewTournament("club", "Club", "", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Create(ctx, tour, outflank.KindCreate, "created"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * sqlite.WatchEvery)
	if got := wait(2); len(got) != 2 {
		t.Errorf("a resend or a tournament's change was reported: %+v", got[2:])
	}
}
