package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// newEvent creates tournament slug (EGP rules, 5 rounds) with n players
// from the console, as td-club's administrator would, and grants td-club
// its direction.
func (s *accessSite) newEvent(slug string, n int) *browser {
	s.t.Helper()
	admin := s.as("admin (session)")
	admin.follow(admin.post("/admin/tournaments", url.Values{"slug": {slug}, "name": {"Event " + slug}, "rules": {"egp"}, "rounds": {"5"}}))
	admin.follow(admin.post("/admin/users/td-club/grant", url.Values{"tournament": {slug}}))
	td := s.as("td-club (session)")
	for i := range n {
		td.follow(td.post("/t/"+slug+"/admin/players", url.Values{"name": {fmt.Sprintf("Player %02d", i+1)}, "rating": {fmt.Sprint(2000 - 10*i)}}))
	}
	return td
}

var publishForm = regexp.MustCompile(`<form class="publish[^"]*"[\s\S]*?</form>`)
var hidden = regexp.MustCompile(`<input type="hidden" name="([a-z]+)" value="([^"]*)">`)
var checked = regexp.MustCompile(`<input type="radio" name="(c\d+)" value="([^"]*)" checked>`)

// publishValues reads the publishing form of a proposal page.
func publishValues(t *testing.T, page string) url.Values {
	t.Helper()
	form := publishForm.FindString(page)
	if form == "" {
		t.Fatalf("the proposal has no publishing form:\n%s", text(page))
	}
	v := url.Values{}
	for _, m := range hidden.FindAllStringSubmatch(form, -1) {
		if m[1] != "csrf" {
			v.Add(m[1], strings.ReplaceAll(m[2], "&#43;", "+"))
		}
	}
	// The choices of colour checked, as a browser sends them.
	for _, m := range checked.FindAllStringSubmatch(form, -1) {
		v.Add(m[1], m[2])
	}
	return v
}

// TestConsolePairing: the pairing page proposes a round (its seed drawn
// once and kept in the address), saves nothing until it is published, and
// publishing saves the round shown; a fix and a forbidden pair re-pair it,
// with each pair's costs and the comparison with the optimum; a proposal
// the event has moved past is refused, and nothing is saved.
func TestConsolePairing(t *testing.T) {
	s := newAccessSite(t)
	td := s.newEvent("swiss", 8)
	a := td.get("/t/swiss/admin/pair")
	if a.status != http.StatusSeeOther || !strings.Contains(a.location, "seed=") {
		t.Fatalf("the pairing page without a seed: %d %q", a.status, a.location)
	}
	page := td.get(a.location)
	mustContain(t, "round 1's proposal", page, "Pair round 1", "proposal, not published", "Publish round 1", "Player 01")
	if again := td.get(a.location); text(again.body) != text(page.body) {
		t.Error("the same proposal's address gives another round")
	}
	if n := len(s.tournament("swiss").Rounds); n != 0 {
		t.Fatalf("a proposal saved %d rounds", n)
	}
	if pub := s.as("judge other").get("/t/swiss/pairings"); strings.Contains(pub.body, "Player 01") {
		t.Error("the public pairings show a round not published")
	}
	a = td.post("/t/swiss/admin/pair", publishValues(t, page.body))
	if a.status != http.StatusSeeOther || !strings.HasPrefix(a.location, "/t/swiss/admin/results?round=1") {
		t.Fatalf("publish: %d %q\n%s", a.status, a.location, text(a.body))
	}
	mustContain(t, "after publishing", td.follow(a), "Published: paired round 1", "score sheets")
	tour := s.tournament("swiss")
	if len(tour.Rounds) != 1 || len(tour.Rounds[0].Games) != 4 {
		t.Fatalf("published %+v", tour.Rounds)
	}
	for _, g := range tour.Rounds[0].Games {
		td.follow(td.post("/t/swiss/admin/results", url.Values{"round": {"1"}, "table": {fmt.Sprint(g.Table)}, "score": {"40"}}))
	}
	// Round 2: the Swiss engine's explanation, a fix and a forbidden pair.
	page = td.get(td.get("/t/swiss/admin/pair").location)
	mustContain(t, "round 2's proposal", page, "score", "colour-balance", "alternation", "The matching is exact", "forbid", "Forbid a pair with its “forbid” link.")
	forbid := regexp.MustCompile(`href="(/t/swiss/admin/pair\?[^"]*forbid=[^"]*)"`).FindStringSubmatch(page.body)
	if forbid == nil {
		t.Fatalf("no forbid link:\n%s", page.body)
	}
	forbidden := td.get(strings.ReplaceAll(forbid[1], "&amp;", "&"))
	mustContain(t, "with a pair forbidden", forbidden, "Forbidden:", "With your fixes", "Outflank's optimum")
	// A winner of round 1 fixed against a loser: a float the rules would
	// not make.
	r1 := s.tournament("swiss").Rounds[0]
	winner, loser := r1.Games[0].Black, r1.Games[1].White
	fixed := td.get(fmt.Sprintf("/t/swiss/admin/pair?seed=7&fix-black=%d&fix-white=%d", winner, loser))
	if fixed.status != http.StatusSeeOther || !strings.Contains(fixed.location, fmt.Sprintf("fix=%d-%d", winner, loser)) {
		t.Fatalf("the fix form: %d %q", fixed.status, fixed.location)
	}
	fixed = td.get(fixed.location)
	mustContain(t, "with a pair fixed", fixed, fmt.Sprintf("Fixed: #%d Player %02d v #%d Player %02d", winner, winner, loser, loser), "fixed", "it loses on score (8 v 0)", "floats down from 1 to 0 points", "you fixed this pair",
		fmt.Sprintf("with Player %02d fixed in another pair, the 3 players left on 1 point are an odd number", winner))
	values := publishValues(t, fixed.body)
	// A late entry meanwhile: the proposal is stale.
	td.follow(td.post("/t/swiss/admin/players", url.Values{"name": {"Late Comer"}}))
	a = td.post("/t/swiss/admin/pair", values)
	if a.status != http.StatusConflict {
		t.Fatalf("a stale proposal: %d %s", a.status, text(a.body))
	}
	mustContain(t, "the stale proposal refused", a, "changed since this pairing was proposed", "Late Comer")
	if n := len(s.tournament("swiss").Rounds); n != 1 {
		t.Fatalf("a stale proposal was saved: %d rounds", n)
	}
	// Published as proposed, fix included.
	td.follow(td.post("/t/swiss/admin/pair", publishValues(t, a.body)))
	if games := s.tournament("swiss").Rounds[1].Games; !slices.ContainsFunc(games, func(g outflank.Game) bool { return g.Black == winner && g.White == loser }) {
		t.Errorf("round 2: %+v, without the fixed pair %d-%d", games, winner, loser)
	}
	// A round that cannot be paired says why.
	mustContain(t, "pairing with results missing", td.get("/t/swiss/admin/pair?seed=1"), "has no result yet")
}

