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

// brokenWordsIn is a script that returns the words of the names in the
// cells CELLS (a selector) that the layout splits over two lines ("" when none is). A line
// may end after a space or a hyphen ("Worthington-" / "Smythe"), never
// inside a word.
const brokenWordsIn = `(() => {
	const bad = [];
	for (const td of document.querySelectorAll(CELLS)) {
		const node = td.firstChild;
		if (!node) continue;
		let at = 0;
		for (const piece of node.textContent.split(/(?<=[ -])/)) {
			const w = piece.replace(/[ -]$/, "");
			const r = document.createRange();
			r.setStart(node, at);
			r.setEnd(node, at + w.length);
			const lines = new Set([...r.getClientRects()].map(x => Math.round(x.top)));
			if (lines.size > 1) bad.push(w);
			at += piece.length;
		}
	}
	return bad.join(", ");
})()`

// brokenWords checks the public members' names.
var brokenWords = strings.Replace(brokenWordsIn, "CELLS", `"table.members td.name"`, 1)

// brokenActors checks the users' names in the console's log of the
// records ("chi/ef" at 375 px before).
var brokenActors = strings.Replace(brokenWordsIn, "CELLS", `"table.log td.who"`, 1)

// TestBrowserMembersPhone (issue 26, point 9): on a 375 px phone the
// public /members keeps every name whole (no word broken mid-way, no
// sideways scrolling), and shows no payment detail: a subscription's
// paid-until date stays in the console. Photographed as
// members-phone-375.png and members-phone-1280.png.
func TestBrowserMembersPhone(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	today := time.Now().Format(time.DateOnly)
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "york", Name: "York Regional", Date: today, Rules: "bof-regional", Rounds: 5}); err != nil {
		t.Fatal(err)
	}
	names := []string{"Christopher Featherstonehaugh", "Maximilian Worthington-Smythe", "Imre Leader", "Alexandra Vandenberghe"}
	for _, n := range names {
		if _, err := director.AddPlayer(ctx, site.db, "york", outflank.Player{Name: n, Country: "GBR"}, "", false); err != nil {
			t.Fatal(err)
		}
		if err := site.db.AddMember(ctx, &outflank.Member{Name: n, Country: "GBR"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := director.AddPlayer(ctx, site.db, "york", outflank.Player{Name: "Newcomer Person", Country: "GBR"}, "", false); err != nil {
		t.Fatal(err)
	}
	if err := site.db.AddMember(ctx, &outflank.Member{Name: "Bartholomew Subscriber", Country: "GBR", PaidUntil: "2099-12-31", Unwaged: true}); err != nil {
		t.Fatal(err)
	}
	dir := screenshots(t)
	tab := newTab(t, browser)
	for _, width := range []int64{375, 1280} {
		run(t, tab, chromedp.EmulateViewport(width, 812))
		run(t, tab, chromedp.Navigate(site.url+"/members"))
		waitPage(t, tab, "the public members", `!!document.querySelector("table.members")`)
		body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
		for _, n := range append(names, "Bartholomew Subscriber", "member by subscription") {
			if !strings.Contains(body, n) {
				t.Errorf("%d px: /members lacks %q", width, n)
			}
		}
		if strings.Contains(body, "2099-12-31") || strings.Contains(body, "paid until") || strings.Contains(body, "unwaged") {
			t.Errorf("%d px: /members shows a payment detail:\n%s", width, body)
		}
		if bad := run(t, tab, chromedp.Evaluate[string](brokenWords)); bad != "" {
			t.Errorf("%d px: names broken mid-word: %s", width, bad)
		}
		if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
			t.Errorf("%d px: /members scrolls sideways", width)
		}
		shoot(t, tab, dir, "members-phone-"+map[int64]string{375: "375", 1280: "1280"}[width])
	}
	// The console offers a record to the tournament's newcomer, and adds
	// it on confirmation.
	run(t, tab, chromedp.EmulateViewport(375, 812))
	login(t, tab, site, "chief", "/admin/members?enrol=york")
	waitPage(t, tab, "the offer", `!!document.querySelector("ul.enrol")`)
	if body := run(t, tab, chromedp.Evaluate[string](`document.querySelector("main").innerText`)); !strings.Contains(body, "1 player of York Regional has no member record") || !strings.Contains(body, "Newcomer Person") {
		t.Errorf("the offer:\n%s", body)
	}
	if wide := run(t, tab, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`)); wide {
		t.Errorf("the console's members scroll sideways at 375 px")
	}
	if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll("table.log td.who").length`)); n == 0 {
		t.Errorf("the console's log of the records names nobody")
	}
	if bad := run(t, tab, chromedp.Evaluate[string](brokenActors)); bad != "" {
		t.Errorf("375 px: users' names broken mid-word in the log: %s", bad)
	}
	shoot(t, tab, dir, "console-members-enrol-375")
	run(t, tab, chromedp.EmulateViewport(1280, 900))
	shoot(t, tab, dir, "console-members-enrol-1280")
	run(t, tab, chromedp.Click(`form[action="/admin/members/enrol"] button`))
	waitPage(t, tab, "the record added", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Added 1 member record for the players of York Regional.") === 0`)
}
