package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// loadPlayerDB stores a small WOF player database in the site's store.
func (s *accessSite) loadPlayerDB() {
	s.t.Helper()
	rating := func(r int) *int { return &r }
	if _, err := s.db.LoadPlayerDB(s.t.Context(), "joueurs.txt", []outflank.WOFPlayer{
		{ID: 280016, Surname: "ACUNA", Firstname: "Ricardo", Country: "ARG", Rating: rating(1714)},
		{ID: 101, Surname: "BERG", Firstname: "Anna", Country: "SWE", Rating: rating(1890)},
		{ID: 102, Surname: "BERGSTRÖM", Firstname: "Nils", Country: "SWE"},
		{ID: 103, Surname: "DUBOIS", Firstname: "Léa", Country: "FRA", Rating: rating(-40)},
	}); err != nil {
		s.t.Fatal(err)
	}
}

// TestConsolePlayerSearch: the player database is searched as the
// director types (JSON for console.js; a page without JavaScript), by
// name (accents and case ignored, exact names first) or WOF id, and a
// player already registered is marked.
func TestConsolePlayerSearch(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	var found struct {
		Players []struct {
			WOFID      int    `json:"wof_id"`
			Name       string `json:"name"`
			Country    string `json:"country"`
			Rating     *int   `json:"rating"`
			Registered int    `json:"registered"`
		} `json:"players"`
	}
	if a := td.getJSON("/t/club/admin/playerdb?q=berg", nil); a.status != http.StatusNotFound || !strings.Contains(a.body, "register players by hand") || strings.Contains(a.body, "outflank") {
		t.Errorf("a search without a database: %d %s", a.status, a.body)
	}
	s.loadPlayerDB()
	td.getJSON("/t/club/admin/playerdb?q=berg", &found)
	if len(found.Players) != 2 || found.Players[0].Name != "BERG, Anna" || found.Players[1].Name != "BERGSTRÖM, Nils" || found.Players[1].Rating != nil {
		t.Errorf("berg: %+v", found.Players)
	}
	td.getJSON("/t/club/admin/playerdb?q=lea+dub", &found)
	if len(found.Players) != 1 || found.Players[0].WOFID != 103 {
		t.Errorf("lea dub: %+v", found.Players)
	}
	td.getJSON("/t/club/admin/playerdb?q=280016", &found)
	if len(found.Players) != 1 || found.Players[0].Country != "ARG" || *found.Players[0].Rating != 1714 {
		t.Errorf("280016: %+v", found.Players)
	}
	td.follow(td.post("/t/club/admin/players", url.Values{"wof_id": {"101"}}))
	td.getJSON("/t/club/admin/playerdb?q=anna", &found)
	if len(found.Players) != 1 || found.Players[0].Registered != 5 {
		t.Errorf("a player registered: %+v", found.Players)
	}
	a := td.get("/t/club/admin/players?q=berg")
	mustContain(t, "the search without JavaScript", a, "BERGSTRÖM, Nils", "registered (#5)", `name="wof_id" value="102"`)
	mustContain(t, "a search finding nobody", td.get("/t/club/admin/players?q=zzz"), "Nobody in the database matches")
}

