package web_test

// The browser tests drive a real Chromium (Debian's chromium) through the
// DevTools protocol (chromedp) against the real server: web.Server.Serve on
// a loopback port over a SQLite file, which the outflank binary, built for
// the test, writes from another process, as a director's laptop does during
// an event. They are skipped, saying why, when no Chromium is found.
//
// Each page of browserPages is opened at 375 px and 1280 px wide, checked
// not to scroll sideways on a phone, and photographed into
// $OUTFLANK_SCREENSHOTS (a temporary folder when unset):
//
//	OUTFLANK_SCREENSHOTS=$PWD/docs/screenshots go test -run Browser ./web

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/director"
	"outflank/othello"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
	"outflank/web"
)

// browserPage is a page the browser tests open. live, when set, is a CSS
// selector of what entering the demo's open result changes on the page,
// which must change within 2 s without a reload.
type browserPage struct {
	name string // the screenshots' name
	path string
	live string
}

// browserPages are the pages checked in the browser: add a page here, and
// it is checked at 375 px, photographed, and, with a live selector,
// followed live.
func browserPages(d *demo) []browserPage {
	open := fmt.Sprintf("/t/demo/games/%d/%d", d.round, d.table)
	return []browserPage{
		{"home", "/", ""},
		{"event", "/t/demo", ""},
		{"pairings", fmt.Sprintf("/t/demo/pairings/%d", d.round), fmt.Sprintf(`tr[data-table="%d"]`, d.table)},
		{"standings", "/t/demo/standings", fmt.Sprintf(`tr[data-player="%d"]`, d.black)},
		{"crosstable", "/t/demo/crosstable", ""},
		{"players", "/t/demo/players", ""},
		{"player", fmt.Sprintf("/t/demo/players/%d", d.black), ""},
		{"knockout", "/t/demo/knockout", ""},
		{"game-open", open, "main"},
		{"game", fmt.Sprintf("/t/demo/games/%d/%d?ply=33", d.close[0], d.close[1]), ""},
		{"game-no-transcript", fmt.Sprintf("/t/demo/games/%d/%d", d.round, d.table-1), ""},
		{"not-found", "/t/demo/games/99/1", ""},
	}
}

// demo is a demo event served over a SQLite file: a BOF national of 14
// simulated players (real names, real games), five rounds in, with the last
// game of round 5 still to be entered, and the one before it entered from
// its score sheet, without a transcript.
type demo struct {
	url, dbPath         string
	db                  *sqlite.DB
	round, table, black int    // the game to enter, and its black player
	close               [2]int // the round and table of the closest game won
}

func newDemo(t *testing.T) *demo {
	t.Helper()
	ctx := context.Background()
	tour, err := simulate.Event(simulate.Options{Rules: rules.BOFNational, Players: 14, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug, tour.Name, tour.Date = "demo", "Outflank Demo Open", "2026-11-28"
	tour.Rounds = tour.Rounds[:5]
	games := tour.Rounds[4].Games
	last := &games[len(games)-1]
	last.Result = nil
	// The game before it was entered from its score sheet: no transcript.
	games[len(games)-2].Result.Moves, games[len(games)-2].Result.Board = "", nil
	d := &demo{dbPath: filepath.Join(t.TempDir(), "demo.db"), round: 5, table: last.Table, black: last.Black}
	margin := 65
	for _, r := range tour.Rounds {
		for _, g := range r.Games {
			if g.Result == nil || g.Result.Moves == "" {
				continue
			}
			if m := max(g.Result.BlackDiscs-g.Result.WhiteDiscs, g.Result.WhiteDiscs-g.Result.BlackDiscs); m > 0 && m < margin {
				margin, d.close = m, [2]int{r.Number, g.Table}
			}
		}
	}
	if d.db, err = sqlite.Open(ctx, d.dbPath, sqlite.Options{Create: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.Create(ctx, tour, outflank.KindImport, "demo"); err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(d.db, d.db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d.url = "http://" + l.Addr().String()
	serveCtx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, l) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
		d.db.Close()
	})
	return d
}

// liveClients returns the number of open live streams (/healthz).
func (d *demo) liveClients(t *testing.T) int {
	res, err := http.Get(d.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var h struct {
		LiveClients int `json:"live_clients"`
	}
	if err := json.NewDecoder(res.Body).Decode(&h); err != nil {
		t.Fatal(err)
	}
	return h.LiveClients
}

// outflankBinary builds cmd/outflank: the director's command line.
func outflankBinary(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go") // go test puts its own go first on the PATH
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "outflank")
	if out, err := exec.Command(goTool, "build", "-o", bin, "outflank/cmd/outflank").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/outflank: %v\n%s", err, out)
	}
	return bin
}

// chromium returns the browser to drive: $OUTFLANK_CHROMIUM, else the
// first of Debian's and others' names on the PATH. The test is skipped
// when there is none, or in -short mode.
func chromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests: skipped in -short mode")
	}
	if p := os.Getenv("OUTFLANK_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser tests: no Chromium found (chromium, chromium-browser or google-chrome on the PATH, or $OUTFLANK_CHROMIUM): install Debian's chromium (apt-get install chromium) to run them; .ci/run does")
	return ""
}

