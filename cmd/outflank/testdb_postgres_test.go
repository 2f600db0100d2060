package main

import "testing"

// postgresTestURL returns the URL of a new, empty PostgreSQL database. The
// PostgreSQL store is not on this branch yet: the test is skipped.
func postgresTestURL(t *testing.T) string {
	t.Helper()
	t.Skip("the PostgreSQL store (package postgres, internal/pgtest) is not on this branch yet")
	return ""
}
