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
	// After round 1 (the Spring Open's), the rounds and the minutes are
	// disabled, the rest enabled (issue 26: the name, date, place and
	// ruleset may change at any time).
	site.pairedRound(t, 4)
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/open/admin/settings"), chromedp.WaitVisible(chromedp.CSS(`select[name="told"]`))); err != nil {
		t.Fatal(err)
	}
	enabled := run(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("form.grid input:not([type=hidden]), form.grid select, form.grid button")).filter(function (el) { return !el.matches(":disabled"); }).map(function (el) { return el.name || el.textContent; })`))
	if strings.Join(enabled, " ") != "name rules date place clocks told elo_sender Save confirm_slug Remove this tournament" {
		t.Errorf("after round 1 the enabled fields are %v", enabled)
	}
}

// TestBrowserSettingsELOSender: at 375 and 1280 px the settings page shows
// who the .ELO file will name as its sender and the country it will name,
// without scrolling sideways; the director types the federation's name,
// saves, and the page shows it (issue 24, 10).
func TestBrowserSettingsELOSender(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "reg", Name: "Oadby Regional", Date: "2026-03-13", Rules: rules.BOFRegional, Rounds: 7, Minutes: 25}); err != nil {
		t.Fatal(err)
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "chief", "/t/reg/admin")
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate(site.url+"/t/reg/admin/settings")); err != nil {
			t.Fatal(err)
		}
		waitPage(t, tab, "the settings page", `!!document.querySelector("#elo-country")`)
		if got := run(t, tab, textOf("#elo-country")); got != "Left empty, the file names British Othello Federation. Country named in the file: Great-Britain." {
			t.Errorf("at %d px the hint reads %q", width, got)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-settings-elo-%d", width))
	}
	if err := chromedp.Do(tab, chromedp.SendKeys(chromedp.CSS(`input[name="elo_sender"]`), "Midlands Othello Club"),
		chromedp.Click(chromedp.CSS(`form.grid button[type="submit"]`)), chromedp.WaitVisible(chromedp.CSS("main"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the settings saved", `document.body.textContent.includes("Midlands Othello Club")`)
	tour, err := site.db.Tournament(ctx, "reg")
	if err != nil {
		t.Fatal(err)
	}
	if tour.Settings.ELOSender != "Midlands Othello Club" {
		t.Errorf("saved sender %q", tour.Settings.ELOSender)
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 900), chromedp.Navigate(site.url+"/t/reg/admin/settings")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the settings page", `!!document.querySelector("#elo-country")`)
	if got := run(t, tab, chromedp.Evaluate[string](`document.querySelector('input[name="elo_sender"]').value`)); got != "Midlands Othello Club" {
		t.Errorf("the field reads %q", got)
	}
	photograph(t, tab, dir, "console-settings-elo-saved-375")
}
