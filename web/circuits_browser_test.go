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

	"outflank"
	"outflank/circuit"
	"outflank/exchange"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// TestBrowserCircuit opens an EGP circuit of six real .ELO files (the one
// of the CLI's end-to-end test) and the home page that links to it, at
// 390 px and 1280 px wide: neither scrolls sideways on a phone; each is
// photographed into $OUTFLANK_SCREENSHOTS:
//
//	OUTFLANK_SCREENSHOTS=$PWD/docs/screenshots go test -run BrowserCircuit ./web
func TestBrowserCircuit(t *testing.T) {
	chromium(t)
	dir := shareddata.Dir(t, "elo")
	ctx := outflank.WithActor(context.Background(), "test")
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "circuit.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &outflank.Circuit{Slug: "egp", Name: "European Grand Prix 2019", Rules: circuit.EGP, Year: 2019}
	if err := db.CreateCircuit(ctx, c); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"20190608_Roma_open", "20190731_Bergen_Open", "20100313_Oadby_Regional",
		"20221126_Cambridge_Christmas_Friendly", "20130406_EGP_Barcelona", "20090124_PREQUAL_GRENOBLE"} {
		f, err := os.Open(filepath.Join(dir, name+".ELO"))
		if err != nil {
			t.Fatal(err)
		}
		tour, _, err := exchange.ReadELO(f, rules.Custom, name+".ELO") // as "outflank import" reads them
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		tour.Slug = strings.ToLower(strings.ReplaceAll(name, "_", "-"))
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
		err = db.UpdateCircuit(ctx, "egp", outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) {
			return "added", c.AddTournament(outflank.TournamentSummary{Slug: tour.Slug, Rules: tour.Rules})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	url := serveSite(t, db, web.Config{})
	shots := screenshots(t)
	browser := newBrowserFor(t, 60*time.Second)
	tab := newTab(t, browser)
	for _, width := range []int64{390, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800)); err != nil {
			t.Fatal(err)
		}
		for _, p := range []browserPage{{"circuit", "/c/egp", ""}, {"home-circuits", "/", ""}} {
			if err := chromedp.Do(tab, chromedp.Navigate(url+p.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatalf("%s: %v", p.path, err)
			}
			widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
			if widths[0] > widths[1] {
				t.Errorf("%s at %d px scrolls sideways: %d px wide in %d", p.path, width, widths[0], widths[1])
			}
			if p.name == "circuit" {
				n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("ol.circuit > li").length`))
				if n != 43 {
					t.Errorf("%d players shown, want 43", n)
				}
			}
			shoot(t, tab, shots, fmt.Sprintf("%s-%d", p.name, width))
		}
	}
	t.Logf("screenshots in %s", shots)
}
