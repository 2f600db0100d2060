package postgres_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
	"outflank/rules"
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

// addTournament creates an empty tournament with slug: what the grants
// and judge links need.
func addTournament(t *testing.T, db *postgres.DB, slug string) {
	t.Helper()
	tour, err := outflank.NewTournament(slug, slug, "", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(context.Background(), tour, outflank.KindCreate, "created"); err != nil {
		t.Fatal(err)
	}
}

func TestAccounts(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.Accounts {
		db := MustOpenDB(t)
		return storetest.Accounts{
			Accounts:      db,
			AddTournament: func(t *testing.T, slug string) { addTournament(t, db, slug) },
		}
	})
}

func TestLiveGames(t *testing.T) { storetest.RunLiveGames(t, MustOpenDB(t)) }

func TestPlayerDB(t *testing.T) { storetest.RunPlayerDirectory(t, MustOpenDB(t)) }

func TestCircuitStore(t *testing.T) { storetest.RunCircuitStore(t, MustOpenDB(t)) }

func TestMembers(t *testing.T) { storetest.RunMembers(t, MustOpenDB(t)) }

// TestMemo runs the shared checks of the tournaments kept in memory on two
// stores of one database, as two instances of outflank serve have.
func TestMemo(t *testing.T) {
	storetest.RunMemo(t, func(t *testing.T) storetest.MemoHandles {
		url := pgtest.URL(t)
		ctx := context.Background()
		var stores [2]*postgres.DB
		for i := range stores {
			db, err := postgres.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			stores[i] = db
		}
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close(ctx) })
		return storetest.MemoHandles{A: stores[0], B: stores[1], Exec: func(query string) error {
			_, err := conn.Exec(ctx, query)
			return err
		}}
	})
}
