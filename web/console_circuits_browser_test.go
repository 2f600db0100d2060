package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/rules"
)

// TestBrowserConsoleCircuits: an administrator creates a BOF Grand Prix
// in Chromium, adds two Regionals, sees the warning of a likely duplicate
// and links the two players, then records the decision of the tie for
// first place (BOF GP 6); the name is escaped, and neither page scrolls
// sideways on a phone. The pages are photographed at 390 and 1280 px
// (console-circuits-*.png, console-circuit-*.png).
func TestBrowserConsoleCircuits(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	// York: Imre beats David, Guy beats Roy; Leeds: David beats Imre, Roy
	// beats Guy, whose country was typed as ENG.
	for _, e := range []struct {
		slug, name, guy string
		scores          [2]outflank.Discs
	}{
		{"york", "York Regional", "GBR", [2]outflank.Discs{{Black: 40, White: 24}, {Black: 30, White: 34}}},
		{"leeds", "Leeds Regional", "ENG", [2]outflank.Discs{{Black: 24, White: 40}, {Black: 34, White: 30}}},
	} {
		tour, err := outflank.NewTournament(e.slug, e.name, "2026-05-02", rules.BOFRegional, 5)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []outflank.Player{{Name: "Imre Leader", Country: "GBR"}, {Name: "David Shaman", Country: "GBR"}, {Name: "Roy Arnold", Country: "GBR"}, {Name: "Guy Beresford", Country: e.guy}} {
			if _, err := tour.AddPlayer(p); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
			t.Fatal(err)
		}
		for i, score := range e.scores {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(1, i+1, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := site.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	dir := screenshots(t)
	tab := newTab(t, browser)
	run(t, tab, chromedp.EmulateViewport(1280, 900))
	login(t, tab, site, "chief", "/admin/circuits")
	waitPage(t, tab, "the circuits' page", `location.pathname === "/admin/circuits" && !!document.querySelector("form.grid")`)
	run(t, tab, chromedp.SendKeys(`form.grid input[name="slug"]`, "bof-gp-2026"))
	run(t, tab, chromedp.SendKeys(`form.grid input[name="name"]`, "<script>alert(1)</script> Grand Prix"))
	run(t, tab, chromedp.SetValue(`form.grid select[name="rules"]`, "bof-gp"))
	run(t, tab, chromedp.SetValue(`form.grid input[name="year"]`, "2026"))
	run(t, tab, chromedp.Click(`form.grid button[type="submit"]`))
	flash := func(what, prefix string) {
		t.Helper()
		waitPage(t, tab, what, `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf(`+strconv.Quote(prefix)+`) === 0`)
	}
	flash("the circuit created", "Created circuit <script>alert(1)</script> Grand Prix")
	for _, slug := range []string{"york", "leeds"} {
		run(t, tab, chromedp.SetValue(`form[action$="/add"] select[name="tournament"]`, slug))
		run(t, tab, chromedp.Click(`form[action$="/add"] button[type="submit"]`))
		flash("a tournament added", "Added "+slug)
	}
	body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	if !strings.Contains(body, "Guy Beresford appears as 2 players") {
		t.Errorf("no warning of the likely duplicate:\n%s", body)
	}
	run(t, tab, chromedp.SetValue(`form[action$="/link"] select[name="a"]`, "Guy Beresford (GBR)"))
	run(t, tab, chromedp.SetValue(`form[action$="/link"] select[name="b"]`, "Guy Beresford (ENG)"))
	run(t, tab, chromedp.Click(`form[action$="/link"] button[type="submit"]`))
	flash("the players linked", "Linked Guy Beresford (ENG) to Guy Beresford (GBR)")
	body = run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"tied: waits for a decision", "Decide the winner", "record the play-off game or the coin toss under “Decide the winner”"} {
		if !strings.Contains(body, want) {
			t.Errorf("the circuit's page lacks %q:\n%s", want, body)
		}
	}
	shoot(t, tab, dir, "console-circuit-tie-1280")
	run(t, tab, chromedp.SetValue(`form[action$="/decide"] select[name="winner"]`, "Imre Leader (GBR)"))
	run(t, tab, chromedp.SendKeys(`form[action$="/decide"] input[name="reason"]`, "play-off game 2026-10-01, 40-24"))
	run(t, tab, chromedp.Click(`form[action$="/decide"] button[type="submit"]`))
	flash("the decision recorded", "Recorded: Imre Leader (GBR) wins the circuit")
	body = run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"<script>alert(1)</script> Grand Prix", "winner by decision", "decided the winner: Imre Leader (GBR) (play-off game 2026-10-01, 40-24)", "linked Guy Beresford (ENG) to Guy Beresford (GBR)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the circuit's page lacks %q:\n%s", want, body)
		}
	}
	for _, page := range []struct{ path, name string }{{"/admin/circuits/bof-gp-2026", "console-circuit"}, {"/admin/circuits", "console-circuits"}} {
		for _, width := range []int64{1280, 390} {
			run(t, tab, chromedp.EmulateViewport(width, 844))
			run(t, tab, chromedp.Navigate(site.url+page.path))
			waitPage(t, tab, page.path, `!!document.querySelector(".console-bar")`)
			if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("script:not([src])").length`)); n != 0 {
				t.Errorf("%s: %d inline scripts: the name was not escaped", page.path, n)
			}
			if width == 390 {
				if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
					t.Errorf("%s is wider than a phone's screen", page.path)
				}
			}
			shoot(t, tab, dir, page.name+"-"+map[int64]string{1280: "1280", 390: "390"}[width])
		}
	}
}
