package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// TestBrowserTeam: the order of offers of places in the UK team, in the
// console (reasons in full) and on the public site (residency hidden), in
// Chromium at 1280 and 390 px (team-*.png, console-team-*.png); no page is
// wider than a phone, and a name is escaped.
func TestBrowserTeam(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	tour, err := simulate.Event(simulate.Options{Rules: rules.BOFNational, Players: 10, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug, tour.Name = "nat", "British National 2027"
	for i := range tour.Players {
		p := &tour.Players[i]
		p.WOFID, p.Country, p.Gender, p.Born = 100+p.ID, "GBR", "m", "1980-01-01"
		switch p.ID {
		case 9:
			p.Name = "<script>alert(1)</script>"
		case 8, 10:
			p.Gender = "f"
		case 1:
			p.Born = "2015-01-01"
		}
		since := "2020-01-01"
		if p.ID == 2 {
			since = "2027-03-01"
		}
		if p.ID != 4 {
			if err := site.db.AddMember(ctx, &outflank.Member{WOFID: p.WOFID, Name: p.Name, Country: p.Country, ResidentSince: since}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := site.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	dir := screenshots(t)
	tab := newTab(t, browser)
	run(t, tab, chromedp.EmulateViewport(1280, 900))
	query := "?size=3&world_final=2027-08-01&declined=103"
	login(t, tab, site, "chief", "/t/nat/admin/team")
	run(t, tab, chromedp.Navigate(site.url+"/t/nat/admin/team"+query))
	waitPage(t, tab, "the console's team", `!!document.querySelector("ol.team-offers")`)
	body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"<script>alert(1)</script>", "National Champion", "resident in the UK since 2027-03-01", "Play-offs required", "equal on 4 points"} {
		if !strings.Contains(body, want) {
			t.Errorf("the console's team lacks %q:\n%s", want, body)
		}
	}
	shoot(t, tab, dir, "console-team-1280")
	run(t, tab, chromedp.EmulateViewport(390, 844))
	if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
		t.Errorf("the console's team is wider than a phone's screen")
	}
	shoot(t, tab, dir, "console-team-390")
	for _, width := range []int64{1280, 390} {
		run(t, tab, chromedp.EmulateViewport(width, 844))
		run(t, tab, chromedp.Navigate(site.url+"/t/nat/team"+query))
		waitPage(t, tab, "the public team", `!!document.querySelector("ol.team-offers")`)
		body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
		if !strings.Contains(body, "<script>alert(1)</script>") || !strings.Contains(body, "not eligible to represent the UK") || strings.Contains(body, "2027-03-01") {
			t.Errorf("the public team:\n%s", body)
		}
		if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("script:not([src])").length`)); n != 0 {
			t.Errorf("%d inline scripts: the name was not escaped", n)
		}
		if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
			t.Errorf("/t/nat/team at %d px is wider than the screen", width)
		}
		shoot(t, tab, dir, "team-"+map[int64]string{1280: "1280", 390: "390"}[width])
	}
}
