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
