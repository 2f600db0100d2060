package web_test

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// resultsAnswer is what the results page answers console.js.
type resultsAnswer struct {
	OK       bool   `json:"ok"`
	Message  string `json:"message"`
	Note     string `json:"note"`
	Next     int    `json:"next"`
	Shown    string `json:"shown"`
	Missing  int    `json:"missing"`
	Conflict *struct {
		Table  int    `json:"table"`
		Typed  string `json:"typed"`
		Stored string `json:"stored"`
		Expect string `json:"expect"`
		By     string `json:"by"`
	} `json:"conflict"`
	Parts map[string]string `json:"parts"`
}

// TestConsoleResults: the results page offers the first table without a
// result; a score saved (as console.js sends it) answers the page's new
// parts and the next table; a score alone is black's discs; a table typed
// again replaces its result, expecting what the page showed; a result
// changed meanwhile by another device is refused, with both shown; without
// JavaScript the form redirects, or shows the page again with the error.
func TestConsoleResults(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	page := td.get("/t/club/admin/results")
	mustContain(t, "the results page", page, "Results of round 1", `id="entry-table" name="table" value="1"`, "2 of 2 results to enter", "1 Ann — Ben")
	var a resultsAnswer
	res := td.postJSON("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"40"}, "expect": {"none"}}, &a)
	if res.status != http.StatusCreated || !a.OK || a.Next != 2 || a.Shown != "1=40-24" || a.Missing != 1 || !strings.Contains(a.Message, "Ann v #2 Ben: 40-24") {
		t.Fatalf("a score: %d %+v", res.status, a)
	}
	if !strings.Contains(a.Parts["results-rows"], `data-score="40-24"`) || !strings.Contains(a.Parts["results-undo"], "Undo it") {
		t.Errorf("the parts after a score: %v", a.Parts)
	}
	// A typo corrected: the table typed again, expecting the page's 40-24.
	res = td.postJSON("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"33-30"}, "expect": {"40-24"}}, &a)
	if res.status != http.StatusCreated || !strings.Contains(a.Message, "34-30") || !strings.Contains(a.Note, "Official score 34-30") {
		t.Fatalf("a replacement: %d %+v", res.status, a)
	}
	// Another device replaces it meanwhile; this page still shows 34-30.
	if status, body := s.do("admin (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "20-44", "replace": true}`); status != http.StatusCreated {
		t.Fatalf("the other device: %d %s", status, body)
	}
	res = td.postJSON("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"50-14"}, "expect": {"34-30"}}, &a)
	if res.status != http.StatusConflict || a.OK || a.Conflict == nil || a.Conflict.Stored != "20-44" || a.Conflict.Typed != "50-14" || a.Conflict.Expect != "20-44" {
		t.Fatalf("a replacement that lost: %d %+v", res.status, a)
	}
	// The conflict names the other director, as the log records him,
	// and the focus is on keeping his result (issue 24, point 16).
	if !strings.Contains(a.Message, "last changed by admin (token script)") || !strings.Contains(a.Parts["results-conflict"], "Replace it with 50-14") ||
		a.Conflict.By != "admin (token script)" || !strings.Contains(text(a.Parts["results-conflict"]), "Table 1 was changed by admin (token script) meanwhile admin (token script) entered 20-44 at ") ||
		!strings.Contains(a.Parts["results-conflict"], `id="conflict-keep" href="/t/club/admin/results?round=1" autofocus>Keep admin (token script)'s 20-44`) ||
		!strings.Contains(a.Parts["results-conflict"], "<p class=\"hint\">Round 1 table 1 has 20-44") { // a sentence, capitalised
		t.Errorf("the conflict shown: %q %q", a.Message, a.Parts["results-conflict"])
	}
	if g, _ := s.tournament("club").Game(1, 1); g.Result.BlackDiscs != 20 {
		t.Fatalf("a lost replacement overwrote the result: %+v", g.Result)
	}
	// The director chooses theirs: expecting what is stored now.
	res = td.postJSON("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"50-14"}, "expect": {a.Conflict.Expect}}, &a)
	if res.status != http.StatusCreated {
		t.Fatalf("the replacement confirmed: %d %+v", res.status, a)
	}
	// Without JavaScript: the page's shown scores are the expectation; a
	// plain form is redirected to the next table.
	mustContain(t, "the page without JavaScript", td.get("/t/club/admin/results?round=1"), `name="shown" id="entry-shown" value="1=50-14"`)
	post := td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"2"}, "score": {"forty"}, "shown": {"1=50-14"}})
	if post.status != http.StatusBadRequest {
		t.Errorf("a score in words: %d", post.status)
	}
	mustContain(t, "the refused score", post, `Score "forty"`, `value="forty"`)
	post = td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"2"}, "score": {"10"}, "kind": {"td-w"}, "shown": {"1=50-14"}})
	mustContain(t, "after a time default", td.follow(post), "time default by white", "All 2 results are in")
	post = td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"32"}, "shown": {"1=40-24"}})
	if post.status != http.StatusConflict {
		t.Errorf("a plain form's stale replacement: %d", post.status)
	}
	mustContain(t, "the plain form's conflict", post, "Table 1 was changed by td-club meanwhile", "Replace it with 32", "Keep td-club's 50-14")
	if strings.Contains(post.body, `placeholder="40-24 or 40" autofocus`) {
		t.Error("with a conflict, the focus goes to the score, not to keeping the result stored")
	}
	if post := td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"9"}, "score": {"32"}}); post.status != http.StatusNotFound {
		t.Errorf("a table that does not exist: %d", post.status)
	}
	if post := td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"2"}, "score": {"32"}, "kind": {"walkover"}}); post.status != http.StatusBadRequest {
		t.Errorf("an unknown kind of result: %d", post.status)
	}
	var live resultsAnswer
	td.getJSON("/t/club/admin/results?round=1", &live)
	if !live.OK || live.Missing != 0 || !strings.Contains(live.Parts["results-rows"], "50-14") {
		t.Errorf("the page's parts for a live update: %+v", live)
	}
	if a := td.get("/t/club/admin/results?round=7"); a.status != http.StatusNotFound {
		t.Errorf("a round that does not exist: %d", a.status)
	}
}

