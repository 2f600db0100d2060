package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
	"outflank/web"
)

// bigSite serves a 1,000-player WOC, 13 rounds paired and 12 played
// (storetest.CircleEvent, slug "big"): a World championship's field at its
// largest.
func bigSite(t *testing.T) *site {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "big.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, storetest.CircleEvent(t, 1000, 13), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s, err := web.New(db, db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	site := &site{t: t, db: db, srv: srv}
	site.wait("/t/big")
	return site
}

// startTag is the start of an element: "<" and a letter (html/template
// writes a "<" of text as &lt;).
var startTag = regexp.MustCompile(`<[a-zA-Z]`)

// elementsOf counts the elements of an HTML page, as a browser's DOM
// holds them (Lighthouse's "DOM size").
func elementsOf(page string) int { return len(startTag.FindAllStringIndex(page, -1)) }

// maxElements is the budget of a public page (issue 25, point 14).
const maxElements = 3000

// TestBigEventPagesWithinBudget: every public page of a 1,000-player event
// has fewer than 3,000 elements, each page of its long lists included
// (the crosstable was 59,046 elements and 1.95 MB).
func TestBigEventPagesWithinBudget(t *testing.T) {
	s := bigSite(t)
	paths := []string{"/", "/t/big", "/t/big/pairings", "/t/big/pairings/1", "/t/big/pairings/13?page=5",
		"/t/big/crosstable", "/t/big/crosstable?page=2", "/t/big/crosstable?page=20",
		"/t/big/players", "/t/big/players?page=10", "/t/big/players/1", "/t/big/players/1000",
		"/t/big/knockout", "/t/big/games/1/1", "/t/big/standings?after=3&page=4"}
	for _, list := range []string{"", "finish", "ifrl", "wfrl", "yfrl", "tfrl"} {
		paths = append(paths, "/t/big/standings?list="+list, "/t/big/standings?list="+list+"&page=all")
	}
	for _, p := range paths {
		res, body := s.get(p)
		if res.StatusCode != http.StatusOK {
			if strings.Contains(p, "page=all") && res.StatusCode == http.StatusNotFound {
				continue
			}
			t.Errorf("%s: %d", p, res.StatusCode)
			continue
		}
		n := elementsOf(body)
		if strings.Contains(p, "page=all") {
			continue // the whole list, asked for: as large as it is
		}
		if n >= maxElements {
			t.Errorf("%s has %d elements (%d bytes): the budget is %d", p, n, len(body), maxElements)
		}
	}
	// The whole crosstable is there when asked for, and only then.
	if _, body := s.get("/t/big/crosstable?page=all"); strings.Count(body, `<tr id="p`) != 1000 {
		t.Errorf("?page=all shows %d lines of 1000", strings.Count(body, `<tr id="p`))
	}
}

// TestPagingNavigation: a long list's page links to the pages before and
// after it, marks itself aria-current, names its navigation, links to the
// whole list, and keeps the list's other parameters; a page that does not
// exist is a 404, a page that is not a number a 400; the live fragment of
// a page is that page's.
func TestPagingNavigation(t *testing.T) {
	s := bigSite(t)
	_, body := s.get("/t/big/standings?list=wfrl&page=2")
	for _, want := range []string{
		`<nav class="pages list" aria-label="Pages of the list">`,
		`Players 101–200 of 333`,
		`<a href="/t/big/standings?list=wfrl" rel="prev">Previous<span class="visually-hidden"> page</span></a>`,
		`<a href="/t/big/standings?list=wfrl&amp;page=2" aria-current="page"><span class="visually-hidden">Page </span>2</a>`,
		`<a href="/t/big/standings?list=wfrl&amp;page=3" rel="next">`,
		`<a class="all" href="/t/big/standings?list=wfrl&amp;page=all">All 333</a>`,
		`<a href="/t/big/standings?list=wfrl&amp;page=3">Next page: players 201–300 of 333</a>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the women's list, page 2, lacks %s", want)
		}
	}
	if rows := strings.Count(body, `<tr data-player=`); rows != 100 {
		t.Errorf("page 2 of the women's list has %d rows", rows)
	}
	// The crosstable links an opponent on another page to that page.
	_, cross := s.get("/t/big/crosstable")
	if !regexp.MustCompile(`<a href="/t/big/crosstable\?page=\d+#p\d+" class="opp">`).MatchString(cross) {
		t.Error("the crosstable's first page links no opponent to his page")
	}
	// 50 players a page, 20 pages; the pages between are left out.
	_, last := s.get("/t/big/crosstable?page=20")
	for _, want := range []string{"Players 951–1000 of 1000", `aria-current="page"><span class="visually-hidden">Page </span>20</a>`, `<span class="gap" aria-hidden="true">…</span>`} {
		if !strings.Contains(last, want) {
			t.Errorf("the crosstable's last page lacks %s", want)
		}
	}
	if strings.Contains(last, `rel="next"`) {
		t.Error("the last page links to a next page")
	}
	// The live fragment keeps the page.
	if res, frag := s.get("/t/big/players?page=3&fragment=1"); res.StatusCode != 200 || !strings.Contains(frag, `<tr data-find="201">`) || strings.Contains(frag, `<tr data-find="1">`) || strings.Contains(frag, "<html") {
		t.Errorf("the fragment of the players' page 3: %d\n%.500s", res.StatusCode, frag)
	}
	for _, c := range []struct {
		path   string
		status int
		want   string
	}{
		{"/t/big/players?page=11", 404, "There is no page 11: the players are on 10 pages."},
		{"/t/big/crosstable?page=21", 404, `href="/t/big/crosstable?page=20"`},
		{"/t/big/players?page=0", 400, "page &#34;0&#34;: give a page number (1, 2, ...) or all"},
		{"/t/big/players?page=02", 400, "give a page number"},
		{"/t/big/pairings?page=x", 400, "give a page number"},
		{"/t/big/standings?page=-1", 400, "give a page number"},
	} {
		res, body := s.get(c.path)
		if res.StatusCode != c.status || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d, want %d and %q", c.path, res.StatusCode, c.status, c.want)
		}
	}
}

// TestSmallEventOnePage: a 40-player event's lists are one page each,
// without a navigation.
func TestSmallEventOnePage(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	tour, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 40, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug = "forty"
	s.add(tour)
	for _, p := range []string{"/t/forty/crosstable", "/t/forty/standings", "/t/forty/standings?list=finish", "/t/forty/players", "/t/forty/pairings/1"} {
		res, body := s.get(p)
		if res.StatusCode != 200 || strings.Contains(body, `<nav class="pages`) {
			t.Errorf("%s: %d, paged", p, res.StatusCode)
		}
	}
	if _, body := s.get("/t/forty/crosstable"); strings.Count(body, `<tr id="p`) != 40 {
		t.Errorf("the crosstable of 40 players shows %d", strings.Count(body, `<tr id="p`))
	}
}

