package wof

import (
	"io"
	"strings"
	"sync"
	"unicode"
)

// DBPlayer is one player of the WOF player database.
type DBPlayer struct {
	ID int
	// Surname and Firstname are as written. A name without a comma, as the
	// programs of country "PG" have ("EDAX (Delorme)"), is all Surname.
	Surname, Firstname string
	// Country is the code of the "pays =" line above the player.
	Country string
	// Rating is the player's rating when HasRating is set; ratings can be
	// negative, so 0 is a rating like any other.
	Rating    int
	HasRating bool
	// Comment is any other "%" comment at the end of the line.
	Comment string
	// Line is the line number in the file read, from 1.
	Line int
}

// PlayerDB is the WOF player database, joueurs.txt, in file order.
type PlayerDB struct {
	// Players are every player line, one per id (the first when an id is
	// repeated). ByID relies on its index of Players as ReadPlayerDB left
	// them, and falls back to a scan if they were changed since.
	Players []DBPlayer
	byID    map[int]int
	// folded are the players' names as searches compare them (folded),
	// worked out at the first search: Rank runs at each keystroke.
	foldMu sync.Mutex
	folded []foldedName
}

// ReadPlayerDB reads joueurs.txt in PAPP's format: "pays = XXX" lines set
// the country of the player lines after them, "ID SURNAME, Firstname
// %_<rating>" (the rating is optional), "%" lines are comments. Odd lines are
// warnings; the error is for input that is not text at all (see Read).
func ReadPlayerDB(r io.Reader) (*PlayerDB, []Warning, error) {
	text, err := readText(r, "player database")
	if err != nil {
		return nil, nil, err
	}
	db := &PlayerDB{byID: map[int]int{}}
	var ws warnings
	country, countryLine := "", 0
	for n, raw := range text.lines() {
		if len(raw) > MaxLineLength {
			ws.add(n, WarnLongLine, raw, "line longer than %d bytes: ignored", MaxLineLength)
			continue
		}
		s := strings.TrimSpace(raw)
		switch {
		case s == "" || s[0] == '%':
		case isDigit(s[0]):
			p, ok := readDBPlayer(n, s, &ws)
			if !ok {
				continue
			}
			if first, dup := db.byID[p.ID]; dup {
				ws.add(n, WarnDuplicatePlayer, s, "player %d already on line %d: this line is ignored", p.ID, db.Players[first].Line)
				continue
			}
			if countryLine == 0 {
				ws.add(n, WarnHeader, s, "player before any \"pays =\" line: no country")
				countryLine = -1
			}
			p.Country = country
			db.byID[p.ID] = len(db.Players)
			db.Players = append(db.Players, p)
		default:
			key, value, found := strings.Cut(s, "=")
			if !found || !strings.EqualFold(strings.TrimSpace(key), "pays") {
				ws.add(n, WarnUnreadable, s, "unreadable line ignored: not a player, \"pays =\" or comment line")
				continue
			}
			country, countryLine = strings.TrimSpace(value), n
			if !isCountryCode(country, false) {
				ws.add(n, WarnCountry, s, "country %q is not a code of 1 to 3 letters: kept as written", country)
			}
		}
	}
	return db, ws.result(), nil
}

// readDBPlayer reads the player line s at line n: "280016 ACUNA, Ricardo
// %_<1714>", the rating optional and written "%_<1714>" or "%_1714".
func readDBPlayer(n int, s string, ws *warnings) (DBPlayer, bool) {
	end := 0
	for end < len(s) && isDigit(s[end]) {
		end++
	}
	id, ok := smallNumber(s[:end])
	if !ok {
		ws.add(n, WarnPlayerID, s, "id %q is not a number of up to 9 digits: line ignored", s[:end])
		return DBPlayer{}, false
	}
	rest := s[end:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		ws.add(n, WarnPlayerID, s, "no space after the id: line ignored")
		return DBPlayer{}, false
	}
	p := DBPlayer{ID: id, Line: n}
	name, comments, _ := strings.Cut(rest, "%")
	name = strings.TrimSpace(name)
	if name == "" {
		ws.add(n, WarnUnreadable, s, "player %d has no name: kept without one", id)
	}
	surname, firstname, _ := strings.Cut(name, ",")
	p.Surname, p.Firstname = strings.TrimSpace(surname), strings.TrimSpace(firstname)
	if comments == "" {
		return p, true
	}
	comments = "%" + comments
	// The rating is the first "%_" comment; any other text is a comment.
	if i := strings.Index(comments, "%_"); i >= 0 {
		rating := comments[i+2:]
		j := strings.IndexByte(rating, '%')
		if j < 0 {
			j = len(rating)
		}
		field := strings.TrimSpace(rating[:j])
		comments = comments[:i] + rating[j:]
		value := strings.TrimSuffix(strings.TrimPrefix(field, "<"), ">")
		if v, ok := parseRating(value); ok {
			p.Rating, p.HasRating = v, true
		} else {
			ws.add(n, WarnNumber, s, "rating %q is not a whole number: no rating kept", field)
		}
	}
	p.Comment = commentText(comments)
	return p, true
}

// ByID returns the player with the given WOF id.
func (db *PlayerDB) ByID(id int) (DBPlayer, bool) {
	if i, ok := db.byID[id]; ok && i < len(db.Players) && db.Players[i].ID == id {
		return db.Players[i], true
	}
	for _, p := range db.Players {
		if p.ID == id {
			return p, true
		}
	}
	return DBPlayer{}, false
}

// Find returns the players, in file order, whose name is name, ignoring
// case, commas and runs of spaces: "SURNAME Firstname", "Firstname SURNAME",
// "SURNAME, Firstname", or the surname alone. Accents count: "Stéphane" does
// not find "Stephane".
func (db *PlayerDB) Find(name string) []DBPlayer {
	want := strings.FieldsFunc(name, isNameSeparator)
	if len(want) == 0 {
		return nil
	}
	var found []DBPlayer
	for _, p := range db.Players {
		if sameWords(want, p.Surname) || p.Firstname != "" &&
			(sameWords(want, p.Surname, p.Firstname) || sameWords(want, p.Firstname, p.Surname)) {
			found = append(found, p)
		}
	}
	return found
}

// isNameSeparator reports whether r separates the words of a name.
func isNameSeparator(r rune) bool { return r == ',' || unicode.IsSpace(r) }

// sameWords reports whether the words of parts, in order, are want,
// ignoring case. It allocates nothing, so that Find can scan the whole
// database at each keystroke.
func sameWords(want []string, parts ...string) bool {
	i := 0
	for _, part := range parts {
		for word := range strings.FieldsFuncSeq(part, isNameSeparator) {
			if i == len(want) || !strings.EqualFold(word, want[i]) {
				return false
			}
			i++
		}
	}
	return i == len(want)
}
