package postgres_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
)

// mustOpenURL opens a store on the database at url, closed when the test
// ends.
func mustOpenURL(tb testing.TB, url string) *postgres.DB {
	tb.Helper()
	db, err := postgres.Open(context.Background(), url)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// addTournament stores an empty tournament with slug in the database at
// url, straight in its table: what the grants and judge links need.
func addTournament(t *testing.T, url, slug string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version)
		VALUES ($1, $1, '', 'custom', '{}', now(), 1)`, slug)
	if err != nil {
		t.Fatal(err)
	}
}

func TestAccounts(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.Accounts {
		url := pgtest.URL(t)
		return storetest.Accounts{
			Accounts:      mustOpenURL(t, url),
			AddTournament: func(t *testing.T, slug string) { addTournament(t, url, slug) },
		}
	})
}

func TestLiveGames(t *testing.T) { storetest.RunLiveGames(t, MustOpenDB(t)) }

func TestPlayerDB(t *testing.T) { storetest.RunPlayerDirectory(t, MustOpenDB(t)) }

func TestCircuitStore(t *testing.T) { storetest.RunCircuitStore(t, MustOpenDB(t)) }

func TestMembers(t *testing.T) { storetest.RunMembers(t, MustOpenDB(t)) }
