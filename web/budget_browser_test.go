package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/internal/storetest"
)

// TestBrowserBigPaged: at a 1,000-player event, the director finds a
// player of page 7 from the players' first page with the keyboard alone,
// and the projector goes on from its last page to its first by itself,
// keeping the pace asked for; both are photographed at 375 and 1280 px,
// and audited with axe.
func TestBrowserBigPaged(t *testing.T) {
	chromium(t)
	site := newConsoleSite(t)
	if _, err := site.db.Create(context.Background(), storetest.CircleEvent(t, 1000, 13), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	browser := newBrowserFor(t, 3*time.Minute)
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/big/admin/players")
	dir := screenshots(t)
	// The search among the registered players: focus it, type, Enter.
	run(t, tab, chromedp.Evaluate[chromedp.Void](`document.getElementById("find-registered").focus()`))
	typeKeys(t, tab, "player 0650"+kb.Enter)
	waitPage(t, tab, "the search's answer", `location.search === "?find=player+0650" && !!document.querySelector(".found-count")`)
	if got := run(t, tab, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("table.players td.lead")).map(function (td) { return td.textContent }).join("|")`)); got != "Player 0650" {
		t.Errorf("the search for player 0650 shows %q", got)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/big/admin/players?page=2"), chromedp.WaitVisible(chromedp.CSS("nav.pages"))); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the page laid out", `document.readyState === "complete"`)
		if w := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`)); w[0] > w[1] {
			t.Errorf("the players' page 2 at %d px scrolls sideways: %d px in %d", width, w[0], w[1])
		}
		shot := func(name string) {
			png := run(t, tab, chromedp.CaptureScreenshot())
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, width)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		run(t, tab, chromedp.Evaluate[chromedp.Void](`document.querySelector("form.find-registered").scrollIntoView()`))
		shot("console-players-page2")
		run(t, tab, chromedp.Evaluate[chromedp.Void](`document.querySelector("p.pages-next").scrollIntoView({block: "end"})`))
		shot("console-players-page2-end")
		for _, page := range []string{"", "?page=6"} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 720), chromedp.Navigate(site.url+"/t/big/projector"+page), chromedp.WaitVisible(chromedp.CSS(".projector .slide"))); err != nil {
				t.Fatal(err)
			}
			shot("projector" + strings.ReplaceAll(page, "?page=", "-page"))
		}
	}
	// axe finds nothing serious on the paged pages, the search's answer
	// included.
	source, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []a11yPage{{"console-players-page2", "/t/big/admin/players?page=2", "director", ".console-bar"},
		{"console-players-found", "/t/big/admin/players?find=player+0650", "director", ".found-count"},
		{"projector-page2", "/t/big/projector?page=2", "", ".projector .slide"}} {
		p.path = site.url + p.path
		for _, f := range audit(t, tab, string(source), p) {
			if f.Impact != "minor" {
				t.Errorf("axe: %s (%s) on %s at %d px: %s: %v", f.Rule, f.Impact, f.Page, f.Width, f.Help, f.Nodes)
			}
		}
	}
	// The last page, on a screen tall enough for it: after 3 s the
	// projector shows the first, the pace kept.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 6000), chromedp.Navigate(site.url+"/t/big/projector?page=15&every=3"), chromedp.WaitVisible(chromedp.CSS(".projector .slide"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the projector's first page, turned to by itself", `location.search === "?every=3" && document.querySelector(".projector").dataset.page === "1"`)
}
