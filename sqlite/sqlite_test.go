package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// MustOpenDB returns a fresh database in a temporary directory, closed when
// the test ends.
func MustOpenDB(tb testing.TB) *sqlite.DB {
	tb.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(tb.TempDir(), "outflank.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) outflank.Store { return MustOpenDB(t) })
}
