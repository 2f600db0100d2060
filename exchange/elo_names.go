package exchange

import (
	"errors"
	"fmt"
	"slices"
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
// fields of an .ELO player line, written as the WOF writes them: the
// surname in capitals ("TAMENORI, Hideshi", "DE GRAAF, Jan"). The fields can
// carry neither a comma nor "%" (it starts a comment).
//
// A name with a comma is "Surname, Firstname": split at its first comma;
// in the first name, further commas become spaces ("Smith, John, Jr."
// gives "SMITH" and "John Jr."); a name without a surname (", John") is all
// surname. A name without a comma, as directors type them, is split by
// splitTypedName. "%" becomes a space. A stored name that breaks today's
// rules (kept from before them) is cleaned first, and one with nothing left
// is written "Player <id>".
func eloNameFields(name string, id int) (surname, first string) {
	name = strings.ReplaceAll(names.Clean(name, names.MaxPerson), "%", " ")
	var found bool
	surname, first, found = strings.Cut(name, ",")
	if found {
		surname = strings.Join(strings.Fields(surname), " ")
		first = strings.Join(strings.Fields(strings.ReplaceAll(first, ",", " ")), " ")
	} else {
		surname, first = splitTypedName(strings.Fields(name))
	}
	if surname == "" {
		surname, first = first, ""
	}
	if surname == "" {
		return fmt.Sprintf("Player %d", id), ""
	}
	return upperName(surname), first
}

// splitTypedName splits the words of a name typed without a comma into
// surname and first name. A word in capitals marks the surname, wherever it
// is ("Hideshi TAMENORI", "TAMENORI Hideshi"), unless every word is in
// capitals; else the surname is the last word with the particles before it
// ("Jan de Graaf", "Frank Ivo van Damme"). A name of one word is all
// surname, and so is a name with a part in brackets, as the WOF lists
// programs ("EDAX (Delorme)"). Names that follow neither habit ("Nguyen Van Minh", surname
// first) cannot be told apart: the director types them "SURNAME, Firstname".
func splitTypedName(words []string) (surname, first string) {
	if len(words) <= 1 || slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "(") }) {
		// One word, or a program as the WOF lists them: "EDAX (Delorme)".
		return strings.Join(words, " "), ""
	}
	var caps []int
	for i, w := range words {
		if isCapitals(w) {
			caps = append(caps, i)
		}
	}
	if n := len(caps); n > 0 && n < len(words) && caps[n-1]-caps[0] == n-1 {
		// One run of words in capitals: the surname.
		rest := append(slices.Clone(words[:caps[0]]), words[caps[n-1]+1:]...)
		return strings.Join(words[caps[0]:caps[n-1]+1], " "), strings.Join(rest, " ")
	}
	start := len(words) - 1
	for start > 1 && surnameParticles[strings.ToLower(words[start-1])] {
		start--
	}
	return strings.Join(words[start:], " "), strings.Join(words[:start], " ")
}

// surnameParticles are the words that belong to the surname that follows
// them, as the WOF list writes them ("DE CICCO", "VAN DAMME", "VON ...").
var surnameParticles = map[string]bool{
	"de": true, "del": true, "della": true, "der": true, "den": true, "des": true, "di": true, "da": true, "das": true,
	"do": true, "dos": true, "du": true, "la": true, "le": true, "van": true, "von": true, "ten": true, "ter": true,
	"zu": true, "af": true, "av": true,
}

// isCapitals reports whether w has at least two letters and no lower-case
// letter: "TAMENORI", "DE", "O'NEILL", not "I", "Anna" or the initials
// "J.P.".
func isCapitals(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) || r == '.' {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// upperName writes a surname in capitals, as the WOF does, except what is
// in brackets (a program's author: "EDAX (Delorme)"). A Latin-1 letter
// whose capital is not Latin-1 ("ÿ", "µ") stays as it is, so that a name
// that fitted the Latin-1 of .ELO files still does.
func upperName(s string) string {
	depth := 0
	return strings.Map(func(r rune) rune {
		switch r {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		}
		if u := unicode.ToUpper(r); depth == 0 && (r > 0xFF || u <= 0xFF) {
			return u
		}
		return r
	}, s)
}

// eloTournamentHeader returns the tournament's name for the %%Tournament:
// line, cleaned when it was stored before today's rules.
func eloTournamentHeader(name, slug string) string {
	if s := names.Clean(name, names.MaxTournament); s != "" {
		return s
	}
	return slug
}
