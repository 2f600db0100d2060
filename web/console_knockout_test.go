package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// TestConsoleKnockout: after the Swiss rounds of a WOC, the banner offers
// the knockout games; the proposal names who chooses the colours (WOC
// IV.9), the director enters the choice, publishes, and the round is the
// one chosen; a draw-win is offered too, and its holder's opponent's
// colour.
func TestConsoleKnockout(t *testing.T) {
	s := newAccessSite(t)
	// Seed 74 has a playoff of one game for 4th place (as seed 3 had
	// until alternation's measure became convex).
	tour, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 16, Seed: 74})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug, tour.Name = "wocko", "WOC knockout"
	for i, r := range tour.Rounds {
		if r.Stage != outflank.StageSwiss {
			tour.Rounds = tour.Rounds[:i] // the Swiss rounds, all played
			break
		}
	}
	ctx := context.Background()
	if _, err := s.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	if err := s.db.Grant(ctx, "td-club", outflank.Grant{Tournament: "wocko", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	td := s.as("td-club (session)")
	mustContain(t, "the banner", td.get("/t/wocko/admin"), "Playoffs needed (WOC II.3.2)", "#9 Johnson, Cooper chooses colour or draw-win", `href="/t/wocko/admin/pair"`, "Pair the knockout games")

	proposal := td.get(td.get("/t/wocko/admin/pair").location)
	mustContain(t, "the proposal", proposal, "Round 14 playoff", "the better-ranked chooses colour or draw-win",
		"Playoff 4th v 5th, game 1: Johnson, Cooper chooses", "draw-win", "Publish round 14")
	// Johnson chooses white: the choice form asks again with it.
	seed := regexpFind(t, proposal.body, `name="seed" value="(\d+)"`)
	chosen := td.get("/t/wocko/admin/pair?" + url.Values{"seed": {seed}, "choice": {"9=white"}}.Encode())
	if chosen.status != http.StatusOK {
		t.Fatalf("the choice: %d", chosen.status)
	}
	row := regexpFind(t, text(chosen.body), `(1 Playoff 4th v 5th, game 1: \S+, \S+ 8 \S+, \S+ 8)`)
	if !strings.HasPrefix(row, "1 Playoff 4th v 5th, game 1: Karlsson, Ingrid") {
		t.Errorf("with Johnson on white, the table reads %q", row)
	}
	if n := len(s.tournament("wocko").Rounds); n != 13 {
		t.Fatalf("a proposal saved a round: %d rounds", n)
	}
	a := td.post("/t/wocko/admin/pair", publishValues(t, chosen.body))
	if a.status != http.StatusSeeOther {
		t.Fatalf("publish: %d %s", a.status, text(a.body))
	}
	after := s.tournament("wocko")
	if len(after.Rounds) != 14 {
		t.Fatalf("published: %d rounds", len(after.Rounds))
	}
	g := after.Rounds[13].Games[0]
	if after.Rounds[13].Stage == outflank.StageSwiss || g.Black != 14 || g.White != 9 {
		t.Errorf("round 14: %s, %d v %d; want the playoff, #14 black v #9 white", after.Rounds[13].Stage, g.Black, g.White)
	}
	// The game is on the public knockout page too, once the site has seen
	// the new tournament (it follows the database's changes).
	public := s.as("judge other")
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		page := public.get("/t/wocko/knockout")
		if page.status == http.StatusOK && strings.Contains(page.body, "Karlsson, Ingrid") && strings.Contains(page.body, "Johnson, Cooper") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the public knockout page: %d %s", page.status, text(page.body))
		}
	}
}