// TestConsoleUndo: the undo page shows the change it reverts, row by row;
// an undo of a change that is no longer the latest is refused, saying
// which is; the undo of the latest sends the browser back where it was.
func TestConsoleUndo(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	mustContain(t, "nothing to undo", td.get("/t/club/admin/undo"), "Nothing to undo")
	td.follow(td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"40-24"}}))
	log, _ := s.db.Log(t.Context(), "club")
	first := log[len(log)-1].ID
	page := td.get("/t/club/admin/undo?back=/t/club/admin/results")
	mustContain(t, "the undo page", page, "Undo change #", "round 1 table 1, #1 Ann v #2 Ben: 40-24", "game 1/1", "table 1, #1 Ann v #2 Ben: 40-24", "table 1, #1 Ann v #2 Ben: no result")
	td.follow(td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"2"}, "score": {"30-34"}}))
	// A form that does not come from the undo page (the banner's, as it
	// was) only shows the question: an undo is not undone (issue 24,
	// point 16).
	a := td.post("/t/club/admin/undo", url.Values{"expect": {itoa(first + 1)}})
	mustContain(t, "the question", a, "Undo change #", "An undo is not undone", "Keep it")
	if g, _ := s.tournament("club").Game(1, 2); a.status != http.StatusOK || g.Result == nil || !strings.Contains(a.body, `id="undo-keep" href="/t/club/admin" autofocus`) {
		t.Fatalf("an undo not confirmed: %d, table 2 %+v", a.status, g.Result)
	}
	a = td.post("/t/club/admin/undo", url.Values{"expect": {itoa(first)}, "confirm": {"yes"}})
	if a.status != http.StatusConflict {
		t.Fatalf("an undo of a change no longer the latest: %d", a.status)
	}
	mustContain(t, "the refused undo", a, "Nothing was undone", "round 1 table 2")
	a = td.post("/t/club/admin/undo", url.Values{"expect": {itoa(first + 1)}, "back": {"/t/club/admin/results?round=1"}, "confirm": {"yes"}})
	if a.location != "/t/club/admin/results?round=1" {
		t.Fatalf("the undo: %d to %q", a.status, a.location)
	}
	mustContain(t, "after the undo", td.follow(a), "Undone: undid #")
	if g, _ := s.tournament("club").Game(1, 2); g.Result != nil {
		t.Errorf("table 2 after the undo: %+v", g.Result)
	}
	if a := td.post("/t/club/admin/undo", url.Values{"expect": {itoa(first)}, "back": {"https://elsewhere.example/"}, "confirm": {"yes"}}); a.location != "/t/club/admin" {
		t.Errorf("an undo sent the browser to %q", a.location)
	}
}

