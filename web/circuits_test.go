package web_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"outflank"
	"outflank/circuit"
	"outflank/report"
	"outflank/rules"
	"outflank/simulate"
)

// addCircuit stores a circuit of the site's tournaments.
func (s *site) addCircuit(c *outflank.Circuit, tournaments ...outflank.TournamentSummary) {
	s.t.Helper()
	ctx := context.Background()
	if err := s.db.CreateCircuit(ctx, c); err != nil {
		s.t.Fatal(err)
	}
	err := s.db.UpdateCircuit(ctx, c.Slug, outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) {
		for _, t := range tournaments {
			if err := c.AddTournament(t); err != nil {
				return "", err
			}
		}
		return "added", nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// TestCircuitPage: /c/{slug} shows the standings with each result, escaped;
// /api/c/{slug} is the CLI's JSON; the home page links to the circuits; a
// missing circuit is a 404; the ETag follows the circuit's changes.
func TestCircuitPage(t *testing.T) {
	s := newSite(t, "<script>alert(1)</script>", "Ben", "Cid", "Dee")
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	s.enter(2, outflank.Discs{Black: 32, White: 32})
	if _, body := s.get("/"); strings.Contains(body, "/c/") {
		t.Error("the home page links to circuits while there are none")
	}
	s.addCircuit(&outflank.Circuit{Slug: "gp", Name: "GP <2026>", Rules: circuit.BOFGP, Year: 2026},
		outflank.TournamentSummary{Slug: "club", Rules: rules.BOFRegional})
	res, body := s.get("/c/gp")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/c/gp: %d\n%s", res.StatusCode, body)
	}
	// Round 1: the first player won, Cid and Dee drew: 1, 0.5, 0.5, 0 -> 200,
	// (160+120)/2 = 140 each, 100 (BOF GP 3, 5).
	for _, want := range []string{"GP &lt;2026&gt;", "&lt;script&gt;alert(1)&lt;/script&gt;", "BOF Grand Prix 2", `href="/t/club/standings?list=finish"`, "Club &lt;Night&gt;",
		`<span class="points">140</span>`, `<span class="rank">2=</span>`, `<span class="points">100</span>`, `href="/api/c/gp"`} {
		if !strings.Contains(body, want) {
			t.Errorf("/c/gp lacks %q", want)
		}
	}
	for _, raw := range []string{"<script>alert", "GP <2026>", "Club <Night>"} {
		if strings.Contains(body, raw) {
			t.Errorf("/c/gp shows %q unescaped", raw)
		}
	}
	if _, home := s.get("/"); !strings.Contains(home, `<a class="name" href="/c/gp">GP &lt;2026&gt;</a>`) {
		t.Errorf("the home page does not link to the circuit:\n%s", home)
	}

	res, api := s.get("/api/c/gp")
	ctx := context.Background()
	_, table, err := outflank.LoadCircuit(ctx, s.db, s.db, "gp")
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := report.WriteJSON(&want, table); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || api != want.String() || !strings.Contains(api, `"rules": "bof-gp"`) {
		t.Errorf("/api/c/gp: %d\n%s\nwant\n%s", res.StatusCode, api, want.String())
	}

	etag := res.Header.Get("ETag")
	if res, _ := s.get("/api/c/gp", "If-None-Match: "+etag); res.StatusCode != http.StatusNotModified {
		t.Errorf("same document: %d, want 304", res.StatusCode)
	}
	err = s.db.UpdateCircuit(ctx, "gp", outflank.CircuitRemove, func(c *outflank.Circuit) (string, error) { return "removed", c.RemoveTournament("club") })
	if err != nil {
		t.Fatal(err)
	}
	if res, body := s.get("/api/c/gp", "If-None-Match: "+etag); res.StatusCode != http.StatusOK || !strings.Contains(body, `"standings": []`) {
		t.Errorf("after a change: %d %s", res.StatusCode, body)
	}
	if _, body := s.get("/c/gp"); !strings.Contains(body, "No results yet.") {
		t.Errorf("an empty circuit:\n%s", body)
	}
	for _, path := range []string{"/c/none", "/api/c/none"} {
		if res, body := s.get(path); res.StatusCode != http.StatusNotFound || !strings.Contains(body, "circuit") {
			t.Errorf("%s: %d %s", path, res.StatusCode, body)
		}
	}
}

// TestCircuitPageMarksCountedResults: an EGP circuit of five tournaments
// marks the best four of each player's results (EGP I.2.5).
func TestCircuitPageMarksCountedResults(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	var ts []outflank.TournamentSummary
	for i := range 5 {
		tour, err := simulate.Event(simulate.Options{Rules: rules.EGP, Players: 10, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		tour.Slug, tour.Name = fmt.Sprintf("egp-%d", i+1), fmt.Sprintf("EGP %d", i+1)
		s.add(tour)
		ts = append(ts, outflank.TournamentSummary{Slug: tour.Slug, Rules: rules.EGP})
	}
	s.addCircuit(&outflank.Circuit{Slug: "egp", Name: "EGP 2026", Rules: circuit.EGP, Year: 2026}, ts...)
	_, body := s.get("/c/egp")
	if n := strings.Count(body, `<span class="mark">counts</span>`); n != 40 {
		t.Errorf("%d results marked counted, want 10 players x 4", n)
	}
	if n := strings.Count(body, `<span class="mark off">not counted</span>`); n != 10 {
		t.Errorf("%d results marked not counted, want 10", n)
	}
	if !strings.Contains(body, "Only the best 4 results count (EGP I.2.5).") {
		t.Error("no note of the rule")
	}
}

// TestCircuitPageDecision: a tie for the BOF Grand Prix winner is shown as
// waiting for a play-off or a coin toss, then with the decision recorded
// (BOF GP 6).
func TestCircuitPageDecision(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	s.enter(2, outflank.Discs{Black: 40, White: 24})
	s.addCircuit(&outflank.Circuit{Slug: "gp", Name: "GP", Rules: circuit.BOFGP, Year: 2026},
		outflank.TournamentSummary{Slug: "club", Rules: rules.BOFRegional})
	// Ann and Cid won: places 1-2 shared, (200+160)/2 = 180 each.
	_, body := s.get("/c/gp")
	if strings.Count(body, "tied for first: a play-off or a coin toss decides (BOF Grand Prix 6)") != 2 ||
		!strings.Contains(body, "circuit decide gp --winner PLAYER") || strings.Count(body, `<span class="points">180</span>`) != 2 {
		t.Errorf("the undecided tie:\n%s", body)
	}
	ctx := context.Background()
	_, table, err := outflank.LoadCircuit(ctx, s.db, s.db, "gp")
	if err != nil {
		t.Fatal(err)
	}
	key, err := table.FindIdentity("Cid")
	if err != nil {
		t.Fatal(err)
	}
	err = s.db.UpdateCircuit(ctx, "gp", outflank.CircuitDecide, func(c *outflank.Circuit) (string, error) {
		return "decided", c.Decide(key, "coin toss <by> the chairman")
	})
	if err != nil {
		t.Fatal(err)
	}
	_, body = s.get("/c/gp")
	if !strings.Contains(body, `<li class="decided"><div class="line"><span class="rank">1</span>
<span class="name">Cid</span>`) || !strings.Contains(body, "winner by a decision: coin toss &lt;by&gt; the chairman") || strings.Contains(body, "tied for first") {
		t.Errorf("the decision:\n%s", body)
	}
}
