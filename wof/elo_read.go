package wof

import (
	"errors"
	"io"
	"sort"
	"strings"
	"unicode"
)

// errNoHeader is Read's error for text without any of the four header lines.
var errNoHeader = errors.New("wof: not an .ELO file: no %%Tournament:, %%Country:, %%Date: or %%Sender: line")

// Read reads an .ELO result file. Anything odd in a line is a Warning and
// reading goes on, keeping what the line says where that is clear (see the
// package documentation for each case). The error is for input that is not
// an .ELO file at all: empty, not text (NUL bytes), larger than MaxFileSize,
// or without any of the four header lines.
func Read(r io.Reader) (*File, []Warning, error) {
	text, err := readText(r, ".ELO file")
	if err != nil {
		return nil, nil, err
	}
	p := &eloReader{
		f:          &File{},
		headers:    map[string]int{},
		players:    map[int]int{},
		playerText: map[int]string{},
		roundsAt:   map[int]int{},
	}
	for n, line := range text.lines() {
		p.line(n, line)
	}
	if p.headers["tournament"] == 0 && p.headers["country"] == 0 && p.headers["date"] == 0 && p.headers["sender"] == 0 {
		return nil, nil, errNoHeader
	}
	p.finish()
	return p.f, p.ws.result(), nil
}

// eloReader holds the state of one Read.
type eloReader struct {
	f  *File
	ws warnings
	// headers maps a header key to the line that set it.
	headers map[string]int
	// players maps a player id to its line number, playerText to its text.
	players    map[int]int
	playerText map[int]string
	// roundsAt maps a round number to the line of its first marker.
	roundsAt map[int]int
	// inAdded is set after "%%Added results".
	inAdded bool
	// refs are the games read, in file order, for the checks of finish.
	refs []gameRef
	// toks and lexed are gameLine's buffers.
	toks  []token
	lexed []lexedGame
}

// gameRef is what the checks need to know about one game read.
type gameRef struct {
	first, second int
	line          int
	text          string
	round         int // index in File.Rounds, -1 for an added game
}

// headerKeys are the %%Key: lines the header may hold, lower case.
var headerKeys = []string{"tournament", "country", "date", "sender", "creator", "creationdate"}

// line reads line number n.
func (p *eloReader) line(n int, raw string) {
	if len(raw) > MaxLineLength {
		p.ws.add(n, WarnLongLine, raw, "line longer than %d bytes: ignored", MaxLineLength)
		return
	}
	s := strings.TrimSpace(raw)
	switch {
	case s == "":
	case strings.HasPrefix(s, "%_%"):
		p.playerLine(n, s)
	case s[0] == '%':
		p.commentLine(n, s)
	case s[0] == '+' || isDigit(s[0]):
		p.gameLine(n, s)
	default:
		p.ws.add(n, WarnUnreadable, s, "unreadable line ignored: not a header, comment, player or game line")
	}
}

// commentLine reads a line starting with "%" that is not a player line:
// a header line, "%%Added results", a round marker, a column heading, or
// a free comment.
func (p *eloReader) commentLine(n int, s string) {
	text := commentText(s)
	if strings.HasPrefix(s, "%%") {
		if key, value, ok := headerField(text); ok {
			p.header(n, s, key, value)
			return
		}
		if strings.EqualFold(strings.TrimRight(text, ": \t"), "added results") {
			if p.inAdded {
				p.ws.add(n, WarnHeader, s, "%%%%Added results repeated: ignored")
			}
			p.inAdded = true
			return
		}
	}
	if number, label, ok := roundMarker(text); ok {
		p.roundMarker(n, s, number, label)
		return
	}
	if !isFreeComment(text) {
		// Separators ("%%%%%%") and column headings carry nothing that
		// Write does not put back itself.
		return
	}
	p.f.Comments = append(p.f.Comments, Comment{Text: text, Line: n})
}

// commentText returns the text of a comment: s without its leading "%"
// signs and surrounding spaces.
func commentText(s string) string {
	return strings.TrimSpace(strings.TrimLeft(s, "%"))
}

