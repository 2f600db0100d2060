package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// MustOpenDB returns a fresh database in a temporary directory, closed when
// the test ends.
func MustOpenDB(tb testing.TB) *sqlite.DB {
	tb.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "outflank.db"), sqlite.Options{Create: true})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) outflank.Store { return MustOpenDB(t) })
}

// TestSeparateHandlesSameGame opens the same file several times, as separate
// processes would, and has each enter a first result for the same game at
// once: exactly one is saved, the others get a conflict, none waits forever.
func TestSeparateHandlesSameGame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "shared.db")
	first, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	if _, err := first.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	const writers = 6
	results := make(chan error, writers)
	for i := range writers {
		db, err := sqlite.Open(ctx, path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		go func() {
			_, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 30 + i, White: 34 - i}})
				if err != nil {
					return "", err
				}
				_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
				return "2", err
			})
			results <- err
		}()
	}
	saved := 0
	for range writers {
		switch err := <-results; {
		case err == nil:
			saved++
		case outflank.ErrorCode(err) != outflank.ECONFLICT:
			t.Errorf("writer: %v, want success or a conflict", err)
		}
	}
	if saved != 1 {
		t.Errorf("%d results saved for one game, want 1", saved)
	}
}

func TestOpenErrors(t *testing.T) {
	ctx := context.Background()
	_, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "no", "such", "folder", "x.db"), sqlite.Options{Create: true})
	if outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("missing folder: %v", err)
	}
	notDB := filepath.Join(t.TempDir(), "text.db")
	if err := os.WriteFile(notDB, []byte("this is not a database, just some text that is long enough to fill a header page"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = sqlite.Open(ctx, notDB, sqlite.Options{})
	if outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "not an Outflank database") {
		t.Errorf("not a database: %v", err)
	}
}

func TestArchive(t *testing.T) {
	open := func(t *testing.T) outflank.Store { return MustOpenDB(t) }
	storetest.RunArchive(t, open, open)
}

// TestMemo runs the shared checks of the tournaments kept in memory on two
// handles of one file, as two processes have.
func TestMemo(t *testing.T) {
	storetest.RunMemo(t, func(t *testing.T) storetest.MemoHandles {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "memo.db")
		a, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { a.Close() })
		b, err := sqlite.Open(ctx, path, sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { raw.Close() })
		return storetest.MemoHandles{A: a, B: b, NoticesOutside: true, Exec: func(query string) error {
			_, err := raw.ExecContext(ctx, query)
			return err
		}}
	})
}