// TestConsoleRegister: players registered from the database (the WOF's
// spelling, country and rating), by hand and from a CSV file; corrected;
// withdrawn; a late entry's warning; refusals keep what was typed.
func TestConsoleRegister(t *testing.T) {
	s := newAccessSite(t)
	s.loadPlayerDB()
	td := s.as("td-club (session)")
	a := td.follow(td.post("/t/club/admin/players", url.Values{"wof_id": {"103"}}))
	mustContain(t, "after registering from the database", a, "Registered #5 DUBOIS, Léa", "Check:", "a late entry, paired from round 2")
	p, _ := s.tournament("club").Player(5)
	if p.Name != "DUBOIS, Léa" || p.Country != "FRA" || p.Rating != -40 || p.WOFID != 103 {
		t.Errorf("registered %+v", p)
	}
	log, _ := s.db.Log(t.Context(), "club")
	if last := log[len(log)-1]; last.Actor != "td-club" || !strings.Contains(last.Summary, "(WOF 103, from joueurs.txt)") {
		t.Errorf("the log: %q by %q", last.Summary, last.Actor)
	}
	td.follow(td.post("/t/club/admin/players", url.Values{"name": {"Hand, Made"}, "country": {"GBR"}, "rating": {"1500"}, "gender": {"f"}}))
	a = td.post("/t/club/admin/players", url.Values{"name": {"hand, made"}, "country": {"NZL"}})
	if a.status != http.StatusConflict {
		t.Errorf("a name taken: %d", a.status)
	}
	mustContain(t, "the refused registration", a, "already has a player named", `value="NZL"`)
	if a := td.post("/t/club/admin/players", url.Values{"name": {"X"}, "rating": {"high"}}); a.status != http.StatusBadRequest {
		t.Errorf("a rating in words: %d", a.status)
	}
	ctype, body := multipartBody(t, td.csrf, "late.csv", "name,country,rating\nCsv One,FRA,1200\nCsv Two,,\n")
	req, _ := http.NewRequest("POST", s.srv.URL+"/t/club/admin/players/import", body)
	req.Header.Set("Content-Type", ctype)
	mustContain(t, "after the import", td.follow(td.do(req)), "Imported 2 players from late.csv", "Csv Two")
	ctype, body = multipartBody(t, td.csrf, "bad.csv", "name,colour\nX,black\n")
	req, _ = http.NewRequest("POST", s.srv.URL+"/t/club/admin/players/import", body)
	req.Header.Set("Content-Type", ctype)
	if a := td.do(req); a.status != http.StatusBadRequest || !strings.Contains(a.body, "unknown column") {
		t.Errorf("a bad CSV: %d %s", a.status, text(a.body))
	}
	if n := len(s.tournament("club").Players); n != 8 {
		t.Errorf("%d players after the imports, want 8", n)
	}
	mustContain(t, "the correction form", td.get("/t/club/admin/players/6"), `value="Hand, Made"`, `value="GBR"`)
	a = td.post("/t/club/admin/players/6", url.Values{"name": {"Hand, Made"}, "country": {"NZL"}, "rating": {"1550"}, "gender": {"f"}, "wof_id": {"0"}})
	mustContain(t, "after the correction", td.follow(a), `country "GBR" → "NZL"`, "rating 1500 → 1550")
	if a := td.post("/t/club/admin/players/6", url.Values{"name": {"Hand, Made"}, "country": {"NZL"}, "rating": {"1550"}, "gender": {"f"}, "wof_id": {"0"}}); a.status != http.StatusBadRequest {
		t.Errorf("a correction changing nothing: %d", a.status)
	}
	if a := td.get("/t/club/admin/players/99"); a.status != http.StatusNotFound {
		t.Errorf("a player that does not exist: %d", a.status)
	}
	a = td.post("/t/club/admin/players/1/withdraw", url.Values{"after_round": {"0"}})
	if a.status != http.StatusConflict || !strings.Contains(a.body, "is paired in round 1") {
		t.Errorf("a withdrawal before a round the player is paired in: %d %s", a.status, text(a.body))
	}
	if a := td.post("/t/club/admin/players/1/remove", url.Values{}); a.status != http.StatusBadRequest || !strings.Contains(a.body, "plays in round 1") {
		t.Errorf("removing a player who has played: %d %s", a.status, text(a.body))
	}
	mustContain(t, "after a removal", td.follow(td.post("/t/club/admin/players/8/remove", url.Values{})), "removed player #8 Csv Two")
	// A withdrawal cannot be taken back (WOC II.8): the console asks
	// first, the focus on keeping the player, and nothing changes until
	// the director confirms (issue 24, point 16).
	ask := td.post("/t/club/admin/players/7/withdraw", url.Values{"after_round": {"1"}})
	mustContain(t, "the question", ask, "Withdraw Csv One?", "may not re-enter (WOC II.8)", "Keep Csv One in the event")
	if ask.status != http.StatusOK || !strings.Contains(ask.body, `id="confirm-keep" href="/t/club/admin/players" autofocus`) || !strings.Contains(ask.body, `name="after_round" value="1"`) {
		t.Errorf("the question: %d %s", ask.status, ask.body)
	}
	if p, _ := s.tournament("club").Player(7); p.WithdrawnAfterRound != nil {
		t.Fatal("the withdrawal was saved before it was confirmed")
	}
	mustContain(t, "after the withdrawal", td.follow(td.post("/t/club/admin/players/7/withdraw", url.Values{"after_round": {"1"}, "confirm": {"yes"}})), "withdrew after round 1", "withdrawn after round 1")
}