// TestConsoleLog: the log lists every change with its actor, newest
// first, filtered by round and player, and says whether it verifies.
func TestConsoleLog(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	td.follow(td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"2"}, "score": {"40-24"}}))
	td.follow(td.post("/t/club/admin/players", url.Values{"name": {"Eve"}}))
	all := td.get("/t/club/admin/log")
	mustContain(t, "the log", all, "The log is intact: 3 entries", "td-club", "added player #5 Eve", "round 1 table 2, #3 Cid v #4 Dee: 40-24")
	round := td.get("/t/club/admin/log?round=1")
	mustContain(t, "the log of round 1", round, "round 1 table 2")
	if strings.Contains(round.body, "added player #5") {
		t.Error("the log of round 1 shows a registration")
	}
	eve := td.get("/t/club/admin/log?player=5")
	mustContain(t, "Eve's log", eve, "added player #5 Eve")
	if strings.Contains(eve.body, "Cid v") {
		t.Error("Eve's log shows another's game")
	}
	cid := td.get("/t/club/admin/log?player=3&round=1")
	mustContain(t, "Cid's round 1", cid, "Cid v #4 Dee", "test")
}

// TestConsoleJudges: a director issues a judge's link: shown once, with
// its QR code as an image the page's policy allows; the list shows its
// scope and who issued it; the link logs the judge in.
func TestConsoleJudges(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	a := td.post("/t/club/admin/judges", url.Values{"label": {"Jo"}, "round": {"1"}, "table": {"2"}})
	mustContain(t, "the link issued", a, "for Jo: round 1, table 2", `src="data:image/svg&#43;xml;base64,`, "/j/ofj_")
	if a.header.Get("Cache-Control") != "no-store" {
		t.Error("the page with a judge's secret may be cached")
	}
	link := regexpFind(t, a.body, `value="(http://[^"]*/j/ofj_[^"]+)"`)
	mustContain(t, "the links", td.get("/t/club/admin/judges"), "Jo", "round 1, table 2", "td-club")
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := (&http.Client{Jar: jar}).Get(link) // a phone keeps the judge's cookie
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if p := res.Request.URL.Path; res.StatusCode != http.StatusOK || !strings.HasPrefix(p, "/t/club/judge") {
		t.Errorf("the judge's link led to %s (%d)", res.Request.URL, res.StatusCode)
	}
	if a := td.post("/t/club/admin/judges", url.Values{"round": {"x"}}); a.status != http.StatusBadRequest {
		t.Errorf("a round in words: %d", a.status)
	}

	// The phone is lost: the director withdraws the link, and the judge's
	// session ends at once.
	id := regexpFind(t, a.body, `Judge link #(\d+) for Jo`)
	board := "/t/club/judge/1/2"
	if res, err := (&http.Client{Jar: jar}).Get(s.srv.URL + board); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the judge's board before: %v %v", res, err)
	}
	gone := td.post("/t/club/admin/judges/"+id+"/remove", url.Values{})
	mustContain(t, "the withdrawal", gone, "Judge link #"+id+" withdrawn")
	if strings.Contains(gone.body, "<td>Jo</td>") {
		t.Error("the withdrawn link is still listed")
	}
	res, err = (&http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(s.srv.URL + board)
	if err != nil {
		t.Fatal(err)
	}
	ended, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(ended), "This judge&#39;s link has ended") {
		t.Errorf("the judge's board after the link was withdrawn: %d\n%s", res.StatusCode, text(string(ended)))
	}
	if again := td.post("/t/club/admin/judges/"+id+"/remove", url.Values{}); again.status != http.StatusNotFound {
		t.Errorf("withdrawn twice: %d", again.status)
	}
	// The accounts' log names the director, on the administrator's page.
	users := s.as("admin (session)").get("/admin/users")
	mustContain(t, "the accounts' log", users, "Changes of the accounts", "td-club", "withdrew judge link #"+id+" (Jo)", "issued judge link #"+id+" for Jo")
}

