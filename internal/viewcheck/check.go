// Package viewcheck checks that every view of a tournament tells every
// player the same points, discs and tie-break: the lists, the crosstable,
// the player pages, the pairings and the player list, on the web and in
// the JSON API, the command line's tables and the exports (JSON, .ELO,
// CSV), as each renders them. The property tests over simulated events and
// the migration tests over real ones call it (Agree).
//
// The views count different rounds, and Check holds each to its own:
//
//   - the lists (standings, order of finish, player list, pairings, the
//     player pages' list places, the JSON export) count the main stage's
//     rounds up to the last complete one;
//   - the .ELO header and the results CSV count every result entered in
//     the main stage (knockout games never count: WOC II.3.3, III);
//   - the crosstable and the player pages' running totals count every
//     result entered in the crosstable's rounds: the main stage's and EGP
//     II.2's placement rounds.
//
// Once no round is in play and no placement round is played, the three
// are the same. Check works out each player's points and discs for each
// by hand from the rounds (games, byes, and rounds missed while absent,
// scored as games not played: BOF general rule 11), apart from the code
// that draws up the views, and compares every view with them; the
// Brightwell quotients, which only the standings compute, are compared
// with the standings'.
package viewcheck

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"outflank"
	"outflank/standing"
)

// Views are the documents of one tournament as its views rendered them.
// Gather fills them; a nil field is a view not rendered.
type Views struct {
	// The JSON API: /api/t/{slug}/standings?list=ifrl and ?list=finish,
	// /crosstable, /players, /players/{id} and /pairings/{round}.
	APIStandings, APIFinish, APICrosstable, APIPlayers []byte
	APIPlayer, APIPairings                             map[int][]byte
	// The public pages: /t/{slug}/standings?list=ifrl and /crosstable.
	HTMLStandings, HTMLCrosstable []byte
	// The command line: 'standings SLUG --list ifrl', 'crosstable SLUG',
	// and 'export SLUG --format json|elo|csv'.
	CLIStandings, CLICrosstable      []byte
	ExportJSON, ExportELO, ExportCSV []byte
}

// line is what a view says of a player: points and bq are NaN, discs
// noDiscs, where the view does not show them.
type line struct {
	points float64
	discs  int
	bq     float64
}

// noDiscs marks a view that shows no disc count.
const noDiscs = -1

// scope is a set of rounds a view counts, and what it says of each
// player, worked out by hand.
type scope struct {
	name  string
	lines map[int]line
}

// Check compares every view in v with the points and discs worked out by
// hand from t's rounds, and with the standings' Brightwell quotients; it
// returns an error listing every disagreement (at most 40), or nil. The
// API's standings and crosstable and the web pages' are required, as the
// views every visitor reads; the others are checked when given.
func Check(t *outflank.Tournament, v Views) error {
	c := &checker{t: t}
	for name, doc := range map[string][]byte{"API standings": v.APIStandings, "API crosstable": v.APICrosstable,
		"HTML standings": v.HTMLStandings, "HTML crosstable": v.HTMLCrosstable} {
		if doc == nil {
			c.errorf("%s: not rendered", name)
		}
	}
	list, live, grid := c.scopes()
	c.compare(list, "the standings", t.Standings(0))
	c.compare(grid, "the crosstable's lines", t.GridStandings())
	c.view("API standings", list, c.apiStandings(v.APIStandings, false))
	c.view("API order of finish", list, c.apiStandings(v.APIFinish, true))
	c.view("API crosstable", grid, c.apiCrosstable(v.APICrosstable))
	c.view("API player list", list, c.apiPlayers(v.APIPlayers))
	for _, id := range sortedKeys(v.APIPlayer) {
		l, running := c.apiPlayer(id, v.APIPlayer[id])
		c.view(fmt.Sprintf("API player %d (list place)", id), list, l)
		c.view(fmt.Sprintf("API player %d (rounds)", id), grid, running)
	}
	for _, n := range sortedKeys(v.APIPairings) {
		c.view(fmt.Sprintf("API pairings of round %d", n), list, c.apiPairings(v.APIPairings[n]))
	}
	c.view("HTML standings", list, c.htmlStandings(v.HTMLStandings))
	c.view("HTML crosstable", grid, c.htmlCrosstable(v.HTMLCrosstable))
	c.view("CLI standings", list, c.cliStandings(v.CLIStandings))
	c.view("CLI crosstable", grid, c.cliCrosstable(v.CLICrosstable, v.APICrosstable))
	c.view("JSON export", list, c.exportJSON(v.ExportJSON))
	c.view(".ELO export", live, c.exportELO(v.ExportELO))
	c.view("CSV export", live, c.exportCSV(v.ExportCSV))
	if len(c.errs) == 0 {
		return nil
	}
	if len(c.errs) > 40 {
		c.errs = append(c.errs[:40], fmt.Sprintf("and %d more", len(c.errs)-40))
	}
	return fmt.Errorf("the views of %s disagree:\n  %s", t.Slug, strings.Join(c.errs, "\n  "))
}

