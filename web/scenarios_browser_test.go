package web_test

// Issue 24's director's scenarios, played in Chromium as a director does
// them from the console, and read as the public reads them: an event moved
// from another program as a Swiss, a Swiss with late arrivals, a withdrawal
// and an absence, and the Oadby Regional imported from its .ELO file. (The
// round robin moved from another program is TestBrowserMovedRoundRobin,
// the namesakes TestBrowserConsoleNamesakes, the WOC's third day
// TestBrowserThirdDay.)

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// listed is a player's line on a public page: his points and discs as the
// page prints them, and, in the crosstable, his cells.
type listed struct {
	Points, Discs string
	Cells         []string
}

// publicStandings reads the public standings of slug in tab, the list
// query names ("" for the page's own choice, "?list=ifrl" for the
// individual list): each player's points and discs, and the players in
// the order shown.
func publicStandings(t *testing.T, tab context.Context, site, slug, query string) (map[int]listed, []int) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(site+"/t/"+slug+"/standings"+query), chromedp.WaitVisible(chromedp.CSS("table.standings"))); err != nil {
		t.Fatal(err)
	}
	rows := run(t, tab, chromedp.Evaluate[[][3]string](`Array.from(document.querySelectorAll("table.standings tbody tr")).map(function (tr) {
		var c = tr.querySelectorAll("td"); return [tr.dataset.player, c[2].textContent.trim(), c[4].textContent.trim()] })`))
	out, order := map[int]listed{}, []int(nil)
	for _, r := range rows {
		id, err := strconv.Atoi(r[0])
		if err != nil {
			t.Fatalf("a standings row of player %q", r[0])
		}
		out[id] = listed{Points: r[1], Discs: r[2]}
		order = append(order, id)
	}
	return out, order
}

// publicCrosstable reads the public crosstable of slug in tab: each
// player's cells, points and discs.
func publicCrosstable(t *testing.T, tab context.Context, site, slug string) map[int]listed {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(site+"/t/"+slug+"/crosstable"), chromedp.WaitVisible(chromedp.CSS("table.cross"))); err != nil {
		t.Fatal(err)
	}
	rows := run(t, tab, chromedp.Evaluate[[][]string](`Array.from(document.querySelectorAll("table.cross tbody tr")).map(function (tr) {
		var c = Array.from(tr.querySelectorAll("td")).map(function (td) { return td.textContent.replace(/\s+/g, " ").trim(); });
		return [tr.id.slice(1), c[c.length - 3], c[c.length - 1]].concat(c.slice(2, c.length - 3)); })`))
	out := map[int]listed{}
	for _, r := range rows {
		id, err := strconv.Atoi(r[0])
		if err != nil {
			t.Fatalf("a crosstable row of player %q", r[0])
		}
		out[id] = listed{Points: r[1], Discs: r[2], Cells: r[3:]}
	}
	return out
}

// agree checks that the standings and the crosstable print the same
// points and discs for every player, and that both are want's.
func agree(t *testing.T, standings, cross, want map[int]listed) {
	t.Helper()
	if len(standings) != len(want) || len(cross) != len(want) {
		t.Errorf("%d players in the standings, %d in the crosstable, want %d", len(standings), len(cross), len(want))
	}
	for id, w := range want {
		s, c := standings[id], cross[id]
		if s.Points != w.Points || s.Discs != w.Discs || c.Points != w.Points || c.Discs != w.Discs {
			t.Errorf("player %d: the standings say %s points and %s discs, the crosstable %s and %s; the results give %s and %s",
				id, s.Points, s.Discs, c.Points, c.Discs, w.Points, w.Discs)
		}
	}
}

// totals adds up each player's points and discs from the games of tour as
// stored, as the rulebook counts them: a win 1, a draw ½; a bye and a game
// not played (an absence) are scored byeDiscs and absentDiscs (BOF general
// rules 7 and 11: 44 and 20). It is the figure every view must print.
func totals(tour *outflank.Tournament, byeDiscs, absentDiscs int) map[int]listed {
	points, discs := map[int]float64{}, map[int]int{}
	for _, p := range tour.Players {
		points[p.ID], discs[p.ID] = 0, 0
		discs[p.ID] += absentDiscs * len(p.AbsentRounds)
	}
	for _, r := range tour.Rounds {
		for _, g := range r.Games {
			res := g.Result
			if res == nil {
				continue
			}
			discs[g.Black] += res.BlackDiscs
			discs[g.White] += res.WhiteDiscs
			switch {
			case res.BlackDiscs > res.WhiteDiscs:
				points[g.Black]++
			case res.WhiteDiscs > res.BlackDiscs:
				points[g.White]++
			default:
				points[g.Black] += .5
				points[g.White] += .5
			}
		}
		for _, id := range r.Byes {
			points[id]++
			discs[id] += byeDiscs
		}
	}
	out := map[int]listed{}
	for id := range points {
		out[id] = listed{Points: strconv.FormatFloat(points[id], 'f', -1, 64), Discs: strconv.Itoa(discs[id])}
	}
	return out
}

