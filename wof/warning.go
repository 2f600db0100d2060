package wof

import (
	"fmt"
	"unicode/utf8"
)

// Warning is something odd in a file that did not stop the reading: what
// was read is still returned, and the warning says where, what and how it
// was taken.
type Warning struct {
	// Line is the line number, from 1.
	Line int
	// Kind sorts warnings for callers that filter or count them.
	Kind WarningKind
	// Text is the offending text: the line, or the game of a line that
	// holds several, shortened to 100 characters.
	Text string
	// Message says what is wrong and what was done about it.
	Message string
}

// String returns the warning as "line N: message: text".
func (w Warning) String() string {
	return fmt.Sprintf("line %d: %s: %q", w.Line, w.Message, w.Text)
}

// WarningKind names a kind of Warning.
type WarningKind string

// The kinds of warnings. Each one's comment says what the reader did.
const (
	// WarnUnreadable: a line that is neither header, comment, player nor
	// game; ignored.
	WarnUnreadable WarningKind = "unreadable"
	// WarnLongLine: a line longer than MaxLineLength bytes; ignored.
	WarnLongLine WarningKind = "long-line"
	// WarnHeader: a header line missing or repeated (the first is kept).
	WarnHeader WarningKind = "header"
	// WarnDate: a %%Date: that is not a calendar day or range; no date kept,
	// or a range that ends before it starts; kept.
	WarnDate WarningKind = "date"
	// WarnPlayerID: a "%_%" line without a numeric id; kept as a comment.
	WarnPlayerID WarningKind = "player-id"
	// WarnDuplicatePlayer: a second player line for an id; ignored.
	WarnDuplicatePlayer WarningKind = "duplicate-player"
	// WarnMissingComma: fields run together or shifted on a player line;
	// split or shifted into place as the message says.
	WarnMissingComma WarningKind = "missing-comma"
	// WarnNumber: a score, disc count or rating that is not a number;
	// left empty. Also a score that is not a multiple of 1/2; kept.
	WarnNumber WarningKind = "number"
	// WarnExtraField: fields after the rating; ignored.
	WarnExtraField WarningKind = "extra-field"
	// WarnCountry: a country that is not 1 to 3 letters, like "{I}"; kept.
	WarnCountry WarningKind = "country"
	// WarnGameSyntax: a game line that cannot be read to its end; the games
	// read before the problem are kept, the rest of the line is ignored.
	WarnGameSyntax WarningKind = "game-syntax"
	// WarnDiscs: discs that contradict the result (the result is kept) or
	// that add up to more than 64 (kept).
	WarnDiscs WarningKind = "discs"
	// WarnUnknownPlayer: a game names an id that has no player line (only
	// checked when the file has player lines); the game is kept.
	WarnUnknownPlayer WarningKind = "unknown-player"
	// WarnSelfGame: a game whose two ids are the same; kept.
	WarnSelfGame WarningKind = "self-game"
	// WarnNoGames: a player line whose id plays no game; kept.
	WarnNoGames WarningKind = "no-games"
	// WarnRound: a round number used twice, a player playing twice in one
	// round, or a round marker after %%Added results (ignored).
	WarnRound WarningKind = "round"
	// WarnTooMany: more than MaxWarnings warnings; the rest are dropped.
	WarnTooMany WarningKind = "too-many"
)

// MaxWarnings bounds the warnings one read returns, so that a large file of
// garbage cannot fill memory with them.
const MaxWarnings = 10000

// maxWarningText is how many characters of offending text a Warning keeps.
const maxWarningText = 100

// warnings collects the warnings of one read, up to MaxWarnings.
type warnings struct {
	list    []Warning
	dropped int
}

// add records a warning about text at line.
func (ws *warnings) add(line int, kind WarningKind, text, format string, args ...any) {
	if len(ws.list) >= MaxWarnings {
		ws.dropped++
		return
	}
	ws.list = append(ws.list, Warning{Line: line, Kind: kind, Text: shorten(text), Message: fmt.Sprintf(format, args...)})
}

// result returns the warnings, ending with one that counts the dropped ones.
func (ws *warnings) result() []Warning {
	if ws.dropped > 0 {
		last := ws.list[len(ws.list)-1].Line
		ws.list = append(ws.list, Warning{Line: last, Kind: WarnTooMany,
			Message: fmt.Sprintf("%d more warnings after this line not shown", ws.dropped)})
	}
	return ws.list
}

// shorten cuts s to maxWarningText characters, marking the cut with "...".
func shorten(s string) string {
	if utf8.RuneCountInString(s) <= maxWarningText {
		return s
	}
	n := 0
	for i := range s {
		if n == maxWarningText-3 {
			return s[:i] + "..."
		}
		n++
	}
	return s
}
