package othello

// Score is the official score of a game: the discs counted for each side.
type Score struct {
	Black, White int
}

// OfficialScore returns the official score of a finished game: the discs of
// each colour, with the empty squares counted for the winner; a draw is
// always 32-32 (WOC rules IV.8; BOF general rule 9: the counts always sum to
// the number of squares). Applied to an unfinished position it scores the
// game as if it had stopped there.
func (p Position) OfficialScore() Score {
	black, white, empty := p.Discs()
	switch {
	case black > white:
		black += empty
	case white > black:
		white += empty
	default:
		black, white = 32, 32
	}
	return Score{Black: black, White: white}
}

// Winner returns Black or White, or Empty for a draw.
func (s Score) Winner() Color {
	switch {
	case s.Black > s.White:
		return Black
	case s.White > s.Black:
		return White
	}
	return Empty
}
