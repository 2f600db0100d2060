package web_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank/director"
)

// resultsArrive enters the demo's open game again and again through the
// director's service, with a new score each time, until the test ends:
// each is a change the live pages follow while the visitor types, and
// the standings' rows of its players move.
func resultsArrive(t *testing.T, d *demo) {
	t.Helper()
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; ctx.Err() == nil; i++ {
			black := 33 + i%20 // a win, then a loss: the players' rows move
			if i%2 == 1 {
				black = 64 - black
			}
			req, err := director.ResultFields{Round: d.round, Table: d.table, Score: fmt.Sprintf("%d-%d", black, 64-black), Replace: i > 0}.Request()
			if err != nil {
				t.Error(err)
				return
			}
			if _, err := director.EnterResult(ctx, d.db, "demo", req, nil); err != nil && ctx.Err() == nil {
				t.Errorf("result %d: %v", i, err)
				return
			}
			select {
			case <-ctx.Done():
			case <-time.After(300 * time.Millisecond):
			}
		}
	}()
	t.Cleanup(func() { stop(); <-done }) // before newDemo's cleanup closes the file
}

// countUpdates has the page of tab count its live updates (live.js's
// outflank:updated) in window.updates.
const countUpdates = `window.updates = 0; document.addEventListener("outflank:updated", function () { window.updates++; }); true`

// awaitUpdates waits until the page of tab has had n more live updates
// than it had.
func awaitUpdates(t *testing.T, tab context.Context, n int) {
	t.Helper()
	from := run(t, tab, chromedp.Evaluate[int](`window.updates`))
	waitTab(t, tab, fmt.Sprintf(`window.updates >= %d`, from+n), 10*time.Second, fmt.Sprintf("%d live updates", n))
}

// focusedLink is the focused element: its tag, id and href, and whether
// it is still in the page.
const focusedLink = `(function (el) {
	return el ? [el.tagName, el.id, el.getAttribute("href") || "", String(el.isConnected)] : ["", "", "", "false"];
})(document.activeElement)`

