package sqlite

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
)

// openSample opens a new database at path holding the sample tournament.
func openSample(t *testing.T, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path, Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(context.Background(), storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	return db
}

// enter returns a change entering black-white at round 1 table 2.
func enter(black, white int) func(*outflank.Tournament) (string, error) {
	return func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: black, White: white}})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{Replace: true})
		return "1/2", err
	}
}

// TestOneQueuePerFile: the handles of one process on one file share its
// write queue; another file has its own.
func TestOneQueuePerFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.db")
	a := openSample(t, path)
	again, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	other := openSample(t, filepath.Join(dir, "b.db"))
	if a.queue == nil || a.queue != again.queue {
		t.Error("two handles on one file have different write queues")
	}
	if other.queue == a.queue {
		t.Error("two files share a write queue")
	}
}

// TestWritersInTurn: writers waiting for their turn get it in the order
// they came, whichever handle on the file they use.
func TestWritersInTurn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	a := openSample(t, path)
	b, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx := context.Background()
	if err := a.queue.wait(ctx, a.path); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	const writers = 6
	for i := range writers {
		db := []*DB{a, b}[i%2]
		wg.Go(func() {
			_, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
				return enter(20+i, 44-i)(tour)
			})
			if err != nil {
				t.Errorf("writer %d: %v", i, err)
			}
		})
		time.Sleep(30 * time.Millisecond) // writer i is in the queue
	}
	a.queue.done()
	wg.Wait()
	for i, w := range order {
		if w != i {
			t.Fatalf("writers prepared their changes in the order %v, want the order they came in", order)
		}
	}
	if len(order) != writers {
		t.Errorf("%d preparations for %d writers: %v", len(order), writers, order)
	}
}

// TestWriterGivesUpInQueue: a writer whose context ends while it waits for
// its turn gives up at once, with the error of a database that stayed
// locked, and saves nothing.
func TestWriterGivesUpInQueue(t *testing.T) {
	db := openSample(t, filepath.Join(t.TempDir(), "x.db"))
	if err := db.queue.wait(context.Background(), db.path); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	prepared := false
	_, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		prepared = true
		return enter(40, 24)(tour)
	})
	waited := time.Since(start)
	db.queue.done()
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "stayed locked for") || !strings.Contains(err.Error(), "nothing was saved") {
		t.Errorf("writer whose context ended in the queue: %v", err)
	}
	if waited > 2*time.Second {
		t.Errorf("the writer gave up after %v, its context ended after 100ms", waited)
	}
	if prepared {
		t.Error("the change was prepared by a writer that never had its turn")
	}
	// The queue still works.
	if _, err := db.Update(context.Background(), "sample", outflank.KindResult, enter(40, 24)); err != nil {
		t.Fatal(err)
	}
}

// TestOtherProcessWritesBetween: a change saved by another process (here a
// connection of its own, outside the queue) between a change's read and
// its write is seen by the version check, and the change is prepared again
// from the new state.
func TestOtherProcessWritesBetween(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.db")
	db := openSample(t, path)
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	before := reprepared.Load()
	calls := 0
	_, err = db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		calls++
		if calls == 1 {
			if _, err := other.ExecContext(ctx, `UPDATE tournaments SET version = version + 1 WHERE slug = 'sample'`); err != nil {
				t.Fatal(err)
			}
		}
		return enter(40, 24)(tour)
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 || reprepared.Load()-before != 1 {
		t.Errorf("change prepared %d times (%d counted again), want twice after another process's write", calls, reprepared.Load()-before)
	}
	tour, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if g := tour.Rounds[0].Games[1]; g.Result == nil {
		t.Errorf("round 1 table 2 has no result after the change: %+v", g)
	}
}
