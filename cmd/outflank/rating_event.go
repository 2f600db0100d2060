package main

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"outflank"
	"outflank/exchange"
	"outflank/rating"
	"outflank/wof"
	"outflank/words"
)

const ratingEventUsage = "rating event SLUG --results DIR [--players-db FILE] [--json]"

// ratingEventDoc is what 'rating event --json' prints.
type ratingEventDoc struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
	Date string `json:"date"`
	// BeforeList is the date of the list the ratings before are taken
	// from (the event's date, over tournaments up to the day before);
	// NextList that of the list the change is on.
	BeforeList string `json:"before_list"`
	NextList   string `json:"next_list"`
	// Duplicate is the archive file dropped because it is this event.
	Duplicate string           `json:"archive_duplicate"`
	Players   []ratingEventRow `json:"players"`
}

// ratingEventRow is one player of the event. Pointers are null when there
// is no such value: no rating before, no game against a rated opponent, a
// score of all or nothing (no performance), no rating on the next list.
type ratingEventRow struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
	WOFID  int    `json:"wof_id"`
	// Rated is set when the player has a rating before the event; Reason
	// says why not, otherwise.
	Rated             bool     `json:"rated"`
	Reason            string   `json:"reason,omitempty"`
	RatingBefore      *int     `json:"rating_before"`
	UncertaintyBefore *int     `json:"uncertainty_before"`
	Games             int      `json:"games"`
	GamesRated        int      `json:"games_against_rated"`
	ExpectedScore     *float64 `json:"expected_score"`
	ActualScore       float64  `json:"actual_score"`
	Performance       *int     `json:"performance"`
	RatingNext        *int     `json:"rating_next"`
	RatingNextWithout *int     `json:"rating_next_without_event"`
	Change            *int     `json:"change"`
	New               bool     `json:"new"`
}

// provisionalWOF numbers a player without a WOF id for this computation
// only (900000 and his tournament id), as a new player: no file carries
// it, and the .ELO export refuses a player without an id
// (exchange.NoWOFID).
const provisionalWOF = 900000

// runRatingEvent shows, for each player of a tournament in the database,
// his rating before it, his expected and actual score against the rated
// opponents he met, his performance rating, and the change the event
// makes on the next list: the list calculated on the first day of the
// month after the event, with the event's games less the list without
// them.
func runRatingEvent(e *env, args []string) error {
	fs := e.newFlags("rating event", ratingEventUsage)
	results := fs.String("results", "", "the `folder` of the WOF's .ELO result archive (one folder per year)")
	playersDB := fs.String("players-db", "", "the WOF player database (joueurs.txt) that names the players (default: joueurs.txt beside DIR, when there)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, ratingEventUsage)
	if err != nil {
		return err
	}
	if *results == "" {
		return usagef("usage: outflank %s", ratingEventUsage)
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	date, err := rating.ParseDate(t.Date)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "%s has no date: the rating list needs the day it was played (create it with 'outflank new %s ... --date YYYY-MM-DD')", slug, slug)
	}
	a, err := e.readRatingArchive(*results, *playersDB)
	if err != nil {
		return err
	}
	wofIDs := map[int]int{} // tournament id -> WOF id, or a provisional one
	for _, p := range t.Players {
		wofIDs[p.ID] = p.WOFID
		if p.WOFID == 0 {
			wofIDs[p.ID] = provisionalWOF + p.ID
		}
	}
	games := exchange.RatedGames(t)
	if n := exchange.UnratedGames(t); n > 0 {
		e.printf(e.stderr, "rating event: %s of %s %s left out, as export --format elo leaves them out: they are not rated\n%s",
			words.Count(n, "game"), t.Slug, words.Verb(n, "is", "are"), strings.TrimPrefix(unratedWarning(t), "warning: "))
	}
	event := rating.Tournament{Date: date}
	for _, g := range games {
		event.Games = append(event.Games, rating.Game{A: wofIDs[g.First], B: wofIDs[g.Second], Score: rating.ScoreOf(g.Result)})
	}
	archive, dup := withoutEvent(a, event)
	doc := ratingEventDoc{Slug: t.Slug, Name: t.Name, Date: date.String(), BeforeList: date.String(), Players: []ratingEventRow{}}
	if dup >= 0 {
		doc.Duplicate = a.files[dup].Path
		e.printf(e.stderr, "the archive already holds this event (%s: same date, same games): it is left out so that its games count once\n", doc.Duplicate)
	}
	next := rating.Date{Year: date.Year, Month: date.Month, Day: 1}.AddMonths(1)
	doc.NextList = next.String()
	before, without, with, err := eventLists(archive, event, date, next)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "%v", err)
	}
	for _, pid := range t.RankOrder() {
		p, _ := t.Player(pid)
		doc.Players = append(doc.Players, eventRow(p, wofIDs, games, before, without, with))
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", ratingEventText(doc))
	return nil
}

// withoutEvent returns the archive's tournaments less the one that is the
// event (the same date and the same games, whoever is written first), and
// its index in the archive, or -1.
func withoutEvent(a *ratingArchive, event rating.Tournament) ([]rating.Tournament, int) {
	key := gamesKey(event.Games)
	for k, t := range a.tournaments {
		if t.Date == event.Date && len(t.Games) == len(event.Games) && gamesKey(t.Games) == key {
			rest := append(append([]rating.Tournament{}, a.tournaments[:k]...), a.tournaments[k+1:]...)
			return rest, k
		}
	}
	return a.tournaments, -1
}

