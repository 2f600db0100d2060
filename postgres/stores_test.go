package postgres_test

import (
	"context"
	"sync"
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
		return storetest.MemoHandles{A: stores[0], B: stores[1], NoticesOutside: true, Exec: func(query string) error {
			_, err := conn.Exec(ctx, query)
			return err
		}}
	})
}

// TestMemoUnderContention has two stores (two instances) enter results in
// one tournament at once, and checks that their writes start from the
// state kept in memory, caught up from the other's events, instead of
// reading every row: a writer that waited for the tournament's lock must
// not take the lock's older snapshot for the tournament as it is.
func TestMemoUnderContention(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, b := mustOpenURL(t, url), mustOpenURL(t, url)
	if _, err := a.Create(ctx, storetest.Sample(t), outflank.KindImport, "contention"); err != nil {
		t.Fatal(err)
	}
	const writes = 40
	set := func(db *postgres.DB, black int) error {
		_, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
			_, err := tour.SetResult(1, 2, &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: black, WhiteDiscs: 64 - black}, outflank.ResultOptions{Replace: true})
			return "result", err
		})
		if outflank.ErrorCode(err) == outflank.EINVALID { // the same score again
			return nil
		}
		return err
	}
	errs := make(chan error, 4*writes)
	start := make(chan struct{}) // all at once: writers wait for each other's lock
	var wg sync.WaitGroup
	for w, db := range []*postgres.DB{a, a, b, b} {
		wg.Go(func() {
			<-start
			for i := range writes {
				if err := set(db, 20+(w*writes+i)%20); err != nil {
					errs <- err
				}
			}
		})
	}
	close(start)
	wg.Wait()
	// Then in turns: each write follows one of the other's.
	for i := range 6 {
		if err := set([]*postgres.DB{a, b}[i%2], 45+i); err != nil {
			errs <- err
		}
	}
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for name, db := range map[string]*postgres.DB{"a": a, "b": b} {
		s := db.MemoStats()
		if s.Loads > 2 || s.CaughtUp == 0 {
			t.Errorf("store %s: %+v: want at most 2 full reads, the rest caught up or kept", name, s)
		}
	}
}

func TestRemovals(t *testing.T) { storetest.RunRemovals(t, MustOpenDB(t)) }
func TestFeeRates(t *testing.T) { storetest.RunFeeRates(t, MustOpenDB(t)) }
