package main

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"outflank"
	"outflank/rating"
)

const ratingHistoryUsage = "rating history ID --results DIR [--as-of DATE] [--every MONTHS] [--players-db FILE] [--json] [--svg FILE]"

// ratingHistoryDoc is what 'rating history --json' prints.
type ratingHistoryDoc struct {
	WOFID   int                  `json:"wof_id"`
	Name    string               `json:"name"`
	Country string               `json:"country"`
	Points  []ratingHistoryPoint `json:"points"`
}

type ratingHistoryPoint struct {
	Date        string `json:"date"`
	Rating      int    `json:"rating"`
	Uncertainty int    `json:"uncertainty"`
	// Rank is 0 on a list where the player is not active.
	Rank     int  `json:"rank"`
	Games    int  `json:"games"`
	Active   bool `json:"active"`
	Official bool `json:"official"`
}

// runRatingHistory computes the lists calculated on the first day of every
// --every months, from the month of the player's first tournament to
// --as-of, and shows his place on each list that rates him.
func runRatingHistory(e *env, args []string) error {
	fs := e.newFlags("rating history", ratingHistoryUsage)
	results := fs.String("results", "", "the `folder` of the WOF's .ELO result archive (one folder per year)")
	asOf := fs.String("as-of", "", "the last list's calculation `date`, YYYY-MM-DD (default: today)")
	every := fs.Int("every", 6, "a list every `months` months: 1 monthly, 3 quarterly (January, April, ...), 6 in January and July")
	playersDB := fs.String("players-db", "", "the WOF player database (joueurs.txt) that names the players (default: joueurs.txt beside DIR, when there)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	svg := fs.String("svg", "", "also write the plot of the history, an SVG image, to `file`")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *results == "" {
		return usagef("usage: outflank %s", ratingHistoryUsage)
	}
	id, err := strconv.Atoi(pos[0])
	if err != nil || id < 1 {
		return outflank.Errorf(outflank.EINVALID, "WOF id %q is not a whole number above 0: give the player's WOF id ('outflank player find NAME --players-db FILE' finds it)", pos[0])
	}
	if *every < 1 || *every > 12 {
		return outflank.Errorf(outflank.EINVALID, "--every %d: give a number of months from 1 to 12", *every)
	}
	last, err := ratingDateFlag("as-of", *asOf)
	if err != nil {
		return err
	}
	if last.IsZero() {
		last = today()
	}
	a, err := e.readRatingArchive(*results, *playersDB)
	if err != nil {
		return err
	}
	first, ok := firstTournament(a.tournaments, id)
	if !ok {
		return outflank.Errorf(outflank.ENOTFOUND, "WOF id %d plays in no tournament of %s: check the id ('outflank player find NAME --players-db FILE' finds it)", id, *results)
	}
	if last.Before(first) {
		return outflank.Errorf(outflank.EINVALID, "--as-of %s is before %s's first tournament (%s)", last, a.dir.Name(id), first)
	}
	lists, err := rating.Lists(a.tournaments, rating.ListDates(first, last, *every))
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "%v", err)
	}
	points := rating.History(lists, id)
	if len(points) == 0 {
		return outflank.Errorf(outflank.ENOTFOUND, "%s (WOF %d) is on none of the %d lists from %s to %s: he never had a rating (a player who won or lost every game, or played only a small group, is not rated)", a.dir.Name(id), id, len(lists), first, last)
	}
	doc := ratingHistoryDoc{WOFID: id, Name: a.dir.Name(id), Country: a.dir[id].Country, Points: []ratingHistoryPoint{}}
	for _, p := range points {
		doc.Points = append(doc.Points, ratingHistoryPoint{
			Date: p.Date.String(), Rating: p.Rounded(), Uncertainty: int(math.Round(p.Uncertainty)), Rank: p.Rank,
			Games: p.Games, Active: p.Active, Official: p.Official,
		})
	}
	if *svg != "" {
		image := rating.PlotSVG(points, fmt.Sprintf("%s (WOF %d)", doc.Name, id))
		if err := writeFileAtomically(*svg, 0o644, func(w io.Writer) error {
			_, err := w.Write(image)
			return err
		}); err != nil {
			return err
		}
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", ratingHistoryText(doc, *every))
	return nil
}

// firstTournament returns the date of the first tournament id played in.
func firstTournament(ts []rating.Tournament, id int) (rating.Date, bool) {
	var first rating.Date
	for _, t := range ts {
		if !first.IsZero() && !t.Date.Before(first) {
			continue
		}
		for _, g := range t.Games {
			if g.A == id || g.B == id {
				first = t.Date
				break
			}
		}
	}
	return first, !first.IsZero()
}

func ratingHistoryText(d ratingHistoryDoc, every int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (WOF %d, %s): rating on the lists every %d months\n", d.Name, d.WOFID, d.Country, every)
	fmt.Fprintf(&b, "%-10s %6s %5s %5s %5s  %s\n", "date", "rating", "±", "rank", "games", "active")
	for _, p := range d.Points {
		rank, active := "-", "no"
		if p.Rank > 0 {
			rank = strconv.Itoa(p.Rank)
		}
		if p.Active {
			active = "yes"
			if p.Official {
				active = "yes, official"
			}
		}
		fmt.Fprintf(&b, "%-10s %6d %5d %5s %5d  %s\n", p.Date, p.Rating, p.Uncertainty, rank, p.Games, active)
	}
	return b.String()
}
