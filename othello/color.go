package othello

// Color is the colour of a disc or of a side.
type Color int8

const (
	// Empty is the colour of an empty square, and the winner of a draw.
	Empty Color = iota
	// Black moves first.
	Black
	// White moves second.
	White
)

// Opponent returns the other side: White for Black and Black for White.
// Empty has no opponent and is returned unchanged.
func (c Color) Opponent() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// String returns "black", "white" or "empty".
func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	}
	return "empty"
}
