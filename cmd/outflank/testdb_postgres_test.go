package main

import (
	"testing"

	"outflank/internal/pgtest"
)

// postgresTestURL returns the URL of a new, empty PostgreSQL database on
// the tests' throwaway cluster; without PostgreSQL, the test is skipped
// (it fails with OUTFLANK_REQUIRE_POSTGRES=1).
func postgresTestURL(t *testing.T) string {
	t.Helper()
	return pgtest.URL(t)
}
