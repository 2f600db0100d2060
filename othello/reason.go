package othello

import "fmt"

// Reason says why a move cannot be played. It is an error, so callers can test
// for one with errors.Is.
type Reason int8

const (
	// ReasonNotASquare: the move is not written as a square a1-h8.
	ReasonNotASquare Reason = iota + 1
	// ReasonOccupied: a disc is already on the square (how-to-play rule 8).
	ReasonOccupied
	// ReasonNoFlip: the disc would outflank nothing (how-to-play rule 2).
	ReasonNoFlip
	// ReasonGameOver: neither side can move, so no move may follow.
	ReasonGameOver
)

// Error returns the reason in words.
func (r Reason) Error() string {
	switch r {
	case ReasonNotASquare:
		return "not a square (columns a-h, rows 1-8)"
	case ReasonOccupied:
		return "the square is already occupied"
	case ReasonNoFlip:
		return "the move flips no disc"
	case ReasonGameOver:
		return "the game is already over"
	}
	return fmt.Sprintf("unknown reason %d", int8(r))
}

// MoveError is an illegal move in a transcript: which ply, what was written,
// and why it cannot be played. Plies count moves played, from 1; passes are
// not plies.
type MoveError struct {
	Ply    int
	Move   string
	Reason Reason
}

// Error returns "othello: illegal move at ply N (xx): reason".
func (e *MoveError) Error() string {
	return fmt.Sprintf("othello: illegal move at ply %d (%s): %s", e.Ply, e.Move, e.Reason)
}

// Unwrap returns the Reason, so errors.Is(err, ReasonOccupied) works.
func (e *MoveError) Unwrap() error { return e.Reason }