// TestConsolePairKnockoutSlot: a knockout time slot pairs several rounds
// at once (an EGP's final and third place, rounds 12 and 13): the page's
// heading, title and button name them all; its games have no "forbid"
// link, and the page does not point to one.
func TestConsolePairKnockoutSlot(t *testing.T) {
	s := newAccessSite(t)
	tour, err := simulate.Event(simulate.Options{Rules: rules.EGP, Players: 16, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	tour.Slug, tour.Name, tour.Rounds = "egpko", "EGP knockout", tour.Rounds[:11] // the Swiss rounds, all played
	ctx := context.Background()
	if _, err := s.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	if err := s.db.Grant(ctx, "td-club", outflank.Grant{Tournament: "egpko", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	td := s.as("td-club (session)")
	page := td.get(td.get("/t/egpko/admin/pair").location)
	mustContain(t, "the final's proposal", page, "<title>Pair rounds 12 and 13 · EGP knockout", "<h1>Pair rounds 12 and 13 <span",
		"Round 12 final", "Round 13 third place", "Publish rounds 12 and 13")
	if strings.Contains(page.body, "forbid") {
		t.Errorf("a knockout's proposal speaks of forbidding pairs:\n%s", text(page.body))
	}
	// Publishing waits for each chooser's decision (issue 24, point 12).
	if a := td.post("/t/egpko/admin/pair", publishValues(t, page.body)); a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "choice of colour is not given") {
		t.Fatalf("publish without the choices: %d %s", a.status, text(a.body))
	}
	if n := len(s.tournament("egpko").Rounds); n != 11 {
		t.Fatalf("published without the choices: %d rounds", n)
	}
	// Not told yet, said so: the page shows the colours for now, then
	// publishes them.
	choose := publishValues(t, page.body)
	for _, m := range regexp.MustCompile(`name="(c\d+)" value="untold"`).FindAllStringSubmatch(page.body, -1) {
		choose.Set(m[1], "untold")
	}
	choose.Set("action", "show")
	shown := td.follow(td.post("/t/egpko/admin/pair", choose))
	mustContain(t, "the colours for now", shown, "has not told his choice of colour yet, so he plays black for now")
	a := td.post("/t/egpko/admin/pair", publishValues(t, shown.body))
	if a.status != http.StatusSeeOther {
		t.Fatalf("publish: %d %s", a.status, text(a.body))
	}
	if n := len(s.tournament("egpko").Rounds); n != 13 {
		t.Errorf("published: %d rounds, want 13", n)
	}
}
