package web_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/auth"
	"outflank/director"
)

// TestBrowserThirdDay is issue 24's third day of a WOC, from the console
// in Chromium: the 9:30 slot paired with the colour-choice form, which
// preselects nothing and shows the colours each choice gives (a draw-win,
// the opponent taking black), and the paired colours are those shown;
// semi-final 1's game 2 entered wrongly, game 3 paired at 12:10 with the
// young players' final and third place, then game 2 corrected at the
// keyboard: the page says game 3 is not needed, the withdrawal asks first
// (Enter keeps it), and withdraws that game alone, every other game
// keeping its table. The judge's board names the match; a player's
// withdrawal asks first too. At 14:10 the console pairs the final; while
// it is in play the public order of finish puts its players 1–2 and third
// place 3–4 until it is decided. Each page is photographed at 375 and 1280 px
// (knockout-*.png), none scrolling sideways.
func TestBrowserThirdDay(t *testing.T) {
	browser := newBrowserFor(t, 3*time.Minute)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, err := site.db.Create(ctx, wocAfterRoundRobin(t), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	if err := site.db.Grant(ctx, "alice", outflank.Grant{Tournament: "woc", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	woc := func() *outflank.Tournament {
		t.Helper()
		tour, err := site.db.Tournament(ctx, "woc")
		if err != nil {
			t.Fatal(err)
		}
		return tour
	}
	games := func(from, to int) string {
		var parts []string
		for _, r := range woc().Rounds[from-1 : to] {
			for _, g := range r.Games {
				parts = append(parts, fmt.Sprintf("%d/%d:%d-%d", r.Number, g.Table, g.Black, g.White))
			}
		}
		return strings.Join(parts, " ")
	}
	tab := newProfile(t, browser)
	// both photographs the page at 375 and 1280 px, as name-375 and
	// name-1280, and leaves the tab at 1280.
	both := func(name string) {
		t.Helper()
		for _, width := range []int64{375, 1280} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800)); err != nil {
				t.Fatal(err)
			}
			waitPage(t, tab, "the page laid out", fmt.Sprintf(`document.readyState === "complete" && window.innerWidth === %d`, width))
			photograph(t, tab, dir, fmt.Sprintf("%s-%d", name, width))
		}
	}
	click := func(selector string) {
		t.Helper()
		if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(selector))); err != nil {
			t.Fatalf("click %s: %v", selector, err)
		}
	}
	login(t, tab, site, "alice", "/t/woc/admin/pair")
	waitPage(t, tab, "the proposal", `!!document.getElementById("publish-form") && !!document.getElementById("show-colours")`)

	// 9:30: nothing chosen for anyone, so nothing to publish yet.
	if n := run(t, tab, chromedp.Evaluate[int](`document.querySelectorAll('#publish-form input[type=radio]:checked').length`)); n != 0 {
		t.Errorf("%d choices preselected", n)
	}
	if !run(t, tab, chromedp.Evaluate[bool](`document.getElementById("publish").disabled`)) {
		t.Error("publishing does not wait for the choices")
	}
	both("knockout-pair-choices")
	click(`input[name="c1"][value="black"]`)
	waitPage(t, tab, "the choice marked as not shown yet", `document.getElementById("choices-status").textContent.indexOf("show their colours") >= 0`)
	for _, c := range []string{`input[name="c2"][value="black"]`, `input[name="c9"][value="draw-win"]`, `input[name="c12"][value="black"]`, `input[name="c10"][value="white"]`} {
		click(c)
	}
	click("#show-colours")
	waitPage(t, tab, "the colours of the choices", `location.search.indexOf("choice=") >= 0 && !!document.getElementById("publish") && !document.getElementById("publish").disabled`)
	shown := run(t, tab, textOf("#paired-9"))
	if !strings.Contains(shown, "Proposed now: Player 12 black, Player 09 white.") {
		t.Errorf("young semi-final 1, after #9's draw-win and #12 taking black: %q", shown)
	}
	if row := run(t, tab, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("table.pairs tbody tr")).map(function (tr) { return tr.textContent.replace(/\s+/g, " ").trim(); }).join(" | ")`)); !strings.Contains(row, "3 Young semi-final 1, game 1: Player 12") {
		t.Errorf("the proposal's table: %s", row)
	}
	both("knockout-pair-chosen")
	click("#publish")
	waitPage(t, tab, "published", `location.pathname === "/t/woc/admin/results"`)
	if got := games(12, 13); got != "12/1:1-4 12/2:2-3 13/3:12-9 13/4:11-10" {
		t.Fatalf("the paired colours are not those shown: %s", got)
	}

	// 10:50 with semi-final 1's game 2 entered wrongly, then 12:10, as
	// the chief director enters them.
	result := func(round, table int, score string) {
		t.Helper()
		req, _ := director.ResultFields{Round: round, Table: table, Score: score, Replace: true}.Request()
		if _, err := director.EnterResult(ctx, site.db, "woc", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	pair := func(choices ...string) {
		t.Helper()
		if _, err := director.Pair(ctx, site.db, "woc", director.PairRequest{Choices: choices}); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range [][3]any{{12, 1, "40-24"}, {12, 2, "40-24"}, {13, 3, "24-40"}, {13, 4, "24-40"}} {
		result(r[0].(int), r[1].(int), r[2].(string))
	}
	pair("5=black", "6=black")
	for _, r := range [][3]any{{14, 1, "40-24"}, {14, 2, "24-40"}, {15, 3, "40-24"}, {15, 4, "40-24"}} {
		result(r[0].(int), r[1].(int), r[2].(string)) // 14/1 wrongly: #4 won it
	}
	pair("1=black", "9=black", "11=black")
	before := games(16, 18)
	if before != "16/1:1-4 17/2:9-10 18/3:11-12" {
		t.Fatalf("12:10: %s", before)
	}

	// The correction, at the keyboard.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/admin/results?round=14")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the score's focus", focused+` === "entry-score"`)
	typeKeys(t, tab, kb.Escape)
	waitPage(t, tab, "the table's focus", focused+` === "entry-table"`)
	typeKeys(t, tab, "1"+kb.Enter)
	waitPage(t, tab, "table 1 offered", `document.getElementById("entry-game").textContent.indexOf("has 40-24") >= 0`)
	typeKeys(t, tab, "24-40"+kb.Enter)
	waitPage(t, tab, "told that game 3 is not needed", `!!document.querySelector("section.needless") && document.getElementById("messages").textContent.indexOf("is not needed") >= 0`)
	if what := run(t, tab, textOf("section.needless")); !strings.Contains(what, "Semi-final 1, game 3 (round 16 table 1, #1 Player 01 v #4 Player 04) is not needed") {
		t.Errorf("the box says %q", what)
	}
	both("knockout-results-needless")
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/knockout")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the public knockout page", `!!document.getElementById("semi-final-1") && document.getElementById("semi-final-1").textContent.indexOf("not played") >= 0`)
	if sf := run(t, tab, textOf("#semi-final-1")); strings.Contains(strings.ToLower(sf), "in play") || !strings.Contains(sf, "Won by Player 01") {
		t.Errorf("the public semi-final 1: %s", sf)
	}
	both("knockout-public-needless")

	// The withdrawal asks; a second Enter keeps the game.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/admin/results?round=16")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the needless box", `!!document.querySelector("section.needless a")`)
	click("section.needless a")
	waitPage(t, tab, "the question, the focus on keeping", `location.pathname === "/t/woc/admin/games/16/1/withdraw" && document.activeElement.id === "confirm-keep"`)
	both("knockout-withdraw-game")
	if err := chromedp.Do(tab, chromedp.Focus(chromedp.CSS("#confirm-keep"))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "back, nothing withdrawn", `location.pathname === "/t/woc/admin/results" && !!document.querySelector('#rows tr[data-table="1"]')`)
	if got := games(16, 18); got != before {
		t.Fatalf("Enter on the question withdrew: %s", got)
	}
	click("section.needless a")
	waitPage(t, tab, "the question", `document.activeElement.id === "confirm-keep"`)
	click("#confirm-do")
	waitPage(t, tab, "withdrawn", `location.pathname === "/t/woc/admin/results" && document.getElementById("messages").textContent.indexOf("withdrew round 16 table 1") >= 0`)
	if got := games(16, 18); got != "17/2:9-10 18/3:11-12" {
		t.Errorf("after the withdrawal: %s; the young players' games must keep their tables", got)
	}
	both("knockout-results-withdrawn")

	// The judge's board names the match.
	secret, _, err := auth.New(site.db).AddJudgeLink(ctx, "woc", 0, 0, "Jo", "chief")
	if err != nil {
		t.Fatal(err)
	}
	judge := newProfile(t, browser)
	if err := chromedp.Do(judge, chromedp.EmulateViewport(375, 740), chromedp.Navigate(site.url+"/j/"+secret), chromedp.WaitVisible(chromedp.CSS("ul.judge-tables"))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(judge, chromedp.Navigate(site.url+"/t/woc/judge?round=17"), chromedp.WaitVisible(chromedp.CSS("ul.judge-tables"))); err != nil {
		t.Fatal(err)
	}
	if picker := run(t, judge, textOf("ul.judge-tables")); !strings.Contains(picker, "Young final, game 1") {
		t.Errorf("the table picker: %s", picker)
	}
	photograph(t, judge, dir, "knockout-judge-tables-375")
	if err := chromedp.Do(judge, chromedp.Navigate(site.url+"/t/woc/judge/17/2"), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	if h := run(t, judge, textOf("h1")); !strings.HasPrefix(h, "Young final, game 1") || !strings.Contains(h, "round 17, table 2") {
		t.Errorf("the judge's board is headed %q", h)
	}
	photograph(t, judge, dir, "knockout-judge-board-375")
	if err := chromedp.Do(judge, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	photograph(t, judge, dir, "knockout-judge-board-1280")

	// The public viewer and the projector name the match too.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/games/17/2"), chromedp.WaitVisible(chromedp.CSS("h1"))); err != nil {
		t.Fatal(err)
	}
	if h := run(t, tab, textOf("h1")); !strings.HasPrefix(h, "Young final, game 1") {
		t.Errorf("the viewer is headed %q", h)
	}
	both("knockout-game")
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/projector"), chromedp.WaitVisible(chromedp.CSS(".projector"))); err != nil {
		t.Fatal(err)
	}
	if p := run(t, tab, textOf(".projector")); !strings.Contains(p, "Young third place, game 1") {
		t.Errorf("the projector: %s", p)
	}
	both("knockout-projector")

	// A player's withdrawal asks first too; Enter keeps him.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/admin/players")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the players", `!!document.querySelector('form[action="/t/woc/admin/players/12/withdraw"] button')`)
	click(`form[action="/t/woc/admin/players/12/withdraw"] button`)
	waitPage(t, tab, "the question", `document.activeElement.id === "confirm-keep" && document.querySelector("h1").textContent.indexOf("Withdraw Player 12?") === 0`)
	both("knockout-withdraw-player")
	if err := chromedp.Do(tab, chromedp.Focus(chromedp.CSS("#confirm-keep"))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "back to the players", `location.pathname === "/t/woc/admin/players"`)
	if p, _ := woc().Player(12); p.WithdrawnAfterRound != nil {
		t.Error("Enter on the question withdrew the player")
	}

	// 14:10: the young players' games over, the console pairs the final,
	// third place and the women's third place. While the final is in play
	// the public order of finish puts its two players 1–2, never a guess,
	// and third place 3–4 until it is decided, then 3 and 4 (WOC III.3.3).
	result(17, 2, "40-24")
	result(18, 3, "40-24")
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/admin/pair")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the 14:10 proposal", `!!document.getElementById("show-colours") && document.getElementById("publish").disabled`)
	for _, c := range []string{`input[name="c1"][value="black"]`, `input[name="c3"][value="black"]`, `input[name="c7"][value="black"]`} {
		click(c)
	}
	click("#show-colours")
	waitPage(t, tab, "the colours of the choices", `location.search.indexOf("choice=") >= 0 && !!document.getElementById("publish") && !document.getElementById("publish").disabled`)
	click("#publish")
	waitPage(t, tab, "published", `location.pathname === "/t/woc/admin/results"`)
	if got := games(19, 21); got != "19/1:1-2 20/2:3-4 21/3:7-8" {
		t.Fatalf("14:10: %s", got)
	}
	// finish reads the public order of finish until it shows want: the
	// results are entered here straight into the database, which the
	// site sees at its next poll of the feed (100 ms on SQLite).
	finish := func(want map[int]string) {
		t.Helper()
		var problems []string
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(150 * time.Millisecond) {
			if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/woc/standings?list=finish"), chromedp.WaitVisible(chromedp.CSS("table.places"))); err != nil {
				t.Fatal(err)
			}
			rows := run(t, tab, chromedp.Evaluate[[][3]string](`Array.from(document.querySelector("table.places").querySelectorAll("tbody tr")).map(function (tr) {
			return [tr.dataset.player, tr.querySelector("td").textContent.trim(), String(tr.classList.contains("undecided"))]; })`))
			got := map[int]string{}
			problems = nil
			for i, r := range rows {
				id, _ := strconv.Atoi(r[0])
				place := r[1]
				if r[2] == "true" {
					place += " undecided"
				}
				got[id] = place
				if _, ok := want[id]; !ok && i < len(want) {
					problems = append(problems, fmt.Sprintf("the order of finish's row %d is #%d, %q: not a semi-finalist", i+1, id, r[1]))
				}
			}
			for id, w := range want {
				if got[id] != w {
					problems = append(problems, fmt.Sprintf("the order of finish puts #%d at %q, want %q", id, got[id], w))
				}
			}
			if len(problems) == 0 || time.Now().After(deadline) {
				break
			}
		}
		for _, p := range problems {
			t.Error(p)
		}
	}
	finish(map[int]string{1: "1–2 undecided", 2: "1–2 undecided", 3: "3–4 undecided", 4: "3–4 undecided"})
	both("knockout-finish-final-on")
	result(20, 2, "40-24")
	finish(map[int]string{1: "1–2 undecided", 2: "1–2 undecided", 3: "3", 4: "4"})
	both("knockout-finish-third-decided")
}