// headerField splits "Key: value" when Key is one of headerKeys.
func headerField(text string) (key, value string, ok bool) {
	k, v, found := strings.Cut(text, ":")
	if !found {
		return "", "", false
	}
	k = strings.ToLower(strings.TrimSpace(k))
	for _, h := range headerKeys {
		if k == h {
			return k, strings.TrimSpace(v), true
		}
	}
	return "", "", false
}

// header records the header line key: value, keeping the first of repeats.
func (p *eloReader) header(n int, s, key, value string) {
	if first := p.headers[key]; first != 0 {
		p.ws.add(n, WarnHeader, s, "repeated header line: the one on line %d is kept", first)
		return
	}
	p.headers[key] = n
	switch key {
	case "tournament":
		p.f.Tournament = value
	case "country":
		p.f.Country = value
	case "sender":
		p.f.Sender = value
	case "creator":
		p.f.Creator = value
	case "creationdate":
		p.f.CreationDate = value
	case "date":
		if value == "" {
			p.ws.add(n, WarnDate, s, "empty date")
			return
		}
		from, to, problem := parseDateRange(value)
		if problem != "" {
			p.ws.add(n, WarnDate, s, "%s: no date kept", problem)
			return
		}
		if !to.IsZero() && to.before(from) {
			p.ws.add(n, WarnDate, s, "the tournament ends (%s) before it starts (%s): kept as written", to, from)
		}
		p.f.DateFrom, p.f.DateTo = from, to
	}
}

// roundMarker reads a round marker's text: "Round: 3", "Round 3", "round3",
// "round 1:", or "Round: Finals" (a name needs the colon, so that comments
// like "Round robin" stay comments).
func roundMarker(text string) (number int, label string, ok bool) {
	if len(text) < 5 || !strings.EqualFold(text[:5], "round") {
		return 0, "", false
	}
	rest := strings.TrimSpace(text[5:])
	colonOrSpace := func(r rune) bool { return r == ':' || unicode.IsSpace(r) }
	if strings.HasPrefix(rest, ":") {
		value := strings.TrimFunc(rest, colonOrSpace)
		if n, ok := smallNumber(value); ok {
			return n, "", true
		}
		return 0, value, true
	}
	if n, ok := smallNumber(strings.TrimRightFunc(rest, colonOrSpace)); ok {
		return n, "", true
	}
	return 0, "", false
}

// roundMarker starts a new round at line n.
func (p *eloReader) roundMarker(n int, s string, number int, label string) {
	if p.inAdded {
		p.ws.add(n, WarnRound, s, "round marker after %%%%Added results: ignored, the games that follow stay added results")
		return
	}
	if number > 0 {
		if first, seen := p.roundsAt[number]; seen {
			p.ws.add(n, WarnRound, s, "round %d already began on line %d: both kept as separate rounds", number, first)
		} else {
			p.roundsAt[number] = n
		}
	}
	p.f.Rounds = append(p.f.Rounds, Round{Number: number, Label: label, Line: n})
}

// isFreeComment reports whether a comment's text is kept as a Comment: not
// empty, and neither a column heading nor a round marker, which Write puts
// back itself and which a comment line "% text" would read back as.
func isFreeComment(text string) bool {
	_, _, marker := roundMarker(text)
	return text != "" && !marker && !isColumnHeading(text)
}

// isColumnHeading reports whether a comment's text is a column heading like
// "ID, NAME, Firstname, COUNTRY, score, disc-count".
func isColumnHeading(text string) bool {
	first, _, found := strings.Cut(text, ",")
	return found && strings.EqualFold(strings.Trim(first, " \t_%"), "id")
}

// finish checks the file as a whole once every line is read.
func (p *eloReader) finish() {
	for _, key := range []string{"tournament", "country", "date", "sender"} {
		if p.headers[key] == 0 {
			p.ws.add(1, WarnHeader, "", "missing %%%%%s: line", headerName(key))
		}
	}
	p.checkPlayers()
	p.checkRounds()
	sort.SliceStable(p.ws.list, func(i, j int) bool { return p.ws.list[i].Line < p.ws.list[j].Line })
}

// headerName returns the spelling of a header key in files.
func headerName(key string) string {
	if key == "creationdate" {
		return "CreationDate"
	}
	return strings.ToUpper(key[:1]) + key[1:]
}
