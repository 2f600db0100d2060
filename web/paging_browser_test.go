package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPagedLists: the crosstable and the standings of a 1,000-player
// event, paged, and a page of its pairings, at 375 and 1280 px,
// photographed (paged-crosstable-375.png ...), without sideways scrolling
// of the page; at the keyboard alone, the first Tab shows the skip link,
// which takes the focus to the main content, and Tab then Enter on the
// next-page link opens the next page, whose link says it is the current
// page; the focus ring is the dark and yellow one; the event page's links
// are at least 24 px high, and clear of one another (WCAG 2.5.8).
func TestBrowserPagedLists(t *testing.T) {
	browser := newBrowserFor(t, 3*time.Minute)
	s := bigSite(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	for _, width := range []int64{375, 1280} {
		for _, page := range []struct{ name, path, ready string }{
			{"crosstable", "/t/big/crosstable?page=2", "table.cross"},
			{"standings", "/t/big/standings", "table.standings"},
			{"pairings", "/t/big/pairings?page=2", "table.pairings"},
		} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(s.srv.URL+page.path), chromedp.WaitVisible(chromedp.CSS(page.ready))); err != nil {
				t.Fatalf("%s: %v", page.path, err)
			}
			photograph(t, tab, dir, fmt.Sprintf("paged-%s-%d", page.name, width))
		}
	}
	t.Logf("screenshots in %s", dir)

	// The keyboard, at 1280 px: the skip link first.
	if err := chromedp.Do(tab, chromedp.Navigate(s.srv.URL+"/t/big/standings"), chromedp.WaitVisible(chromedp.CSS("table.standings"))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, kb.Tab)
	skip := run(t, tab, chromedp.Evaluate[[]float64](`(function () { var a = document.activeElement, r = a.getBoundingClientRect(); return [a.classList.contains("skip") ? 1 : 0, r.top, r.height]; })()`))
	if skip[0] != 1 || skip[1] < 0 || skip[2] < 24 {
		t.Fatalf("the first Tab: skip link %v, at %v px, %v px high", skip[0] == 1, skip[1], skip[2])
	}
	photograph(t, tab, dir, "skip-link-1280")
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the focus on the main content", `document.activeElement && document.activeElement.id === "live"`)
	// Tab on to the next page's link, and follow it with Enter.
	for i := 0; ; i++ {
		if i == 40 {
			t.Fatal("40 Tabs from the main content did not reach the next page's link")
		}
		typeKeys(t, tab, kb.Tab)
		if run(t, tab, chromedp.Evaluate[bool](`document.activeElement.rel === "next"`)) {
			break
		}
	}
	ring := run(t, tab, chromedp.Evaluate[[]string](`(function () { var st = getComputedStyle(document.activeElement); return [st.outlineColor, st.outlineStyle, st.boxShadow]; })()`))
	if ring[0] != "rgb(11, 12, 12)" || ring[1] != "solid" || !strings.Contains(ring[2], "rgb(255, 221, 0)") {
		t.Errorf("the focused link's ring: outline %s %s, box-shadow %s", ring[0], ring[1], ring[2])
	}
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the second page", `location.search === "?page=2" && document.querySelector('nav.pages a[aria-current="page"]') !== null`)
	if cur := run(t, tab, textOf(`nav.pages a[aria-current="page"]`)); cur != "Page 2" {
		t.Errorf("the current page's link reads %q", cur)
	}
	if first := run(t, tab, textOf(`table.standings tbody tr td`)); first == "" || first == "1" {
		t.Errorf("page 2 starts at rank %q", first)
	}

	// The event page's list of links: each at least 24 px high (WCAG 2.5.8).
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 900), chromedp.Navigate(s.srv.URL+"/t/big"), chromedp.WaitVisible(chromedp.CSS("section.links"))); err != nil {
		t.Fatal(err)
	}
	boxes := run(t, tab, chromedp.Evaluate[[][2]float64](`Array.from(document.querySelectorAll("section.links a")).map(function (a) { var r = a.getBoundingClientRect(); return [r.top, r.bottom]; })`))
	if len(boxes) < 4 {
		t.Fatalf("the event page has %d links in its list", len(boxes))
	}
	for i, b := range boxes {
		if b[1]-b[0] < 24 {
			t.Errorf("the event page's link %d is %.1f px high", i+1, b[1]-b[0])
		}
		if i > 0 && b[0] < boxes[i-1][1] {
			t.Errorf("the event page's link %d overlaps the one above it by %.1f px", i+1, boxes[i-1][1]-b[0])
		}
	}
	photograph(t, tab, dir, "event-links-375")
}
