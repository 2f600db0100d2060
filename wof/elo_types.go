package wof

// File is one .ELO tournament result file: its header, its player lines, its
// games grouped by round and the games added after "%%Added results".
// Read fills every field it finds; Write writes them back in canonical form.
type File struct {
	// Tournament, Country and Sender are the values of the %%Tournament:,
	// %%Country: and %%Sender: header lines, trimmed.
	Tournament, Country, Sender string
	// DateFrom is the first day of the tournament and DateTo its last day,
	// the zero Date for a one-day event (and both zero when %%Date: is
	// missing or unreadable).
	DateFrom, DateTo Date
	// Creator and CreationDate are the optional %%Creator: and
	// %%CreationDate: lines, kept as written ("PAPP 1.33", "2011/03/28 21:39").
	Creator, CreationDate string
	// Comments are the free comment lines, in file order; Write puts each
	// back before the line it preceded. Lines that carry structure (round
	// markers, column headings, separators) are not comments.
	Comments []Comment
	// Players are the player lines ("%_%"), in file order, one per id.
	Players []Player
	// Rounds are the games before "%%Added results", grouped by round
	// marker. Games before the first marker form an unnumbered first
	// Round (Number 0, empty Label, Line 0).
	Rounds []Round
	// Added are the games after "%%Added results" (playoffs, finals).
	Added []Game
}

// Games returns every game of f in file order: the rounds' games, then the
// added games.
func (f *File) Games() []Game {
	var all []Game
	for _, r := range f.Rounds {
		all = append(all, r.Games...)
	}
	return append(all, f.Added...)
}

// Player returns the player line of f with the given WOF id.
func (f *File) Player(id int) (Player, bool) {
	for _, p := range f.Players {
		if p.ID == id {
			return p, true
		}
	}
	return Player{}, false
}

// Comment is a comment line of a file, its text without the leading "%"
// signs and surrounding spaces.
type Comment struct {
	Text string
	// Line is the line number in the file read, from 1; 0 when built by hand.
	Line int
}

// Player is one player line: "%_% [+]ID, SURNAME, Firstname, COUNTRY, score,
// disc-count[, rating]". Optional numbers are nil when their field is empty
// or absent.
type Player struct {
	// ID is the player's WOF id. New is set by a "+" before it: a player
	// the WOF database does not know yet, whose id the sender made up.
	ID  int
	New bool
	// Surname, Firstname and Country are as written, trimmed; Country is a
	// federation code ("F", "JPN", "SGP") and is often missing.
	Surname, Firstname, Country string
	// Score is the player's points (half points allowed). Some senders add
	// a second part, "5+2": Score 5, Bonus 2; Bonus is nil otherwise.
	Score, Bonus *float64
	// Discs is the disc-count column. Senders also put a tie-break there
	// (BQ, MBQ, Brightwell); "256-128" gives Discs 256 and DiscsAgainst 128.
	Discs, DiscsAgainst *int
	// Rating is the rating column; "-" and an empty field give nil.
	Rating *int
	// Comment is the text after a "%" at the end of the line ("Champion").
	Comment string
	// Line is the line number in the file read, from 1; 0 when built by hand.
	Line int
}

// Round is the games between one round marker ("%Round: 3", "% Round 3",
// "%round3") and the next.
type Round struct {
	// Number is the round's number, 0 when the marker gives a name instead
	// ("%Round: Finals") or for the unnumbered first round.
	Number int
	// Label is the marker's name when it is not a number, else empty.
	Label string
	Games []Game
	// Line is the marker's line number, from 1; 0 for the games before any
	// marker and when built by hand.
	Line int
}

// Result is the result of a game from the first player's side, stored as its
// operator in the file.
type Result byte

// The three results.
const (
	Win  Result = '>'
	Loss Result = '<'
	Draw Result = '='
)

// String returns "win", "loss" or "draw".
func (r Result) String() string {
	switch r {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "unknown result"
}

// Color is the colour the first player of a game had.
type Color byte

// The colours; ColorUnknown when the game line gives none.
const (
	ColorUnknown Color = 0
	Black        Color = 'B'
	White        Color = 'W'
)

// String returns "black", "white" or "unknown".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "unknown"
}

// Game is one game: "ID (d1)>(d2) ID B", or result only "ID > ID".
type Game struct {
	First, Second int
	// Result is the result for First; it is what counts, even when the
	// discs say otherwise (see DiscsContradict).
	Result Result
	// FirstDiscs and SecondDiscs are nil for a result-only game.
	FirstDiscs, SecondDiscs *int
	// FirstColor is First's colour, ColorUnknown when not written.
	FirstColor Color
	// Comment is the text after a "%" at the end of the line, for the last
	// game of that line ("Walkover", "verified").
	Comment string
	// Line is the line number in the file read, from 1; 0 when built by hand.
	Line int
}

// DiscsContradict reports whether g has discs that disagree with its
// result, like the placeholder "(32)>(32)" or "(20)>(44)". The result
// stands; the discs are kept as written.
func (g Game) DiscsContradict() bool {
	if g.FirstDiscs == nil || g.SecondDiscs == nil {
		return false
	}
	a, b := *g.FirstDiscs, *g.SecondDiscs
	switch g.Result {
	case Win:
		return a <= b
	case Loss:
		return a >= b
	case Draw:
		return a != b
	}
	return false
}
