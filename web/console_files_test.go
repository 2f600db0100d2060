package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"outflank"
)

// TestConsoleAbsence: a director marks a player absent for rounds to come
// and back again, where the rules allow it (BOF), as 'player absent' and
// 'player return' do; the rounds are checked, and the log names the
// director.
func TestConsoleAbsence(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	page := td.get("/t/club/admin/players/3")
	mustContain(t, "the player's page", page, "Absences", "Plays every round", "Misses rounds")
	a := td.post("/t/club/admin/players/3/absent", url.Values{"rounds": {"3-4"}})
	mustContain(t, "marked absent", td.follow(a), "Saved: #3 Cid absent in rounds 3 and 4", "Absent in rounds 3, 4")
	if p, _ := s.tournament("club").Player(3); len(p.AbsentRounds) != 2 || p.AbsentRounds[0] != 3 {
		t.Errorf("stored absences %v", p.AbsentRounds)
	}
	for _, c := range []struct{ rounds, want string }{
		{"three", `"three" is not a round number`},
		{"", "Give the rounds Cid misses"},
		{"4", "already marked absent in round 4"},
		{"1", "round 1"},
	} {
		if a := td.post("/t/club/admin/players/3/absent", url.Values{"rounds": {c.rounds}}); a.status < 400 || !strings.Contains(text(a.body), c.want) {
			t.Errorf("absent %q: %d, want a refusal with %q:\n%s", c.rounds, a.status, c.want, text(a.body))
		}
	}
	a = td.post("/t/club/admin/players/3/return", url.Values{"rounds": {"4"}})
	mustContain(t, "back in round 4", td.follow(a), "no longer absent in round 4", "Absent in round 3")
	a = td.post("/t/club/admin/players/3/return", url.Values{})
	mustContain(t, "back in every round", td.follow(a), "Plays every round")
	mustContain(t, "the log", td.get("/t/club/admin/log?player=3"), "td-club", "absent in rounds 3 and 4")
	// A WOC forbids it (WOC II.8): the page says so, and the route refuses.
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/tournaments", url.Values{"slug": {"wc"}, "name": {"World"}, "rules": {"woc"}}))
	admin.follow(admin.post("/t/wc/admin/players", url.Values{"name": {"Zoe"}}))
	mustContain(t, "a WOC player's page", admin.get("/t/wc/admin/players/1"), "These rules do not let a player miss rounds")
	if a := admin.post("/t/wc/admin/players/1/absent", url.Values{"rounds": {"2"}}); a.status != http.StatusBadRequest {
		t.Errorf("an absence at a WOC: %d", a.status)
	}
}

