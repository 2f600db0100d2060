package postgres_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
)

// watcher collects the calls of a WatchLive.
type watcher struct {
	mu    sync.Mutex
	calls [][]outflank.LiveGame
	at    []time.Time
}

// watch runs db.WatchLive until the test ends, into a new watcher.
func watch(t *testing.T, db *postgres.DB) *watcher {
	ctx, cancel := context.WithCancel(context.Background())
	w := &watcher{}
	done := make(chan error, 1)
	go func() {
		done <- db.WatchLive(ctx, func(games []outflank.LiveGame) {
			w.mu.Lock()
			w.calls = append(w.calls, games)
			w.at = append(w.at, time.Now())
			w.mu.Unlock()
		})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("WatchLive: %v", err)
		}
	})
	return w
}

// wait returns the calls once there are n of them, failing the test after
// within.
func (w *watcher) wait(t *testing.T, n int, within time.Duration) ([][]outflank.LiveGame, []time.Time) {
	t.Helper()
	for deadline := time.Now().Add(within); ; time.Sleep(5 * time.Millisecond) {
		w.mu.Lock()
		calls, at := append([][]outflank.LiveGame(nil), w.calls...), append([]time.Time(nil), w.at...)
		w.mu.Unlock()
		if len(calls) >= n {
			return calls, at
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d calls of WatchLive after %v, want %d: %+v", len(calls), within, n, calls)
		}
	}
}

// TestWatchLive: the watcher gets every live game at first, then each
// write, from its own handle or another, once; a resend and a tournament's
// change are no calls.
func TestWatchLive(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, other := mustOpenURL(t, url), mustOpenURL(t, url)
	if _, err := db.UpdateLive(ctx, "club", 1, 1, storetest.Record(1, "f5")); err != nil {
		t.Fatal(err)
	}
	w := watch(t, db)
	if got, _ := w.wait(t, 1, 5*time.Second); len(got[0]) != 1 || got[0][0].Moves != "f5" {
		t.Fatalf("first call: %+v", got[0])
	}
	if _, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	if got, _ := w.wait(t, 2, 5*time.Second); len(got[1]) != 1 || got[1][0].Moves != "f5d6" || got[1][0].Stamp != 2 {
		t.Fatalf("second call: %+v", got[1])
	}
	if _, err := db.UpdateLive(ctx, "club", 2, 3, storetest.Record(1, "f5")); err != nil {
		t.Fatal(err)
	}
	if got, _ := w.wait(t, 3, 5*time.Second); len(got[2]) != 1 || got[2][0].Table != 3 || got[2][0].Stamp != 3 {
		t.Fatalf("third call: %+v", got[2])
	}
	if _, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	addTournament(t, other, "club")
	time.Sleep(500 * time.Millisecond)
	if got, _ := w.wait(t, 3, time.Second); len(got) != 3 {
		t.Errorf("a resend or a tournament's change was reported: %+v", got[3:])
	}
}

// TestWatchLiveAcrossInstances: two stores on one database, as two
// servers: a move recorded through one reaches the watcher of the other
// within a second, each of many at once in stamp order, none twice.
func TestWatchLiveAcrossInstances(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := mustOpenURL(t, url), mustOpenURL(t, url)
	w := watch(t, b)
	w.wait(t, 1, 5*time.Second)
	start := time.Now()
	if _, err := a.UpdateLive(ctx, "club", 1, 1, storetest.Record(1, "f5")); err != nil {
		t.Fatal(err)
	}
	got, at := w.wait(t, 2, time.Second)
	if len(got[1]) != 1 || got[1][0].Moves != "f5" {
		t.Fatalf("the move: %+v", got[1])
	}
	t.Logf("a move reached the other instance's watcher in %v", at[1].Sub(start))

	// Twenty judges at once, on both instances: every stamp is reported,
	// in order, once.
	var wg sync.WaitGroup
	for table := range 20 {
		db := a
		if table%2 == 1 {
			db = b
		}
		wg.Go(func() {
			if _, err := db.UpdateLive(ctx, "club", 2, table+1, storetest.Record(1, "f5")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, _ = w.wait(t, 2, time.Second)
		var stamps []int64
		for _, call := range got[1:] {
			for _, g := range call {
				stamps = append(stamps, g.Stamp)
			}
		}
		if len(stamps) == 21 {
			for i, s := range stamps {
				if s != int64(i+1) {
					t.Fatalf("stamps reported %v, want 1 to 21 in order", stamps)
				}
			}
			break
		}
		if len(stamps) > 21 || time.Now().After(deadline) {
			t.Fatalf("stamps reported %v, want 1 to 21", stamps)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestWatchLiveReconnects: when the server restarts, the watcher connects
// again and reports what was written meanwhile.
func TestWatchLiveReconnects(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, other := mustOpenURL(t, url), mustOpenURL(t, url)
	w := watch(t, db)
	w.wait(t, 1, 5*time.Second)
	pgtest.Restart(t)
	// The pools find their connections cut: a write may fail once.
	for i := 0; ; i++ {
		_, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(1, "f5"))
		if err == nil {
			break
		}
		if i == 20 {
			t.Fatalf("writing after the restart: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	got, _ := w.wait(t, 2, 15*time.Second)
	if len(got[1]) != 1 || got[1][0].Moves != "f5" || got[1][0].Stamp != 1 {
		t.Fatalf("after the restart: %+v", got[1:])
	}
	if _, err := other.UpdateLive(ctx, "club", 1, 1, storetest.Record(2, "f5d6")); err != nil {
		t.Fatal(err)
	}
	if got, _ := w.wait(t, 3, 5*time.Second); len(got[2]) != 1 || got[2][0].Stamp != 2 {
		t.Fatalf("listening again: %+v", got[2:])
	}
}

// TestWatchLiveEndsWhenClosed: closing the store ends its WatchLive.
func TestWatchLiveEndsWhenClosed(t *testing.T) {
	db, err := postgres.Open(context.Background(), pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	called := make(chan struct{}, 1)
	go func() {
		done <- db.WatchLive(context.Background(), func([]outflank.LiveGame) { called <- struct{}{} })
	}()
	<-called
	db.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("WatchLive: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("WatchLive still runs after Close")
	}
}

// TestWatchLiveCatchesUp: when its connection is cut, WatchLive connects
// again and reports the writes made while it was away, once.
func TestWatchLiveCatchesUp(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, other := mustOpenURL(t, url), mustOpenURL(t, url)
	w := watch(t, db)
	w.wait(t, 1, 5*time.Second)
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var cut int
	err = conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = 'outflank live watcher' AND datname = current_database()`).Scan(&cut)
	if err != nil || cut != 1 {
		t.Fatalf("cutting the watcher's connection: %d cut, %v", cut, err)
	}
	for table := 1; table <= 3; table++ {
		if _, err := other.UpdateLive(ctx, "club", 1, table, storetest.Record(1, "f5")); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, _ := w.wait(t, 2, 10*time.Second)
		var stamps []int64
		for _, call := range got[1:] {
			for _, g := range call {
				stamps = append(stamps, g.Stamp)
			}
		}
		if len(stamps) == 3 && stamps[0] == 1 && stamps[2] == 3 {
			break
		}
		if len(stamps) > 3 || time.Now().After(deadline) {
			t.Fatalf("stamps reported after the cut: %v, want 1 2 3", stamps)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