// TestConsoleJudgesLoopback: a judge's link issued while the console is
// open at this computer's own address (127.0.0.1, localhost) names it, and
// a phone cannot open it: the judges' page says so, before and with the
// link, and how to issue one that works. At the hall's address, or with a
// base URL, it says nothing.
func TestConsoleJudgesLoopback(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	at := func(host, method, path string) answer {
		t.Helper()
		var body io.Reader
		form := url.Values{"label": {"Jo"}, "csrf": {td.csrf}}
		if method == "POST" {
			body = strings.NewReader(form.Encode())
		}
		req, _ := http.NewRequest(method, s.srv.URL+path, body)
		if method == "POST" {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.Host = host // the jar keeps the cookie for the server's own
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: s.creds["td-club (session)"].cookie})
		return td.do(req)
	}
	for _, host := range []string{strings.TrimPrefix(s.srv.URL, "http://"), "localhost:8080", "[::1]:8080"} {
		mustContain(t, "the judges' page at "+host, at(host, "GET", "/t/club/admin/judges"), `<p class="loopback"`, "You opened the console at "+host, "have the server started with the site's address for players")
		issued := at(host, "POST", "/t/club/admin/judges")
		mustContain(t, "a link issued at "+host, issued, "A judge's phone cannot open this link: it names "+host, "have the server started with the site's address for players", "/j/ofj_")
		if n := strings.Count(issued.body, `class="loopback"`); n != 1 {
			t.Errorf("a link issued at %s: %d warnings", host, n)
		}
	}
	for _, host := range []string{"192.168.1.20:8080", "hall.example"} {
		for _, method := range []string{"GET", "POST"} {
			if a := at(host, method, "/t/club/admin/judges"); a.status != http.StatusOK || strings.Contains(a.body, "loopback") {
				t.Errorf("%s the judges' page at %s: %d, warns %v", method, host, a.status, strings.Contains(a.body, "loopback"))
			}
		}
	}
}

// TestConsolePrint: the wall's pairing list names each player's table,
// colour and opponent, alphabetically, then by table; the score sheets are
// one A4 page per table with both players, the board, the discs and
// signature boxes.
func TestConsolePrint(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	wall := td.get("/t/club/admin/print/pairings/1")
	mustContain(t, "the wall", wall, "Tournament club", "Round 1", "Ann 1 black Ben", "Dee 2 white Cid", "by table", "print.css")
	if strings.Contains(wall.body, `class="site"`) {
		t.Error("the printed list has the site's header")
	}
	if strings.Index(wall.body, ">Ann<") > strings.Index(wall.body, ">Ben<") {
		t.Error("the wall is not in alphabetical order")
	}
	sheets := td.get("/t/club/admin/print/sheets/1")
	if n := strings.Count(sheets.body, `<article class="sheet">`); n != 2 {
		t.Errorf("%d score sheets, want 2", n)
	}
	mustContain(t, "the sheets", sheets, "Table 2", "Cid #3", "Dee #4", "Black's signature", "White's signature", `<table class="board">`)
	if n := strings.Count(sheets.body, "<td>") + strings.Count(sheets.body, `<td><span class="disc`); n < 2*64 {
		t.Errorf("the sheets have %d squares, want 64 each", n)
	}
	if a := td.get("/t/club/admin/print/sheets/4"); a.status != http.StatusNotFound {
		t.Errorf("a round not paired: %d", a.status)
	}
}

// TestProjector: the projector is public, shows the round's pairings and
// the standings, and is cached per version like the public pages.
func TestProjector(t *testing.T) {
	s := newAccessSite(t)
	res, err := http.Get(s.srv.URL + "/t/club/projector")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.WriteString(string(buf[:n]))
		if err != nil {
			break
		}
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == "" {
		t.Errorf("the projector: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
	mustContain(t, "the projector", answer{status: res.StatusCode, body: b.String()}, "Round 1", "Standings", "Ann", "projector.js", `data-live="/t/club/events?since=`,
		`<p class="summary">Round 1 of 5 in play`) // the summary as a sentence
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// regexpFind returns the first group of pattern in s.
func regexpFind(t *testing.T, s, pattern string) string {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no %s in:\n%s", pattern, s)
	}
	return m[1]
}

// TestProjectorIgnoresUnreadParameters: a query parameter the projector
// does not read (a visitor's ?x=...) changes nothing it renders: the same
// bytes as without it (?every is read by its script, not by the server),
// and the same ETag: the page cache keys on the parameters a page reads
// only (issue 25, point 1: routes.go, reads).
func TestProjectorIgnoresUnreadParameters(t *testing.T) {
	s := newAccessSite(t)
	get := func(query string) (string, string) {
		res, err := http.Get(s.srv.URL + "/t/club/projector" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", query, res.StatusCode)
		}
		return string(body), res.Header.Get("ETag")
	}
	plain, etag := get("")
	for _, q := range []string{"?x=1", "?round=99&list=finish", "?every=20&utm_source=%3Cscript%3E"} {
		body, tag := get(q)
		if body != plain {
			t.Errorf("the projector with %s renders other bytes than without", q)
		}
		if tag != etag || tag == "" {
			t.Errorf("the projector with %s has ETag %s, without %s", q, tag, etag)
		}
	}
}