// TestConsoleExport: the console's downloads are the command line's
// export formats, each with its file name and type, for directors only.
func TestConsoleExport(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	mustContain(t, "the console's files", td.get("/t/club/admin"), `href="/t/club/admin/export/json"`, `href="/t/club/admin/export/elo"`, `href="/t/club/admin/export/csv"`)
	// The .ELO file needs every player's WOF id, and makes none up (issue
	// 26, 4): refused in the console's words until each has one.
	if a := td.get("/t/club/admin/export/elo"); a.status != http.StatusBadRequest || !strings.Contains(a.body, "WOF id field of the player") || strings.Contains(a.body, "outflank player") || strings.Contains(a.body, "--wof-id") {
		t.Errorf("the .ELO file of players without ids: %d\n%s", a.status, text(a.body))
	}
	if _, err := s.db.Update(context.Background(), "club", outflank.KindEdit, func(tour *outflank.Tournament) (string, error) {
		for i := range tour.Players {
			tour.Players[i].WOFID, tour.Players[i].NewToWOF = 100001+i, true
		}
		return "ids given", nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ format, name, ctype, body string }{
		{"json", "club.json", "application/json", `"format": "outflank/1"`},
		{"elo", "club.elo", "text/plain", "%%"},
		{"csv", "club-results.csv", "text/csv", "Ann"},
	} {
		a := td.get("/t/club/admin/export/" + c.format)
		if a.status != http.StatusOK || !strings.Contains(a.header.Get("Content-Disposition"), `attachment; filename="`+c.name+`"`) ||
			!strings.HasPrefix(a.header.Get("Content-Type"), c.ctype) || a.header.Get("Cache-Control") != "no-store" || !strings.Contains(a.body, c.body) {
			t.Errorf("export %s: %d %v\n%.300s", c.format, a.status, a.header, a.body)
		}
	}
	if a := td.get("/t/club/admin/export/pdf"); a.status != http.StatusNotFound {
		t.Errorf("an unknown format: %d", a.status)
	}
	if a := s.as("td-other (session)").get("/t/club/admin/export/json"); a.status != http.StatusForbidden {
		t.Errorf("another tournament's director downloads the file: %d", a.status)
	}
}

// TestConsoleRoundByHand: a round entered by hand, as 'round add' does:
// the rulebook's checks refuse a rematch unless the director forces it,
// and the log says it was forced; a name that is no player's is refused,
// and nothing is saved.
func TestConsoleRoundByHand(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	for table, score := range []string{"40-24", "30-34"} {
		td.follow(td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {fmt.Sprint(table + 1)}, "score": {score}}))
	}
	mustContain(t, "the pairing page's link", td.get(td.get("/t/club/admin/pair").location), `href="/t/club/admin/round"`, "Enter round 2 by hand")
	mustContain(t, "the form", td.get("/t/club/admin/round"), "Enter round 2 by hand", `name="pairs"`, `name="force"`)
	a := td.post("/t/club/admin/round", url.Values{"pairs": {"1-2\n3-4"}})
	if a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "Round 2 not entered") || !strings.Contains(text(a.body), "tick “Enter it even where the rulebook forbids it”") || !strings.Contains(a.body, ">1-2\n3-4</textarea>") {
		t.Errorf("a round of rematches: %d\n%s", a.status, text(a.body))
	}
	if a := td.post("/t/club/admin/round", url.Values{"pairs": {"1-Zed"}}); a.status < 400 || !strings.Contains(text(a.body), "Zed") {
		t.Errorf("a player who is not registered: %d %s", a.status, text(a.body))
	}
	if n := len(s.tournament("club").Rounds); n != 1 {
		t.Fatalf("refused rounds were saved: %d rounds", n)
	}
	a = td.post("/t/club/admin/round", url.Values{"pairs": {"Ann-Cid, Dee-Ben"}})
	mustContain(t, "round 2 entered", td.follow(a), "Saved: round 2 (swiss): 1-3, 4-2.")
	a = td.post("/t/club/admin/round", url.Values{"pairs": {"1-2\n3-4"}, "force": {"1"}})
	if a.status != http.StatusSeeOther {
		t.Fatalf("a forced round: %d %s", a.status, text(a.body))
	}
	if r := s.tournament("club").Rounds; len(r) != 3 {
		t.Errorf("the forced round was not entered: %d rounds", len(r))
	}
	mustContain(t, "the log", td.get("/t/club/admin/log"), "round 2 (swiss): 1-3, 4-2", "round 3 (swiss): 1-2, 3-4 [forced: ", "td-club")
}

// TestConsoleEscapesNames: a name with markup in it is shown as text on
// every console page that names players, never run.
func TestConsoleEscapesNames(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`
	a := td.post("/t/club/admin/players", url.Values{"name": {evil}})
	if a.status != http.StatusSeeOther {
		t.Fatalf("registering: %d %s", a.status, text(a.body))
	}
	id := fmt.Sprint(len(s.tournament("club").Players))
	for _, path := range []string{"/t/club/admin", "/t/club/admin/players", "/t/club/admin/players/" + id, "/t/club/admin/log",
		"/t/club/admin/log?player=" + id, "/t/club/admin/results?round=1", "/t/club/admin/undo", "/t/club/admin/round", "/t/club/admin/print/pairings/1"} {
		page := td.get(path)
		if page.status != http.StatusOK {
			t.Errorf("%s: %d", path, page.status)
			continue
		}
		if strings.Contains(page.body, "<script>alert") || strings.Contains(page.body, "<img src=x") {
			t.Errorf("%s shows the name as markup", path)
		}
	}
	if page := td.get("/t/club/admin/players"); !strings.Contains(page.body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the players page does not show the name as text")
	}
}
