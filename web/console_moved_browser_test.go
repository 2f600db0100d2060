package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// TestBrowserMovedRoundRobin is issue 24's first case in the console: an
// 8-player BOF regional moved from another program, its round 1 typed on
// "Enter round 1 by hand" (1-2 3-4 5-6 7-8, the stage left to the event's
// format: a round robin). Pair proposes round 2 as the round robin's
// completion, meeting nobody twice. A 6-player event whose first three
// rounds leave no completion gets a refusal that says what to do in the
// console's words. Photographed at 375 and 1280 px.
func TestBrowserMovedRoundRobin(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	for _, ev := range []struct {
		slug    string
		players int
	}{{"moved", 8}, {"stuck", 6}} {
		if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: ev.slug, Name: "Moved " + ev.slug, Rules: rules.BOFRegional}); err != nil {
			t.Fatal(err)
		}
		for i := range ev.players {
			if _, err := director.AddPlayer(ctx, site.db, ev.slug, outflank.Player{Name: fmt.Sprintf("Player %02d", i+1)}, "", false); err != nil {
				t.Fatal(err)
			}
		}
	}
	results := func(slug string, round int) {
		t.Helper()
		for table := 1; table <= 4; table++ {
			req := director.ResultRequest{Round: round, Table: table, Input: outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}}}
			if _, err := director.EnterResult(ctx, site.db, slug, req, nil); err != nil && !strings.Contains(err.Error(), "no table") {
				t.Fatal(err)
			}
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/moved/admin/round")
	if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.CSS(`textarea[name="pairs"]`)),
		chromedp.SendKeys(`textarea[name="pairs"]`, "1-2\n3-4\n5-6\n7-8"),
		chromedp.Click(`form.grid button[type="submit"]`),
		chromedp.WaitVisible(chromedp.CSS(".flash"))); err != nil {
		t.Fatal(err)
	}
	if got := run(t, tab, textOf(".flash")); !strings.Contains(got, "Saved: round 1 (round-robin): 1-2, 3-4, 5-6, 7-8.") {
		t.Errorf("round 1 by hand: %q", got)
	}
	results("moved", 1)
	first := map[[2]string]bool{}
	for i := 1; i <= 8; i += 2 {
		first[[2]string{fmt.Sprintf("Player %02d", i), fmt.Sprintf("Player %02d", i+1)}] = true
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/moved/admin/pair"), chromedp.WaitVisible(chromedp.CSS("#publish"))); err != nil {
			t.Fatal(err)
		}
		if got := run(t, tab, textOf(".proposal h2")); !strings.Contains(got, "single round robin, completing round 1 as played") {
			t.Errorf("round 2's method: %q", got)
		}
		games := run(t, tab, chromedp.Evaluate[[][2]string](`Array.from(document.querySelectorAll(".proposal tbody tr")).map(function (tr) { var c = tr.querySelectorAll("td"); return [c[1].textContent.trim().replace(/ \S+$/, ""), c[2].textContent.trim().replace(/ \S+$/, "")]; })`))
		if len(games) != 4 {
			t.Fatalf("round 2 proposes %d games: %v", len(games), games)
		}
		for _, g := range games {
			if first[[2]string{min(g[0], g[1]), max(g[0], g[1])}] {
				t.Errorf("round 2 proposes a rematch: %v", g)
			}
		}
		photograph(t, tab, dir, fmt.Sprintf("console-pair-completing-%d", width))
	}

	for _, pairs := range [][]string{{"1-2", "3-4", "5-6"}, {"1-3", "2-5", "4-6"}, {"1-6", "2-4", "3-5"}} {
		if _, err := director.AddRound(ctx, site.db, "stuck", director.RoundByHand{Pairs: pairs}); err != nil {
			t.Fatal(err)
		}
	}
	for round := 1; round <= 3; round++ {
		results("stuck", round)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/stuck/admin/pair"), chromedp.WaitVisible(chromedp.CSS(".error"))); err != nil {
			t.Fatal(err)
		}
		got := run(t, tab, textOf(".error"))
		if !strings.Contains(got, "Round 4 not paired: the round robin cannot go on from rounds 1-3 as played without a rematch") ||
			!strings.Contains(got, "the system “Swiss” on the Settings page") || !strings.Contains(got, "“Enter round by hand” on the Pair page") ||
			strings.Contains(got, "outflank ") || strings.Contains(got, "--") {
			t.Errorf("the refusal at %d px: %q", width, got)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-pair-refused-%d", width))
	}
}
