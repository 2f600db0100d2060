package postgres_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/postgres"
)

// TestMigrateConcurrently opens five instances at once on a fresh database:
// every one opens, and each migration is applied exactly once.
func TestMigrateConcurrently(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	const instances = 5
	var wg sync.WaitGroup
	errs := make([]error, instances)
	for i := range instances {
		wg.Go(func() {
			db, err := postgres.Open(ctx, url)
			if err == nil {
				db.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("instance %d: %v", i, err)
		}
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var rows, versions, first int
	if err := conn.QueryRow(ctx, `SELECT count(*), count(DISTINCT version), min(version) FROM schema_migrations`).Scan(&rows, &versions, &first); err != nil {
		t.Fatal(err)
	}
	if rows != versions || first != 1 {
		t.Errorf("schema_migrations has %d rows for %d versions from %d: want each version once, from 1", rows, versions, first)
	}
	// Opening again applies nothing and still works.
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	var again int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&again); err != nil {
		t.Fatal(err)
	}
	if again != rows {
		t.Errorf("a second open recorded %d migrations, the first %d", again, rows)
	}
}

// TestNewerSchemaRefused: a database migrated by a newer Outflank is not
// touched.
func TestNewerSchemaRefused(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES (9999, '9999_future.sql')`); err != nil {
		t.Fatal(err)
	}
	_, err = postgres.Open(ctx, url)
	if outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "newer Outflank") {
		t.Fatalf("opening a newer schema: %v; want an invalid error naming a newer Outflank", err)
	}
}
