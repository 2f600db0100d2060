package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/director"
)

// TestBrowserMembers: an administrator adds a member record from the
// console's form in Chromium, sees it listed with its membership and why,
// and the public /members shows the members' names, countries and reasons
// only, the name escaped. The pages are photographed at 390 and 1280 px
// (members-*.png, console-members-*.png).
func TestBrowserMembers(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	today := time.Now().Format(time.DateOnly)
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "york", Name: "York Regional", Date: today, Rules: "bof-regional", Rounds: 5}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "Imre Leader", Country: "GBR"}, {Name: "David Shaman", Country: "GBR"}, {Name: "Guy Beresford", Country: "GBR"}} {
		if _, err := director.AddPlayer(ctx, site.db, "york", p, "", false); err != nil {
			t.Fatal(err)
		}
	}
	for _, m := range []outflank.Member{
		{Name: "Imre Leader", Country: "GBR", Citizenship: "GBR", ResidentSince: "1990-01-01"},
		{Name: "David Shaman", Country: "GBR", Citizenship: "GBR", Family: "shaman"},
		{Name: "Guy Beresford", Country: "GBR", Unwaged: true},
		{Name: "Long Ago", Country: "GBR"},
	} {
		if err := site.db.AddMember(ctx, &m); err != nil {
			t.Fatal(err)
		}
	}
	dir := screenshots(t)
	tab := newTab(t, browser)
	run(t, tab, chromedp.EmulateViewport(1280, 900))
	login(t, tab, site, "chief", "/admin/members")
	waitPage(t, tab, "the members' page", `location.pathname === "/admin/members" && !!document.querySelector("table.members")`)
	run(t, tab, chromedp.SendKeys(`form.grid input[name="name"]`, "<script>alert(1)</script>"))
	run(t, tab, chromedp.SendKeys(`form.grid input[name="country"]`, "NLD"))
	run(t, tab, chromedp.SetValue(`form.grid input[name="paid_until"]`, "2099-12-31"))
	run(t, tab, chromedp.Click(`form.grid button[type="submit"]`))
	waitPage(t, tab, "the record added", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Added member #5") === 0`)
	body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"<script>alert(1)</script>", "subscription paid until 2099-12-31", "enrolled at York Regional on " + today, "not a member: no BOF-rated tournament played"} {
		if !strings.Contains(body, want) {
			t.Errorf("the console's members lack %q:\n%s", want, body)
		}
	}
	shoot(t, tab, dir, "console-members-1280")
	run(t, tab, chromedp.EmulateViewport(390, 844))
	shoot(t, tab, dir, "console-members-390")

	for _, width := range []int64{1280, 390} {
		run(t, tab, chromedp.EmulateViewport(width, 844))
		run(t, tab, chromedp.Navigate(site.url+"/members"))
		waitPage(t, tab, "the public members", `!!document.querySelector("table.members")`)
		body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
		if !strings.Contains(body, "<script>alert(1)</script>") || !strings.Contains(body, "Imre Leader") || strings.Contains(body, "Long Ago") || strings.Contains(body, "shaman") || strings.Contains(body, "1990-01-01") {
			t.Errorf("the public members:\n%s", body)
		}
		if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("script:not([src])").length`)); n != 0 {
			t.Errorf("%d inline scripts: the name was not escaped", n)
		}
		if width == 390 {
			if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
				t.Errorf("/members is wider than a phone's screen")
			}
		}
		shoot(t, tab, dir, "members-"+map[int64]string{1280: "1280", 390: "390"}[width])
	}
}
