package storetest

import (
	"context"
	"strings"
	"testing"

	"outflank"
	"outflank/circuit"
	"outflank/rules"
)

// RunCircuitStore checks a fresh outflank.CircuitStore: a circuit is
// created once, changed only as its rules allow, read back whole, and each
// change is in its log with its actor; a refused change is not.
func RunCircuitStore(t *testing.T, db outflank.CircuitStore) {
	ctx := outflank.WithActor(context.Background(), "td")
	if _, err := db.Circuit(ctx, "gp"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("missing circuit: %v", err)
	}
	c := &outflank.Circuit{Slug: "gp", Name: "GP 2026", Rules: circuit.BOFGP, Year: 2026}
	if err := db.CreateCircuit(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := db.CreateCircuit(ctx, c); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Fatalf("second create: %v", err)
	}
	regional := outflank.TournamentSummary{Slug: "leeds", Rules: rules.BOFRegional}
	national := outflank.TournamentSummary{Slug: "nat", Rules: rules.BOFNational}
	add := func(ts outflank.TournamentSummary) error {
		return db.UpdateCircuit(ctx, "gp", outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) {
			return "added " + ts.Slug, c.AddTournament(ts)
		})
	}
	if err := add(regional); err != nil {
		t.Fatal(err)
	}
	if err := add(national); outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "BOF Grand Prix 1") {
		t.Fatalf("a National added to a GP: %v", err)
	}
	if err := add(regional); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Fatalf("added twice: %v", err)
	}
	if err := add(outflank.TournamentSummary{Slug: "york", Rules: rules.BOFRegional}); err != nil {
		t.Fatal(err)
	}
	err := db.UpdateCircuit(ctx, "gp", outflank.CircuitLinkAction, func(c *outflank.Circuit) (string, error) {
		return "linked", c.Link("wof:1", "name:A|GBR")
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.UpdateCircuit(ctx, "gp", outflank.CircuitDecide, func(c *outflank.Circuit) (string, error) {
		return "decided", c.Decide("name:A|GBR", "coin toss")
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.UpdateCircuit(ctx, "gp", outflank.CircuitRemove, func(c *outflank.Circuit) (string, error) {
		return "removed", c.RemoveTournament("leeds")
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.Circuit(ctx, "gp")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Tournaments, ",") != "york" || len(got.Links) != 1 || got.Links[0] != (outflank.CircuitLink{From: "name:A|GBR", To: "wof:1"}) ||
		got.Winner != "wof:1" || got.Reason != "coin toss" || got.Rules != circuit.BOFGP || got.Year != 2026 {
		t.Errorf("stored %+v", got)
	}
	log, err := db.CircuitLog(ctx, "gp")
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range log {
		if e.Actor != "td" {
			t.Errorf("event %d by %q", e.ID, e.Actor)
		}
		actions = append(actions, e.Action)
	}
	if want := "circuit.create circuit.add circuit.add circuit.link circuit.decide circuit.remove"; strings.Join(actions, " ") != want {
		t.Errorf("log %v, want %s (a refused change is not logged)", actions, want)
	}
	list, err := db.Circuits(ctx)
	if err != nil || len(list) != 1 || list[0].Slug != "gp" {
		t.Errorf("Circuits: %v %v", list, err)
	}
	if _, err := db.CircuitLog(ctx, "nope"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("the log of no circuit: %v", err)
	}
	err = db.UpdateCircuit(ctx, "nope", outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) { return "", nil })
	if outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a change of no circuit: %v", err)
	}
	older := &outflank.Circuit{Slug: "egp-2025", Name: "EGP 2025", Rules: circuit.EGP, Year: 2025}
	if err := db.CreateCircuit(ctx, older); err != nil {
		t.Fatal(err)
	}
	if list, err := db.Circuits(ctx); err != nil || len(list) != 2 || list[0].Slug != "gp" || list[1].Slug != "egp-2025" || list[1].Tournaments != nil {
		t.Errorf("Circuits, the most recent year first: %+v %v", list, err)
	}
}