// newBrowser starts a headless Chromium with a fresh profile, for the
// length of the test (at most 30 s), and returns the context of its first
// tab.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newBrowserFor(t, 30*time.Second)
}

// newBrowserFor is newBrowser for a test that may take up to limit.
func newBrowserFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox, // as root, Chromium refuses to start with its sandbox
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	t.Cleanup(cancelAlloc)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab); err != nil { // starts the browser
		t.Fatalf("starting %s: %v", path, err)
	}
	return tab
}

// newTab opens another tab of the browser of ctx, which reports the page's
// uncaught exceptions and Content-Security-Policy refusals as errors.
func newTab(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	if err := chromedp.Do(tab); err != nil {
		cancel()
		t.Fatal(err)
	}
	messages := chromedp.Console(tab)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done }) // no report after the test's end
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() || strings.Contains(m.Text, "Content Security Policy") {
				t.Errorf("browser console: %s:%d %s", m.URL, m.Line+1, m.Text)
			}
		}
	}()
	return tab
}

// run runs action in the tab ctx and returns its value.
func run[T any](t *testing.T, ctx context.Context, action chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, action)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// textOf reads the text of the element selector names, at once: the live
// update may replace it between two calls of the protocol.
func textOf(selector string) chromedp.Action[string] {
	quoted, _ := json.Marshal(selector)
	return chromedp.Evaluate[string](fmt.Sprintf(`(function (el) { return el ? el.textContent : "" })(document.querySelector(%s))`, quoted))
}

