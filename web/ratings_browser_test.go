package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/rating"
	"outflank/sqlite"
	"outflank/web"
)

// TestBrowserRatings opens the rating list, a player's rating, a
// tournament player's page with his history and the pairings with their
// expected scores at 390 px and 1280 px wide: none scrolls sideways on a
// phone, the plot is as wide as the page; each is photographed into
// $OUTFLANK_SCREENSHOTS. The ratings are those of the test archive, or of
// the WOF archive in $OUTFLANK_RATINGS_RESULTS (with its joueurs.txt
// beside it), for screenshots of the real list:
//
//	OUTFLANK_RATINGS_RESULTS=/path/to/wof/results OUTFLANK_SCREENSHOTS=$PWD/docs/screenshots go test -run BrowserRatings ./web
func TestBrowserRatings(t *testing.T) {
	chromium(t)
	files, today := testRatingsFiles, ratingsToday
	if dir := os.Getenv("OUTFLANK_RATINGS_RESULTS"); dir != "" {
		now := time.Now()
		files, today = web.RatingsFiles{Results: dir}, rating.Date{Year: now.Year(), Month: int(now.Month()), Day: now.Day()}
		if db := filepath.Join(filepath.Dir(filepath.Clean(dir)), "joueurs.txt"); fileExists(db) {
			files.PlayersDB = db
		}
	}
	st := web.NewRatingsState()
	st.Load(files, today, nil)
	if err := st.Status().Err; err != nil {
		t.Fatal(err)
	}
	// The player shown: of the ten best, the one with the longest history.
	l, names, _ := st.List()
	shown, longest := 0, 0
	for _, p := range l.Published()[:min(10, len(l.Published()))] {
		if h, _ := st.History(p.ID); len(h) > longest {
			shown, longest = p.ID, len(h)
		}
	}
	second := l.Published()[1].ID
	if second == shown {
		second = l.Published()[0].ID
	}

	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "ratings.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour := ratedEvent(t)
	tour.Players[0].WOFID, tour.Players[1].WOFID = shown, second
	tour.Players[0].Name, tour.Players[1].Name = names.Name(shown), names.Name(second)
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, db, web.Config{Ratings: st})

	dir := os.Getenv("OUTFLANK_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	browser := newBrowserFor(t, 60*time.Second)
	tab := newTab(t, browser)
	pages := []browserPage{
		{"ratings", "/ratings", ""},
		{"ratings-search", "/ratings?q=jpn", ""},
		{"rating", fmt.Sprintf("/ratings/%d", shown), ""},
		{"player-rating", "/t/rated/players/1", ""},
		{"pairings-expected", "/t/rated/pairings", ""},
	}
	for _, width := range []int64{390, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if err := chromedp.Do(tab, chromedp.Navigate(url+p.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatalf("%s: %v", p.path, err)
			}
			widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
			if widths[0] > widths[1] {
				t.Errorf("%s at %d px scrolls sideways: %d px wide in %d", p.path, width, widths[0], widths[1])
			}
			if p.name == "rating" || p.name == "player-rating" {
				plot := run(t, tab, chromedp.Evaluate[float64](`(function () { var s = document.querySelector("figure.plot svg"); return s ? s.getBoundingClientRect().width : 0 })()`))
				if plot < float64(min(width, 700))*0.8 {
					t.Errorf("%s at %d px: the plot is %.0f px wide", p.path, width, plot)
				}
			}
			png := run(t, tab, chromedp.FullScreenshot(100))
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.png", p.name, width)), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("screenshots in %s", dir)
}

func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
