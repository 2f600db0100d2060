package pgtest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFreshDatabases: each URL is a new, empty database of a server that
// answers, and survives a restart of the server.
func TestFreshDatabases(t *testing.T) {
	ctx := context.Background()
	a, b := pgtest.URL(t), pgtest.URL(t)
	if a == b {
		t.Fatalf("two calls gave the same database %s", a)
	}
	for _, u := range []string{a, b} {
		conn, err := pgx.Connect(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s has %d tables, want none", u, n)
		}
		if _, err := conn.Exec(ctx, `CREATE TABLE x (n int)`); err != nil {
			t.Fatal(err)
		}
		conn.Close(ctx)
	}
	pgtest.Restart(t)
	conn, err := pgx.Connect(ctx, a)
	if err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	conn.Close(ctx)
}
