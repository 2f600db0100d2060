package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"outflank"
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
// (words that start the name's words, ignoring case and accents), the
// players named exactly so first.
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

// findInDB finds query in the database: a WOF id, or a name, the exact
// matches first, then the players whose words start with the query's.
func findInDB(db *wof.PlayerDB, query string) []wof.DBPlayer {
	if id, err := strconv.Atoi(strings.TrimSpace(query)); err == nil {
		if p, ok := db.ByID(id); ok {
			return []wof.DBPlayer{p}
		}
		return nil
	}
	found := db.Find(query)
	for _, p := range db.Search(query) {
		if !slices.ContainsFunc(found, func(q wof.DBPlayer) bool { return q.ID == p.ID }) {
			found = append(found, p)
		}
	}
	return found
}

func dbPlayerOf(p wof.DBPlayer) dbPlayerDoc {
	d := dbPlayerDoc{WOFID: p.ID, Name: dbName(p), Surname: p.Surname, Firstname: p.Firstname, Country: p.Country}
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

// lookUpName finds the player registered by name with --players-db: one
// player named so in the database gives the WOF id and the WOF's spelling
// of the name (the rest is filled in from it); several, or none but players with close names, are offered to
// choose from with --wof-id (or --new); nobody close means a player new to
// the WOF.
func lookUpName(p *outflank.Player, db *wof.PlayerDB, file string) error {
	if name, err := names.Normalize(p.Name, names.MaxPerson); err == nil {
		p.Name = name // as it will be stored ("Le\u0301a" is "Léa"); a bad name is AddPlayer's to refuse
	}
	exact := db.Find(p.Name)
	if len(exact) == 1 {
		// Registered under the WOF's spelling, as the rating list knows them.
		p.WOFID, p.Name = exact[0].ID, dbName(exact[0])
		return nil
	}
	offer := func(ps []wof.DBPlayer) string {
		var lines []string
		for _, q := range ps[:min(10, len(ps))] {
			lines = append(lines, "  "+dbPlayerLine(dbPlayerOf(q)))
		}
		if len(ps) > 10 {
			lines = append(lines, fmt.Sprintf("  ... and %d more ('outflank player find QUERY --players-db %s' searches)", len(ps)-10, file))
		}
		return strings.Join(lines, "\n")
	}
	if len(exact) > 1 {
		return outflank.Errorf(outflank.EINVALID, "%d players of %s are named %q:\n%s\nGive the one you mean with --wof-id N", len(exact), file, p.Name, offer(exact))
	}
	if close := db.Search(p.Name); len(close) > 0 {
		some := "1 player has a close name"
		if len(close) > 1 {
			some = fmt.Sprintf("%d players have close names", len(close))
		}
		return outflank.Errorf(outflank.EINVALID, "nobody in %s is named %q, but %s:\n%s\nGive the one you mean with --wof-id N, or add --new if %s is not in the database",
			file, p.Name, some, offer(close), p.Name)
	}
	return nil
}
