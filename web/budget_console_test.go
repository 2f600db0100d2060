package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/rules"
	"outflank/simulate"
)

// bigConsole is the accounts' site with the 1,000-player WOC of bigSite
// (slug "big") added, and the administrator's session.
func bigConsole(t *testing.T) (*accessSite, *browser) {
	t.Helper()
	a := newAccessSite(t)
	if _, err := a.db.Create(context.Background(), storetest.CircleEvent(t, 1000, 13), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin := a.as("admin (session)")
	servedSoon(t, admin, "/t/big/projector")
	return a, admin
}

// servedSoon waits until the public page path is served (the server's
// watcher sees a tournament added to the store within a moment).
func servedSoon(t *testing.T, b *browser, path string) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if b.get(path).status == http.StatusOK {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s is not served", path)
}

// TestBigConsoleAndProjectorWithinBudget: the director's players page and
// the projector of a 1,000-player event stay under the budget of a page
// (issue 25, point 14: 15,091 and 11,545 elements).
func TestBigConsoleAndProjectorWithinBudget(t *testing.T) {
	_, admin := bigConsole(t)
	for _, p := range []string{"/t/big/admin/players", "/t/big/admin/players?page=2", "/t/big/admin/players?page=10", "/t/big/admin/players?find=player",
		"/t/big/admin/players?find=player&page=7", "/t/big/projector", "/t/big/projector?page=6", "/t/big/projector?page=15"} {
		got := admin.get(p)
		if got.status != http.StatusOK {
			t.Errorf("%s: %d", p, got.status)
			continue
		}
		n := elementsOf(got.body)
		t.Logf("%s: %d elements, %d bytes", p, n, len(got.body))
		if n >= maxElements {
			t.Errorf("%s has %d elements (%d bytes): the budget is %d", p, n, len(got.body), maxElements)
		}
	}
}

// TestConsolePlayersPaging: the console's players are a hundred a page,
// with the lists' navigation; the search among the registered players
// finds one of any page from any page; a write about a player leads back
// to his page; a page that is not one is refused.
func TestConsolePlayersPaging(t *testing.T) {
	_, admin := bigConsole(t)
	row := func(id int) string { return fmt.Sprintf(`<td class="num" data-label="#">%d</td>`, id) }
	two := admin.get("/t/big/admin/players?page=2")
	for _, want := range []string{`<nav class="pages list" aria-label="Pages of the players">`, "Players 101–200 of 1000",
		`<a href="/t/big/admin/players?page=2" aria-current="page">`, `<a class="all" href="/t/big/admin/players?page=all">All 1000</a>`,
		row(101), row(200), `<h1>Players <span class="count">1000</span></h1>`, `name="csrf"`} {
		if !strings.Contains(two.body, want) {
			t.Errorf("page 2 lacks %s", want)
		}
	}
	if n := strings.Count(two.body, `<td class="num" data-label="#">`); n != 100 || strings.Contains(two.body, row(100)) || strings.Contains(two.body, row(201)) {
		t.Errorf("page 2 shows %d players, or one of another page", n)
	}
	// From page 1, the search finds player 650 (page 7) by name, and by
	// number.
	one := admin.get("/t/big/admin/players")
	m := regexp.MustCompile(`<form class="search find-registered" method="get" action="([^"]+)" role="search" aria-label="The registered players">`).FindStringSubmatch(one.body)
	if m == nil || !strings.Contains(one.body, `<label for="find-registered">Find a registered player</label>`) || strings.Contains(one.body, row(650)) {
		t.Fatalf("page 1 has no search among the registered players, or shows player 650")
	}
	for _, q := range []string{"player 0650", "0650 PLAYER", "650"} {
		found := admin.get(m[1] + "?" + url.Values{"find": {q}}.Encode())
		if found.status != 200 || !strings.Contains(found.body, row(650)) || !strings.Contains(found.body, "1 player matches") || strings.Contains(found.body, `<nav class="pages`) {
			t.Errorf("find %q: %d, player 650 not found alone", q, found.status)
		}
	}
	if none := admin.get("/t/big/admin/players?find=nobody"); !strings.Contains(none.body, "No registered player matches “nobody”.") {
		t.Error("a search that finds nobody does not say so")
	}
	// The search's results are paged too, keeping the search.
	if many := admin.get("/t/big/admin/players?find=player&page=3"); !strings.Contains(many.body, `<a href="/t/big/admin/players?find=player&amp;page=4" rel="next">`) || !strings.Contains(many.body, row(201)) {
		t.Error("the search's page 3 does not keep the search, or shows other players")
	}
	// A correction of player 650 leads back to page 7.
	if saved := admin.post("/t/big/admin/players/650", url.Values{"born": {"1991-02-03"}, "override": {"a test field"}}); saved.status != http.StatusSeeOther || saved.location != "/t/big/admin/players?page=7" {
		t.Errorf("a correction of player 650: %d to %q: %s", saved.status, saved.location, regexp.MustCompile(`class="error"[^<]*<[^<]*`).FindString(saved.body))
	}
	for _, c := range []struct {
		path   string
		status int
	}{{"/t/big/admin/players?page=11", 404}, {"/t/big/admin/players?page=x", 400}, {"/t/big/admin/players?page=01", 400}} {
		if got := admin.get(c.path); got.status != c.status {
			t.Errorf("%s: %d, want %d", c.path, got.status, c.status)
		}
	}
}

// TestProjectorPages: the projector's pages show every table of the round
// in play and every place of the standings exactly once, each page saying
// which it is of how many; the page after the last is a 404.
func TestProjectorPages(t *testing.T) {
	_, admin := bigConsole(t)
	first := admin.get("/t/big/projector")
	m := regexp.MustCompile(`<div class="projector" data-every="12" data-page="1" data-pages="(\d+)">`).FindStringSubmatch(first.body)
	if m == nil {
		t.Fatalf("the projector's first page names no pages: %.2000s", first.body)
	}
	pages, _ := strconv.Atoi(m[1])
	tables, places := map[int]int{}, map[string]int{}
	tableRe := regexp.MustCompile(`<td class="num tbl">(\d+)</td>`)
	placeRe := regexp.MustCompile(`<tr><td class="num">[^<]*</td><td>(Player \d+)`)
	for n := 1; n <= pages; n++ {
		path := "/t/big/projector"
		if n > 1 {
			path += "?page=" + strconv.Itoa(n)
		}
		got := admin.get(path)
		if got.status != 200 || !strings.Contains(got.body, fmt.Sprintf(`data-page="%d" data-pages="%d"`, n, pages)) {
			t.Fatalf("%s: %d, not page %d of %d", path, got.status, n, pages)
		}
		for _, t := range tableRe.FindAllStringSubmatch(got.body, -1) {
			k, _ := strconv.Atoi(t[1])
			tables[k]++
		}
		for _, p := range placeRe.FindAllStringSubmatch(got.body, -1) {
			places[p[1]]++
		}
	}
	if len(tables) != 500 || len(places) != 1000 {
		t.Errorf("the projector's %d pages show %d tables of 500 and %d places of 1000", pages, len(tables), len(places))
	}
	for k, n := range tables {
		if n != 1 || k < 1 || k > 500 {
			t.Errorf("table %d is shown %d times", k, n)
		}
	}
	for p, n := range places {
		if n != 1 {
			t.Errorf("%s is shown %d times in the standings", p, n)
		}
	}
	if !strings.Contains(first.body, `<h2>Round 13 <span class="stage">`) || !strings.Contains(first.body, `<span class="part">· tables 1–100 of 500</span>`) {
		t.Error("the first page does not say which round and which tables it shows")
	}
	if got := admin.get(fmt.Sprintf("/t/big/projector?page=%d", pages+1)); got.status != 404 {
		t.Errorf("the page after the last: %d", got.status)
	}
}

// TestSmallEventProjectorAndConsoleOnePage: a 40-player event's projector
// and console players page are one page each, without navigation or
// search among the registered.
func TestSmallEventProjectorAndConsoleOnePage(t *testing.T) {
	a := newAccessSite(t)
	tour, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 40, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug = "forty"
	if _, err := a.db.Create(context.Background(), tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin := a.as("admin (session)")
	servedSoon(t, admin, "/t/forty/projector")
	players := admin.get("/t/forty/admin/players")
	if players.status != 200 || strings.Contains(players.body, `<nav class="pages`) || strings.Contains(players.body, "find-registered") || strings.Count(players.body, `<td class="num" data-label="#">`) != 40 {
		t.Errorf("the console's players of 40: %d, paged or not all shown", players.status)
	}
	proj := admin.get("/t/forty/projector")
	if proj.status != 200 || !regexp.MustCompile(`<h2>Round \d+ <span class="stage">`).MatchString(proj.body) || strings.Contains(proj.body, "data-pages") || strings.Contains(proj.body, `class="part"`) ||
		strings.Count(proj.body, `<td class="num tbl">`) == 0 || strings.Count(proj.body, `<tr><td class="num">`) != 40 {
		t.Errorf("the projector of 40: %d, paged or not all shown (%d tables, %d places)", proj.status, strings.Count(proj.body, `<td class="num tbl">`), strings.Count(proj.body, `<tr><td class="num">`))
	}
}