// TestBrowserLiveUpdates: with the pages open, the director enters a
// result with the command line, in another process; each page shows it
// within 2 s, without a reload.
func TestBrowserLiveUpdates(t *testing.T) {
	chromium(t)              // skips the test when there is none: no build for nothing
	bin := outflankBinary(t) // before the browser's time starts
	browser := newBrowser(t)
	d := newDemo(t)
	type opened struct {
		page   browserPage
		tab    context.Context
		before string
	}
	var tabs []opened
	for _, p := range browserPages(d) {
		if p.live == "" {
			continue
		}
		tab := newTab(t, browser)
		if err := chromedp.Do(tab, chromedp.Navigate(d.url+p.path), chromedp.WaitVisible(chromedp.CSS(p.live)),
			chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true`)); err != nil {
			t.Fatalf("%s: %v", p.path, err)
		}
		tabs = append(tabs, opened{p, tab, run(t, tab, textOf(p.live))})
	}
	// A page that opened its stream after the change would not hear of it:
	// wait for every page's stream.
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < len(tabs); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d live streams open, want %d", d.liveClients(t), len(tabs))
		}
	}

	cmd := exec.Command(bin, "--db", d.dbPath, "result", "demo", fmt.Sprint(d.round), fmt.Sprint(d.table), "--moves", readmeGame)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("outflank result: %v\n%s", err, out)
	}
	saved := time.Now()
	for _, o := range tabs {
		for {
			now := run(t, o.tab, textOf(o.page.live))
			if now != o.before {
				break
			}
			if time.Since(saved) > 2*time.Second {
				t.Fatalf("%s: %s did not change within 2 s of the result:\n%s", o.page.path, o.page.live, now)
			}
			time.Sleep(25 * time.Millisecond)
		}
		if !run(t, o.tab, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
			t.Errorf("%s was reloaded", o.page.path)
		}
		t.Logf("%s changed %v after the result was saved", o.page.path, time.Since(saved).Round(time.Millisecond))
	}
	// The game entered is the README's: its viewer now shows it, at the end.
	shown := run(t, tabs[len(tabs)-1].tab, chromedp.Evaluate[string](`document.getElementById("score") ? document.getElementById("score").textContent : ""`))
	if tabs[len(tabs)-1].page.name == "game-open" && shown != "Black wins 36-28, the official score." {
		t.Errorf("the open game's viewer shows %q after its result", shown)
	}
}

// shown is what the viewer shows of a position.
type shown struct {
	Black, White, Empty, Legal int
	Search, Status             string
	Last                       bool
}

const readShown = `({
	black: +document.getElementById("discs-black").textContent,
	white: +document.getElementById("discs-white").textContent,
	empty: +document.getElementById("discs-empty").textContent,
	legal: document.querySelectorAll("svg.board circle.m.legal").length,
	search: location.search,
	status: document.getElementById("status").textContent,
	last: document.getElementById("step-next").getAttribute("aria-disabled") === "true"
})`

// TestBrowserGameViewer steps through a game with the arrow keys, Home and
// End and a click on a move, and checks each position's disc counts and
// legal moves against othello's replay, and the address bar's ?ply=N.
func TestBrowserGameViewer(t *testing.T) {
	browser := newBrowser(t)
	d := newDemo(t)
	game := d.closeGame(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/t/demo/games/%d/%d?ply=0", d.url, d.close[0], d.close[1])), chromedp.WaitVisible(chromedp.CSS("#board")),
		chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	check := func(ply int, how string) {
		t.Helper()
		got := run(t, tab, chromedp.Evaluate[shown](readShown))
		pos := game.Positions[ply]
		b, w, e := pos.Discs()
		legal := 0
		if !pos.IsOver() {
			legal = len(bitsOf(pos.LegalMoves()))
		}
		want := shown{Black: b, White: w, Empty: e, Legal: legal, Search: fmt.Sprintf("?ply=%d", ply), Status: got.Status, Last: ply == len(game.Moves)}
		if got != want {
			t.Fatalf("%s, ply %d: the viewer shows %+v, want %+v", how, ply, got, want)
		}
	}
	check(0, "loaded")
	for ply := 1; ply <= len(game.Moves); ply++ {
		if err := chromedp.Do(tab, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
			t.Fatal(err)
		}
		check(ply, "ArrowRight")
	}
	if err := chromedp.Do(tab, chromedp.KeyEvent(kb.ArrowRight)); err != nil { // past the end: stays
		t.Fatal(err)
	}
	check(len(game.Moves), "ArrowRight at the end")
	if score := run(t, tab, chromedp.Evaluate[string](`document.getElementById("score").hidden ? "" : document.getElementById("score").textContent`)); !strings.Contains(score, "wins") {
		t.Errorf("the end shows no official score: %q", score)
	}
	for _, step := range []struct {
		key  string
		ply  int
		name string
	}{{kb.ArrowLeft, len(game.Moves) - 1, "ArrowLeft"}, {kb.Home, 0, "Home"}, {kb.ArrowLeft, 0, "ArrowLeft at the start"}, {kb.End, len(game.Moves), "End"}} {
		if err := chromedp.Do(tab, chromedp.KeyEvent(step.key)); err != nil {
			t.Fatal(err)
		}
		check(step.ply, step.name)
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.moves a[data-ply="17"]`))); err != nil {
		t.Fatal(err)
	}
	check(17, "a click on move 17")
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#step-prev`))); err != nil {
		t.Fatal(err)
	}
	check(16, "a click on Previous")
	if !run(t, tab, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
		t.Error("stepping through the game reloaded the page")
	}
	// The address shared shows the same position to someone else.
	other := newTab(t, browser)
	if err := chromedp.Do(other, chromedp.Navigate(run(t, tab, chromedp.Location()))); err != nil {
		t.Fatal(err)
	}
	tab = other
	check(16, "the shared address")
}