// gamesKey is a set of games written so that two sets of the same games
// give the same key.
func gamesKey(games []rating.Game) string {
	count := map[[3]int]int{}
	for _, g := range games {
		if g.A > g.B {
			g = rating.Game{A: g.B, B: g.A, Score: 2 - g.Score}
		}
		count[[3]int{g.A, g.B, g.Score}]++
	}
	var keys []string
	for g, n := range count {
		keys = append(keys, fmt.Sprintf("%d %d %d x%d", g[0], g[1], g[2], n))
	}
	sort.Strings(keys)
	return strings.Join(keys, ";")
}

// eventLists computes, at once, the list before the event and the next
// list without and with it.
func eventLists(archive []rating.Tournament, event rating.Tournament, date, next rating.Date) (before, without, with *rating.List, err error) {
	withEvent := append(append([]rating.Tournament{}, archive...), event)
	jobs := []struct {
		ts  []rating.Tournament
		opt rating.Options
		out **rating.List
	}{
		{archive, rating.Options{AsOf: date, Until: date.AddDays(-1)}, &before},
		{archive, rating.Options{AsOf: next}, &without},
		{withEvent, rating.Options{AsOf: next}, &with},
	}
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for k, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			*j.out, errs[k] = rating.Compute(j.ts, j.opt)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, nil, err
		}
	}
	return before, without, with, nil
}

// eventRow is player p's line: his rated games of the event against the
// players rated before it.
func eventRow(p *outflank.Player, wofIDs map[int]int, games []wof.Game, before, without, with *rating.List) ratingEventRow {
	id := wofIDs[p.ID]
	row := ratingEventRow{Player: p.ID, Name: p.Name, WOFID: p.WOFID}
	self, rated := before.Player(id)
	switch {
	case p.WOFID == 0:
		row.Reason = fmt.Sprintf("no WOF id: counted as new player %d, as the .ELO export numbers him", id)
	case rated:
		row.Rated = true
		r, u := self.Rounded(), int(math.Round(self.Uncertainty))
		row.RatingBefore, row.UncertaintyBefore = &r, &u
	default:
		row.Reason = notRatedReason(before, id)
	}
	var opponents []float64
	var expected float64
	for _, g := range games {
		var opp int
		var score float64
		switch p.ID {
		case g.First:
			opp, score = wofIDs[g.Second], float64(rating.ScoreOf(g.Result))/2
		case g.Second:
			opp, score = wofIDs[g.First], 1-float64(rating.ScoreOf(g.Result))/2
		default:
			continue
		}
		row.Games++
		o, ok := before.Player(opp)
		if !ok {
			continue
		}
		row.GamesRated++
		row.ActualScore += score
		opponents = append(opponents, float64(o.Rounded()))
		if rated {
			expected += rating.Expected(float64(self.Rounded()), float64(o.Rounded()))
		}
	}
	if rated && row.GamesRated > 0 {
		x := math.Round(expected*100) / 100
		row.ExpectedScore = &x
	}
	if perf, ok := rating.Performance(opponents, row.ActualScore); ok {
		r := int(math.Round(perf))
		row.Performance = &r
	}
	after, hasAfter := with.Player(id)
	prior, hasPrior := without.Player(id)
	if hasAfter {
		r := after.Rounded()
		row.RatingNext = &r
	}
	if hasPrior {
		r := prior.Rounded()
		row.RatingNextWithout = &r
	}
	switch {
	case hasAfter && hasPrior:
		c := after.Rounded() - prior.Rounded()
		row.Change = &c
	case hasAfter:
		row.New = true
	}
	return row
}

// notRatedReason says why the list l does not rate id.
func notRatedReason(l *rating.List, id int) string {
	for _, u := range l.Unplaced {
		if u.ID == id {
			return u.Reason
		}
	}
	return "no rated game before it"
}

func ratingEventText(d ratingEventDoc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): ratings of the list of %s (tournaments to the day before); change on the list of %s\n", d.Name, d.Date, d.BeforeList, d.NextList)
	fmt.Fprintf(&b, "%-30s %7s %6s %5s %5s %8s %6s %5s %6s %6s\n", "player", "WOF id", "before", "±", "games", "expected", "actual", "perf", "next", "change")
	opt := func(p *int) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	var notes []string
	for _, r := range d.Players {
		exp, change := "-", opt(r.Change)
		if r.ExpectedScore != nil {
			exp = fmt.Sprintf("%.2f", *r.ExpectedScore)
		}
		if r.Change != nil && *r.Change > 0 {
			change = "+" + change
		}
		if r.New {
			change = "new"
		}
		wofID := opt(&r.WOFID)
		if r.WOFID == 0 {
			wofID = "-"
		}
		name := fmt.Sprintf("#%d %s", r.Player, r.Name)
		fmt.Fprintf(&b, "%-30s %7s %6s %5s %5s %8s %6s %5s %6s %6s\n", name, wofID, opt(r.RatingBefore), opt(r.UncertaintyBefore),
			fmt.Sprintf("%d/%d", r.GamesRated, r.Games), exp, trimFloat(r.ActualScore), opt(r.Performance), opt(r.RatingNext), change)
		if r.Reason != "" {
			notes = append(notes, fmt.Sprintf("  #%d %s: %s", r.Player, r.Name, r.Reason))
		}
	}
	b.WriteString("games: against rated opponents / rated games in all; expected and actual scores count the games against rated opponents\n")
	if len(notes) > 0 {
		b.WriteString("not rated before the event:\n" + strings.Join(notes, "\n") + "\n")
	}
	if d.Duplicate != "" {
		fmt.Fprintf(&b, "the archive's %s is this event: left out, so that its games count once\n", d.Duplicate)
	}
	return b.String()
}
