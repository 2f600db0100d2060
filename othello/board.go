package othello

import "math/bits"

// Position is a position of a game: the discs of each colour, one bit per
// square (bit n is Square n), and the side to move.
type Position struct {
	Black, White uint64
	Turn         Color
}

// Start returns the starting position: white on d4 and e5, black on e4 and d5,
// black to move (how-to-play, "Starting the game" and rule 1).
func Start() Position {
	return Position{
		Black: SquareAt(4, 3).Bit() | SquareAt(3, 4).Bit(),
		White: SquareAt(3, 3).Bit() | SquareAt(4, 4).Bit(),
		Turn:  Black,
	}
}

// At returns the colour of the disc on sq, or Empty.
func (p Position) At(sq Square) Color {
	switch {
	case p.Black&sq.Bit() != 0:
		return Black
	case p.White&sq.Bit() != 0:
		return White
	}
	return Empty
}

// mover returns the discs of the side to move and of the other side.
func (p Position) mover() (own, other uint64) {
	if p.Turn == White {
		return p.White, p.Black
	}
	return p.Black, p.White
}

// withMover is the inverse of mover: it stores the two sides back by colour.
func withMover(turn Color, own, other uint64) Position {
	if turn == White {
		return Position{Black: other, White: own, Turn: turn}
	}
	return Position{Black: own, White: other, Turn: turn}
}

// LegalMoves returns the squares where the side to move may play.
func (p Position) LegalMoves() uint64 { return LegalMoves(p.mover()) }

// MustPass reports whether the side to move has no legal move while the other
// side has one: it must pass (how-to-play rule 2).
func (p Position) MustPass() bool {
	own, other := p.mover()
	return LegalMoves(own, other) == 0 && LegalMoves(other, own) != 0
}

// IsOver reports whether neither side can move ("Ending the game").
func (p Position) IsOver() bool {
	own, other := p.mover()
	return LegalMoves(own, other) == 0 && LegalMoves(other, own) == 0
}

// Pass returns the position with the other side to move and the discs unchanged.
// Rules allow it only when MustPass is true; Pass does not check.
func (p Position) Pass() Position {
	p.Turn = p.Turn.Opponent()
	return p
}

// Play places a disc of the side to move on sq, flips every disc it
// outflanks and gives the move to the other side. It does not pass
// automatically: the returned position may have no legal move (see MustPass).
// The error is a Reason: ReasonNotASquare, ReasonGameOver, ReasonOccupied or
// ReasonNoFlip.
func (p Position) Play(sq Square) (Position, error) {
	if !sq.Valid() {
		return p, ReasonNotASquare
	}
	own, other := p.mover()
	if (own|other)&sq.Bit() != 0 {
		if p.IsOver() {
			return p, ReasonGameOver
		}
		return p, ReasonOccupied
	}
	flips := Flips(own, other, sq)
	if flips == 0 {
		if p.IsOver() {
			return p, ReasonGameOver
		}
		return p, ReasonNoFlip
	}
	return withMover(p.Turn.Opponent(), other&^flips, own|flips|sq.Bit()), nil
}

// Discs returns the number of black discs, white discs and empty squares.
func (p Position) Discs() (black, white, empty int) {
	black, white = bits.OnesCount64(p.Black), bits.OnesCount64(p.White)
	return black, white, 64 - black - white
}
