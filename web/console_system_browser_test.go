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

// TestBrowserSystem: the system is a choice the console offers and says.
// The create form has it; an 8-player BOF regional's event page and
// settings say "8 players, 7 rounds: a single round robin (BOF general rule
// 8; Regionals 1)"; a round entered by hand takes the round robin by
// default; after round 1 the settings page still turns the round robin
// into a Swiss (before round 2), and a late entry is then registered.
// Photographed at 375 and 1280 px, without scrolling sideways.
func TestBrowserSystem(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "reg", Name: "Oadby Regional", Date: "2026-03-13", Rules: rules.BOFRegional}); err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if _, err := director.AddPlayer(ctx, site.db, "reg", outflank.Player{Name: fmt.Sprintf("Player %02d", i+1), Rating: 1800 - 10*i}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/admin")
	if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.CSS(`select[name="system"]`))); err != nil {
		t.Fatal(err)
	}
	if label := run(t, tab, textOf(`label:has(select[name="system"])`)); !strings.Contains(label, "System") || !strings.Contains(label, "by the rules, for the field") {
		t.Errorf("the create form's system: %q", label)
	}
	photograph(t, tab, dir, "console-create-system-1280")

	const want = "8 players, 7 rounds: a single round robin (BOF general rule 8; Regionals 1)"
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/reg/admin"), chromedp.WaitVisible(chromedp.CSS("#system"))); err != nil {
			t.Fatal(err)
		}
		if got := run(t, tab, textOf("#system")); !strings.Contains(got, want) {
			t.Errorf("the event page at %d px: %q", width, got)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-home-system-%d", width))
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/reg/admin/round"), chromedp.WaitVisible(chromedp.CSS(`select[name="stage"]`))); err != nil {
		t.Fatal(err)
	}
	if got := run(t, tab, textOf(`select[name="stage"] option[value=""]`)); got != "the event's format: round robin" {
		t.Errorf("the stage by default: %q", got)
	}

	if _, err := director.Pair(ctx, site.db, "reg", director.PairRequest{Seed: 1, SeedGiven: true}); err != nil {
		t.Fatal(err)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/reg/admin/settings"), chromedp.WaitVisible(chromedp.CSS("#system-now"))); err != nil {
			t.Fatal(err)
		}
		if got := run(t, tab, textOf("#system-now")); !strings.Contains(got, want) {
			t.Errorf("the settings at %d px: %q", width, got)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-settings-system-%d", width))
	}
	if err := chromedp.Do(tab,
		chromedp.SetValue(`input[name="system_only"] ~ label select[name="system"]`, "swiss"),
		chromedp.Click(`input[name="system_only"] ~ button`),
		chromedp.WaitVisible(chromedp.CSS(".flash"))); err != nil {
		t.Fatal(err)
	}
	if got := run(t, tab, textOf(".flash")); !strings.Contains(got, "settings: system by the rules → swiss") {
		t.Errorf("the switch to a Swiss: %q", got)
	}
	if got := run(t, tab, textOf("#system")); !strings.Contains(got, "8 players, 7 rounds: a Swiss system (the director's choice") {
		t.Errorf("the event page after the switch: %q", got)
	}
	if _, err := director.AddPlayer(ctx, site.db, "reg", outflank.Player{Name: "Late, Comer"}, "", false); err != nil {
		t.Errorf("a late entry once the event is a Swiss: %v", err)
	}
}