// publicPages are a page of each kind of the site of events (and the
// 40-player WOC of TestSmallEventOnePage is not needed): the simulated
// WOC, finished, and the club night.
func publicPages() []string {
	return []string{"/", "/login", "/t/woc", "/t/woc/pairings", "/t/woc/pairings/3", "/t/woc/standings",
		"/t/woc/standings?list=finish", "/t/woc/standings?list=tfrl", "/t/woc/standings?list=wfrl", "/t/woc/crosstable",
		"/t/woc/players", "/t/woc/players/1", "/t/woc/knockout", "/t/woc/games/3/1", "/t/woc/projector",
		"/t/club", "/t/club/pairings", "/t/club/standings", "/t/woc-live/pairings"}
}

// tagRe finds an element's start tag and its name.
var tagRe = regexp.MustCompile(`<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>`)

// TestNoNameOnElementsWithoutRole: no span, div, p or td carries an
// aria-label without a role that can be named (axe's
// aria-prohibited-attr: a disc's colour was lost to screen readers), and
// the discs of the crosstable, a player's page and the knockout say their
// colour.
func TestNoNameOnElementsWithoutRole(t *testing.T) {
	s := events(t)
	for _, p := range publicPages() {
		_, body := s.get(p)
		for _, m := range tagRe.FindAllStringSubmatch(body, -1) {
			switch m[1] {
			case "span", "div", "p", "td", "li", "strong", "em", "b", "i":
				if strings.Contains(m[0], "aria-label=") && !strings.Contains(m[0], "role=") {
					t.Errorf("%s: %s is named but has no role", p, m[0])
				}
			}
		}
	}
	for _, p := range []string{"/t/woc/crosstable", "/t/woc/players/1", "/t/woc/knockout"} {
		if _, body := s.get(p); !strings.Contains(body, `role="img" aria-label="black"`) && !strings.Contains(body, `role="img" aria-label="white"`) {
			t.Errorf("%s names no disc's colour", p)
		}
	}
}

// TestTablesMarkedUp: every table header of the public pages and of the
// print pages has a scope (html-validate's wcag/h63), every input a type,
// and the print pages a <main> and a skip link to it.
func TestTablesMarkedUp(t *testing.T) {
	s := events(t)
	bodies := map[string]string{}
	for _, p := range publicPages() {
		_, bodies[p] = s.get(p)
	}
	a := newAccessSite(t)
	admin := a.as("admin (session)")
	for _, p := range []string{"/t/club/admin/print/pairings/1", "/t/club/admin/print/sheets/1"} {
		got := admin.get(p)
		if got.status != 200 {
			t.Fatalf("%s: %d", p, got.status)
		}
		bodies[p] = got.body
		if !strings.Contains(got.body, `<main id="main" tabindex="-1">`) || !strings.Contains(got.body, `<a class="skip" href="#main">`) {
			t.Errorf("%s has no <main>, or no skip link to it", p)
		}
	}
	for p, body := range bodies {
		for _, m := range tagRe.FindAllStringSubmatch(body, -1) {
			switch {
			case m[1] == "th" && !strings.Contains(m[0], "scope="):
				t.Errorf("%s: %s has no scope", p, m[0])
			case m[1] == "input" && !strings.Contains(m[0], "type="):
				t.Errorf("%s: %s has no type", p, m[0])
			}
		}
	}
}

