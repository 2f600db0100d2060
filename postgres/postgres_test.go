package postgres_test

import (
	"context"
	"os"
	"testing"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
)

// TestMain starts the PostgreSQL cluster the tests share, and makes every
// store compare each tournament it serves from memory with a full load
// (internal/memo).
func TestMain(m *testing.M) {
	if _, set := os.LookupEnv("OUTFLANK_VERIFY_MEMO"); !set {
		os.Setenv("OUTFLANK_VERIFY_MEMO", "1")
	}
	pgtest.Main(m)
}

// MustOpenDB returns a store on a fresh database, closed when the test ends.
func MustOpenDB(tb testing.TB) *postgres.DB {
	tb.Helper()
	db, err := postgres.Open(context.Background(), pgtest.URL(tb))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

func TestOpen(t *testing.T) {
	MustOpenDB(t)
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) outflank.Store { return MustOpenDB(t) })
}