// TestBrowserPhoneWidth opens every page at 375 px and 1280 px wide: none
// scrolls sideways on a phone; each is photographed into
// $OUTFLANK_SCREENSHOTS. One tab goes through all of them, as a visitor
// does: a page left must not keep its live stream (live.js), or the
// browser's six connections to the site run out.
func TestBrowserPhoneWidth(t *testing.T) {
	browser := newBrowser(t)
	d := newDemo(t)
	// The README's game, with its pass, at the demo's open table.
	if _, err := d.db.Update(context.Background(), "demo", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Moves: readmeGame})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(d.round, d.table, res, outflank.ResultOptions{})
		return "result", err
	}); err != nil {
		t.Fatal(err)
	}
	dir := os.Getenv("OUTFLANK_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	pages := append(browserPages(d), browserPage{"game-pass", fmt.Sprintf("/t/demo/games/%d/%d?ply=59", d.round, d.table), ""})
	tab := newTab(t, browser)
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if err := chromedp.Do(tab, chromedp.Navigate(d.url+p.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatalf("%s: %v", p.path, err)
			}
			widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
			if widths[0] > widths[1] {
				t.Errorf("%s at %d px scrolls sideways: %d px wide in %d", p.path, width, widths[0], widths[1])
			}
			png := run(t, tab, chromedp.FullScreenshot(100))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", p.name, width)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

// TestBrowserProjector: the hall's projector turns from the pairings to
// the standings by itself, and shows a result entered meanwhile without
// being reloaded.
func TestBrowserProjector(t *testing.T) {
	chromium(t)
	browser := newBrowser(t)
	d := newDemo(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 720), chromedp.Navigate(d.url+"/t/demo/projector?every=3"),
		chromedp.WaitVisible(chromedp.CSS(`.projector .slide`)), chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	shown := chromedp.Evaluate[string](`(function () { var s = document.querySelector(".projector .slide:not([hidden])"); return s ? s.dataset.slide : "" })()`)
	first := run(t, tab, shown)
	if first != "pairings" {
		t.Fatalf("the projector opens on %q, want the pairings", first)
	}
	turned := ""
	for deadline := time.Now().Add(8 * time.Second); turned != "standings"; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the projector did not turn to the standings in 8 s (every=3): %q", turned)
		}
		turned = run(t, tab, shown)
	}
	// A result entered now: the pairings slide shows it, live.
	cell := fmt.Sprintf(`(function () { var rows = document.querySelectorAll(".projector .pairings tbody tr"); for (var i = 0; i < rows.length; i++) { if (rows[i].querySelector(".tbl").textContent.trim() === "%d") { return rows[i].querySelector(".res").textContent.trim() } } return "none" })()`, d.table)
	if got := run(t, tab, chromedp.Evaluate[string](cell)); got != "" {
		t.Fatalf("table %d shows %q before its result", d.table, got)
	}
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the projector opened no live stream")
		}
	}
	score := outflank.Discs{Black: 40, White: 24}
	if _, err := director.EnterResult(outflank.WithActor(context.Background(), "test"), d.db, "demo", director.ResultRequest{Round: d.round, Table: d.table,
		Input: outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score}}, nil); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if got := run(t, tab, chromedp.Evaluate[string](cell)); got == "40-24" {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("the projector shows %q for table %d 3 s after its result", got, d.table)
		}
	}
	if !run(t, tab, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
		t.Error("the projector reloaded instead of updating in place")
	}
}

// serveSite serves the site of db with cfg on a loopback port until the
// test ends, and returns its address.
func serveSite(t *testing.T, db *sqlite.DB, cfg web.Config) string {
	t.Helper()
	srv, err := web.New(db, db, cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// closeGame is the demo's close game (d.close: round, table) replayed.
func (d *demo) closeGame(t *testing.T) *othello.Game {
	t.Helper()
	tour, err := d.db.Tournament(context.Background(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	g, err := tour.Game(d.close[0], d.close[1])
	if err != nil {
		t.Fatal(err)
	}
	game, err := othello.ReplayTranscript(g.Result.Moves)
	if err != nil {
		t.Fatal(err)
	}
	return game
}
