package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// result records table's game of round 1 of tournament slug.
func (s *accessSite) result(slug string, table int, score outflank.Discs) {
	s.t.Helper()
	_, err := s.db.Update(context.Background(), slug, outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, table, res, outflank.ResultOptions{Replace: true})
		return "result", err
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

// TestConsoleCircuits: an administrator creates a circuit at
// /admin/circuits, adds and removes its tournaments, links two identities
// and records the decision of a tie (BOF GP 6) at /admin/circuits/{slug},
// each through the command line's domain calls; a refused form answers
// with the command line's message and its status and keeps what was typed;
// each change is in the circuit's log with who made it; a name is escaped.
func TestConsoleCircuits(t *testing.T) {
	s := newAccessSite(t)
	// club: Ann beats Ben, Cid beats Dee; other: Ben beats Ann, Dee beats
	// Cid. Ann and Ben tie for first with the same best results.
	s.result("club", 1, outflank.Discs{Black: 40, White: 24})
	s.result("club", 2, outflank.Discs{Black: 34, White: 30})
	s.result("other", 1, outflank.Discs{Black: 24, White: 40})
	s.result("other", 2, outflank.Discs{Black: 30, White: 34})
	admin := s.as("admin (session)")
	a := admin.get("/admin/circuits")
	mustContain(t, "/admin/circuits", a, "Circuits", "Club circuit", "Create a circuit", "BOF Grand Prix (BOF rules 2019, Grand Prix 1-6)")
	if !strings.Contains(a.body, `href="/admin/circuits" aria-current="page"`) {
		t.Error("the console's bar does not link to the circuits")
	}
	if a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", a.header.Get("Cache-Control"))
	}

	// Creating: the refusals first, with the CLI's messages.
	for _, c := range []struct {
		form   url.Values
		status int
		want   string
	}{
		{url.Values{"slug": {"gp"}, "rules": {"woc"}, "year": {"2026"}}, http.StatusBadRequest, `Circuit rules "woc": use egp (EGP I.2.5) or bof-gp (BOF Grand Prix)`},
		{url.Values{"slug": {"gp"}, "rules": {"bof-gp"}, "year": {"soon"}}, http.StatusBadRequest, `Year "soon": give a whole number`},
		{url.Values{"slug": {"gp"}, "rules": {"bof-gp"}, "year": {"26"}}, http.StatusBadRequest, "Circuit year 26: give the year as YYYY"},
		{url.Values{"slug": {"GP 2026"}, "rules": {"bof-gp"}, "year": {"2026"}}, http.StatusBadRequest, "use lower-case letters, digits and dashes"},
		{url.Values{"slug": {"club"}, "rules": {"bof-gp"}, "year": {"2026"}}, http.StatusConflict, `A circuit "club" already exists: choose another address`},
	} {
		a := admin.post("/admin/circuits", c.form)
		if a.status != c.status {
			t.Errorf("%v: %d, want %d", c.form, a.status, c.status)
		}
		mustContain(t, "refused "+c.form.Encode(), a, c.want)
		if !strings.Contains(a.body, `value="`+c.form.Get("slug")+`"`) {
			t.Errorf("%v: the form lost what was typed", c.form)
		}
	}
	if cs, _ := s.db.Circuits(t.Context()); len(cs) != 1 {
		t.Fatalf("a refused form created a circuit: %+v", cs)
	}
	a = admin.follow(admin.post("/admin/circuits", url.Values{"slug": {"gp"}, "name": {"<script>alert(1)</script>"}, "rules": {"bof-gp"}, "year": {"2026"}}))
	mustContain(t, "after creating", a, "Created circuit <script>alert(1)</script>", "No tournaments yet", "created circuit gp")
	if strings.Contains(a.body, "<script>alert") || !strings.Contains(a.body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the circuit's name is not escaped")
	}
	mustContain(t, "a default name", admin.follow(admin.post("/admin/circuits", url.Values{"slug": {"egp"}, "rules": {"egp"}, "year": {"2026"}})), "Created circuit European Grand Prix 2026")

	// Tournaments.
	mustContain(t, "after adding", admin.follow(admin.post("/admin/circuits/gp/add", url.Values{"tournament": {"club"}})), "Added club to the circuit", "Ann", "added club")
	a = admin.post("/admin/circuits/gp/add", url.Values{"tournament": {"club"}})
	if a.status != http.StatusConflict {
		t.Errorf("club again: %d", a.status)
	}
	mustContain(t, "club again", a, "Tournament club is already in circuit gp")
	if a := admin.post("/admin/circuits/gp/add", url.Values{"tournament": {"nope"}}); a.status != http.StatusNotFound || !strings.Contains(text(a.body), `No tournament "nope" in this database: create it from the console's home`) {
		t.Errorf("an unknown tournament: %d %s", a.status, text(a.body))
	}
	if a := admin.post("/admin/circuits/gp/add", url.Values{}); a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "Choose the tournament to add to the circuit") {
		t.Errorf("no tournament: %d %s", a.status, text(a.body))
	}
	if a := admin.post("/admin/circuits/gp/remove", url.Values{"tournament": {"other"}}); a.status != http.StatusNotFound || !strings.Contains(text(a.body), "Tournament other is not in circuit gp: the circuit's page lists its tournaments") {
		t.Errorf("removing what is not in it: %d %s", a.status, text(a.body))
	}
	// With club alone, Ann and Cid are first equal, Ben is not.
	if a := admin.post("/admin/circuits/gp/decide", url.Values{"winner": {"Ben"}, "reason": {"x"}}); a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "Ben is not tied for first place") {
		t.Errorf("a decision for who is not tied: %d %s", a.status, text(a.body))
	}
	a = admin.follow(admin.post("/admin/circuits/gp/add", url.Values{"tournament": {"other"}}))
	mustContain(t, "the tie", a, "Added other to the circuit", "tied: waits for a decision", "Decide the winner", "record the play-off game or the coin toss under “Decide the winner”")
	if strings.Contains(text(a.body), "outflank circuit") {
		t.Errorf("the console speaks the command line's words:\n%s", text(a.body))
	}

	// Linking: Ann and Ben played each other.
	a = admin.post("/admin/circuits/gp/link", url.Values{"a": {"Ann"}, "b": {"Ben"}})
	if a.status != http.StatusConflict {
		t.Errorf("linking two people: %d", a.status)
	}
	mustContain(t, "linking two people", a, "Ann and Ben both played club: they are two people, not linked")
	if a := admin.post("/admin/circuits/gp/link", url.Values{"a": {"Ann"}, "b": {"Zed"}}); a.status != http.StatusNotFound || !strings.Contains(text(a.body), `No player "Zed" in circuit gp: name a player by WOF id or exact name, as the standings list them`) {
		t.Errorf("an unknown player: %d %s", a.status, text(a.body))
	}
	if a := admin.post("/admin/circuits/gp/link", url.Values{"a": {"Ann"}}); a.status != http.StatusBadRequest {
		t.Errorf("one player: %d", a.status)
	}

	// Deciding.
	if a := admin.post("/admin/circuits/gp/decide", url.Values{"winner": {"Ann"}}); a.status != http.StatusBadRequest {
		t.Errorf("a decision without its reason: %d", a.status)
	}
	if a := admin.post("/admin/circuits/egp/decide", url.Values{"winner": {"Ann"}, "reason": {"x"}}); a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "follows the EGP rules") {
		t.Errorf("a decision in the EGP: %d %s", a.status, text(a.body))
	}
	a = admin.follow(admin.post("/admin/circuits/gp/decide", url.Values{"winner": {"Ann"}, "reason": {"coin toss <b>by the chair</b>"}}))
	mustContain(t, "after deciding", a, "Recorded: Ann wins the circuit (coin toss <b>by the chair</b>)", "winner by decision", "decided the winner: Ann", "admin")
	if strings.Contains(a.body, "<b>by") {
		t.Error("the reason is not escaped")
	}

	// Eve of york is Ann under another name: linked, one player.
	york, err := outflank.NewTournament("york", "York", "2026-11-23", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Eve", "Fay"} {
		if _, err := york.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.Create(t.Context(), york, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin.follow(admin.post("/admin/circuits/gp/add", url.Values{"tournament": {"york"}}))
	a = admin.follow(admin.post("/admin/circuits/gp/link", url.Values{"a": {"Ann"}, "b": {"Eve"}}))
	mustContain(t, "after linking", a, "Linked Eve to Ann: one player.", "linked Eve to Ann: one player")
	if c, _ := s.db.Circuit(t.Context(), "gp"); len(c.Links) != 1 {
		t.Errorf("the links: %+v", c.Links)
	}

	// Removing, and a circuit that is not.
	mustContain(t, "after removing", admin.follow(admin.post("/admin/circuits/gp/remove", url.Values{"tournament": {"other"}})), "Removed other from the circuit", "removed other")
	if a := admin.get("/admin/circuits/nope"); a.status != http.StatusNotFound {
		t.Errorf("no circuit nope: %d", a.status)
	}
	if a := admin.post("/admin/circuits/nope/add", url.Values{"tournament": {"club"}}); a.status != http.StatusNotFound {
		t.Errorf("adding to no circuit: %d", a.status)
	}
}

// TestCircuitsWritesNeedAnAdministrator: circuits are the federation's
// records: a director, a judge and anyone without a session are refused
// (401 or 403), and nothing changes; so is a form without its CSRF token.
func TestCircuitsWritesNeedAnAdministrator(t *testing.T) {
	s := newAccessSite(t)
	before := s.snapshot()
	for _, c := range []struct{ who, method, path, body string }{
		{"", "POST", "/admin/circuits", "slug=gp&rules=egp&year=2026"},
		{"", "GET", "/admin/circuits/club", ""},
		{"td-club (session)", "POST", "/admin/circuits/club/remove", "tournament=club"},
		{"td-club (session)", "GET", "/admin/circuits", ""},
		{"td-club (token)", "POST", "/admin/circuits/club/add", "tournament=other"},
		{"nobody (session)", "POST", "/admin/circuits/club/link", "a=Ann&b=Ben"},
		{"judge club r1 t2", "POST", "/admin/circuits/club/decide", "winner=Ann&reason=x"},
	} {
		status, body := s.do(c.who, c.method, c.path, c.body)
		want := http.StatusForbidden
		if c.who == "" {
			want = http.StatusUnauthorized
			if c.method == "GET" {
				want = http.StatusSeeOther
			}
		}
		if status != want {
			t.Errorf("%s %s as %q: %d, want %d: %s", c.method, c.path, c.who, status, want, strings.TrimSpace(body))
		}
	}
	admin := s.as("admin (session)")
	admin.csrf = ""
	if a := admin.post("/admin/circuits/club/remove", url.Values{"tournament": {"club"}}); a.status != http.StatusForbidden {
		t.Errorf("a form without its CSRF token: %d", a.status)
	}
	if s.snapshot() != before {
		t.Fatal("a refused write changed the database")
	}
}
