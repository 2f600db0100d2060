package web_test

// The accessibility audit: axe-core (vendored, pinned, in testdata/axe:
// see its package.json) runs in Chromium on every kind of page the site
// serves (public pages, the director's console, the judge's board and
// list, the print pages) at 375 px and 1280 px wide, for the rules of
// WCAG 2.0, 2.1 and 2.2 at levels A and AA and axe's best practices. A
// critical or serious violation fails the test; so does a moderate one
// that testdata/axe/accepted.json does not list with its reason. An
// accepted entry that matches nothing fails too, so that the list only
// holds what is still true. Minor ones are logged.
//
// The whole report (every violation, minor ones included) is written as
// JSON to $OUTFLANK_AXE_REPORT when it is set:
//
//	OUTFLANK_AXE_REPORT=/tmp/axe.json go test -run TestBrowserAxe -v ./web
//
// $OUTFLANK_AXE_PAGES, a pattern of page names, audits only those (the
// accepted entries are then not checked for staleness):
//
//	OUTFLANK_AXE_PAGES='crosstable|player' go test -run TestBrowserAxe -v ./web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/auth"
	"outflank/circuit"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
	"outflank/web"
)

// axeTags are the rule sets run: WCAG 2.0, 2.1 and 2.2, levels A and AA
// (axe tags 2.2's new rules wcag22aa only), and axe's best practices.
var axeTags = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"}

// axeWidths are the widths every page is audited at: a phone, a laptop.
var axeWidths = []int64{375, 1280}

// axeViolation is a rule an audited page breaks, as axe reports it.
type axeViolation struct {
	ID     string    `json:"id"`
	Impact string    `json:"impact"`
	Help   string    `json:"help"`
	Nodes  []axeNode `json:"nodes"`
}

// axeNode is an element breaking a rule: its CSS selector (a list, one
// a frame) and axe's summary of what to fix.
type axeNode struct {
	Target  []any  `json:"target"`
	Summary string `json:"failureSummary"`
}

