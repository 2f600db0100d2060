package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

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
	// Each writer waited for its turn and prepared its change once.
	for i, db := range dbs {
		if n := postgres.Repreparations(db); n != 0 {
			t.Errorf("instance %d prepared %d changes again, want none", i, n)
		}
	}
}

// TestWriterHoldsItsTournamentOnly: while a change of one tournament is
// being worked out on one instance, a change of another tournament on a
// second instance is saved at once, and a change of the same tournament
// waits for it, then applies to the state it left.
func TestWriterHoldsItsTournamentOnly(t *testing.T) {
	ctx := context.Background()
	dbs := twoStores(t)
	for _, slug := range []string{"one", "two"} {
		tour := storetest.Sample(t)
		tour.Slug = slug
		if _, err := dbs[0].Create(ctx, tour, outflank.KindImport, ""); err != nil {
			t.Fatal(err)
		}
	}
	add := func(db *postgres.DB, slug, name string, hold <-chan struct{}, started chan<- struct{}) error {
		_, err := db.Update(ctx, slug, outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
			if started != nil {
				close(started)
			}
			if hold != nil {
				<-hold
			}
			_, err := tour.AddPlayer(outflank.Player{Name: name})
			return name, err
		})
		return err
	}
	hold, started := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() { first <- add(dbs[0], "one", "First", hold, started) }()
	<-started
	if err := add(dbs[1], "two", "Other", nil, nil); err != nil {
		t.Fatalf("a change of another tournament: %v", err)
	}
	second := make(chan error, 1)
	go func() { second <- add(dbs[1], "one", "Second", nil, nil) }()
	select {
	case err := <-second:
		t.Fatalf("a change of the same tournament was saved (%v) while another was being worked out", err)
	case <-time.After(300 * time.Millisecond):
	}
	close(hold)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	tour, err := dbs[0].Tournament(ctx, "one")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range tour.Players[len(tour.Players)-2:] {
		names = append(names, p.Name)
	}
	if !slices.Equal(names, []string{"First", "Second"}) || tour.Version != 3 {
		t.Errorf("last players %v at version %d, want First then Second at version 3", names, tour.Version)
	}
	for i, db := range dbs {
		if n := postgres.Repreparations(db); n != 0 {
			t.Errorf("instance %d prepared %d changes again, want none", i, n)
		}
	}
}