// met is the set of pairs of players who have played each other in tour,
// the lower id first.
func met(tour *outflank.Tournament, rounds int) map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, r := range tour.Rounds[:rounds] {
		for _, g := range r.Games {
			out[[2]int{min(g.Black, g.White), max(g.Black, g.White)}] = true
		}
	}
	return out
}

// roundByHand enters the next round of slug as the director does with
// pairings made elsewhere: "Enter round N by hand" on the Pair page, the
// games typed one a line, the stage left to the event's format. It
// returns the message the console shows.
func roundByHand(t *testing.T, tab context.Context, site *consoleSite, slug string, round int, pairs string) string {
	t.Helper()
	link := fmt.Sprintf("Enter round %d by hand", round)
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/"+slug+"/admin/pair"), chromedp.WaitVisible(chromedp.CSS("section.controls"))); err != nil {
		t.Fatal(err)
	}
	if got := run(t, tab, textOf(`section.controls a[href$="/admin/round"]`)); got != link {
		t.Fatalf("the Pair page's link to a round by hand: %q, want %q", got, link)
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`section.controls a[href$="/admin/round"]`)), chromedp.WaitVisible(chromedp.CSS(`textarea[name="pairs"]`))); err != nil {
		t.Fatal(err)
	}
	if h := run(t, tab, textOf("h1")); h != link {
		t.Errorf("the form is headed %q", h)
	}
	if err := chromedp.Do(tab, chromedp.SendKeys(`textarea[name="pairs"]`, pairs), chromedp.Click(`form.grid button[type="submit"]`), chromedp.WaitVisible(chromedp.CSS(".flash"))); err != nil {
		t.Fatal(err)
	}
	return run(t, tab, textOf(".flash"))
}

// consoleResults enters the results of a round at the keyboard, on the
// console's results page: a score and Enter a table, the next table coming
// up by itself.
func consoleResults(t *testing.T, tab context.Context, site *consoleSite, slug string, round int, scores ...string) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(fmt.Sprintf("%s/t/%s/admin/results?round=%d", site.url, slug, round))); err != nil {
		t.Fatal(err)
	}
	for i, score := range scores {
		waitPage(t, tab, fmt.Sprintf("round %d table %d", round, i+1), fmt.Sprintf(`document.getElementById("entry-table").value === "%d" && document.activeElement.id === "entry-score"`, i+1))
		typeKeys(t, tab, score+kb.Enter)
	}
	all := fmt.Sprintf("All %d results are in", len(scores))
	if len(scores) == 1 {
		all = "The 1 result is in"
	}
	waitPage(t, tab, fmt.Sprintf("round %d's results", round), fmt.Sprintf(`!!document.querySelector("p.progress") && document.querySelector("p.progress").textContent.indexOf(%q) >= 0`, all))
}

// publishProposal opens the Pair page of slug, checks the proposal with
// check, and publishes it with Enter (the publish button has the focus).
func publishProposal(t *testing.T, tab context.Context, site *consoleSite, slug string, check func()) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/"+slug+"/admin/pair")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the proposal", focused+` === "publish"`)
	if check != nil {
		check()
	}
	run(t, tab, chromedp.Evaluate[chromedp.Void](`document.getElementById("publish").focus()`))
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "the round published", `location.pathname.indexOf("/admin/results") > 0`)
}

// proposed reads the games of the proposal on the Pair page as pairs of
// the ids of tour's players, from their names.
func proposed(t *testing.T, tab context.Context, tour *outflank.Tournament) [][2]int {
	t.Helper()
	names := run(t, tab, chromedp.Evaluate[[][2]string](`Array.from(document.querySelectorAll(".proposal tbody tr")).map(function (tr) {
		var c = tr.querySelectorAll("td"), name = function (td) { var n = td.cloneNode(true); n.querySelectorAll(".pts, .muted").forEach(function (s) { s.remove(); }); return n.textContent.trim(); };
		return [name(c[1]), name(c[2])]; })`))
	ids := map[string]int{}
	for _, p := range tour.Players {
		ids[p.Name] = p.ID
	}
	var out [][2]int
	for _, n := range names {
		g := [2]int{ids[n[0]], ids[n[1]]}
		if g[0] == 0 || g[1] == 0 {
			t.Fatalf("a proposed game of players not registered: %q", n)
		}
		out = append(out, g)
	}
	return out
}