// TestBrowserLiveKeepsFocus (issue 25, point 7): results arrive every
// 300 ms while a visitor types into the pairings' "Find a player" box
// letter by letter and tabs through the links of the pairings and the
// standings, and sits on the viewer's Next: the focus stays where it was
// (the same element, the same link) and no key is lost, and the live
// region says what changed.
func TestBrowserLiveKeepsFocus(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	d := newDemo(t)
	dir := screenshots(t)
	tour, err := d.db.Tournament(context.Background(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	g, err := tour.Game(d.round, d.table)
	if err != nil {
		t.Fatal(err)
	}
	black, ok := tour.Player(g.Black)
	if !ok {
		t.Fatalf("no player %d", g.Black)
	}
	word := strings.Fields(black.Name)[0] // a word of the open game's black player
	if r := []rune(word); len(r) > 5 {
		word = string(r[:5])
	}

	open := func(path, ready string) context.Context {
		tab := newTab(t, browser)
		if err := chromedp.Do(tab, chromedp.Navigate(d.url+path), chromedp.WaitVisible(chromedp.CSS(ready))); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		run(t, tab, chromedp.Evaluate[bool](countUpdates))
		return tab
	}
	pairings := open(fmt.Sprintf("/t/demo/pairings/%d", d.round), "#find")
	standings := open("/t/demo/standings", fmt.Sprintf(`tr[data-player="%d"]`, d.black))
	viewer := open(fmt.Sprintf("/t/demo/games/%d/%d?ply=10", d.close[0], d.close[1]), "#step-next")
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 3; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d live streams open, want 3", d.liveClients(t))
		}
	}
	resultsArrive(t, d)

	// The find box: a letter, then a live update, and so on.
	if err := chromedp.Do(pairings, chromedp.Click(chromedp.CSS("#find"))); err != nil {
		t.Fatal(err)
	}
	for i, r := range word {
		typeKeys(t, pairings, string(r))
		awaitUpdates(t, pairings, 1)
		got := run(t, pairings, chromedp.Evaluate[[2]string](`[document.activeElement.id, document.getElementById("find").value]`))
		typed := word[:i+len(string(r))]
		if got != [2]string{"find", typed} {
			t.Fatalf("after typing %q while results arrived, the focus is on %q and the box holds %q", typed, got[0], got[1])
		}
	}
	// The caret stays where the visitor put it: one letter back, a live
	// update, and the next letter goes there.
	typeKeys(t, pairings, kb.ArrowLeft)
	awaitUpdates(t, pairings, 1)
	typeKeys(t, pairings, "x")
	r := []rune(word)
	if v, want := run(t, pairings, chromedp.Evaluate[string](`document.getElementById("find").value`)), string(r[:len(r)-1])+"x"+string(r[len(r)-1:]); v != want {
		t.Fatalf("the box holds %q, want %q", v, want)
	}
	typeKeys(t, pairings, kb.Backspace+kb.End)
	if n := run(t, pairings, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('#table-%d:not([hidden])').length`, d.table))); n != 1 {
		t.Errorf("the box holding %q does not show table %d", word, d.table)
	}
	// Tabbing on into the pairings' links, each held through updates.
	for range 3 {
		typeKeys(t, pairings, kb.Tab)
		before := run(t, pairings, chromedp.Evaluate[[4]string](focusedLink))
		if before[0] != "A" {
			t.Fatalf("Tab went to %v, not a link", before)
		}
		awaitUpdates(t, pairings, 2)
		if after := run(t, pairings, chromedp.Evaluate[[4]string](focusedLink)); after != before {
			t.Fatalf("the focus was on %v; after two live updates it is on %v", before, after)
		}
	}
	news := strings.TrimSpace(run(t, pairings, textOf("#live-news")))
	if want := fmt.Sprintf("Result at table %d: ", d.table); !strings.HasPrefix(news, want) || !strings.Contains(news, black.Name) {
		t.Errorf("the pairings' live region says %q, want %q and the game", news, want)
	}
	if role := run(t, pairings, chromedp.Evaluate[string](`document.getElementById("live-news").getAttribute("aria-live") + " " + document.getElementById("live-news").getAttribute("role")`)); role != "polite status" {
		t.Errorf("the live region is %q, want polite status", role)
	}

	// The standings: tab to the link of the open game's black player,
	// whose row moves as his discs change, and keep it.
	// Focused from the script, not by tabbing: his row moves while results
	// arrive, and may move above a focus still tabbing down towards it (the
	// pairings above were reached by Tab).
	link := fmt.Sprintf("/t/demo/players/%d", d.black)
	run(t, standings, chromedp.Evaluate[bool](fmt.Sprintf(`(function () { var a = document.querySelector('main a[href=%q]'); if (a) { a.focus(); } return !!a; })()`, link)))
	before := run(t, standings, chromedp.Evaluate[[4]string](focusedLink))
	if before[2] != link {
		t.Fatalf("Tab did not reach %s on the standings: %v", link, before)
	}
	rank := fmt.Sprintf(`Array.from(document.querySelectorAll("tr[data-player]")).findIndex(function (tr) { return tr.dataset.player === "%d"; })`, d.black)
	ranks := map[int]bool{run(t, standings, chromedp.Evaluate[int](rank)): true}
	for range 6 {
		awaitUpdates(t, standings, 1)
		ranks[run(t, standings, chromedp.Evaluate[int](rank))] = true
	}
	if len(ranks) < 2 {
		t.Errorf("the focused player's row never moved: the test proves less than it says")
	}
	if after := run(t, standings, chromedp.Evaluate[[4]string](focusedLink)); after != before {
		t.Fatalf("the standings' focus was on %v; after two live updates it is on %v", before, after)
	}
	if news := strings.TrimSpace(run(t, standings, textOf("#live-news"))); news != "Standings updated" {
		t.Errorf("the standings' live region says %q", news)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(standings, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		photograph(t, standings, dir, fmt.Sprintf("live-standings-focus-%d", width))
	}

	// The viewer's Next, focused, through updates; Enter still steps.
	for range 40 {
		if run(t, viewer, chromedp.Evaluate[string](focused)) == "step-next" {
			break
		}
		typeKeys(t, viewer, kb.Tab)
	}
	awaitUpdates(t, viewer, 2)
	if f := run(t, viewer, chromedp.Evaluate[string](focused)); f != "step-next" {
		t.Fatalf("the viewer's Next had the focus; after two live updates %q has it", f)
	}
	typeKeys(t, viewer, kb.Enter)
	awaitUpdates(t, viewer, 1)
	if got := run(t, viewer, chromedp.Evaluate[[2]string](`[document.activeElement.id, location.search]`)); got != [2]string{"step-next", "?ply=11"} {
		t.Errorf("Enter on Next, then a live update: focus and position %v, want step-next at ?ply=11", got)
	}
}

// TestBrowserLiveStripKeepsFocus (issue 25, points 7 and 11): on the event
// page, a board of the strip of live games, focused from the keyboard,
// has a ring of at least 3:1 and keeps the focus while the table judges'
// moves refresh the strip.
func TestBrowserLiveStripKeepsFocus(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	d := newJudgeDemo(t)
	dir := screenshots(t)
	record, _, _ := d.recorder(t)
	record(1, 24)
	record(2, 17)
	event := newTab(t, browser)
	if err := chromedp.Do(event, chromedp.EmulateViewport(375, 800), chromedp.Navigate(d.url+"/t/open"), chromedp.WaitVisible(chromedp.CSS(`#live-games li.live-board`))); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the event page opened no live stream")
		}
	}
	board := `li[data-game="1/2"] a`
	for range 40 {
		if run(t, event, chromedp.Evaluate[bool](fmt.Sprintf(`document.activeElement === document.querySelector('%s')`, board))) {
			break
		}
		typeKeys(t, event, kb.Tab)
	}
	before := run(t, event, chromedp.Evaluate[[4]string](focusedLink))
	if !strings.HasSuffix(before[2], "/games/1/2") {
		t.Fatalf("Tab did not reach the board of table 2: the focus is on %v", before)
	}
	ring := run(t, event, chromedp.Evaluate[[3]string](`(function (s) { return [s.outlineStyle, s.outlineWidth, s.outlineColor]; })(getComputedStyle(document.activeElement))`))
	width, _ := strconv.ParseFloat(strings.TrimSuffix(ring[1], "px"), 64)
	if ring[0] == "none" || width < 2 || contrast(luminance(t, ring[2]), luminance(t, "rgb(255, 255, 255)")) < 3 {
		t.Errorf("the focused live board's ring is %v: want at least 2 px at 3:1 on white", ring)
	}
	photograph(t, event, dir, "event-live-focus-375")
	for n := 18; n <= 20; n++ {
		record(2, n)
		waitTab(t, event, fmt.Sprintf(`(function (li) { return !!li && li.textContent.indexOf("Move %d") >= 0 })(document.querySelector('#live-games li[data-game="1/2"]'))`, n), 8*time.Second, fmt.Sprintf("the strip showing move %d", n))
		if after := run(t, event, chromedp.Evaluate[[4]string](focusedLink)); after != before {
			t.Fatalf("the focus was on %v; after move %d came to the strip it is on %v", before, n, after)
		}
	}
	if err := chromedp.Do(event, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	photograph(t, event, dir, "event-live-focus-1280")
}
