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
	"math"
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
	srv, err := web.New(db, db, web.Config{Accounts: db, PlayerDB: db, Live: db, Members: db})
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
	// On a busy machine a page just opened may not be laid out yet, and
	// Chromium refuses a screenshot 0 pixels wide.
	waitPage(t, tab, "the page laid out", `document.readyState === "complete" && document.documentElement.scrollWidth > 0`)
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
	waitPage(t, tab, "the banner's button's focus", `document.activeElement === document.querySelector("section.banner .button.primary")`)
	shoot(t, tab, dir, "console-home")
	// The photograph resizes the page, which may take the focus away: it
	// is given back as the page gave it.
	run(t, tab, chromedp.Evaluate[chromedp.Void](`document.querySelector("section.banner .button.primary").focus()`))
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
	// A mistake, undone: table 4 typed again by mistake, Ctrl+Z, Enter
	// opens the undo, which asks first (issue 24, point 16): a second
	// Enter keeps the change; Tab, Enter undoes it.
	typeKeys(t, tab, kb.Escape+"4"+kb.Enter+"12-52"+kb.Enter)
	waitPage(t, tab, "the mistake saved", `document.querySelector('#rows tr[data-table="4"]').dataset.score === "12-52"`)
	typeKeys(t, tab, "z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	waitPage(t, tab, "the undo's focus", `document.activeElement.id === "undo-latest"`)
	shoot(t, tab, dir, "console-results-undo")
	if what := run(t, tab, chromedp.Evaluate[string](`document.querySelector("section.latest .what").textContent`)); !strings.Contains(what, "round 1 table 4") || !strings.Contains(what, "12-52") {
		t.Errorf("the undo says it reverts %q", what)
	}
	// The photograph resizes the page, which may take the focus away: Ctrl+Z
	// again brings it back, as a director would.
	typeKeys(t, tab, "z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	waitPage(t, tab, "the undo's focus", `document.activeElement.id === "undo-latest"`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the question, the focus on keeping", `location.pathname === "/t/open/admin/undo" && document.activeElement.id === "undo-keep"`)
	typeKeys(t, tab, kb.Enter) // a second Enter: kept
	// Back, nothing undone, once the page's script handles the keys (the
	// score field's autofocus comes first: a Ctrl+Z before the script runs
	// would find no one listening).
	waitPage(t, tab, "back, nothing undone", `location.pathname === "/t/open/admin/results" && !!document.querySelector('#rows tr[data-table="4"]') && document.querySelector('#rows tr[data-table="4"]').dataset.score === "12-52" && document.getElementById("entry").dataset.ready === "1"`)
	typeKeys(t, tab, "z", chromedp.KeyModifiers(chromedp.ModifierCtrl))
	waitPage(t, tab, "the undo's focus", `document.activeElement.id === "undo-latest"`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the question", `location.pathname === "/t/open/admin/undo" && document.activeElement.id === "undo-keep"`)
	typeKeys(t, tab, kb.Tab)
	waitPage(t, tab, "the undo's button", `document.activeElement.id === "undo-confirm"`)
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
		typeKeys(t, b.tab, kb.Escape)
		waitPage(t, b.tab, "the table's focus", focused+` === "entry-table"`)
		typeKeys(t, b.tab, "1"+kb.Enter)
		waitPage(t, b.tab, "table 1 offered", `document.getElementById("entry-game").textContent.indexOf("has 40-24") >= 0`)
		typeKeys(t, b.tab, b.score)
	}
	typeKeys(t, alice, kb.Enter)
	waitPage(t, alice, "alice's replacement", `document.querySelector('#rows tr[data-table="1"]').dataset.score === "30-34"`)
	// Bob's page shows alice's result live, and that it changed.
	waitPage(t, bob, "alice's result on bob's page", `document.querySelector('#rows tr[data-table="1"]').dataset.score === "30-34" && document.getElementById("entry-game").textContent.indexOf("changed to 30-34 meanwhile") >= 0`)
	// On a phone (issue 24, point 16): the box must be where bob sees it.
	if err := chromedp.Do(bob, chromedp.EmulateViewport(375, 667)); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, bob, kb.Enter)
	// The focus is on keeping alice's result, so a second Enter overwrites
	// nobody, and the box names her.
	waitPage(t, bob, "the conflict", `!!document.getElementById("conflict-replace") && document.activeElement.id === "conflict-keep"`)
	conflict := run(t, bob, chromedp.Evaluate[string](`document.querySelector("section.conflict").textContent`))
	for _, want := range []string{"Table 1 was changed by alice meanwhile", "alice entered 30-34 at ", "you typed 20-44", "Keep alice's 30-34", "last changed by alice"} {
		if !strings.Contains(conflict, want) {
			t.Errorf("the conflict lacks %q:\n%s", want, conflict)
		}
	}
	seen := run(t, bob, chromedp.Evaluate[[3]float64](`(function () { var r = document.querySelector("section.conflict").getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]; })()`))
	if seen[0] < 0 || seen[1] > seen[2] {
		t.Errorf("at 375 px the conflict box is at %v-%v px of a %v px screen: out of sight", seen[0], seen[1], seen[2])
	}
	if g, _ := site.tournament(t).Game(1, 1); g.Result.BlackDiscs != 30 {
		t.Fatalf("bob's replacement overwrote alice's unseen: %+v", g.Result)
	}
	shoot(t, bob, dir, "console-conflict-375")
	if err := chromedp.Do(bob, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	shoot(t, bob, dir, "console-conflict-1280")
	if err := chromedp.Do(bob, chromedp.Focus(chromedp.CSS("#conflict-keep"))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, bob, kb.Enter) // a second Enter: alice's result is kept
	waitPage(t, bob, "the conflict closed", `!document.querySelector("section.conflict") && document.activeElement.id === "entry-score"`)
	if g, _ := site.tournament(t).Game(1, 1); g.Result.BlackDiscs != 30 {
		t.Fatalf("Enter on the conflict overwrote alice's result: %+v", g.Result)
	}
	// Bob is sure: he types it again, over the 30-34 his page now shows.
	typeKeys(t, bob, kb.Escape+"1"+kb.Enter)
	waitPage(t, bob, "table 1 offered", `document.getElementById("entry-game").textContent.indexOf("has 30-34") >= 0`)
	typeKeys(t, bob, "20-44"+kb.Enter)
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

// TestBrowserConsolePhone: every console page photographed at 375 px (a
// phone) and 1280 px wide, none scrolling sideways, with an event under
// way: round 1 played, a player withdrawn, round 2 proposed with a fixed
// pair, then published, a judge's result waiting for confirmation and
// another disagreeing with the one entered. On a phone the tables reflow
// into stacked rows (the pairing's reasons full width, not a word a
// line); the settings fixed by round 1 look disabled; the projector's
// black discs stand out on its dark background; the console's bar and
// banner point to the judges' results waiting; a judge's link issued at
// 127.0.0.1 says a phone cannot open it.
func TestBrowserConsolePhone(t *testing.T) {
	browser := newBrowserFor(t, 150*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	tour := site.pairedRound(t, 8)
	for i, score := range []string{"40-24", "29-35", "20-44", "52-12"} {
		req, _ := director.ResultFields{Round: 1, Table: i + 1, Score: score}.Request()
		if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.Withdraw(ctx, site.db, "open", "8", 1); err != nil {
		t.Fatal(err)
	}
	// A pair for round 2 fixed across the scores, so that others float
	// and the proposal says why: #1 and a player of another table who
	// did not score as #1 did.
	tour = site.tournament(t)
	won := func(id int) bool {
		for _, g := range tour.Rounds[0].Games {
			if r := g.Result; r != nil && ((g.Black == id && r.BlackDiscs > r.WhiteDiscs) || (g.White == id && r.WhiteDiscs > r.BlackDiscs)) {
				return true
			}
		}
		return false
	}
	fix := 0
	for _, g := range tour.Rounds[0].Games {
		for _, id := range []int{g.Black, g.White} {
			if fix == 0 && g.Black != 1 && g.White != 1 && id != 8 && won(id) != won(1) {
				fix = id
			}
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/open/admin")

	// page photographs path at both widths, as name-375 and name-1280,
	// checking at 375 px that it does not scroll sideways, then runs
	// check at each width.
	page := func(name, path, ready string, check func(width int64)) {
		t.Helper()
		for _, width := range []int64{375, 1280} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+path), chromedp.WaitVisible(chromedp.CSS(ready))); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			photograph(t, tab, dir, fmt.Sprintf("%s-%d", name, width))
			if check != nil {
				check(width)
			}
		}
	}
	page("console-admin", "/admin", "h1", nil)
	page("console-users", "/admin/users", "table.users", nil)
	page("console-home", "/t/open/admin", "section.banner", nil)
	page("console-players", "/t/open/admin/players", "table.players", nil)
	page("console-pair", fmt.Sprintf("/t/open/admin/pair?seed=7&fix=1-%d", fix), "#publish", func(width int64) {
		if width != 375 {
			return
		}
		// The reasons are read across the phone, not a word a line.
		why := run(t, tab, chromedp.Evaluate[[2]int](`(function () {
			var w = 0, tall = 0;
			document.querySelectorAll("table.pairs td.why").forEach(function (td) {
				if (!td.textContent.trim()) { return; }
				var r = td.getBoundingClientRect();
				w = Math.max(w, Math.round(r.width));
				tall = Math.max(tall, Math.round(r.height));
			});
			return [w, tall];
		})()`))
		if why[0] < 250 {
			t.Errorf("on a phone, the pairing's reasons are %d px wide", why[0])
		}
	})
	page("console-player", "/t/open/admin/players/1", "h1", nil)
	page("console-round", "/t/open/admin/round", "form.grid", nil)
	page("console-results", "/t/open/admin/results?round=1", "#entry", nil)
	page("console-log", "/t/open/admin/log", "p.verified", nil)
	page("console-undo", "/t/open/admin/undo", "h1", nil)
	page("console-settings", "/t/open/admin/settings", "form.grid", func(int64) {
		// Round 1 is paired: the rounds and the minutes, which change the
		// pairings, are disabled, and look it (the name, date, place and
		// ruleset may change at any time: issue 26, point 5).
		fields := run(t, tab, chromedp.Evaluate[[][3]string](`Array.from(document.querySelectorAll("form.grid input[name=rounds], form.grid input[name=minutes]")).map(function (el) {
			var s = getComputedStyle(el); return [el.name || el.textContent, String(el.matches(":disabled")), s.backgroundColor] })`))
		if len(fields) != 2 {
			t.Fatalf("the settings' form has %d fields for the rounds and minutes", len(fields))
		}
		for _, f := range fields {
			if f[1] != "true" || f[2] == "rgb(255, 255, 255)" || f[2] == "rgb(11, 110, 79)" {
				t.Errorf("settings fixed by round 1: %s is disabled %s, its background %s", f[0], f[1], f[2])
			}
		}
	})
	page("console-judges", "/t/open/admin/judges", "h1", func(int64) {
		if w := run(t, tab, textOf("p.loopback")); !strings.Contains(w, "127.0.0.1") || !strings.Contains(w, "have the server started with the site's address for players") {
			t.Errorf("at 127.0.0.1, the judges' page warns %q", w)
		}
	})
	page("console-projector", "/t/open/projector", ".projector", func(int64) {
		// Both discs stand out from the background: the black one by a
		// light edge.
		got := run(t, tab, chromedp.Evaluate[[3]string](`(function () {
			var b = getComputedStyle(document.querySelector(".projector .disc.b")), w = getComputedStyle(document.querySelector(".projector .disc.w"));
			return [getComputedStyle(document.body).backgroundColor, b.borderTopColor + " " + b.borderTopWidth, w.backgroundColor];
		})()`))
		bg := luminance(t, got[0])
		edge, width, _ := strings.Cut(strings.Replace(got[1], ") ", ")|", 1), "|")
		if c := contrast(bg, luminance(t, edge)); c < 4.5 {
			t.Errorf("the black disc's edge %s: contrast %.1f with the background %s", got[1], c, got[0])
		}
		if px, _ := strconv.ParseFloat(strings.TrimSuffix(width, "px"), 64); px < 2 {
			t.Errorf("the black disc's edge is %s wide", width)
		}
		if c := contrast(bg, luminance(t, got[2])); c < 4.5 {
			t.Errorf("the white disc %s: contrast %.1f with the background %s", got[2], c, got[0])
		}
	})

	// Round 2 published; the judges' results: one disagrees with the
	// result entered at table 1 of round 1, one waits for confirmation.
	if _, err := director.Pair(ctx, site.db, "open", director.PairRequest{Seed: 7, SeedGiven: true, Fix: []string{fmt.Sprintf("1-%d", fix)}}); err != nil {
		t.Fatal(err)
	}
	judge := outflank.WithActor(context.Background(), "judge #1 Jo (every table)")
	if j, err := director.SubmitJudged(judge, site.db, site.db, "open", 1, 1, 60, outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: readmeGame}); err != nil || j.Live.State != outflank.LiveFlagged {
		t.Fatalf("the judge's disagreeing result: %v", err)
	}
	if _, err := director.SetJudgeConfirm(ctx, site.db, "open", true); err != nil {
		t.Fatal(err)
	}
	if j, err := director.SubmitJudged(judge, site.db, site.db, "open", 2, 1, 60, outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: readmeGame}); err != nil || j.Live.State != outflank.LivePending {
		t.Fatalf("the judge's result to confirm: %v", err)
	}
	page("console-home-judges", "/t/open/admin", "section.banner", func(int64) {
		if b := run(t, tab, textOf("section.banner")); !strings.Contains(b, "1 waits for your confirmation") || !strings.Contains(b, "1 disagrees with the result entered") {
			t.Errorf("the banner does not tell of the judges' results:\n%s", b)
		}
		if n := run(t, tab, textOf(`nav.console a[href="/t/open/judge/review"]`)); !strings.Contains(n, "2") {
			t.Errorf("the console's bar: %q", n)
		}
	})
	page("console-review", "/t/open/judge/review", "ul.review", func(int64) {
		if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll(".console-bar").length + document.querySelectorAll("li.review-item").length`)); n != 3 {
			t.Errorf("the review in the console: %d bars and items, want 1 and 2", n)
		}
	})
	// The banner's button leads to the review.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin"), chromedp.Click(chromedp.CSS(`section.banner a[href="/t/open/judge/review"]`)), chromedp.WaitVisible(chromedp.CSS("ul.review"))); err != nil {
		t.Fatal(err)
	}
	// A judge's link issued at 127.0.0.1, on a phone: the warning with it.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 800), chromedp.Navigate(site.url+"/t/open/admin/judges"), chromedp.WaitVisible(chromedp.CSS(`input[name="label"]`)), chromedp.Focus(chromedp.CSS(`input[name="label"]`))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, "Jo"+kb.Enter)
	waitPage(t, tab, "the judge's link", `!!document.querySelector("section.issued img.qr")`)
	if w := run(t, tab, textOf("section.issued p.loopback")); !strings.Contains(w, "127.0.0.1") {
		t.Errorf("the link issued at 127.0.0.1 warns %q", w)
	}
	photograph(t, tab, dir, "console-judges-issued-375")
}

// luminance is the relative luminance (WCAG 2) of a CSS colour as
// getComputedStyle gives it: "rgb(r, g, b)" or "rgba(r, g, b, a)".
func luminance(t *testing.T, css string) float64 {
	t.Helper()
	var r, g, b float64
	if _, err := fmt.Sscanf(strings.TrimPrefix(strings.TrimPrefix(css, "rgba("), "rgb("), "%g, %g, %g", &r, &g, &b); err != nil {
		t.Fatalf("colour %q: %v", css, err)
	}
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast is the contrast ratio (WCAG 2) of two luminances.
func contrast(a, b float64) float64 {
	return (max(a, b) + 0.05) / (min(a, b) + 0.05)
}
