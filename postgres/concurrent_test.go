package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"outflank"
	"outflank/circuit"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
	"outflank/rules"
)

// twoStores returns two stores on one fresh database, as two servers.
func twoStores(t *testing.T) [2]*postgres.DB {
	url := pgtest.URL(t)
	return [2]*postgres.DB{mustOpenURL(t, url), mustOpenURL(t, url)}
}

// TestSameEditAtOnce: two devices of a judge, on two servers, send edit 2
// of one game at once with other moves: one is kept, the others are told
// of the conflict, and the game has one stamp per write.
func TestSameEditAtOnce(t *testing.T) {
	ctx := context.Background()
	dbs := twoStores(t)
	if _, err := dbs[0].UpdateLive(ctx, "club", 1, 1, storetest.Record(1, "f5")); err != nil {
		t.Fatal(err)
	}
	second := []string{"f5d6", "f5f6", "f5f4"}
	var mu sync.Mutex
	codes := map[string]int{}
	var wg sync.WaitGroup
	for i := range 12 {
		wg.Go(func() {
			_, err := dbs[i%2].UpdateLive(ctx, "club", 1, 1, storetest.Record(2, second[i%3]))
			mu.Lock()
			codes[outflank.ErrorCode(err)]++
			mu.Unlock()
		})
	}
	wg.Wait()
	g, err := dbs[1].LiveGame(ctx, "club", 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Seq != 2 || !slices.Contains(second, g.Moves) || g.Stamp != 2 {
		t.Errorf("kept %+v, want one of %v at stamp 2", g, second)
	}
	// Each version was sent four times: the one kept once applied and
	// thrice resent (no error), the other two in conflict.
	if codes[""] != 4 || codes[outflank.ECONFLICT] != 8 {
		t.Errorf("outcomes %v: want the edit kept once, its copies resent, the rest in conflict", codes)
	}
}

// TestCircuitChangesAtOnce: changes of one circuit made at once through
// two servers are each applied to the state the other left: none is lost.
func TestCircuitChangesAtOnce(t *testing.T) {
	ctx := outflank.WithActor(context.Background(), "td")
	dbs := twoStores(t)
	if err := dbs[0].CreateCircuit(ctx, &outflank.Circuit{Slug: "gp", Name: "GP", Rules: circuit.BOFGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Go(func() {
			slug := fmt.Sprintf("r%d", i)
			err := dbs[i%2].UpdateCircuit(ctx, "gp", outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) {
				return "added " + slug, c.AddTournament(outflank.TournamentSummary{Slug: slug, Rules: rules.BOFRegional})
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	c, err := dbs[1].Circuit(ctx, "gp")
	if err != nil || len(c.Tournaments) != 10 {
		t.Fatalf("after ten additions at once: %+v %v", c, err)
	}
	if log, err := dbs[0].CircuitLog(ctx, "gp"); err != nil || len(log) != 11 {
		t.Errorf("log of %d events, want 11: %v", len(log), err)
	}
}

// TestSameUserAtOnce: one name added at once through two servers, in two
// cases: one account, the others refused with the message of a name taken.
func TestSameUserAtOnce(t *testing.T) {
	ctx := context.Background()
	dbs := twoStores(t)
	var mu sync.Mutex
	codes := map[string]int{}
	var wg sync.WaitGroup
	for i, name := range []string{"Dora", "dora", "DORA", "Dora"} {
		wg.Go(func() {
			err := dbs[i%2].AddUser(ctx, &outflank.User{Name: name, PasswordHash: "h"})
			mu.Lock()
			codes[outflank.ErrorCode(err)]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[""] != 1 || codes[outflank.ECONFLICT] != 3 {
		t.Errorf("outcomes %v, want one account and three conflicts", codes)
	}
	if users, err := dbs[1].Users(ctx); err != nil || len(users) != 1 {
		t.Errorf("users %+v %v", users, err)
	}
	if log, err := dbs[0].AccountLog(ctx, -1); err != nil || len(log) != 1 {
		t.Errorf("account log %+v %v", log, err)
	}
}
