package wof

import (
	"strings"
	"unicode"
)

// Positions of a player line's fields after the id.
const (
	fieldSurname = iota
	fieldFirstname
	fieldCountry
	fieldScore
	fieldDiscs
	fieldRating
	playerFields
)

// playerLine reads "%_% [+]ID, SURNAME, Firstname, COUNTRY, score,
// disc-count[, rating] [% comment]" at line n.
func (p *eloReader) playerLine(n int, s string) {
	rest := s[len("%_%"):]
	body, comment := rest, ""
	if i := strings.IndexByte(rest, '%'); i >= 0 {
		body, comment = rest[:i], commentText(rest[i:])
	}
	fields := strings.Split(body, ",")
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	idField := fields[0]
	isNew := strings.HasPrefix(idField, "+")
	if isNew {
		idField = strings.TrimSpace(idField[1:])
	}
	id, ok := smallNumber(idField)
	if !ok {
		if strings.EqualFold(idField, "id") && len(fields) > 1 {
			return // a column heading written with the player prefix
		}
		text := commentText(rest)
		if !isFreeComment(text) {
			// Kept as a comment, it would read back as a column heading
			// or a round marker.
			p.ws.add(n, WarnPlayerID, s, "player line without a numeric id: ignored")
			return
		}
		p.ws.add(n, WarnPlayerID, s, "player line without a numeric id: kept as a comment")
		p.f.Comments = append(p.f.Comments, Comment{Text: text, Line: n})
		return
	}
	if first, dup := p.players[id]; dup {
		p.ws.add(n, WarnDuplicatePlayer, s, "player %d already has a line (line %d): this one is ignored", id, first)
		return
	}
	p.players[id], p.playerText[id] = n, s

	fields = p.splitRunTogether(n, s, fields[1:])
	fields = p.shiftMissing(n, s, fields)
	for len(fields) > playerFields && fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	if len(fields) > playerFields {
		p.ws.add(n, WarnExtraField, s, "fields after the rating ignored: %q", strings.Join(fields[playerFields:], ", "))
	}
	get := func(i int) string {
		if i < len(fields) {
			return fields[i]
		}
		return ""
	}
	pl := Player{ID: id, New: isNew, Surname: get(fieldSurname), Firstname: get(fieldFirstname),
		Country: get(fieldCountry), Comment: comment, Line: n}
	if c := pl.Country; c != "" && !isCountryCode(c, false) {
		p.ws.add(n, WarnCountry, s, "country %q is not a code of 1 to 3 letters: kept as written", c)
	}
	p.playerNumbers(n, s, &pl, get(fieldScore), get(fieldDiscs), get(fieldRating))
	p.f.Players = append(p.f.Players, pl)
}

// playerNumbers reads the score, disc-count and rating fields of the player
// line s at line n into pl. Empty fields and "-" leave them nil.
func (p *eloReader) playerNumbers(n int, s string, pl *Player, score, discs, rating string) {
	if score != "" {
		points, bonus, ok := parseScore(score)
		switch {
		case !ok:
			p.ws.add(n, WarnNumber, s, "score %q is not a number like 4.5 or 5+2: left empty", score)
		case !halfPoints(*points) || (bonus != nil && !halfPoints(*bonus)):
			p.ws.add(n, WarnNumber, s, "score %q is not a multiple of 1/2: kept", score)
			fallthrough
		default:
			pl.Score, pl.Bonus = points, bonus
		}
	}
	if discs != "" && discs != "-" {
		if d, against, ok := parseDiscCount(discs); ok {
			pl.Discs, pl.DiscsAgainst = d, against
		} else {
			p.ws.add(n, WarnNumber, s, "disc count %q is not a number like 312 or 256-128: left empty", discs)
		}
	}
	if rating != "" && rating != "-" {
		if r, ok := parseRating(rating); ok {
			pl.Rating = &r
		} else {
			p.ws.add(n, WarnNumber, s, "rating %q is not a whole number: left empty", rating)
		}
	}
}

// splitRunTogether splits the fields from the country on that hold several
// numbers separated by spaces, "7.5  864": the comma between them was
// forgotten, as in several real files.
func (p *eloReader) splitRunTogether(n int, s string, fields []string) []string {
	var out []string
	for i, f := range fields {
		parts := strings.Fields(f)
		if i < fieldCountry || len(parts) < 2 || !allNumbers(parts) {
			out = append(out, f)
			continue
		}
		p.ws.add(n, WarnMissingComma, s, "missing comma in %q: read as %d fields", f, len(parts))
		out = append(out, parts...)
	}
	return out
}

// allNumbers reports whether every part is a score, disc count or rating.
func allNumbers(parts []string) bool {
	for _, part := range parts {
		_, _, score := parseScore(part)
		_, _, discs := parseDiscCount(part)
		_, rating := parseRating(part)
		if !score && !discs && !rating && part != "-" {
			return false
		}
	}
	return true
}

// shiftMissing repairs a line whose country column holds the score: one
// field before it is missing. A country code just before the score tells
// which: "Sano   Yoko, JPN, 5" lacks the comma between surname and first
// name (split at the widest gap) or the first name; otherwise the country
// is missing.
func (p *eloReader) shiftMissing(n int, s string, fields []string) []string {
	if len(fields) <= fieldCountry {
		return fields
	}
	if _, _, ok := parseScore(fields[fieldCountry]); !ok {
		return fields
	}
	surname, second := fields[fieldSurname], fields[fieldFirstname]
	var head []string
	switch {
	case isCountryCode(second, true):
		first, last := splitAtWidestGap(surname)
		head = []string{first, last, second}
		if last != "" {
			p.ws.add(n, WarnMissingComma, s, "missing comma between surname and first name: %q read as surname %q, first name %q, country %q", surname, first, last, second)
		} else {
			p.ws.add(n, WarnMissingComma, s, "first name missing: %q read as the country", second)
		}
	default:
		head = []string{surname, second, ""}
		p.ws.add(n, WarnMissingComma, s, "country missing: %q read as the score", fields[fieldCountry])
	}
	return append(head, fields[fieldCountry:]...)
}

// splitAtWidestGap splits s at its widest run of spaces, or returns s, "".
func splitAtWidestGap(s string) (string, string) {
	bestStart, bestLen := -1, 0
	for i := 0; i < len(s); {
		if !unicode.IsSpace(rune(s[i])) {
			i++
			continue
		}
		j := i
		for j < len(s) && unicode.IsSpace(rune(s[j])) {
			j++
		}
		if j-i > bestLen {
			bestStart, bestLen = i, j-i
		}
		i = j
	}
	if bestStart < 0 {
		return s, ""
	}
	return s[:bestStart], s[bestStart+bestLen:]
}

// isCountryCode reports whether s is 1 to 3 ASCII letters, upper case only
// when upper is set.
func isCountryCode(s string, upper bool) bool {
	if len(s) < 1 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z') && (upper || !('a' <= c && c <= 'z')) {
			return false
		}
	}
	return true
}
