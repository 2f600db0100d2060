package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// appliesSite serves three events of five players, round 1 played (Eve
// had the bye) and Ann marked absent in round 2: "bof" a BOF regional,
// "aof" an AOF Nationals, "woc" a WOC; and a director's session.
type appliesSite struct {
	t            *testing.T
	srv          *httptest.Server
	cookie, csrf string
}

func newAppliesSite(t *testing.T) *appliesSite {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "applies.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for slug, id := range map[string]rules.ID{"bof": rules.BOFRegional, "aof": rules.AOF, "woc": rules.WOC} {
		tour, err := outflank.NewTournament(slug, "Event "+slug, "2026-11-23", id, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []outflank.Player{{Name: "Ann", Country: "GBR", Gender: "f"}, {Name: "Ben", Country: "GBR"}, {Name: "Cid", Country: "FRA"}, {Name: "Dee", Country: "FRA"}, {Name: "Eve", Country: "NED"}} {
			if _, err := tour.AddPlayer(p); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, []int{5}); err != nil {
			t.Fatal(err)
		}
		for table := 1; table <= 2; table++ {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(1, table, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if id == rules.BOFRegional { // WOC II.8, AOF Appendix A: no absences
			if err := tour.MarkAbsent(1, []int{2}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "td", consolePassword, true); err != nil {
		t.Fatal(err)
	}
	secret, sess, err := a.Login(ctx, "td", consolePassword, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	server, err := web.New(db, db, web.Config{Accounts: db})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go server.Watch(watch)
	s := &appliesSite{t: t, srv: httptest.NewServer(server.Handler()), cookie: secret, csrf: sess.CSRF}
	t.Cleanup(s.srv.Close)
	return s
}

// get fetches path, as the director when console is set, and returns the
// status and the body.
func (s *appliesSite) get(path string, console bool) (int, string) {
	s.t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	if console {
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: s.cookie})
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestPagesTheRulesetHas: a BOF regional has no knockout stages and no
// team, women's or young players' list (only the WOC has them: WOC II.3-6,
// III): its pages show no Knockout tab and no such list, and asking for
// one is a 404 that says why and links to the standings; an AOF event
// has a final only, and says so; a WOC has them all (issue 24, point 9).
func TestPagesTheRulesetHas(t *testing.T) {
	s := newAppliesSite(t)
	for _, path := range []string{"/t/bof", "/t/bof/standings", "/t/bof/players/2", "/t/bof/pairings/1", "/t/bof/crosstable"} {
		status, body := s.get(path, false)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", path, status)
		}
		if strings.Contains(body, `href="/t/bof/knockout"`) || strings.Contains(body, ">Knockout<") {
			t.Errorf("%s shows a Knockout tab or link at a BOF regional", path)
		}
		for _, list := range []string{"Team list", "team list", "Women's list", "women's list", "list=tfrl", "list=wfrl"} {
			if strings.Contains(body, list) {
				t.Errorf("%s shows %q at a BOF regional", path, list)
			}
		}
	}
	if _, body := s.get("/t/bof/players/2", false); strings.Contains(body, "not counted") || strings.Contains(body, "Knockout games do not count") {
		t.Errorf("the player's page explains what a BOF regional has not:\n%s", body)
	}
	for _, c := range []struct{ path, want string }{
		{"/t/bof/knockout", "has no knockout stages: bof-regional events have no playoffs, semi-finals or final"},
		{"/t/bof/standings?list=tfrl", "bof has no team list (TFRL): that list is the World Othello Championship's (WOC II.4), and bof-regional events have none; its lists are ifrl"},
		{"/api/t/bof/standings?list=wfrl", "bof has no women's list (WFRL): that list is the World Othello Championship's (WOC II.5)"},
		{"/api/t/bof/standings?list=yfrl", "bof has no young players' list (YFRL)"},
	} {
		status, body := s.get(c.path, false)
		if status != http.StatusNotFound || !strings.Contains(strings.ReplaceAll(body, "&#39;", "'"), c.want) {
			t.Errorf("%s: %d, want 404 saying %q:\n%.600s", c.path, status, c.want, body)
		}
	}
	if _, body := s.get("/t/bof/standings?list=finish", false); strings.Contains(body, "knockout stages are not over") || !strings.Contains(body, "The event is not over") {
		t.Error("a BOF regional's order of finish speaks of knockout stages")
	}
	if _, body := s.get("/t/bof/knockout", false); !strings.Contains(body, `href="/t/bof/standings"`) {
		t.Error("the knockout page of a BOF regional does not link to its standings")
	}
	// An AOF event: a final, and the page says it is all it has.
	if status, body := s.get("/t/aof/knockout", false); status != http.StatusOK || !strings.Contains(body, "No knockout match yet: the final will be shown here") {
		t.Errorf("/t/aof/knockout: %d\n%.2000s", status, body)
	}
	if _, body := s.get("/t/aof", false); !strings.Contains(body, `href="/t/aof/knockout"`) || strings.Contains(body, "list=tfrl") {
		t.Error("an AOF event's page: a Knockout tab, no team list")
	}
	// A WOC: every list and the knockout.
	if _, body := s.get("/t/woc", false); !strings.Contains(body, `href="/t/woc/knockout"`) || !strings.Contains(body, "list=tfrl") || !strings.Contains(body, "list=wfrl") {
		t.Error("a WOC's page lacks its knockout or its side lists")
	}
	if _, body := s.get("/t/woc/players/1", false); !strings.Contains(body, "Team list") || !strings.Contains(body, "Women&#39;s list") && !strings.Contains(body, "Women's list") {
		t.Errorf("a WOC player's page lacks the team or women's list:\n%.3000s", body)
	}
}

// TestAbsencesListed: a player marked absent in the round is listed on
// the pairing proposal and on the printed wall pairings, as the public
// pairings list him: not paired (issue 24, point 9).
func TestAbsencesListed(t *testing.T) {
	s := newAppliesSite(t)
	status, body := s.get("/t/bof/admin/pair?seed=3", true)
	if status != http.StatusOK || !strings.Contains(body, "Absent, not paired: Ann") {
		t.Fatalf("the proposal of round 2: %d\n%.4000s", status, body)
	}
	// Publish it, then print it.
	s.publish(body)
	status, wall := s.get("/t/bof/admin/print/pairings/2", true)
	if status != http.StatusOK {
		t.Fatalf("the wall: %d", status)
	}
	ann := wall[strings.Index(wall, `<td class="name">Ann</td>`):]
	if !strings.HasPrefix(ann, `<td class="name">Ann</td><td class="num">—</td><td colspan="2">absent: not paired</td>`) {
		t.Errorf("Ann's line on the wall: %.200s", ann)
	}
	if !strings.Contains(wall, "Absent, not paired: Ann") {
		t.Error("the wall's list by table does not name the absent player")
	}
	if _, public := s.get("/t/bof/pairings/2", false); !strings.Contains(public, "Absent") {
		t.Error("the public pairings do not list the absent player")
	}
}

// publish publishes round 2 of bof as the proposal page shows it.
func (s *appliesSite) publish(proposal string) {
	s.t.Helper()
	req, _ := http.NewRequest("POST", s.srv.URL+"/t/bof/admin/pair", strings.NewReader("round=2&seed=3&version="+versionOf(s.t, proposal)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: s.cookie})
	req.Header.Set("X-CSRF-Token", s.csrf)
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		s.t.Fatalf("publishing round 2: %d", res.StatusCode)
	}
}

// versionOf reads the version the proposal page's publishing form sends.
func versionOf(t *testing.T, page string) string {
	t.Helper()
	i := strings.Index(page, `name="version" value="`)
	if i < 0 {
		t.Fatal("the proposal has no publishing form")
	}
	rest := page[i+len(`name="version" value="`):]
	return rest[:strings.Index(rest, `"`)]
}

// TestBrowserWhatApplies photographs, at 375 and 1280 pixels, the pages
// that show only what the ruleset has: a BOF regional's event page,
// player page and refused knockout page, an AOF event's knockout page
// before its final, and the absences on the pairing proposal and the wall
// pairings.
func TestBrowserWhatApplies(t *testing.T) {
	browser := newBrowserFor(t, 120*time.Second)
	s := newAppliesSite(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	login(t, tab, &consoleSite{url: s.srv.URL}, "td", "/admin")
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		for _, p := range []struct{ name, path, wait string }{
			{"bof-event", "/t/bof", "h1"},
			{"bof-player", "/t/bof/players/2", "h1"},
			{"bof-knockout-404", "/t/bof/knockout", "h1"},
			{"aof-knockout", "/t/aof/knockout", "h1"},
			{"bof-proposal-absent", "/t/bof/admin/pair?seed=3", "p.absent"},
		} {
			if err := chromedp.Do(tab, chromedp.Navigate(s.srv.URL+p.path), chromedp.WaitVisible(chromedp.CSS(p.wait))); err != nil {
				t.Fatalf("%s: %v", p.path, err)
			}
			if over := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); over && width == 375 {
				t.Errorf("%s scrolls sideways at 375 px", p.path)
			}
			shoot(t, tab, dir, fmt.Sprintf("%s-%d", p.name, width))
		}
	}
	_, proposal := s.get("/t/bof/admin/pair?seed=3", true)
	s.publish(proposal)
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(s.srv.URL+"/t/bof/admin/print/pairings/2"), chromedp.WaitVisible(chromedp.CSS("table.wall"))); err != nil {
			t.Fatal(err)
		}
		shoot(t, tab, dir, fmt.Sprintf("bof-wall-absent-%d", width))
	}
}
