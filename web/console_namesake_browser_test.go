package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// TestBrowserConsoleNamesakes: with the real joueurs.txt, "marconi" and
// Enter register nobody (four MARCONI match it equally well; PAPP's order
// once gave Paola, ARG, unrated, for Flavio, ITA, 1050), and the status
// line says to choose; ↓ ↓ Enter registers the one chosen. "puzzo" and
// Enter register nobody either (three PUZZO); "puzzo giu" and Enter
// register Giulio, the one player the words can mean. The
// players page and a WOC's (its players without gender or birth date, an
// additional player who makes the field odd) are photographed at 375 and
// 1280 px, and do not scroll sideways.
func TestBrowserConsoleNamesakes(t *testing.T) {
	browser := newBrowserFor(t, 120*time.Second)
	site := newConsoleSite(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	login(t, tab, site, "alice", "/t/open/admin/players")
	suggested := func(query string, n int) {
		t.Helper()
		waitPage(t, tab, "the suggestions for "+query, fmt.Sprintf(`!document.getElementById("suggestions").hidden && document.querySelectorAll("#suggestions li[role=option]").length >= %d`, n))
	}

	waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
	typeKeys(t, tab, "marconi")
	suggested("marconi", 4)
	waitPage(t, tab, "the namesakes announced", `document.getElementById("search-status").textContent.indexOf("match “marconi” equally well") > 0`)
	if sel := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll('#suggestions li[aria-selected="true"]').length`)); sel != 0 {
		t.Errorf("a namesake is chosen before the director chooses: %d selected", sel)
	}
	shoot(t, tab, dir, "console-players-namesakes-1280")
	typeKeys(t, tab, kb.Enter)
	// Enter registers nobody: the page stays, and says to choose.
	time.Sleep(500 * time.Millisecond)
	waitPage(t, tab, "the page after Enter", `location.pathname === "/t/open/admin/players" && document.getElementById("search-status").textContent.indexOf("choose one with ↓ and ↑") > 0`)
	if n := len(site.tournament(t).Players); n != 0 {
		t.Fatalf("Enter on namesakes registered %d players", n)
	}
	names := run(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#suggestions li[role=option] span:first-child")).map(function (s) { return s.textContent })`))
	if len(names) < 4 || names[0] != "MARCONI, Francesco" || names[1] != "MARCONI, Flavio" {
		t.Fatalf("the namesakes offered: %v", names)
	}
	// The director chooses Flavio, the second, and Enter registers him.
	typeKeys(t, tab, kb.ArrowDown+kb.ArrowDown)
	waitPage(t, tab, "Flavio chosen", `document.querySelector('#suggestions li[aria-selected="true"]').textContent.indexOf("MARCONI, Flavio") === 0 && document.getElementById("wof-search").getAttribute("aria-activedescendant") === "suggestion-1"`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "Flavio's registration", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Registered #1 MARCONI, Flavio") >= 0`)

	// "puzzo" alone: three PUZZO match it equally well (Claudia, the
	// first in the file, was once registered for Giulio): Enter registers
	// nobody either.
	waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
	typeKeys(t, tab, "puzzo")
	suggested("puzzo", 3)
	waitPage(t, tab, "the namesakes announced", `document.getElementById("search-status").textContent.indexOf("match “puzzo” equally well") > 0`)
	typeKeys(t, tab, kb.Enter)
	time.Sleep(500 * time.Millisecond)
	waitPage(t, tab, "the page after Enter", `location.pathname === "/t/open/admin/players" && document.getElementById("search-status").textContent.indexOf("choose one with ↓ and ↑") > 0`)
	if n := len(site.tournament(t).Players); n != 1 {
		t.Fatalf("Enter on the PUZZO namesakes registered someone: %d players", n)
	}
	// One more word: one player stands out, and Enter registers him at
	// once.
	run(t, tab, chromedp.Evaluate[chromedp.Void](`document.getElementById("wof-search").value = ""`))
	typeKeys(t, tab, "puzzo giu")
	suggested("puzzo giu", 1)
	waitPage(t, tab, "Giulio chosen", `document.querySelector('#suggestions li[aria-selected="true"]').textContent.indexOf("PUZZO, Giulio") === 0`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "Giulio's registration", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Registered #2 PUZZO, Giulio") >= 0`)
	tour := site.tournament(t)
	if len(tour.Players) != 2 || tour.Players[0].WOFID != 3066 || tour.Players[0].Rating != 1050 || tour.Players[1].WOFID != 40125 {
		t.Fatalf("registered %+v", tour.Players)
	}

	// A name nobody has: Enter lists nobody, and the form by hand has it.
	// (The page is new after the registration: the keys wait for the
	// search box's focus, else the first ones are lost.)
	waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
	typeKeys(t, tab, "Zyxw Qvuts")
	waitPage(t, tab, "nobody found", `!!document.querySelector("#suggestions li.none")`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the form by hand, with the name", `location.search.indexOf("q=Zyxw") >= 0 && document.getElementById("by-hand").open && document.getElementById("hand-name").value === "Zyxw Qvuts"`)

	// A WOC's players page: who lacks a gender or a birth date, and an
	// additional player who makes the field odd.
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "woc", Name: "WOC 2026", Date: "2026-11-05", Rules: rules.WOC}); err != nil {
		t.Fatal(err)
	}
	if err := site.db.Grant(ctx, "alice", outflank.Grant{Tournament: "woc", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "MARCONI, Flavio", Country: "ITA", WOFID: 3066, Rating: 1050}, {Name: "PUZZO, Giulio", Country: "ITA", WOFID: 40125, Rating: 872},
		{Name: "TAMENORI, Hideshi", Country: "JPN", Gender: "m", Born: "1970-01-01", Rating: 2345}, {Name: "HOST, Extra", Country: "ITA", Gender: "m", Born: "1990-01-01", Additional: true}, {Name: "ROSE, Erica", Country: "USA", Gender: "f"}} {
		if _, err := director.AddPlayer(ctx, site.db, "woc", p, "", false); err != nil {
			t.Fatal(err)
		}
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		for _, page := range []struct{ path, name string }{{"/t/open/admin/players", "console-players-registered"}, {"/t/open/admin/players?q=Zyxw+Qvuts", "console-players-byhand"}, {"/t/woc/admin/players", "console-players-woc"}, {"/t/woc/admin/players/4", "console-player-woc"}} {
			if err := chromedp.Do(tab, chromedp.Navigate(site.url+page.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatal(err)
			}
			widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
			if widths[0] > widths[1] {
				t.Errorf("%s at %d px scrolls sideways: %d px wide in %d", page.path, width, widths[0], widths[1])
			}
			shoot(t, tab, dir, fmt.Sprintf("%s-%d", page.name, width))
		}
	}
	body := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	if !strings.Contains(body, "The additional player") || !strings.Contains(body, "#4 HOST, Extra is the additional player, and with them the field is odd") {
		t.Errorf("the player's page lacks the additional player's box or what it does to the field:\n%s", body)
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/admin/players"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
		t.Fatal(err)
	}
	body = run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"Gender or birth date missing", "#1 MARCONI, Flavio", "#5 ROSE, Erica", "#4 HOST, Extra is the additional player, and with them the field is odd (5 players)"} {
		if !strings.Contains(body, want) {
			t.Errorf("the WOC's players page lacks %q", want)
		}
	}
	// The namesakes at 375 px.
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 900), chromedp.Navigate(site.url+"/t/open/admin/players"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
	typeKeys(t, tab, "marconi")
	suggested("marconi", 4)
	waitPage(t, tab, "the namesakes announced", `document.getElementById("search-status").textContent.indexOf("equally well") > 0`)
	shoot(t, tab, dir, "console-players-namesakes-375")
}
