package main

import (
	"os"
	"path/filepath"
	"testing"
)

// onPostgres reports whether the CLI tests run on PostgreSQL
// (OUTFLANK_TEST_STORE=postgres) rather than on SQLite files.
func onPostgres() bool { return os.Getenv("OUTFLANK_TEST_STORE") == "postgres" }

// testDatabase returns a fresh database for a test, as --db takes it: a
// new PostgreSQL database when the tests run on PostgreSQL, else the file
// name in a temporary folder (not made yet).
func testDatabase(t *testing.T, name string) string {
	t.Helper()
	if onPostgres() {
		return postgresTestURL(t)
	}
	return filepath.Join(t.TempDir(), name)
}

// sqliteOnly skips a test that is about SQLite files when the tests run on
// PostgreSQL.
func sqliteOnly(t *testing.T, why string) {
	t.Helper()
	if onPostgres() {
		t.Skipf("OUTFLANK_TEST_STORE=postgres: this test is about SQLite files (%s)", why)
	}
}
