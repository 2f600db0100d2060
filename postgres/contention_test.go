package postgres_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
)

// TestManyWritersOneTournament: thirty writers on two instances add a
// player each to one tournament at once. Every one is saved, once, and the
// log still verifies: no change is lost to a busier writer.
func TestManyWritersOneTournament(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	var dbs [2]*postgres.DB
	for i := range dbs {
		db, err := postgres.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		dbs[i] = db
	}
	if _, err := dbs[0].Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	const writers = 30
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() {
			_, errs[i] = dbs[i%2].Update(ctx, "sample", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
				p, err := tour.AddPlayer(outflank.Player{Name: fmt.Sprintf("Writer %02d", i)})
				if err != nil {
					return "", err
				}
				return p.Name, nil
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	tour, err := dbs[1].Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]int{}
	for _, p := range tour.Players {
		names[p.Name]++
	}
	for i := range writers {
		if n := names[fmt.Sprintf("Writer %02d", i)]; n != 1 {
			t.Errorf("writer %d's player is there %d times, want once", i, n)
		}
	}
	audit, err := dbs[0].Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(audit.Events) != writers+1 {
		t.Errorf("%d log entries, want %d", len(audit.Events), writers+1)
	}
	if _, err := audit.Verify(); err != nil {
		t.Errorf("the log does not verify: %v", err)
	}
	if tour.Version != writers+1 {
		t.Errorf("version %d, want %d", tour.Version, writers+1)
	}
}