// focusable finds the elements the Tab key reaches: links, buttons, form
// fields, and anything with a tabindex of 0 or more.
var focusable = regexp.MustCompile(`<(a\s[^>]*href=|button\b|input\b|select\b|textarea\b|[a-z]+\s[^>]*tabindex="[0-9])`)

// TestSkipLinkFirst: on every page of the layout, public, the console's
// and the judges', the first thing the Tab key reaches is the link to the
// main content, whose target is the <main> the live updates replace.
func TestSkipLinkFirst(t *testing.T) {
	s := events(t)
	bodies := map[string]string{}
	for _, p := range publicPages() {
		_, bodies[p] = s.get(p)
	}
	a := newAccessSite(t)
	for _, p := range []string{"/admin", "/t/club/admin", "/t/club/admin/results"} {
		bodies[p] = a.as("admin (session)").get(p).body
	}
	for _, p := range []string{"/t/club/judge/1/2"} {
		got := a.as("judge club r1 t2").get(p)
		if got.status != 200 {
			t.Fatalf("%s: %d", p, got.status)
		}
		bodies[p] = got.body
	}
	for p, body := range bodies {
		i := strings.Index(body, "<body")
		if i < 0 {
			t.Errorf("%s: no <body>", p)
			continue
		}
		rest := body[i:]
		for _, hidden := range regexp.MustCompile(`<input type="hidden"[^>]*>`).FindAllString(rest, -1) {
			rest = strings.Replace(rest, hidden, "", 1)
		}
		first := focusable.FindStringIndex(rest)
		if first == nil || !strings.HasPrefix(rest[first[0]:], `<a class="skip" href="#live">Skip to main content</a>`) {
			t.Errorf("%s: the first focusable element is not the skip link: %.300s", p, rest)
		}
		if !strings.Contains(body, `<main id="live" tabindex="-1"`) {
			t.Errorf("%s: the skip link's target is not the <main>", p)
		}
	}
}

// TestFavicon: the site's icon is served at /favicon.ico (browsers ask
// there) and linked from every page, each with its type.
func TestFavicon(t *testing.T) {
	s := events(t)
	res, body := s.get("/favicon.ico")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/x-icon" || !strings.HasPrefix(body, "\x00\x00\x01\x00") {
		t.Fatalf("/favicon.ico: %d %q, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	_, page := s.get("/t/woc")
	m := regexp.MustCompile(`<link rel="icon" href="([^"]+)" type="image/svg\+xml">`).FindStringSubmatch(page)
	if m == nil {
		t.Fatal("the page links no icon")
	}
	res, svg := s.get(strings.ReplaceAll(m[1], "&amp;", "&"))
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(svg, "<svg") {
		t.Errorf("%s: %d %q", m[1], res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// TestMetaDescription: every public page has a description of its own,
// which escapes what the tournament's director typed.
func TestMetaDescription(t *testing.T) {
	s := events(t)
	re := regexp.MustCompile(`<meta name="description" content="([^"]*)">`)
	seen := map[string]string{}
	for _, p := range append(publicPages(), "/t/club/players/1") {
		_, body := s.get(p)
		m := re.FindAllStringSubmatch(body, -1)
		if len(m) != 1 || len(m[0][1]) < 40 {
			t.Errorf("%s: description %q", p, m)
			continue
		}
		if other, ok := seen[m[0][1]]; ok && !(strings.Contains(p, "/standings") && strings.Contains(other, "/standings")) {
			// (a finished event's standings are its order of finish: one page)
			t.Errorf("%s and %s have the same description %q", p, other, m[0][1])
		}
		seen[m[0][1]] = p
	}
	_, club := s.get("/t/club")
	if !strings.Contains(club, `<meta name="description" content="Club &lt;Night&gt;, 2026-11-23: `) {
		t.Errorf("the club's description: %q", re.FindString(club))
	}
}

// TestGameViewerStartLink: the link to the game's starting position says
// where it leads (Lighthouse: "start" is not descriptive).
func TestGameViewerStartLink(t *testing.T) {
	s := events(t)
	_, body := s.get("/t/woc/games/3/1")
	if !strings.Contains(body, `data-ply="0" aria-current="step">Starting position</a>`) && !strings.Contains(body, `data-ply="0">Starting position</a>`) {
		t.Errorf("the viewer's link to the start: %s", fmt.Sprint(regexp.MustCompile(`<li><a href="\?ply=0"[^<]*</a>`).FindString(body)))
	}
}
