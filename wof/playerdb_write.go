package wof

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// dbNameWidth is the width PAPP pads names to in joueurs.txt, so that the
// ratings line up: "280016 ACUNA, Ricardo" and 22 spaces, then " %_<1714>".
const dbNameWidth = 36

// WritePlayerDB writes db as joueurs.txt in PAPP's format, which
// ReadPlayerDB reads back to the same players (ids, names, countries,
// ratings and comments; line numbers aside):
//
//	% Liste des joueurs par pays
//
//	pays = ARG
//
//	280016 ACUNA, Ricardo                       %_<1714>
//	280091 AMBROSIUS, Karin
//
// Players are grouped by country, the countries in byte order, and keep
// their order in db within each country (the real file sorts them by
// surname, then first name: sort them so first to write such a file).
// Players without a country come first, before any "pays =" line. Each
// line is the id right-aligned in 6 columns, the name "SURNAME, Firstname"
// padded to 36 (with the comma even when the first name is empty, except
// for the programs of country "PG", whose name has none), then
// the rating as "%_<N>" when there is one and any comment after "% ", so
// a database read from the real file is written back byte for byte. The
// text is Latin-1 when it fits, else UTF-8 (as Write decides).
//
// WritePlayerDB refuses, before writing anything, a database the format
// cannot carry: a negative id or one of more than 9 digits, an id twice, a
// comma in a surname (the first comma ends the surname), a "%" in a name
// (a country may hold one: its line is not a player's), a line break
// anywhere, a comment holding "%_" for a player
// without a rating (it would read back as one), or a line longer than
// MaxLineLength.
func WritePlayerDB(w io.Writer, db *PlayerDB) error {
	if db == nil {
		return fmt.Errorf("wof: WritePlayerDB of a nil database")
	}
	if err := checkPlayerDB(db); err != nil {
		return err
	}
	byCountry := map[string][]DBPlayer{}
	for _, p := range db.Players {
		c := strings.TrimSpace(p.Country)
		byCountry[c] = append(byCountry[c], p)
	}
	countries := make([]string, 0, len(byCountry))
	for c := range byCountry {
		countries = append(countries, c)
	}
	sort.Strings(countries)
	var b strings.Builder
	b.WriteString("% Liste des joueurs par pays\n")
	for _, c := range countries {
		b.WriteString("\n")
		if c != "" {
			b.WriteString("pays = " + c + "\n\n")
		}
		for _, p := range byCountry[c] {
			b.WriteString(dbPlayerLine(p) + "\n")
		}
	}
	if _, err := w.Write(encodeText(b.String())); err != nil {
		return fmt.Errorf("wof: writing the player database: %w", err)
	}
	return nil
}

// dbPlayerLine is p's line, without its end.
func dbPlayerLine(p DBPlayer) string {
	// PAPP writes the comma even without a first name ("HAJKOVA,"), but
	// not for the programs, whose whole name is the surname.
	name := strings.TrimSpace(p.Surname)
	if first := strings.TrimSpace(p.Firstname); first != "" || strings.TrimSpace(p.Country) != "PG" {
		name += ", " + first
	}
	line := fmt.Sprintf("%6d %-*s", p.ID, dbNameWidth, name)
	if p.HasRating {
		line += fmt.Sprintf(" %%_<%d>", p.Rating)
	}
	if c := strings.TrimSpace(p.Comment); c != "" {
		line += " % " + c
	}
	return line
}

// checkPlayerDB returns why db cannot be written, or nil.
func checkPlayerDB(db *PlayerDB) error {
	seen := map[int]bool{}
	for _, p := range db.Players {
		if p.ID < 0 || p.ID > 999999999 {
			return fmt.Errorf("wof: player id %d is not a number of up to 9 digits", p.ID)
		}
		if seen[p.ID] {
			return fmt.Errorf("wof: player id %d is in the database twice", p.ID)
		}
		seen[p.ID] = true
		if strings.Contains(p.Surname, ",") {
			return fmt.Errorf("wof: player %d: surname %q holds a comma, which would end it", p.ID, p.Surname)
		}
		for _, f := range []struct{ what, value string }{
			{"surname", p.Surname}, {"first name", p.Firstname}, {"country", p.Country}, {"comment", p.Comment},
		} {
			if strings.ContainsAny(f.value, "\r\n") {
				return fmt.Errorf("wof: player %d: the %s %q holds a line break", p.ID, f.what, f.value)
			}
			if (f.what == "surname" || f.what == "first name") && strings.Contains(f.value, "%") {
				return fmt.Errorf("wof: player %d: the %s %q holds a %%, which starts a comment", p.ID, f.what, f.value)
			}
		}
		if !p.HasRating && strings.Contains(p.Comment, "%_") {
			return fmt.Errorf("wof: player %d has no rating but his comment %q holds %%_, which would read back as one", p.ID, p.Comment)
		}
		if n := len(dbPlayerLine(p)); n > MaxLineLength {
			return fmt.Errorf("wof: player %d: his line would be %d bytes, over %d", p.ID, n, MaxLineLength)
		}
	}
	return nil
}
