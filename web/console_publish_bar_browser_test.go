package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/director"
)

// TestBrowserPublishBarOnAPhone: on a phone (375 x 667 px) the Pair page
// of a 20-player round keeps its publish bar at the foot of the screen
// while the proposal scrolls under it. Wherever the page is scrolled, the
// bar never covers the "Change the proposal" form; and each link, field
// and button reached with Tab is in sight, not hidden behind the bar
// (WCAG 2.2, 2.4.11 Focus Not Obscured). The page is photographed as it
// is laid out (console-pair-long-375.png).
func TestBrowserPublishBarOnAPhone(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	for _, g := range site.pairedRound(t, 20).Rounds[0].Games {
		req, _ := director.ResultFields{Round: 1, Table: g.Table, Score: "40-24"}.Request()
		if _, err := director.EnterResult(ctx, site.db, "open", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "alice", "/t/open/admin")
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 667), chromedp.Navigate(site.url+"/t/open/admin/pair?seed=7"), chromedp.WaitVisible(chromedp.CSS("#publish"))); err != nil {
		t.Fatal(err)
	}
	if sticky := run(t, tab, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("publish-form")).position`)); sticky != "sticky" {
		t.Fatalf("the publish bar is %s, not sticky: nothing to check", sticky)
	}
	// rects: the bar's top and bottom, the controls' top and bottom, and
	// the screen's height.
	const rects = `(function () { var b = document.getElementById("publish-form").getBoundingClientRect(), c = document.querySelector("section.controls").getBoundingClientRect();
		return [b.top, b.bottom, c.top, c.bottom, window.innerHeight]; })()`
	height := run(t, tab, chromedp.Evaluate[int](`document.documentElement.scrollHeight`))
	for y := 0; y <= height; y += 50 {
		run(t, tab, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.scrollTo(0, %d)`, y)))
		r := run(t, tab, chromedp.Evaluate[[5]float64](rects))
		if r[0] < r[3] && r[2] < r[1] && r[2] < r[4] {
			t.Errorf("scrolled to %d px, the publish bar (%.0f-%.0f px) covers the form to change the proposal (%.0f-%.0f px)", y, r[0], r[1], r[2], r[3])
		}
	}
	// Tab through the page, from its top.
	// The walk starts from the page's first link, so that it goes round
	// the whole page once (the page may have put the focus further down).
	run(t, tab, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0); document.querySelector("a[href]").focus()`))
	hidden, seen := 0, map[string]bool{}
	for range 80 {
		typeKeys(t, tab, kb.Tab)
		f := run(t, tab, chromedp.Evaluate[[]any](`(function () {
			var a = document.activeElement, bar = document.getElementById("publish-form"), r = a.getBoundingClientRect(), b = bar.getBoundingClientRect();
			var path = a === document.body ? "BODY" : a.tagName + " " + (a.id || a.getAttribute("href") || a.name || a.textContent.trim().slice(0, 30));
			return [path, bar.contains(a), r.top, r.bottom, b.top, b.bottom, window.innerHeight]; })()`))
		name, inBar := f[0].(string), f[1].(bool)
		top, bottom, barTop, barBottom, screen := f[2].(float64), f[3].(float64), f[4].(float64), f[5].(float64), f[6].(float64)
		t.Logf("tab: %s in bar %v %.0f-%.0f", name, inBar, top, bottom)
		if seen[name] && name != "BODY" {
			break // round the page once
		}
		seen[name] = true
		if inBar || name == "BODY" {
			continue
		}
		if (top >= barTop && bottom <= barBottom) || top >= screen || bottom <= 0 {
			hidden++
			t.Errorf("%s has the focus at %.0f-%.0f px, hidden (the publish bar is at %.0f-%.0f px of %.0f)", name, top, bottom, barTop, barBottom, screen)
		}
	}
	if len(seen) < 25 {
		t.Errorf("Tab reached %d elements: %v", len(seen), seen)
	}
	// What the director sees on the phone, the screen itself rather than
	// the whole page (a full-page picture would draw the bar where the
	// first screen ends): at the top, and scrolled to the middle of the
	// proposal.
	photograph(t, tab, dir, "console-pair-long-375") // also checks the width
	for _, y := range []int{0, 900} {
		run(t, tab, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`window.scrollTo(0, %d)`, y)))
		png := run(t, tab, chromedp.CaptureScreenshot())
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("console-pair-long-375-at-%d.png", y)), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
