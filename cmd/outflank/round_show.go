package main

import (
	"fmt"
	"strings"

	"outflank"
)

const roundShowUsage = "round show SLUG [ROUND] [--json]"

// roundShowDoc is what 'round show --json' prints: a round's pairings
// with each player's rating and points as they stand now.
type roundShowDoc struct {
	Tournament string     `json:"tournament"`
	Round      int        `json:"round"`
	Stage      string     `json:"stage"`
	Method     string     `json:"method"`
	Seed       string     `json:"seed"`
	Games      []tableDoc `json:"games"`
	Byes       []seatDoc  `json:"byes"`
	Absent     []seatDoc  `json:"absent"`
}

type tableDoc struct {
	Table  int        `json:"table"`
	Black  seatDoc    `json:"black"`
	White  seatDoc    `json:"white"`
	Result *resultDoc `json:"result"`
}

// seatDoc is a player as a pairing sheet shows them.
type seatDoc struct {
	ID     int     `json:"id"`
	Name   string  `json:"name"`
	Rating int     `json:"rating"`
	Points float64 `json:"points"`
}

type resultDoc struct {
	BlackDiscs int    `json:"black_discs"`
	WhiteDiscs int    `json:"white_discs"`
	Outcome    string `json:"outcome"`
	Summary    string `json:"summary"`
}

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
	doc := showRound(t, r)
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	e.printf(e.stdout, "%s", doc.text(t))
	return nil
}

func showRound(t *outflank.Tournament, r *outflank.Round) roundShowDoc {
	points := currentPoints(t)
	seat := func(id int) seatDoc {
		s := seatDoc{ID: id, Points: points[id]}
		if p, ok := t.Player(id); ok {
			s.Name, s.Rating = p.Name, p.Rating
		}
		return s
	}
	doc := roundShowDoc{Tournament: t.Slug, Round: r.Number, Stage: string(r.Stage), Method: r.Method, Seed: r.Seed,
		Games: []tableDoc{}, Byes: []seatDoc{}, Absent: []seatDoc{}}
	for _, g := range r.Games {
		td := tableDoc{Table: g.Table, Black: seat(g.Black), White: seat(g.White)}
		if res := g.Result; res != nil {
			td.Result = &resultDoc{BlackDiscs: res.BlackDiscs, WhiteDiscs: res.WhiteDiscs, Outcome: string(res.Outcome), Summary: res.Summary()}
		}
		doc.Games = append(doc.Games, td)
	}
	for _, id := range r.Byes {
		doc.Byes = append(doc.Byes, seat(id))
	}
	for _, p := range t.Players {
		if p.Active(r.Number) && p.AbsentIn(r.Number) {
			doc.Absent = append(doc.Absent, seat(p.ID))
		}
	}
	return doc
}

// text prints the pairing sheet: a line per table, then the byes and the
// absent players.
func (d roundShowDoc) text(t *outflank.Tournament) string {
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
		seats []seatDoc
	}{{"bye", d.Byes}, {"absent", d.Absent}} {
		for _, s := range list.seats {
			fmt.Fprintf(&b, "%-7s %-32s %5s %6s\n", list.label+":", seatName(s), formatPoints(s.Points), ratingText(s.Rating))
		}
	}
	return b.String()
}

func seatName(s seatDoc) string { return fmt.Sprintf("#%d %s", s.ID, s.Name) }
