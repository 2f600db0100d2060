package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/report"
)

const roundShowUsage = "round show SLUG [ROUND] [--json]"

func runRoundShow(e *env, args []string) error {
	fs := e.newFlags("round show", roundShowUsage)
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 && len(pos) != 2 {
		return usagef("usage: outflank %s", roundShowUsage)
	}
	t, err := e.load(pos[0])
	if err != nil {
		return err
	}
	if len(t.Rounds) == 0 {
		return outflank.Errorf(outflank.EINVALID, "%s has no rounds yet: 'outflank pair %s' pairs round 1", t.Slug, t.Slug)
	}
	n := len(t.Rounds)
	if len(pos) == 2 {
		if n, err = parseInt(pos[1], "round"); err != nil {
			return err
		}
	}
	r, ok := t.Round(n)
	if !ok {
		return outflank.Errorf(outflank.ENOTFOUND, "%s has no round %d: its rounds are 1 to %d", t.Slug, n, len(t.Rounds))
	}
	doc := report.RoundOf(t, r)
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", roundText(doc, t))
	return nil
}

// roundText prints the pairing sheet: a line per table, then the byes and the
// absent players.
func roundText(d report.Round, t *outflank.Tournament) string {
	var b strings.Builder
	how := d.Stage
	if d.Method != "" {
		how += "; " + d.Method
	}
	fmt.Fprintf(&b, "%s, round %d (%s)\n", t.Name, d.Round, how)
	if len(d.Games) > 0 {
		fmt.Fprintf(&b, "%5s  %-32s %5s %6s   %-32s %5s %6s   %s\n", "table", "black", "pts", "rating", "white", "pts", "rating", "result")
	}
	for _, g := range d.Games {
		result := ""
		if g.Result != nil {
			result = g.Result.Summary
		}
		fmt.Fprintf(&b, "%5d  %-32s %5s %6s   %-32s %5s %6s   %s\n", g.Table,
			seatName(g.Black), formatPoints(g.Black.Points), ratingText(g.Black.Rating),
			seatName(g.White), formatPoints(g.White.Points), ratingText(g.White.Rating), result)
	}
	for _, list := range []struct {
		label string
		seats []report.Seat
	}{{"bye", d.Byes}, {"absent", d.Absent}} {
		for _, s := range list.seats {
			fmt.Fprintf(&b, "%-7s %-32s %5s %6s\n", list.label+":", seatName(s), formatPoints(s.Points), ratingText(s.Rating))
		}
	}
	return b.String()
}

func seatName(s report.Seat) string { return fmt.Sprintf("#%d %s", s.ID, s.Name) }
