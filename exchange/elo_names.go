package exchange

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"outflank/country"
	"outflank/names"
)

// Real .ELO files were typed by hand over decades, and the import takes
// what it can from them rather than refusing a whole file for one odd name:
// a name the domain would refuse is cleaned (names.Clean) and the import
// says so in a warning.

// cleanName returns the name of the player line of WOF id at line as the
// domain accepts it, with a warning when it had to be cleaned, or "" when
// nothing visible is left (the caller then registers "WOF <id>").
func (b *eloBuilder) cleanName(name string, line, id int) string {
	_, err := names.Normalize(name, names.MaxPerson)
	ne, bad := errors.AsType[*names.Error](err)
	if !bad {
		return name
	}
	cleaned := names.Clean(name, names.MaxPerson)
	if !strings.ContainsFunc(cleaned, isLetterOrDigit) {
		cleaned = "" // what is left, such as the comma of "SURNAME, First", names nobody
	}
	as := cleaned
	if as == "" {
		as = fmt.Sprintf("WOF %d", id)
	}
	b.warn("line %d: player name %s %s: registered as %q", line, names.Quote(name), ne.Problem, as)
	return cleaned
}

// eloTournamentName returns the name of the tournament (its %%Tournament:
// line, or the file's name) as the domain accepts it, adding a warning when
// it had to be cleaned; with nothing visible left, the tournament is named
// by its slug.
func eloTournamentName(name, path string, warnings []string) (string, []string) {
	_, err := names.Normalize(name, names.MaxTournament)
	ne, bad := errors.AsType[*names.Error](err)
	if !bad {
		return name, warnings
	}
	cleaned := names.Clean(name, names.MaxTournament)
	if cleaned == "" {
		cleaned = slugOf(path)
	}
	return cleaned, append(warnings, fmt.Sprintf("tournament name %s %s: named %q", names.Quote(name), ne.Problem, cleaned))
}

func isLetterOrDigit(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// eloCountry returns a player line's country in capitals, an ISO 3166
// two-letter code ("NL", as Dutch files write it) made three letters.
func eloCountry(c string) string {
	c = strings.ToUpper(strings.TrimSpace(c))
	if a3, ok := country.Alpha3(c); ok && len(c) == 2 {
		return a3
	}
	return c
}

// eloNameFields splits a player's name into the SURNAME and Firstname
// fields of an .ELO player line, which can carry neither a comma nor "%"
// (it starts a comment): the name is split at its first comma; in the first
// name, further commas become spaces ("Smith, John, Jr." gives "Smith" and
// "John Jr."); "%" becomes a space in both; a name without a surname
// (", John") is all surname. A stored name that breaks today's rules (kept
// from before them) is cleaned first, and one with nothing left is written
// "Player <id>".
func eloNameFields(name string, id int) (surname, first string) {
	name = strings.ReplaceAll(names.Clean(name, names.MaxPerson), "%", " ")
	surname, first, _ = strings.Cut(name, ",")
	surname = strings.Join(strings.Fields(surname), " ")
	first = strings.Join(strings.Fields(strings.ReplaceAll(first, ",", " ")), " ")
	if surname == "" {
		surname, first = first, ""
	}
	if surname == "" {
		surname = fmt.Sprintf("Player %d", id)
	}
	return surname, first
}

// eloTournamentHeader returns the tournament's name for the %%Tournament:
// line, cleaned when it was stored before today's rules.
func eloTournamentHeader(name, slug string) string {
	if s := names.Clean(name, names.MaxTournament); s != "" {
		return s
	}
	return slug
}
