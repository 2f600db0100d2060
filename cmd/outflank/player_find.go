package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"outflank/director"
	"outflank/names"
	"outflank/wof"
)

const playerFindUsage = "player find QUERY --players-db FILE [--limit N] [--json] [--max-size SIZE]"

// playerFindDoc is what 'player find --json' prints.
type playerFindDoc struct {
	Query   string        `json:"query"`
	Players []dbPlayerDoc `json:"players"`
	// More counts the matches left out by --limit.
	More int `json:"more"`
}

type dbPlayerDoc struct {
	WOFID     int    `json:"wof_id"`
	Name      string `json:"name"`
	Surname   string `json:"surname"`
	Firstname string `json:"firstname"`
	Country   string `json:"country"`
	Rating    *int   `json:"rating"`
}

// runPlayerFind searches the WOF player database: by WOF id, or by name
// (words of the name, or their starts or parts, ignoring case and
// accents), the best matches first.
func runPlayerFind(e *env, args []string) error {
	fs := e.newFlags("player find", playerFindUsage)
	dbPath := fs.String("players-db", "", "the WOF player database (joueurs.txt)")
	limit := fs.Int("limit", 20, "show at most `N` players (0: all)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	maxSize := maxSizeFlag(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || *dbPath == "" {
		return usagef("usage: outflank %s", playerFindUsage)
	}
	if *limit < 0 {
		return usagef("player find: --limit %d: give a number of players, or 0 for all", *limit)
	}
	db, err := readPlayerDB(*dbPath, maxSize)
	if err != nil {
		return err
	}
	query := pos[0]
	if q, err := names.Normalize(query, names.MaxPerson); err == nil {
		query = q
	}
	found := findInDB(db, query)
	doc := playerFindDoc{Query: pos[0], Players: []dbPlayerDoc{}}
	for i, p := range found {
		if *limit > 0 && i == *limit {
			doc.More = len(found) - i
			break
		}
		doc.Players = append(doc.Players, dbPlayerOf(p))
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	if len(found) == 0 {
		e.printf(e.stdout, "nobody in %s matches %q\n", filepath.Base(*dbPath), pos[0])
		return nil
	}
	for _, p := range doc.Players {
		e.printf(e.stdout, "%s\n", dbPlayerLine(p))
	}
	if doc.More > 0 {
		e.printf(e.stdout, "... and %d more (--limit 0 lists them all; more words narrow the search)\n", doc.More)
	}
	return nil
}

// findInDB finds query in the database: a WOF id, or a name, the best
// matches first (wof.Rank: the full name, the surname, whole words, the
// starts of words, parts of words; then the rated, by rating).
func findInDB(db *wof.PlayerDB, query string) []wof.DBPlayer {
	if id, err := strconv.Atoi(strings.TrimSpace(query)); err == nil {
		if p, ok := db.ByID(id); ok {
			return []wof.DBPlayer{p}
		}
		return nil
	}
	var found []wof.DBPlayer
	for _, f := range db.Rank(query, wof.Preference{}) {
		found = append(found, f.DBPlayer)
	}
	return found
}

func dbPlayerOf(p wof.DBPlayer) dbPlayerDoc {
	d := dbPlayerDoc{WOFID: p.ID, Name: director.DBName(p), Surname: p.Surname, Firstname: p.Firstname, Country: p.Country}
	if p.HasRating {
		r := p.Rating
		d.Rating = &r
	}
	return d
}

// dbPlayerLine is a database player on one line: "280016  ACUNA, Ricardo
// (ARG, 1714)".
func dbPlayerLine(p dbPlayerDoc) string {
	rating := "unrated"
	if p.Rating != nil {
		rating = strconv.Itoa(*p.Rating)
	}
	return fmt.Sprintf("%7d  %s (%s, %s)", p.WOFID, p.Name, p.Country, rating)
}
