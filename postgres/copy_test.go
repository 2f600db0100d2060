package postgres_test

import (
	"context"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

func TestArchive(t *testing.T) {
	pg := func(t *testing.T) outflank.Store { return MustOpenDB(t) }
	lite := func(t *testing.T) outflank.Store {
		db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "outflank.db"), sqlite.Options{Create: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	t.Run("PostgresToPostgres", func(t *testing.T) { storetest.RunArchive(t, pg, pg) })
	t.Run("SQLiteToPostgres", func(t *testing.T) { storetest.RunArchive(t, lite, pg) })
	t.Run("PostgresToSQLite", func(t *testing.T) { storetest.RunArchive(t, pg, lite) })
}
