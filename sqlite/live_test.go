package sqlite_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/rules"
	"outflank/sqlite"
)

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
	if _, err := db.UpdateLive(ctx, "club", 1, 1, storetest.Record(1, "f5")); err != nil {
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
	if _, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	if got := wait(2); len(got[1]) != 1 || got[1][0].Moves != "f5d6" || got[1][0].Stamp != 2 {
		t.Fatalf("second call: %+v", got[1])
	}
	// A resend writes nothing, and a tournament's change is not a live
	// game's: no call.
	if _, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(2, "f5d6")); err != nil {
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
