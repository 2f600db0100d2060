package main

import (
	"testing"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/postgres"
)

// postgresTestURL returns the URL of a new, empty PostgreSQL database on
// the tests' throwaway cluster; without PostgreSQL, or while the
// PostgreSQL store does not keep tournaments, the test is skipped.
func postgresTestURL(t *testing.T) string {
	t.Helper()
	if _, ok := any((*postgres.DB)(nil)).(outflank.Store); !ok {
		t.Skip("the PostgreSQL store does not implement outflank.Store on this branch yet")
	}
	return pgtest.URL(t)
}

// TestPostgresIsWhole: the PostgreSQL store keeps everything a database
// keeps, and copies tournaments.
func TestPostgresIsWhole(t *testing.T) {
	var db any = (*postgres.DB)(nil)
	if _, ok := db.(database); !ok {
		t.Error("*postgres.DB does not implement every interface of database")
	}
	if _, ok := db.(outflank.Archive); !ok {
		t.Error("*postgres.DB is not an outflank.Archive")
	}
}
