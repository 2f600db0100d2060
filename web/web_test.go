package web_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/report"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// site is a test server over a fresh database holding a small tournament.
type site struct {
	t   *testing.T
	db  *sqlite.DB
	srv *httptest.Server
}

// newSite starts a server over a database with one tournament, "club",
// whose players are named names (ids 1, 2, ...), round 1 paired 1-2, 3-4.
func newSite(t *testing.T, names ...string) *site {
	t.Helper()
	return newSiteWith(t, web.Config{}, names...)
}

// newSiteWith is newSite with the server set up by cfg.
func newSiteWith(t *testing.T, cfg web.Config, names ...string) *site {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "web.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour, err := outflank.NewTournament("club", "Club <Night>", "2026-11-23", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s, err := web.New(db, db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	return &site{t: t, db: db, srv: srv}
}

// get fetches path with headers ("Name: value"), and returns the answer and
// its body, unzipped.
func (s *site) get(path string, headers ...string) (*http.Response, string) {
	s.t.Helper()
	req, err := http.NewRequest("GET", s.srv.URL+path, nil)
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Set(k, v)
	}
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		if r, err = gzip.NewReader(res.Body); err != nil {
			s.t.Fatal(err)
		}
	}
	body, err := io.ReadAll(r)
	if err != nil {
		s.t.Fatal(err)
	}
	return res, string(body)
}

// enter saves a result at round 1, table.
func (s *site) enter(table int, score outflank.Discs) {
	s.t.Helper()
	_, err := s.db.Update(context.Background(), "club", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
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

func TestStandingsPage(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	s.enter(2, outflank.Discs{Black: 20, White: 44})
	res, body := s.get("/t/club/standings")
	if res.StatusCode != 200 || !strings.Contains(body, "<h1>Standings ") || !strings.Contains(body, `<a href="/t/club/players/1">Ann</a>`) {
		t.Fatalf("standings: %d\n%s", res.StatusCode, body)
	}
	for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "ETag"} {
		if res.Header.Get(h) == "" {
			t.Errorf("no %s header", h)
		}
	}
	if !strings.Contains(res.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") || strings.Contains(res.Header.Get("Content-Security-Policy"), "unsafe-inline") {
		t.Errorf("CSP %q", res.Header.Get("Content-Security-Policy"))
	}
	// The same version: 304 on the ETag; gzip when asked.
	again, _ := s.get("/t/club/standings", "If-None-Match: "+res.Header.Get("ETag"))
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match of the current ETag: %d", again.StatusCode)
	}
	zipped, zbody := s.get("/t/club/standings", "Accept-Encoding: gzip")
	if zipped.Header.Get("Content-Encoding") != "gzip" || zbody != body {
		t.Errorf("gzip: %q, same body %v", zipped.Header.Get("Content-Encoding"), zbody == body)
	}
	// A change gives a new version, a new ETag and the new result.
	s.enter(1, outflank.Discs{Black: 10, White: 54})
	deadline := time.Now().Add(2 * time.Second)
	for {
		changed, cbody := s.get("/t/club/standings")
		if changed.Header.Get("ETag") != res.Header.Get("ETag") {
			if !strings.Contains(cbody, ">54<") {
				t.Errorf("the new page lacks the new discs:\n%s", cbody)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the page did not change within 2 s of a result")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestStandingsAPIIsTheCLIsJSON(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	_, body := s.get("/api/t/club/standings?list=ifrl")
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := report.StandingsOf(tour, "ifrl", 0, false)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	report.WriteJSON(&want, doc)
	if body != want.String() {
		t.Errorf("API:\n%s\nwant (the --json document):\n%s", body, want.String())
	}
}

func TestNotFoundAndBadQuery(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	for _, c := range []struct {
		path, want string
		status     int
	}{
		{"/t/nope/standings", `There is no tournament &#34;nope&#34;.`, 404},
		{"/api/t/nope/standings", `"error": "There is no tournament \"nope\"."`, 404},
		{"/t/club/standings?list=xyz", `list &#34;xyz&#34;: use finish, ifrl, wfrl, yfrl or tfrl`, 400},
		{"/no/such/page", "There is no page at /no/such/page.", 404},
	} {
		res, body := s.get(c.path)
		if res.StatusCode != c.status || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %q; want %d and %q", c.path, res.StatusCode, body, c.status, c.want)
		}
	}
}

func TestStoredTextIsEscaped(t *testing.T) {
	s := newSite(t, "<script>alert(1)</script>", `"><img src=x onerror=alert(2)>`, "Cid", "Dee")
	for _, path := range []string{"/", "/t/club/standings"} {
		_, body := s.get(path)
		for _, raw := range []string{"<script>alert", "<img src=x", "Club <Night>"} {
			if strings.Contains(body, raw) {
				t.Errorf("%s shows %q unescaped", path, raw)
			}
		}
	}
}

// TestLiveStream: a stream of the tournament gets a change event when a
// result is saved, and one at once when it reconnects with an older
// Last-Event-ID.
func TestLiveStream(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	req, _ := http.NewRequest("GET", s.srv.URL+"/t/club/events", nil)
	req.Header.Set("Last-Event-ID", "0")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("content type %q", res.Header.Get("Content-Type"))
	}
	events := make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				events <- id
			}
		}
		close(events)
	}()
	next := func(what string) string {
		select {
		case id := <-events:
			return id
		case <-time.After(3 * time.Second):
			t.Fatalf("no event %s within 3 s", what)
		}
		return ""
	}
	first := next("for a reconnection with Last-Event-ID 0")
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	if second := next("after a result"); second <= first && len(second) <= len(first) {
		t.Errorf("versions %s then %s", first, second)
	}
}

// TestStreamSinceThePage: a page opens its stream with the version it
// shows (?since=): a change saved between the page and its stream is told
// at once, and a page that is current gets nothing until the next change.
func TestStreamSinceThePage(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	_, page := s.get("/t/club/standings")
	i := strings.Index(page, `data-live="/t/club/events?since=`)
	if i < 0 {
		t.Fatalf("the page names no stream with its version:\n%s", page)
	}
	live := page[i+len(`data-live="`):]
	live = strings.ReplaceAll(live[:strings.Index(live, `"`)], "&amp;", "&")
	first := func(path string, within time.Duration) string {
		t.Helper()
		res, err := http.Get(s.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		got := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(res.Body)
			for sc.Scan() {
				if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
					got <- id
					return
				}
			}
		}()
		select {
		case id := <-got:
			return id
		case <-time.After(within):
			return ""
		}
	}
	if id := first(live, 500*time.Millisecond); id != "" {
		t.Errorf("a current page's stream got event %s at once", id)
	}
	s.enter(1, outflank.Discs{Black: 40, White: 24})
	time.Sleep(600 * time.Millisecond) // the feed sees it (250 ms)
	if id := first(live, 2*time.Second); id == "" {
		t.Error("a page older than the tournament got no event when its stream opened")
	}
}
