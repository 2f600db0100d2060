package main

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank/internal/pgtest"
)

// postgresTestURL returns the URL of a new, empty PostgreSQL database on
// the tests' throwaway cluster; without PostgreSQL, the test is skipped
// (it fails with OUTFLANK_REQUIRE_POSTGRES=1).
func postgresTestURL(t *testing.T) string {
	t.Helper()
	return pgtest.URL(t)
}

// execPostgres runs sql (statements separated by semicolons) on the
// PostgreSQL database at url, behind Outflank's back.
func execPostgres(t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), sql); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}