// TestConsoleRegisterOverride_BOFNational12: the console refuses a National
// entry resident less than 183 days, citing the rule and keeping what was
// typed; an override with its reason registers the player, recorded in
// the log; an exempt player is registered with the chairman's reason.
func TestConsoleRegisterOverride_BOFNational12(t *testing.T) {
	s := newAccessSite(t)
	nat, err := outflank.NewTournament("nat", "National", "2019-09-01", rules.BOFNational, 9)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Create(t.Context(), nat, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin := s.as("admin (session)")
	a := admin.post("/t/nat/admin/players", url.Values{"name": {"Bo New"}, "country": {"SWE"}, "resident_since": {"2019-06-01"}})
	if a.status != http.StatusConflict {
		t.Errorf("a player resident 3 months: %d", a.status)
	}
	mustContain(t, "the refusal", a, "BOF National 12", "register them with the reason in “Chairman's exemption”", `value="2019-06-01"`, `name="override"`)
	mustContain(t, "the override", admin.follow(admin.post("/t/nat/admin/players", url.Values{"name": {"Bo New"}, "country": {"SWE"}, "resident_since": {"2019-06-01"}, "override": {"committee approval (National 14)"}})), "Registered #1 Bo New")
	admin.follow(admin.post("/t/nat/admin/players", url.Values{"name": {"Cy"}, "resident_since": {"2019-08-01"}, "exemption": {"moves to Leeds"}}))
	log, _ := s.db.Log(t.Context(), "nat")
	var summaries []string
	for _, e := range log {
		summaries = append(summaries, e.Summary)
	}
	all := strings.Join(summaries, "\n")
	for _, want := range []string{"eligibility overridden (BOF National 12): committee approval (National 14)", "chairman's exemption from the 183-day rule (BOF National 13): moves to Leeds"} {
		if !strings.Contains(all, want) {
			t.Errorf("the log lacks %q:\n%s", want, all)
		}
	}
	if p, _ := s.tournament("nat").Player(2); p.Exemption != "moves to Leeds" {
		t.Errorf("registered %+v", p)
	}
	mustContain(t, "the correction form", admin.get("/t/nat/admin/players/1"), `value="2019-06-01"`, `name="exemption"`)
	a = admin.post("/t/nat/admin/players/1", url.Values{"name": {"Bo New"}, "country": {"SWE"}, "rating": {"0"}, "wof_id": {"0"}, "citizenship": {"SE"}, "resident_since": {"2019-06-01"}, "exemption": {""}})
	mustContain(t, "after the correction", admin.follow(a), `citizenship "" → "SWE"`)
}

// TestConsoleImportEligibility_WOC_I_2: a CSV file whose entries make a
// WOC team too big is refused with the rule, the players and "no player
// was imported", and nothing changes; the Override field imports it with
// the reason in the log.
func TestConsoleImportEligibility_WOC_I_2(t *testing.T) {
	s := newAccessSite(t)
	woc, err := outflank.NewTournament("woc", "WOC 2026", "2026-11-05", rules.WOC, 13)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Create(t.Context(), woc, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin := s.as("admin (session)")
	five := "name,country,gender\nA1,FRA,m\nA2,FRA,m\nA3,FRA,f\nA4,FRA,f\n<script>alert(1)</script>,FRA,f\n"
	upload := func(fields ...string) answer {
		ctype, body := multipartBody(t, admin.csrf, "france.csv", five, fields...)
		req, _ := http.NewRequest("POST", s.srv.URL+"/t/woc/admin/players/import", body)
		req.Header.Set("Content-Type", ctype)
		return admin.do(req)
	}
	a := upload()
	if a.status != http.StatusConflict {
		t.Errorf("a team of five: %d", a.status)
	}
	mustContain(t, "the refusal", a, "No player of france.csv was imported: A1", "A1, A2, A3, A4, &lt;script&gt;alert(1)&lt;/script&gt;: WOC I.2.1-2.2", "FRA would have 5", `name="override"`)
	if strings.Contains(a.body, "<script>alert(1)") || !strings.Contains(a.body, "&lt;script&gt;alert(1)") {
		t.Errorf("a name with <script> in the file is not shown escaped")
	}
	if n := len(s.tournament("woc").Players); n != 0 {
		t.Fatalf("%d players after a refused import", n)
	}
	mustContain(t, "the override", admin.follow(upload("override", "FRA's fifth player confirmed by the WOF")), "Imported 5 players from france.csv")
	log, _ := s.db.Log(t.Context(), "woc")
	if last := log[len(log)-1]; !strings.Contains(last.Summary, "imported 5 players from france.csv; eligibility overridden (WOC I.2.1-2.2): FRA's fifth player confirmed by the WOF") {
		t.Errorf("the log: %q", last.Summary)
	}
}
