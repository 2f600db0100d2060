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

// TestBrowserSettingsRated_BOFRatings1: the settings page of a BOF Regional held
// abroad without clocks says, at 390 and 1280 px, why its games will not
// be rated (BOF Ratings 1 a-b), without scrolling sideways; after round 1
// the rated-games fields still change while the rest is disabled.
func TestBrowserSettingsRated_BOFRatings1(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "reg", Name: "Cambridge Regional", Date: "2026-06-06", Rules: rules.BOFRegional, Rounds: 6, Minutes: 25}); err != nil {
		t.Fatal(err)
	}
	if _, err := director.EditSettings(ctx, site.db, "reg", outflank.SettingsEdit{Name: "Cambridge Regional", Date: "2026-06-06", Rules: rules.BOFRegional, Rounds: 6, Minutes: 25, Place: "FRA", Clocks: "no"}); err != nil {
		t.Fatal(err)
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/reg/admin")
	for _, width := range []int64{390, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/reg/admin/settings"), chromedp.WaitVisible(chromedp.CSS("#unrated"))); err != nil {
			t.Fatal(err)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-settings-rated-%d", width))
		if got := run(t, tab, textOf("#unrated")); !strings.Contains(got, "BOF Ratings 1 a") || !strings.Contains(got, "BOF Ratings 1 b") {
			t.Errorf("at %d px the reasons read %q", width, got)
		}
	}
	for _, width := range []int64{390, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/reg/admin"), chromedp.WaitVisible(chromedp.CSS("#unrated"))); err != nil {
			t.Fatal(err)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-home-unrated-%d", width))
	}
	// After round 1 (the Spring Open's), the rated fields and the button
	// are enabled, the rest disabled.
	site.pairedRound(t, 4)
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/settings"), chromedp.WaitVisible(chromedp.CSS(`select[name="told"]`))); err != nil {
		t.Fatal(err)
	}
	enabled := run(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("form.grid input:not([type=hidden]), form.grid select, form.grid button")).filter(function (el) { return !el.matches(":disabled"); }).map(function (el) { return el.name || el.textContent; })`))
	if strings.Join(enabled, " ") != "place clocks told Save" {
		t.Errorf("after round 1 the enabled fields are %v", enabled)
	}
}
