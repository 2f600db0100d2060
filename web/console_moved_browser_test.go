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
// 8-player BOF regional moved from another program after round 2, its
// rounds 1 and 2 typed on the Pair page's "Enter round N by hand" (the
// stage left to the event's format: a round robin), their results entered
// at the keyboard. Pair proposes round 3 as the round robin's completion,
// meeting nobody twice, and publishes just that. A 6-player event whose first three
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
	login(t, tab, site, "chief", "/t/moved/admin")
	// Rounds 1 and 2 as played elsewhere, typed on the form the Pair
	// page's "Enter round N by hand" opens; their results at the keyboard.
	if got := roundByHand(t, tab, site, "moved", 1, "1-2\n3-4\n5-6\n7-8"); !strings.Contains(got, "Saved: round 1 (round-robin): 1-2, 3-4, 5-6, 7-8.") {
		t.Errorf("round 1 by hand: %q", got)
	}
	consoleResults(t, tab, site, "moved", 1, "40-24", "40-24", "40-24", "40-24")
	if got := roundByHand(t, tab, site, "moved", 2, "1-3\n2-4\n5-7\n6-8"); !strings.Contains(got, "Saved: round 2 (round-robin): 1-3, 2-4, 5-7, 6-8.") {
		t.Errorf("round 2 by hand: %q", got)
	}
	consoleResults(t, tab, site, "moved", 2, "40-24", "40-24", "40-24", "40-24")
	moved := func() *outflank.Tournament {
		t.Helper()
		tour, err := site.db.Tournament(ctx, "moved")
		if err != nil {
			t.Fatal(err)
		}
		return tour
	}
	played := met(moved(), 2)
	if len(played) != 8 {
		t.Fatalf("rounds 1-2 as stored: %v", played)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/moved/admin/pair"), chromedp.WaitVisible(chromedp.CSS("#publish"))); err != nil {
			t.Fatal(err)
		}
		if got := run(t, tab, textOf(".proposal h2")); !strings.Contains(got, "Round 3") || !strings.Contains(got, "single round robin, completing rounds 1-2 as played") {
			t.Errorf("round 3's method: %q", got)
		}
		games := proposed(t, tab, moved())
		if len(games) != 4 {
			t.Fatalf("round 3 proposes %d games: %v", len(games), games)
		}
		for _, g := range games {
			if played[[2]int{min(g[0], g[1]), max(g[0], g[1])}] {
				t.Errorf("round 3 proposes a rematch: #%d v #%d", g[0], g[1])
			}
		}
		photograph(t, tab, dir, fmt.Sprintf("console-pair-completing-%d", width))
	}
	// Published from the console, round 3 is the one proposed: no rematch.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	publishProposal(t, tab, site, "moved", nil)
	r3 := moved().Rounds[2]
	if r3.Stage != outflank.StageRoundRobin || len(r3.Games) != 4 {
		t.Fatalf("round 3 as published: %+v", r3)
	}
	for _, g := range r3.Games {
		if played[[2]int{min(g.Black, g.White), max(g.Black, g.White)}] {
			t.Errorf("round 3 as published pairs #%d v #%d again", g.Black, g.White)
		}
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
