package simulate

import (
	"math/rand/v2"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestStepByStep: a director's way through an event, one store call at a
// time, with Field and PlayResult: register the field, pair, enter each
// result, until the event is done.
func TestStepByStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	field, err := Field(rng, 12)
	if err != nil {
		t.Fatal(err)
	}
	seeded := 0
	for _, p := range field {
		if p.Seeded {
			seeded++
		}
	}
	if len(field) != 12 || seeded != 8 {
		t.Fatalf("%d players, %d seeded; want 12 and 8", len(field), seeded)
	}
	tour, err := outflank.NewTournament("step", "Step by step", "2026-08-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range field {
		if _, err := tour.Registrar().Add(p); err != nil {
			t.Fatal(err)
		}
	}
	results := 0
	for step := 0; !tour.Status().Done; step++ {
		if step > 1000 {
			t.Fatalf("not done after 1000 steps: %s", tour.Status().Text)
		}
		open := false
		for _, r := range tour.Rounds {
			for _, g := range r.Games {
				if g.Result != nil {
					continue
				}
				res, err := PlayResult(tour, rng, r.Number, g.Table)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{}); err != nil {
					t.Fatal(err)
				}
				results++
				open = true
			}
		}
		if !open {
			if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if results < 66 { // the round robin of 12 alone
		t.Errorf("%d results", results)
	}
}
