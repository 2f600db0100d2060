package web_test

// The console in a real Chromium: a director logs in, registers players
// from the WOF player database by typing their names, pairs and publishes
// a round, enters its results with the keyboard alone, corrects one,
// undoes a mistake; the public standings follow. Two directors replacing
// the same result at once: the second is asked, nothing is lost. Twenty
// results of a 40-player round entered at the keyboard, timed. The console
// pages are photographed into $OUTFLANK_SCREENSHOTS (console-*.png).

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/auth"
	"outflank/director"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
	"outflank/wof"
)

// consoleSite is a server with accounts and the WOF's joueurs.txt over a
// SQLite file: the administrator "chief", the directors "alice" and "bob"
// of the tournament "open" (EGP rules, 5 rounds), created empty.
type consoleSite struct {
	url string
	db  *sqlite.DB
}

const consolePassword = "a long enough password"

func newConsoleSite(t *testing.T) *consoleSite {
	t.Helper()
	ctx := outflank.WithActor(context.Background(), "chief")
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "console.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(shareddata.File(t, "wof", "joueurs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	pdb, _, err := wof.ReadPlayerDB(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	players := make([]outflank.WOFPlayer, len(pdb.Players))
	for i, p := range pdb.Players {
		players[i] = outflank.WOFPlayer{ID: p.ID, Surname: p.Surname, Firstname: p.Firstname, Country: p.Country}
		if p.HasRating {
			r := p.Rating
			players[i].Rating = &r
		}
	}
	if _, err := db.LoadPlayerDB(ctx, "joueurs.txt", players); err != nil {
		t.Fatal(err)
	}
	a := auth.New(db)
	for _, u := range []struct {
		name  string
		admin bool
	}{{"chief", true}, {"alice", false}, {"bob", false}} {
		if _, err := a.AddUser(ctx, u.name, consolePassword, u.admin); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := director.CreateTournament(ctx, db, director.NewTournament{Slug: "open", Name: "Outflank Spring Open", Date: "2026-04-11", Rules: rules.EGP, Rounds: 5, Minutes: 25}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"alice", "bob"} {
		if err := db.Grant(ctx, name, outflank.Grant{Tournament: "open", Role: outflank.RoleTD}); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := web.New(db, db, web.Config{Accounts: db, PlayerDB: db})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, l) }()
	t.Cleanup(func() {
		stop()
		<-served
		db.Close()
	})
	return &consoleSite{url: "http://" + l.Addr().String(), db: db}
}

// register adds players by name and pairs round 1, as the command line
// would, for the tests that start with a round in play.
func (c *consoleSite) pairedRound(t *testing.T, n int) *outflank.Tournament {
	t.Helper()
	ctx := outflank.WithActor(context.Background(), "chief")
	for i := range n {
		if _, err := director.AddPlayer(ctx, c.db, "open", outflank.Player{Name: fmt.Sprintf("Player %02d", i+1), Rating: 2200 - 10*i}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.Pair(ctx, c.db, "open", director.PairRequest{Seed: 1, SeedGiven: true}); err != nil {
		t.Fatal(err)
	}
	return c.tournament(t)
}

func (c *consoleSite) tournament(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := c.db.Tournament(context.Background(), "open")
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

// screenshots is the folder the console's pages are photographed into.
func screenshots(t *testing.T) string {
	dir := os.Getenv("OUTFLANK_SCREENSHOTS")
	if dir == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// shoot photographs the page of tab as name.png.
func shoot(t *testing.T, tab context.Context, dir, name string) {
	t.Helper()
	png := run(t, tab, chromedp.FullScreenshot(100))
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls the page of tab until the expression is true, through
// page loads (an expression evaluated while a page is replaced fails, and
// is tried again).
func waitPage(t *testing.T, tab context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			body, _ := chromedp.Run(tab, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
			t.Fatalf("waiting for %s (%s): %v\n%s", what, expr, err, body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// keys types text into whatever has the focus, as a keyboard does.
func typeKeys(t *testing.T, tab context.Context, text string, opts ...chromedp.KeyOption) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.KeyEvent(text, opts...)); err != nil {
		t.Fatal(err)
	}
}

// focused is the id of the element with the focus.
const focused = `((document.activeElement && document.activeElement.id) || "")`

// login logs name in through the login form, at the keyboard, and waits
// for the page it goes to.
func login(t *testing.T, tab context.Context, site *consoleSite, name, next string) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/login?next="+next), chromedp.WaitVisible(chromedp.CSS(`input[name="name"]`))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, name+"\t"+consolePassword+kb.Enter)
	waitPage(t, tab, "the console after the login", `!!document.querySelector(".console-bar")`)
}

// TestBrowserConsole: a director's event from the console, keyboard
// first: log in, register 8 players from joueurs.txt by typing their
// names, pair and publish round 1, enter its results, correct one by
// typing its table again, undo a mistake with Ctrl+Z and Enter; the public
// standings show the right points and discs.
func TestBrowserConsole(t *testing.T) {
	browser := newBrowserFor(t, 120*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	login(t, tab, site, "alice", "/t/open/admin/players")

	// Registration: a name typed, the database's suggestions, Enter.
	typed := []struct{ query, name string }{
		{"tamenori hid", "TAMENORI, Hideshi"}, {"murakami tak", "MURAKAMI, Takeshi"}, {"nicolet", "NICOLET, Stephane"},
		{"rose brian", "ROSE, Brian"}, {"shaman dav", "SHAMAN, David"}, {"di mattei ale", "DI MATTEI, Alessandro"},
		{"leader imre", "LEADER, Imre"}, {"lazard emm", "LAZARD, Emmanuel"},
	}
	for i, p := range typed {
		waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
		typeKeys(t, tab, p.query)
		waitPage(t, tab, "the suggestions for "+p.query, fmt.Sprintf(`(function () { var li = document.querySelector("#suggestions li[role=option]"); return !!li && !document.getElementById("suggestions").hidden && li.textContent.indexOf(%q) === 0 })()`, p.name))
		if i == 0 {
			shoot(t, tab, dir, "console-players-search")
		}
		typeKeys(t, tab, kb.Enter)
		waitPage(t, tab, "the registration of "+p.name, fmt.Sprintf(`(function () { var f = document.querySelector("p.flash"); return !!f && f.textContent.indexOf(%q) >= 0 })()`, fmt.Sprintf("Registered #%d %s", i+1, p.name)))
	}
	tour := site.tournament(t)
	if len(tour.Players) != 8 {
		t.Fatalf("%d players registered, want 8", len(tour.Players))
	}
	for i, p := range tour.Players {
		if p.Name != typed[i].name || p.WOFID == 0 || p.Country == "" || p.Rating == 0 {
			t.Errorf("player %d: %+v", i+1, p)
		}
	}
	shoot(t, tab, dir, "console-players")

	// The console says what comes next; the pairing is proposed, then
	// published with Enter (the publish button has the focus).
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the banner", `document.querySelector("section.banner .button.primary").textContent === "Pair round 1"`)
	shoot(t, tab, dir, "console-home")
	waitPage(t, tab, "the banner's button's focus", `document.activeElement === document.querySelector("section.banner .button.primary")`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the proposal", focused+` === "publish"`)
	shoot(t, tab, dir, "console-pair")
	if pub := fetchText(t, site.url+"/t/open/pairings"); strings.Contains(pub, "TAMENORI") {
		t.Fatal("the public pairings show the proposal before it is published")
	}
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the results page", `location.pathname === "/t/open/admin/results" && document.activeElement.id === "entry-score"`)
	for deadline := time.Now().Add(3 * time.Second); !strings.Contains(fetchText(t, site.url+"/t/open/pairings"), "TAMENORI"); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the public pairings do not show the round published")
		}
	}

	// Results at the keyboard: score, Enter, the next table comes up.
	scores := []string{"40-24", "35", "20-44", "52-12"} // table 2 is a typo: 29-35
	for i, score := range scores {
		waitPage(t, tab, "table "+fmt.Sprint(i+1), fmt.Sprintf(`document.getElementById("entry-table").value === "%d" && document.activeElement.id === "entry-score"`, i+1))
		if i == 2 {
			waitPage(t, tab, "table 2 saved", `document.querySelector('#rows tr[data-table="2"]').classList.contains("done")`)
			typeKeys(t, tab, "20-4") // half typed, for the photograph
			shoot(t, tab, dir, "console-results")
			score = score[len("20-4"):]
		}
		typeKeys(t, tab, score+kb.Enter)
	}
	waitPage(t, tab, "every result", `!!document.querySelector("p.progress") && document.querySelector("p.progress").textContent.indexOf("All 4 results are in") >= 0`)
	// The typo: Esc goes to the table, typed again; the replacement
	// expects the 35-29 the page shows.
	typeKeys(t, tab, kb.Escape+"2"+kb.Enter)
	waitPage(t, tab, "table 2's replacement offered", `document.getElementById("entry-game").textContent.indexOf("has 35-29") >= 0`)
	typeKeys(t, tab, "29-35"+kb.Enter)
	waitPage(t, tab, "table 2 corrected", `document.querySelector('#rows tr[data-table="2"]').dataset.score === "29-35"`)
	// A mistake, undone: table 4 typed again by mistake, Ctrl+Z, Enter.
	typeKeys(t, tab, kb.Escape+"4"+kb.Enter+"12-52"+kb.Enter)
	waitPage(t, tab, "the mistake saved", `document.querySelector('#rows tr[data-table="4"]').dataset.score === "12-52"`)
	typeKeys(t, tab, "z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	waitPage(t, tab, "the undo button's focus", `document.activeElement.closest && !!document.activeElement.closest("section.latest")`)
	shoot(t, tab, dir, "console-results-undo")
	if what := run(t, tab, chromedp.Evaluate[string](`document.querySelector("section.latest .what").textContent`)); !strings.Contains(what, "round 1 table 4") || !strings.Contains(what, "12-52") {
		t.Errorf("the undo says it reverts %q", what)
	}
	// The photograph resizes the page, which may take the focus away: Ctrl+Z
	// again brings it back, as a director would.
	typeKeys(t, tab, "z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	waitPage(t, tab, "the undo button's focus", `document.activeElement.closest && !!document.activeElement.closest("section.latest")`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the undo", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Undone") === 0`)
	waitPage(t, tab, "table 4 as it was", `document.querySelector('#rows tr[data-table="4"]').dataset.score === "52-12"`)

	// The public standings: points and discs from the results as they are.
	tour = site.tournament(t)
	final := map[int][2]int{1: {40, 24}, 2: {29, 35}, 3: {20, 44}, 4: {52, 12}}
	points, discs := map[int]float64{}, map[int]int{}
	for _, g := range tour.Rounds[0].Games {
		f := final[g.Table]
		if g.Result == nil || g.Result.BlackDiscs != f[0] {
			t.Fatalf("table %d: %+v, want %v", g.Table, g.Result, f)
		}
		discs[g.Black], discs[g.White] = f[0], f[1]
		if f[0] > f[1] {
			points[g.Black] = 1
		} else {
			points[g.White] = 1
		}
	}
	// The page follows the event live: it shows the undo within moments.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/standings"), chromedp.WaitVisible(chromedp.CSS("table.standings"))); err != nil {
		t.Fatal(err)
	}
	var wrong []string
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		rows := run(t, tab, chromedp.Evaluate[[][3]string](`Array.from(document.querySelectorAll("table.standings tbody tr")).map(function (tr) {
			var c = tr.querySelectorAll("td"); return [tr.dataset.player, c[2].textContent, c[4].textContent] })`))
		wrong = nil
		if len(rows) != 8 {
			wrong = append(wrong, fmt.Sprintf("%d rows", len(rows)))
		}
		for _, r := range rows {
			var id int
			fmt.Sscan(r[0], &id)
			if want := fmt.Sprint(points[id]); r[1] != want || r[2] != fmt.Sprint(discs[id]) {
				wrong = append(wrong, fmt.Sprintf("player %d: %s points, %s discs; want %s and %d", id, r[1], r[2], want, discs[id]))
			}
		}
		if len(wrong) == 0 || time.Now().After(deadline) {
			break
		}
	}
	if len(wrong) > 0 {
		t.Errorf("the public standings: %s", strings.Join(wrong, "; "))
	}

	// The other console pages, photographed.
	for _, p := range []struct{ name, path, ready string }{
		{"console-log", "/t/open/admin/log", "p.verified"},
		{"console-undo", "/t/open/admin/undo", "h1"},
		{"console-print-pairings", "/t/open/admin/print/pairings/1", "table.wall"},
		{"console-print-sheets", "/t/open/admin/print/sheets/1", "table.board"},
		{"console-projector", "/t/open/projector", ".projector"},
		{"console-judges", "/t/open/admin/judges", "h1"},
	} {
		if err := chromedp.Do(tab, chromedp.Navigate(site.url+p.path), chromedp.WaitVisible(chromedp.CSS(p.ready))); err != nil {
			t.Fatalf("%s: %v", p.path, err)
		}
		shoot(t, tab, dir, p.name)
	}
	// The score sheets print one A4 page per table.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/print/sheets/1"), chromedp.WaitVisible(chromedp.CSS("table.board"))); err != nil {
		t.Fatal(err)
	}
	pdf := run(t, tab, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize()))
	pages := 0
	for _, m := range regexp.MustCompile(`/Count (\d+)`).FindAllSubmatch(pdf, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		pages = max(pages, n) // the document's page tree counts them all
	}
	if pages != 4 {
		t.Errorf("the score sheets print on %d pages, want 4", pages)
	}
	// A judge's link, with its QR code.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/judges"), chromedp.WaitVisible(chromedp.CSS(`input[name="label"]`)), chromedp.Focus(chromedp.CSS(`input[name="label"]`))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, "Jo"+kb.Tab+"1"+kb.Enter)
	waitPage(t, tab, "the judge's link", `!!document.querySelector("section.issued img.qr") && document.querySelector("section.issued img.qr").naturalWidth > 0`)
	shoot(t, tab, dir, "console-judges-issued")
	// The administrator's pages, in a browser of their own.
	admin := newProfile(t, browser)
	login(t, admin, site, "chief", "/admin")
	shoot(t, admin, dir, "console-admin")
	if err := chromedp.Do(admin, chromedp.Navigate(site.url+"/admin/users"), chromedp.WaitVisible(chromedp.CSS("table.users"))); err != nil {
		t.Fatal(err)
	}
	shoot(t, admin, dir, "console-users")
}

// newProfile opens a tab in a browser context of its own (its own
// cookies: another person's browser), 1280 px wide, reporting the page's
// errors as newTab does.
func newProfile(t *testing.T, browser context.Context) context.Context {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	tab := newTab(t, ctx)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	return tab
}

// fetchText reads a page as anyone does.
func fetchText(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestBrowserResultConflict: two directors, in two browsers, replace the
// same result at once. The first is saved; the second is refused with
// both results shown, and the director chooses: nothing is lost, and the
// log has both.
func TestBrowserResultConflict(t *testing.T) {
	browser := newBrowserFor(t, 60*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	site.pairedRound(t, 8)
	ctx := outflank.WithActor(context.Background(), "chief")
	req, _ := director.ResultFields{Round: 1, Table: 1, Score: "40-24"}.Request()
	if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
		t.Fatal(err)
	}
	alice, bob := newProfile(t, browser), newProfile(t, browser)
	for _, b := range []struct {
		tab         context.Context
		name, score string
	}{{alice, "alice", "30-34"}, {bob, "bob", "20-44"}} {
		login(t, b.tab, site, b.name, "/t/open/admin/results?round=1")
		waitPage(t, b.tab, "the score's focus", focused+` === "entry-score"`)
		// Table 1 typed again: the page shows 40-24, which the
		// replacement expects.
		typeKeys(t, b.tab, kb.Escape+"1"+kb.Enter)
		waitPage(t, b.tab, "table 1 offered", `document.getElementById("entry-game").textContent.indexOf("has 40-24") >= 0`)
		typeKeys(t, b.tab, b.score)
	}
	typeKeys(t, alice, kb.Enter)
	waitPage(t, alice, "alice's replacement", `document.querySelector('#rows tr[data-table="1"]').dataset.score === "30-34"`)
	// Bob's page shows alice's result live, and that it changed.
	waitPage(t, bob, "alice's result on bob's page", `document.querySelector('#rows tr[data-table="1"]').dataset.score === "30-34" && document.getElementById("entry-game").textContent.indexOf("changed to 30-34 meanwhile") >= 0`)
	typeKeys(t, bob, kb.Enter)
	waitPage(t, bob, "the conflict", `!!document.getElementById("conflict-replace") && document.activeElement.id === "conflict-replace"`)
	conflict := run(t, bob, chromedp.Evaluate[string](`document.querySelector("section.conflict").textContent`))
	for _, want := range []string{"It has 30-34 now; you typed 20-44", "last changed by alice"} {
		if !strings.Contains(conflict, want) {
			t.Errorf("the conflict lacks %q:\n%s", want, conflict)
		}
	}
	if g, _ := site.tournament(t).Game(1, 1); g.Result.BlackDiscs != 30 {
		t.Fatalf("bob's replacement overwrote alice's unseen: %+v", g.Result)
	}
	shoot(t, bob, dir, "console-conflict")
	typeKeys(t, bob, kb.Enter) // bob keeps his: "Replace it with 20-44"
	waitPage(t, bob, "bob's replacement", `document.querySelector('#rows tr[data-table="1"]').dataset.score === "20-44"`)
	log, err := site.db.Log(context.Background(), "open")
	if err != nil {
		t.Fatal(err)
	}
	var who []string
	for _, ev := range log {
		if ev.Kind == outflank.KindResult {
			who = append(who, ev.Actor+": "+ev.Summary[strings.LastIndex(ev.Summary, " ")+1:])
		}
	}
	if got := strings.Join(who, ", "); got != "chief: 40-24, alice: 30-34, bob: 20-44" {
		t.Errorf("the log's results: %s", got)
	}
}

// TestBrowserResultEntrySpeed: the 20 results of a 40-player round typed
// at the keyboard, a score and Enter each, the next table coming up by
// itself: all saved well within a minute.
func TestBrowserResultEntrySpeed(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	tour := site.pairedRound(t, 40)
	if n := len(tour.Rounds[0].Games); n != 20 {
		t.Fatalf("%d games in round 1", n)
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "alice", "/t/open/admin/results?round=1")
	waitPage(t, tab, "the score's focus", focused+` === "entry-score" && document.getElementById("entry-table").value === "1"`)
	scores := []string{"40-24", "33", "20-44", "52", "31-33", "64", "12-52", "38", "27-37", "45", "32-32", "41", "30-34", "36", "19-45", "50", "28-36", "35", "44-20", "29"}
	start := time.Now()
	for _, score := range scores {
		typeKeys(t, tab, score+kb.Enter)
	}
	typed := time.Since(start)
	waitPage(t, tab, "every result", `!!document.querySelector("p.progress") && document.querySelector("p.progress").textContent.indexOf("All 20 results are in") >= 0`)
	took := time.Since(start)
	t.Logf("20 results typed in %v, all saved and shown after %v", typed.Round(time.Millisecond), took.Round(time.Millisecond))
	if took > time.Minute {
		t.Errorf("20 results took %v, over a minute", took)
	}
	tour = site.tournament(t)
	for i, g := range tour.Rounds[0].Games {
		d, _ := director.ParseScore(scores[i])
		if g.Result == nil || !g.Result.Has(*d) {
			t.Errorf("table %d: %+v, typed %s", g.Table, g.Result, scores[i])
		}
	}
}
