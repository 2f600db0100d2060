package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank/sqlite"
	"outflank/web"
)

// TestBrowserRatingBasis opens a player's rating page at 375 px and 1280 px
// and the first tournament behind his rating from the keyboard (Enter on
// its line): its games show, in a table as wide as the page at
// most; nothing scrolls sideways; the page is photographed into
// $OUTFLANK_SCREENSHOTS (issue 26.10).
func TestBrowserRatingBasis(t *testing.T) {
	chromium(t)
	st := loadedRatings(t)
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "ratings.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	url := serveSite(t, db, web.Config{Ratings: st})
	dir := os.Getenv("OUTFLANK_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	tab := newTab(t, newBrowserFor(t, 60*time.Second))
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(url+"/ratings/114"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
			t.Fatal(err)
		}
		if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll(".basis details").length`)); n != 3 {
			t.Fatalf("%d px: %d tournaments listed, want 3", width, n)
		}
		if open := run(t, tab, chromedp.Evaluate[bool](`document.querySelector(".basis table.games").checkVisibility()`)); open {
			t.Errorf("%d px: the games show before the tournament is opened", width)
		}
		// Enter on the first tournament's line opens it.
		if err := chromedp.Do(tab, chromedp.Focus(chromedp.CSS(".basis summary")), chromedp.KeyEvent("\r")); err != nil {
			t.Fatal(err)
		}
		focused := run(t, tab, chromedp.Evaluate[string](`document.activeElement.textContent`))
		if focused == "" || run(t, tab, chromedp.Evaluate[string](`document.activeElement.tagName`)) != "SUMMARY" {
			t.Errorf("%d px: the focus is not on the tournament's line", width)
		}
		rows := run(t, tab, chromedp.Evaluate[int](`(function () { var t = document.querySelector(".basis details[open] table.games"); return t && t.checkVisibility() ? t.tBodies[0].rows.length : 0 })()`))
		if rows == 0 {
			t.Errorf("%d px: Enter on the tournament's line shows no games", width)
		}
		widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
		if widths[0] > widths[1] {
			t.Errorf("%d px: the page scrolls sideways: %d px wide in %d", width, widths[0], widths[1])
		}
		// The summary names what it is: its text holds the change in words.
		if name := run(t, tab, chromedp.Evaluate[string](`document.querySelector(".basis summary .change").textContent`)); !(len(name) > 0) {
			t.Errorf("%d px: no change on the tournament's line", width)
		}
		png := run(t, tab, chromedp.FullScreenshot(100))
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("rating-basis-%d.png", width)), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("screenshots in %s", dir)
}