type checker struct {
	t    *outflank.Tournament
	errs []string
}

func (c *checker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

// mainStage reports whether a round counts for the lists.
func mainStage(r *outflank.Round) bool {
	return r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin
}

// scopes works out the three scopes' points and discs by hand, and takes
// the Brightwell quotients from the standings.
func (c *checker) scopes() (list, live, grid scope) {
	complete, open := 0, false
	for i := range c.t.Rounds {
		r := &c.t.Rounds[i]
		if !mainStage(r) {
			continue
		}
		if open || !slicesAll(r.Games, func(g outflank.Game) bool { return g.Result != nil }) {
			open = true // a list counts the rounds before the first in play
			continue
		}
		complete = r.Number
	}
	list = scope{"the list's rounds", c.sums(func(r *outflank.Round) bool { return mainStage(r) && r.Number <= complete })}
	live = scope{"every result of the main stage", c.sums(mainStage)}
	grid = scope{"the crosstable's rounds", c.sums(func(r *outflank.Round) bool { return mainStage(r) || r.Stage == outflank.StagePlacement })}
	for _, r := range c.t.Standings(0) {
		l := list.lines[r.Player]
		l.bq = r.BQ
		list.lines[r.Player] = l
	}
	for _, r := range c.t.GridStandings() {
		l := grid.lines[r.Player]
		l.bq = r.BQ
		grid.lines[r.Player] = l
	}
	for id, l := range live.lines {
		l.bq = math.NaN() // the .ELO file and the CSV carry none
		live.lines[id] = l
	}
	return list, live, grid
}

// sums adds up each player's points and discs over the rounds include
// accepts: each game with a result, each bye (a win, the ruleset's bye
// discs) and each round missed while marked absent (no point, the
// unplayed-game discs).
func (c *checker) sums(include func(*outflank.Round) bool) map[int]line {
	lines := map[int]line{}
	for _, p := range c.t.Players {
		lines[p.ID] = line{}
	}
	add := func(id int, points float64, discs int) {
		l := lines[id]
		l.points += points
		l.discs += discs
		lines[id] = l
	}
	for i := range c.t.Rounds {
		r := &c.t.Rounds[i]
		if !include(r) {
			continue
		}
		played := map[int]bool{}
		for _, g := range r.Games {
			played[g.Black], played[g.White] = true, true
			if g.Result != nil {
				bp, wp := g.Result.Points()
				add(g.Black, bp, g.Result.BlackDiscs)
				add(g.White, wp, g.Result.WhiteDiscs)
			}
		}
		for _, id := range r.Byes {
			played[id] = true
			add(id, 1, c.t.Settings.ByeDiscs[0])
		}
		if !mainStage(r) {
			continue // absences are rounds of the main stage
		}
		for _, p := range c.t.Players {
			if p.AbsentIn(r.Number) && !played[p.ID] {
				add(p.ID, 0, c.t.Settings.UnplayedDiscs[0])
			}
		}
	}
	return lines
}

// compare checks a computation of the code (rows) against a scope worked
// out by hand.
func (c *checker) compare(s scope, what string, rows []standing.Row) {
	got := map[int]line{}
	for _, r := range rows {
		got[r.Player] = line{points: r.Points, discs: r.Discs, bq: math.NaN()}
	}
	c.view(what, s, got)
}

// view compares what a view says (got, nil when not rendered) with s.
func (c *checker) view(name string, s scope, got map[int]line) {
	if got == nil {
		return
	}
	for _, id := range sortedKeys(got) {
		g, want := got[id], s.lines[id]
		if _, ok := s.lines[id]; !ok {
			c.errorf("%s: player %d, who is not in the tournament", name, id)
			continue
		}
		who := c.t.Describe(id)
		if !math.IsNaN(g.points) && math.Abs(g.points-want.points) > 1e-9 {
			c.errorf("%s: %s has %s points; by hand over %s: %s", name, who, num(g.points), s.name, num(want.points))
		}
		if g.discs != noDiscs && g.discs != want.discs {
			c.errorf("%s: %s has %d discs; by hand over %s: %d", name, who, g.discs, s.name, want.discs)
		}
		if !math.IsNaN(g.bq) && !math.IsNaN(want.bq) && math.Abs(g.bq-want.bq) > 0.006 {
			c.errorf("%s: %s has a Brightwell quotient of %s; the standings over %s: %s", name, who, num(g.bq), s.name, num(want.bq))
		}
	}
}

func num(x float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

func slicesAll[T any](s []T, f func(T) bool) bool {
	for _, x := range s {
		if !f(x) {
			return false
		}
	}
	return true
}
