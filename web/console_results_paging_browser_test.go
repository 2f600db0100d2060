package web_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserResultsAcrossPages: a round of 120 tables lists a hundred a
// page; at the keyboard alone the director enters the results of tables
// on the other page from the first (the table typed, Enter, the score,
// Enter), each next table coming up by itself, the last wrapping round
// to the first table still without a result; the names of a table not
// listed are said as for one listed. Photographed at 375 and 1280 px.
func TestBrowserResultsAcrossPages(t *testing.T) {
	browser := newBrowserFor(t, 150*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	tour := site.pairedRound(t, 240)
	if n := len(tour.Rounds[0].Games); n != 120 {
		t.Fatalf("%d games in round 1", n)
	}
	tab := newProfile(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	login(t, tab, site, "alice", "/t/open/admin/results?round=1")
	waitPage(t, tab, "the score's focus on table 1", focused+` === "entry-score" && document.getElementById("entry-table").value === "1" && document.getElementById("entry").dataset.ready === "1"`)
	if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("#rows tr").length`)); n != 100 {
		t.Fatalf("the page lists %d tables, want 100", n)
	}

	// Esc goes to the table; 115 is on page 2.
	typeKeys(t, tab, kb.Escape)
	waitPage(t, tab, "the table's focus", focused+` === "entry-table"`)
	typeKeys(t, tab, "115"+kb.Enter)
	g := tour.Rounds[0].Games[114]
	names := fmt.Sprintf("Table 115: %s v %s", tour.Players[g.Black-1].Name, tour.Players[g.White-1].Name)
	waitPage(t, tab, "table 115 named", fmt.Sprintf(`%s === "entry-score" && document.getElementById("entry-game").textContent === %q`, focused, names))
	scores := map[int]string{115: "40-24", 116: "33", 117: "20-44", 118: "52", 119: "31-33", 120: "64"}
	for table := 115; table <= 120; table++ {
		waitPage(t, tab, fmt.Sprint("table ", table), fmt.Sprintf(`document.getElementById("entry-table").value === "%d" && %s === "entry-score"`, table, focused))
		typeKeys(t, tab, scores[table]+kb.Enter)
	}
	// After the last table, the first still without a result: table 1.
	waitPage(t, tab, "table 1 after table 120", `document.getElementById("entry-table").value === "1" && `+focused+` === "entry-score"`)
	waitPage(t, tab, "the six results saved", `!!document.querySelector("p.progress") && document.querySelector("p.progress").textContent.indexOf("114 of 120 results to enter") >= 0`)
	// Table 116 again: the script knows its result, and a replacement
	// expects it.
	typeKeys(t, tab, kb.Escape)
	typeKeys(t, tab, "116")
	waitPage(t, tab, "table 116's result known", `document.getElementById("entry-game").textContent.indexOf("(has 33-31: Enter replaces it)") > 0`)
	typeKeys(t, tab, kb.Enter+"34"+kb.Enter)
	waitPage(t, tab, "table 116 replaced", `JSON.parse(document.getElementById("results-tables").textContent)[115].s === "34-30"`)
	tour = site.tournament(t)
	want := map[int][2]int{115: {40, 24}, 116: {34, 30}, 117: {20, 44}, 118: {52, 12}, 119: {31, 33}, 120: {64, 0}}
	for table, w := range want {
		r := tour.Rounds[0].Games[table-1].Result
		if r == nil || r.BlackDiscs != w[0] || r.WhiteDiscs != w[1] {
			t.Errorf("table %d: %+v, want %d-%d", table, r, w[0], w[1])
		}
	}
	if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("#rows tr").length`)); n != 100 {
		t.Errorf("after the results, the page lists %d tables, want 100", n)
	}

	// Page 1 at both widths: its hundred rows drawn as they come into
	// sight (content-visibility), the photograph taking them all.
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the page ready", `document.getElementById("entry").dataset.ready === "1"`)
		photograph(t, tab, dir, fmt.Sprintf("console-results-page1-%d", width))
	}

	// The pages, by the keyboard: the navigation's "Next page" link.
	run(t, tab, chromedp.Evaluate[chromedp.Void](`document.querySelector('nav.pages a[rel="next"]').focus()`))
	if err := chromedp.Do(tab, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "page 2", `location.search.indexOf("page=2") >= 0 && document.querySelectorAll("#rows tr").length === 20 && document.getElementById("entry").dataset.ready === "1"`)
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Reload()); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the page ready", `document.getElementById("entry").dataset.ready === "1"`)
		photograph(t, tab, dir, fmt.Sprintf("console-results-paged-%d", width))
	}
}