// axeFound is one violation of one page at one width.
type axeFound struct {
	Page   string   `json:"page"`
	Path   string   `json:"path"`
	Width  int64    `json:"width"`
	Rule   string   `json:"rule"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Count  int      `json:"count"`
	Nodes  []string `json:"nodes"`
}

// axeAccepted is an entry of testdata/axe/accepted.json: a violation of
// rule on the pages whose name matches the pattern, accepted for the
// reason given.
type axeAccepted struct {
	Rule   string `json:"rule"`
	Pages  string `json:"pages"`
	Reason string `json:"reason"`
	re     *regexp.Regexp
	used   bool
}

// pendingFix is the reason that accepts a critical or serious violation:
// only one being fixed on another branch, until that branch is merged.
var pendingFix = regexp.MustCompile(`^fixed by [a-z]+ in issue 25\b`)

// readAxeAccepted reads the accepted violations; each needs a rule, a
// valid pattern and a reason.
func readAxeAccepted(t *testing.T) []*axeAccepted {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "axe", "accepted.json"))
	if err != nil {
		t.Fatal(err)
	}
	var list []*axeAccepted
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatalf("testdata/axe/accepted.json: %v", err)
	}
	for i, a := range list {
		if a.Rule == "" || a.Pages == "" || strings.TrimSpace(a.Reason) == "" {
			t.Fatalf("testdata/axe/accepted.json, entry %d: give the rule, the pages (a pattern of page names) and the reason", i+1)
		}
		if a.re, err = regexp.Compile("^(?:" + a.Pages + ")$"); err != nil {
			t.Fatalf("testdata/axe/accepted.json, entry %d: pages %q: %v", i+1, a.Pages, err)
		}
	}
	return list
}

// a11yPage is a page audited: its name (which the accepted list's
// patterns match), its path, who opens it ("" anyone, "director" the
// logged-in administrator, "judge" the judge of the final's game), and
// what shows it is the page meant (a CSS selector; by default the site's
// footer, or the console's bar for the director), so that a login form or
// an error is not audited in its place.
type a11yPage struct {
	name, path, who, want string
}

// a11ySite is a site with an example of every page: a 24-player WOC played
// to its final (knockout, team standings, a judge at the final's game), a
// British National of 10 players three rounds in with its team selection
// and BOF Grand Prix circuit, members, the WOF ratings of the test archive,
// and an administrator's account.
type a11ySite struct {
	url, judgeLink string
	db             *sqlite.DB
	pages          []a11yPage
}

func newA11ySite(t *testing.T) *a11ySite {
	t.Helper()
	ctx := outflank.WithActor(context.Background(), "chief")
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "a11y.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := &a11ySite{db: db}

	woc := wocFinalOn(t)
	var final outflank.Round // the round of the final's game in play
	open := 0
	for _, r := range woc.Rounds {
		for _, g := range r.Games {
			if g.Result == nil && r.Stage == outflank.StageFinal && open == 0 {
				final, open = r, g.Table
			}
		}
	}
	if open == 0 {
		t.Fatal("the WOC has no final in play")
	}
	nat, err := simulate.Event(simulate.Options{Rules: rules.BOFNational, Players: 10, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	nat.Slug, nat.Name = "nat", "British National 2026"
	nat.Rounds = nat.Rounds[:3]
	for i := range nat.Players {
		p := &nat.Players[i]
		p.WOFID, p.Country = 100+p.ID, "GBR"
	}
	regional := ratedEvent(t)
	for _, tour := range []*outflank.Tournament{woc, nat, regional} {
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range nat.Players[:4] {
		if err := db.AddMember(ctx, &outflank.Member{WOFID: p.WOFID, Name: p.Name, Country: "GBR", Citizenship: "GBR"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.CreateCircuit(ctx, &outflank.Circuit{Slug: "gp", Name: "BOF Grand Prix 2026", Rules: circuit.BOFGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	if err := db.UpdateCircuit(ctx, "gp", outflank.CircuitAdd, func(c *outflank.Circuit) (string, error) {
		return "added", c.AddTournament(outflank.TournamentSummary{Slug: regional.Slug, Rules: regional.Rules})
	}); err != nil {
		t.Fatal(err)
	}
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "chief", consolePassword, true); err != nil {
		t.Fatal(err)
	}
	secret, _, err := a.AddJudgeLink(ctx, "woc", 0, 0, "Dan", "chief") // any table: the list, then a board
	if err != nil {
		t.Fatal(err)
	}
	ratings := web.NewRatingsState()
	ratings.Load(testRatingsFiles, ratingsToday, nil)
	if err := ratings.Status().Err; err != nil {
		t.Fatal(err)
	}
	list, _, _ := ratings.List()
	rated := list.Published()[0].ID
	s.url = serveSite(t, db, web.Config{Accounts: db, Live: db, Members: db, Ratings: ratings})
	s.judgeLink = s.url + "/j/" + secret

	game := fmt.Sprintf("/t/nat/games/%d/%d", 2, nat.Rounds[1].Games[0].Table)
	judged := fmt.Sprintf("%d/%d", final.Number, open)
	s.pages = []a11yPage{
		{"home", "/", "", ""},
		{"login", "/login", "", ""},
		{"error", "/t/woc/games/99/1", "", "footer.site"},
		{"event", "/t/woc", "", ""},
		{"pairings", "/t/nat/pairings/3", "", ""},
		{"pairings-knockout", "/t/woc/pairings", "", ""},
		{"standings", "/t/woc/standings", "", ""},
		{"finish", "/t/woc/standings?list=finish", "", ""},
		{"teams", "/t/woc/standings?list=tfrl", "", ""},
		{"crosstable", "/t/woc/crosstable", "", ""},
		{"players", "/t/woc/players", "", ""},
		{"player", "/t/woc/players/1", "", ""},
		{"knockout", "/t/woc/knockout", "", ""},
		{"team", "/t/nat/team", "", ""},
		{"game", game + "?ply=20", "", ""},
		{"live", "/t/woc/live", "", ""},
		{"projector", "/t/woc/projector", "", ".projector .slide"},
		{"ratings", "/ratings", "", ""},
		{"rating", fmt.Sprintf("/ratings/%d", rated), "", ""},
		{"circuit", "/c/gp", "", ""},
		{"members", "/members", "", ""},

		{"console-admin", "/admin", "director", ""},
		{"console-users", "/admin/users", "director", ""},
		{"console-members", "/admin/members", "director", ""},
		{"console-member", "/admin/members/1", "director", ""},
		{"console-circuits", "/admin/circuits", "director", ""},
		{"console-circuit", "/admin/circuits/gp", "director", ""},
		{"console-home", "/t/nat/admin", "director", ""},
		{"console-players", "/t/nat/admin/players", "director", ""},
		{"console-player", "/t/nat/admin/players/1", "director", ""},
		{"console-round", "/t/nat/admin/round", "director", ""},
		{"console-pair", "/t/nat/admin/pair", "director", ""},
		{"console-results", "/t/nat/admin/results", "director", ""},
		{"console-results-knockout", "/t/woc/admin/results", "director", ""},
		{"console-settings", "/t/nat/admin/settings", "director", ""},
		{"console-judges", "/t/woc/admin/judges", "director", ""},
		{"console-judging", "/t/woc/judge/review", "director", ""},
		{"console-log", "/t/nat/admin/log", "director", ""},
		{"console-undo", "/t/nat/admin/undo", "director", ""},
		{"console-confirm", "/t/woc/admin/games/" + judged + "/withdraw", "director", `input[name="confirm"]`},
		{"console-team", "/t/nat/admin/team", "director", ""},
		{"print-pairings", "/t/nat/admin/print/pairings/3", "director", "table.wall"},
		{"print-sheets", "/t/nat/admin/print/sheets/3", "director", "table.board"},

		{"judge-list", "/t/woc/judge", "judge", ".judge-tables"},
		{"judge-board", "/t/woc/judge/" + judged, "judge", "#judge #jboard"},
	}
	return s
}

// axeRun runs axe on the page of tab and returns its violations.
const axeRun = `axe.run(document, {runOnly: {type: "tag", values: %s}, resultTypes: ["violations"]}).then(function (r) { return r.violations; })`

// audit runs axe on the page of tab at each width, injecting it first.
func audit(t *testing.T, tab context.Context, source string, p a11yPage) []axeFound {
	t.Helper()
	start := time.Now()
	if err := chromedp.Do(tab, chromedp.Navigate(p.path)); err != nil {
		t.Fatalf("%s (%s): %v", p.name, p.path, err)
	}
	want := p.want
	if want == "" {
		want = map[string]string{"": "footer.site", "director": ".console-bar", "judge": "#judge"}[p.who]
	}
	quoted, _ := json.Marshal(want)
	waitPage(t, tab, p.name+" loaded, with "+want, fmt.Sprintf(`document.readyState === "complete" && !!document.querySelector(%s)`, quoted))
	if got := run(t, tab, chromedp.Location()); !strings.HasPrefix(got, p.path) {
		t.Fatalf("%s: %s opened %s", p.name, p.path, got)
	}
	opened := time.Now()
	run(t, tab, chromedp.Evaluate[chromedp.Void](source))
	injected := time.Now()
	tags, _ := json.Marshal(axeTags)
	var found []axeFound
	for _, width := range axeWidths {
		run(t, tab, chromedp.EmulateViewport(width, 800))
		violations := run(t, tab, chromedp.Evaluate[[]axeViolation](fmt.Sprintf(axeRun, tags), chromedp.EvalAwaitPromise))
		for _, v := range violations {
			f := axeFound{Page: p.name, Path: p.path, Width: width, Rule: v.ID, Impact: v.Impact, Help: v.Help, Count: len(v.Nodes)}
			for _, n := range v.Nodes {
				f.Nodes = append(f.Nodes, fmt.Sprint(n.Target...))
			}
			found = append(found, f)
		}
	}
	t.Logf("%s: opened in %v, axe injected in %v, run at %d widths in %v", p.name, opened.Sub(start).Round(time.Millisecond),
		injected.Sub(opened).Round(time.Millisecond), len(axeWidths), time.Since(injected).Round(time.Millisecond))
	return found
}

// TestBrowserAxe audits every kind of page with axe-core at 375 and
// 1280 px (see the top of this file).
func TestBrowserAxe(t *testing.T) {
	chromium(t)
	source, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	accepted := readAxeAccepted(t)
	browser := newBrowserFor(t, 8*time.Minute) // about 2 min on 2 busy cores
	s := newA11ySite(t)
	tabs := map[string]context.Context{"": newTab(t, browser)}
	tabs["director"] = newProfile(t, browser)
	login(t, tabs["director"], &consoleSite{url: s.url, db: s.db}, "chief", "/admin")
	tabs["judge"] = newProfile(t, browser)
	if err := chromedp.Do(tabs["judge"], chromedp.Navigate(s.judgeLink)); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tabs["judge"], "the judge's tables", `location.pathname === "/t/woc/judge" && document.readyState === "complete"`)

	only := regexp.MustCompile(".")
	if o := os.Getenv("OUTFLANK_AXE_PAGES"); o != "" {
		only = regexp.MustCompile("^(?:" + o + ")$")
	}
	var all []axeFound
	audited := 0
	for _, p := range s.pages {
		if !only.MatchString(p.name) {
			continue
		}
		audited++
		p.path = s.url + p.path
		found := audit(t, tabs[p.who], string(source), p)
		for i := range found {
			found[i].Path = strings.TrimPrefix(found[i].Path, s.url)
		}
		all = append(all, found...)
	}
	if out := os.Getenv("OUTFLANK_AXE_REPORT"); out != "" {
		b, _ := json.MarshalIndent(all, "", "  ")
		if err := os.WriteFile(out, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// One line a rule and page, with the widths it was found at.
	type key struct{ rule, page string }
	widths := map[key][]string{}
	var order []axeFound
	for _, f := range all {
		k := key{f.Rule, f.Page}
		if widths[k] == nil {
			order = append(order, f)
		}
		widths[k] = append(widths[k], fmt.Sprint(f.Width))
	}
	var failed, minor []string
	for _, f := range order {
		line := fmt.Sprintf("%s (%s) on %s (%s) at %s px: %s; %d %s: %s", f.Rule, f.Impact, f.Page, f.Path, strings.Join(widths[key{f.Rule, f.Page}], " and "), f.Help,
			f.Count, plural(f.Count, "element", "elements"), strings.Join(f.Nodes[:min(3, len(f.Nodes))], " | "))
		if f.Impact == "minor" {
			minor = append(minor, line)
			continue
		}
		i := slices.IndexFunc(accepted, func(a *axeAccepted) bool {
			return a.Rule == f.Rule && a.re.MatchString(f.Page) && (f.Impact == "moderate" || pendingFix.MatchString(a.Reason))
		})
		if i >= 0 {
			accepted[i].used = true
			continue
		}
		failed = append(failed, line)
	}
	sort.Strings(minor)
	for _, m := range minor {
		t.Logf("minor: %s", m)
	}
	sort.Strings(failed)
	for _, f := range failed {
		t.Errorf("axe: %s", f)
	}
	for _, a := range accepted {
		if !a.used && os.Getenv("OUTFLANK_AXE_PAGES") == "" {
			t.Errorf("testdata/axe/accepted.json: %s on %q (%s) matched no violation: remove the entry", a.Rule, a.Pages, a.Reason)
		}
	}
	t.Logf("%s: %d pages at %d widths, %d rules broken on a page (%d minor, %d failed)", axeVersion(string(source)), audited, len(axeWidths), len(order), len(minor), len(failed))
}

// plural is one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// axeVersion reads the version from axe.min.js's first line.
func axeVersion(source string) string {
	first, _, _ := strings.Cut(source, "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "/*!"))
}