// TestBrowserMovedSwiss is issue 24's event moved from another program
// after round 2, as a Swiss: an 8-player EGP event, its rounds 1 and 2
// typed on "Enter round N by hand" (the stage left to the event's format,
// a Swiss), their results entered at the keyboard. Round 1's draw leaves
// #1 and #5, who met in it, alone on 1½ after round 2: a pairing that did
// not know the rounds entered by hand would pair them again. The Pair page
// proposes round 3 with no rematch, it is published and played, and the
// public standings and crosstable print the points and discs the results
// give.
func TestBrowserMovedSwiss(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	site := newConsoleSite(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	for i := range 8 {
		if _, err := director.AddPlayer(ctx, site.db, "open", outflank.Player{Name: fmt.Sprintf("Player %02d", i+1), Rating: 2000 - 10*i}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "alice", "/t/open/admin")

	if got := roundByHand(t, tab, site, "open", 1, "1-5\n2-6\n3-7\n4-8"); !strings.Contains(got, "Saved: round 1 (swiss): 1-5, 2-6, 3-7, 4-8.") {
		t.Errorf("round 1 by hand: %q", got)
	}
	consoleResults(t, tab, site, "open", 1, "32-32", "40-24", "40-24", "40-24")
	if got := roundByHand(t, tab, site, "open", 2, "1-2\n5-3\n4-6\n7-8"); !strings.Contains(got, "Saved: round 2 (swiss): 1-2, 5-3, 4-6, 7-8.") {
		t.Errorf("round 2 by hand: %q", got)
	}
	consoleResults(t, tab, site, "open", 2, "40-24", "40-24", "40-24", "40-24")
	played := met(site.tournament(t), 2)
	if !played[[2]int{1, 5}] {
		t.Fatal("round 1 as stored lacks #1 v #5")
	}

	publishProposal(t, tab, site, "open", func() {
		if h := run(t, tab, textOf(".proposal h2")); !strings.Contains(h, "Round 3") || !strings.Contains(h, "Swiss") {
			t.Errorf("the proposal: %q", h)
		}
		games := proposed(t, tab, site.tournament(t))
		if len(games) != 4 {
			t.Fatalf("round 3 proposes %d games: %v", len(games), games)
		}
		for _, g := range games {
			if played[[2]int{min(g[0], g[1]), max(g[0], g[1])}] {
				t.Errorf("round 3 proposes #%d v #%d again", g[0], g[1])
			}
		}
	})
	tour := site.tournament(t)
	if len(tour.Rounds) != 3 || tour.Rounds[2].Stage != outflank.StageSwiss {
		t.Fatalf("after publishing: %d rounds", len(tour.Rounds))
	}
	for _, g := range tour.Rounds[2].Games {
		if played[[2]int{min(g.Black, g.White), max(g.Black, g.White)}] {
			t.Errorf("round 3 as published pairs #%d v #%d again", g.Black, g.White)
		}
	}
	consoleResults(t, tab, site, "open", 3, "35-29", "29-35", "33-31", "64-0")

	want := totals(site.tournament(t), 0, 0)
	standings, _ := publicStandings(t, tab, site.url, "open", "")
	cross := publicCrosstable(t, tab, site.url, "open")
	agree(t, standings, cross, want)
	if c := cross[1].Cells; len(c) != 3 || !strings.HasSuffix(c[0], "32-32") || !strings.HasSuffix(c[1], "40-24") {
		t.Errorf("#1's crosstable cells: %q", c)
	}
}

// TestBrowserLateFieldSwiss is issue 24's Swiss with two late arrivals, a
// withdrawal and an absence, all done from the console: a 6-round BOF
// regional of 8 players (a Swiss: too few rounds for a round robin, BOF
// general rule 8). After round 1, two players register (one from the WOF
// database, one by hand): the message says, in the console's words, to
// mark the rounds they missed on their page, and "Mark absent" does.
// #3 withdraws after round 1 (the console asks first), #5 misses round 2.
// Round 2's proposal and its printed wall pairings list #5 as absent,
// and pair neither #3 nor #5; round 3 gives a bye. The public standings
// and crosstable print each absence as a game not played, 20-44 (BOF
// general rule 11), a bye as 44 discs (rule 7), and the same points and
// discs, which are the results'.
func TestBrowserLateFieldSwiss(t *testing.T) {
	browser := newBrowserFor(t, 3*time.Minute)
	site := newConsoleSite(t)
	dir := screenshots(t)
	ctx := outflank.WithActor(context.Background(), "chief")
	if _, _, err := director.CreateTournament(ctx, site.db, director.NewTournament{Slug: "late", Name: "Leicester Regional", Date: "2026-03-13", Rules: rules.BOFRegional, Rounds: 6}); err != nil {
		t.Fatal(err)
	}
	if err := site.db.Grant(ctx, "alice", outflank.Grant{Tournament: "late", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if _, err := director.AddPlayer(ctx, site.db, "late", outflank.Player{Name: fmt.Sprintf("Player %02d", i+1), Country: "GBR", Rating: 1900 - 20*i}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	late := func() *outflank.Tournament {
		t.Helper()
		tour, err := site.db.Tournament(ctx, "late")
		if err != nil {
			t.Fatal(err)
		}
		return tour
	}
	tab := newProfile(t, browser)
	login(t, tab, site, "alice", "/t/late/admin")
	if got := run(t, tab, textOf("#system")); !strings.Contains(got, "8 players, 6 rounds: a Swiss system") {
		t.Errorf("the system: %q", got)
	}
	publishProposal(t, tab, site, "late", nil)
	consoleResults(t, tab, site, "late", 1, "40-24", "24-40", "35-29", "33-31")

	// Two late arrivals.
	flash := func(what string) string {
		t.Helper()
		got := run(t, tab, textOf("p.flash"))
		if strings.Contains(got, "outflank ") || strings.Contains(got, "--") {
			t.Errorf("%s: the console names a command line: %q", what, got)
		}
		return got
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/late/admin/players")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the search box's focus", focused+` === "wof-search"`)
	typeKeys(t, tab, "tamenori hid")
	waitPage(t, tab, "TAMENORI suggested", `(function () { var li = document.querySelector("#suggestions li[role=option]"); return !!li && li.textContent.indexOf("TAMENORI, Hideshi") === 0 })()`)
	typeKeys(t, tab, kb.Enter)
	waitPage(t, tab, "TAMENORI registered", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Registered #9 TAMENORI, Hideshi") >= 0`)
	if got := flash("the first late entry"); !strings.Contains(got, "round 1") || !strings.Contains(got, "Mark absent") || strings.Contains(got, "WOC") {
		t.Errorf("the late entry's message does not say what to do about round 1 in the console: %q", got)
	}
	shoot(t, tab, dir, "console-players-late-1280")
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS("#by-hand summary")), chromedp.WaitVisible(chromedp.CSS("#hand-name")),
		chromedp.SendKeys("#hand-name", "LATE, Second"), chromedp.Submit(chromedp.CSS("#hand-name"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "LATE registered", `!!document.querySelector("p.flash") && document.querySelector("p.flash").textContent.indexOf("Registered #10 LATE, Second") >= 0`)
	if got := flash("the second late entry"); !strings.Contains(got, "Mark absent") {
		t.Errorf("the second late entry's message: %q", got)
	}
	for _, id := range []int{9, 10} {
		markAbsent(t, tab, site, "late", id, "1", "Absent in round 1: not paired, no bye, each scored as a game not played.")
	}

	// #3 withdraws after round 1: the console asks, the focus on keeping.
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/late/admin/players")); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the players", `!!document.querySelector('form[action="/t/late/admin/players/3/withdraw"] button')`)
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`form[action="/t/late/admin/players/3/withdraw"] button`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the question", `document.activeElement.id === "confirm-keep" && document.querySelector("h1").textContent.indexOf("Withdraw Player 03?") === 0`)
	if p, _ := late().Player(3); p.WithdrawnAfterRound != nil {
		t.Fatal("the withdrawal did not wait for the answer")
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS("#confirm-do"))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the withdrawal", `location.pathname === "/t/late/admin/players" && !!document.querySelector("p.flash")`)
	if p, _ := late().Player(3); p.WithdrawnAfterRound == nil || *p.WithdrawnAfterRound != 1 {
		t.Fatalf("#3 withdrawn after round %v", p.WithdrawnAfterRound)
	}
	// #5 misses round 2.
	markAbsent(t, tab, site, "late", 5, "2", "Absent in round 2: not paired, no bye, each scored as a game not played.")

	// Round 2: #5 listed as absent, #3 and #5 not paired, nobody twice.
	out := map[int]bool{3: true, 5: true}
	notPaired := func(games [][2]int, what string) {
		t.Helper()
		if len(games) != 4 {
			t.Errorf("%s: %d games, want 4 (10 players, one withdrawn, one absent)", what, len(games))
		}
		played := met(late(), 1)
		for _, g := range games {
			if out[g[0]] || out[g[1]] {
				t.Errorf("%s pairs #%d v #%d: a player withdrawn or absent", what, g[0], g[1])
			}
			if played[[2]int{min(g[0], g[1]), max(g[0], g[1])}] {
				t.Errorf("%s pairs #%d v #%d again", what, g[0], g[1])
			}
		}
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/late/admin/pair"), chromedp.WaitVisible(chromedp.CSS("#publish"))); err != nil {
			t.Fatal(err)
		}
		if got := run(t, tab, textOf(".proposal p.absent")); got != "Absent, not paired: Player 05" {
			t.Errorf("the proposal's absences: %q", got)
		}
		photograph(t, tab, dir, fmt.Sprintf("console-pair-absent-%d", width))
	}
	if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}
	publishProposal(t, tab, site, "late", func() { notPaired(proposed(t, tab, late()), "round 2's proposal") })
	var published [][2]int
	for _, g := range late().Rounds[1].Games {
		published = append(published, [2]int{g.Black, g.White})
	}
	notPaired(published, "round 2 as published")
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/late/admin/print/pairings/2"), chromedp.WaitVisible(chromedp.CSS("table.wall"))); err != nil {
		t.Fatal(err)
	}
	wall := run(t, tab, chromedp.Evaluate[string](`document.body.innerText`))
	for _, want := range []string{"Player 05\t—\tabsent: not paired", "Absent, not paired: Player 05"} {
		if !strings.Contains(wall, want) {
			t.Errorf("the wall pairings lack %q:\n%s", want, wall)
		}
	}
	if strings.Contains(wall, "Player 03") {
		t.Errorf("the wall pairings name #3, withdrawn:\n%s", wall)
	}
	if err := chromedp.Do(tab, chromedp.Navigate(site.url+"/t/late/pairings/2"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
		t.Fatal(err)
	}
	if pub := run(t, tab, chromedp.Evaluate[string](`document.querySelector("main").innerText`)); !strings.Contains(pub, "Player 05") {
		t.Errorf("the public pairings of round 2 do not list the absent #5:\n%s", pub)
	}
	consoleResults(t, tab, site, "late", 2, "44-20", "30-34", "32-32", "50-14")

	// Round 3: #5 is back; nine players, a bye.
	publishProposal(t, tab, site, "late", func() {
		if got := run(t, tab, chromedp.Evaluate[string](`Array.from(document.querySelectorAll(".proposal p")).map(function (p) { return p.textContent; }).join(" | ")`)); !strings.Contains(got, "Bye: ") || strings.Contains(got, "Absent") {
			t.Errorf("round 3's proposal: %q", got)
		}
	})
	tour := late()
	if r := tour.Rounds[2]; len(r.Games) != 4 || len(r.Byes) != 1 || r.Byes[0] == 3 {
		t.Fatalf("round 3: %d games, byes %v", len(r.Games), r.Byes)
	}
	consoleResults(t, tab, site, "late", 3, "36-28", "28-36", "40-24", "31-33")

	// What the public sees.
	tour = late()
	want := totals(tour, 44, 20)
	standings, _ := publicStandings(t, tab, site.url, "late", "")
	cross := publicCrosstable(t, tab, site.url, "late")
	agree(t, standings, cross, want)
	for _, a := range []struct{ player, round int }{{9, 1}, {10, 1}, {5, 2}} {
		if c := cross[a.player].Cells; len(c) != 3 || c[a.round-1] != "abs 20-44" {
			t.Errorf("#%d's crosstable: %q, want round %d as an unplayed 20-44", a.player, c, a.round)
		}
	}
	if c := cross[3].Cells; len(c) != 3 || c[1] != "wd" || c[2] != "wd" {
		t.Errorf("#3's crosstable after his withdrawal: %q", c)
	}
	bye := tour.Rounds[2].Byes[0]
	if c := cross[bye].Cells; len(c) != 3 || !strings.Contains(c[2], "bye") {
		t.Errorf("#%d's crosstable: %q, want round 3's bye", bye, c)
	}
	for _, width := range []int64{375, 1280} {
		for _, page := range []string{"standings", "crosstable"} {
			if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(site.url+"/t/late/"+page), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatal(err)
			}
			photograph(t, tab, dir, fmt.Sprintf("%s-late-%d", page, width))
		}
	}
}

// markAbsent marks player id of slug absent in rounds on his console page,
// with "Mark absent", and checks what the page then says.
func markAbsent(t *testing.T, tab context.Context, site *consoleSite, slug string, id int, rounds, want string) {
	t.Helper()
	page := fmt.Sprintf("%s/t/%s/admin/players/%d", site.url, slug, id)
	if err := chromedp.Do(tab, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS(`form[action$="/absent"] input[name="rounds"]`)),
		chromedp.SendKeys(`form[action$="/absent"] input[name="rounds"]`, rounds), chromedp.Submit(chromedp.CSS(`form[action$="/absent"] input[name="rounds"]`))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, fmt.Sprintf("#%d absent", id), fmt.Sprintf(`!!document.querySelector("p.flash") && document.body.innerText.indexOf(%q) >= 0`, want))
}

// TestBrowserOadbyImported is issue 24's Oadby Regional imported from its
// real .ELO file (exchange/testdata, a copy of ../shared/data/elo's) under
// the BOF regional's rules, as `outflank import --rules bof-regional`
// does: the public standings, read in Chromium, give the order, points and
// discs of the file's own header, ARNOLD's bye (a line the .ELO format
// does not have) put back; the crosstable shows that bye.
func TestBrowserOadbyImported(t *testing.T) {
	browser := newBrowser(t)
	ctx := context.Background()
	path := filepath.Join("..", "exchange", "testdata", "20100313_Oadby_Regional.ELO")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tour, warnings, err := exchange.ReadELO(f, rules.BOFRegional, path)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("import warnings: %q", warnings)
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "oadby.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, tour, outflank.KindImport, "imported "+filepath.Base(path)); err != nil {
		t.Fatal(err)
	}
	url := serveSite(t, db, web.Config{})
	tab := newTab(t, browser)
	names := map[int]string{}
	for _, p := range tour.Players {
		names[p.ID] = strings.SplitN(p.Name, ",", 2)[0]
	}
	header := []string{"BARRASS 6.5 325", "PRIDMORE 5.5 308", "ARNOLD 5 302", "BURGESS 5 295", "ROWE 3 225", "STARKEY 2 164", "BUTLER 1 78", "CALLADINE 0 75"}
	// The standings page opens on the order of finish (the event is
	// over), which has the places and points; its individual list has the
	// discs too.
	if err := chromedp.Do(tab, chromedp.Navigate(url+"/t/"+tour.Slug+"/standings"), chromedp.WaitVisible(chromedp.CSS("table.places"))); err != nil {
		t.Fatal(err)
	}
	finish := run(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("table.places tbody tr")).map(function (tr) {
		var c = tr.querySelectorAll("td"); return c[0].textContent.trim() + " " + c[1].querySelector("a").textContent.split(",")[0] + " " + c[2].textContent.trim(); })`))
	var places []string
	for i, h := range header {
		places = append(places, fmt.Sprintf("%d %s", i+1, h[:strings.LastIndex(h, " ")]))
	}
	if !slices.Equal(finish, places) {
		t.Errorf("the public order of finish:\n%s\nthe file's header:\n%s", strings.Join(finish, "\n"), strings.Join(places, "\n"))
	}
	standings, order := publicStandings(t, tab, url, tour.Slug, "?list=ifrl")
	var got []string
	for _, id := range order {
		got = append(got, fmt.Sprintf("%s %s %s", names[id], standings[id].Points, standings[id].Discs))
	}
	if !slices.Equal(got, header) {
		t.Errorf("the public individual list:\n%s\nthe file's header:\n%s", strings.Join(got, "\n"), strings.Join(header, "\n"))
	}
	cross := publicCrosstable(t, tab, url, tour.Slug)
	arnold := 0
	for id, n := range names {
		if n == "ARNOLD" {
			arnold = id
		}
	}
	if c := cross[arnold].Cells; len(c) != 7 || c[0] != "bye" {
		t.Errorf("ARNOLD's crosstable: %q, want round 1's bye", c)
	}
	if cross[arnold].Points != "5" || cross[arnold].Discs != "302" {
		t.Errorf("ARNOLD's crosstable totals: %s points, %s discs; the file's header says 5 and 302", cross[arnold].Points, cross[arnold].Discs)
	}
}
