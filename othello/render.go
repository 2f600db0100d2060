package othello

import "strings"

// String draws the position as text: a1 top-left, columns a-h across and rows
// 1-8 down, X for black, O for white and a dot for an empty square, followed
// by the side to move.
//
//	  a b c d e f g h
//	1 . . . . . . . .
//	...
//	4 . . . O X . . .
//	5 . . . X O . . .
//	...
//	black to move
func (p Position) String() string {
	var b strings.Builder
	b.WriteString("  a b c d e f g h\n")
	for row := 0; row < 8; row++ {
		b.WriteByte(byte('1' + row))
		for col := 0; col < 8; col++ {
			b.WriteByte(' ')
			switch p.At(SquareAt(col, row)) {
			case Black:
				b.WriteByte('X')
			case White:
				b.WriteByte('O')
			default:
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	switch {
	case p.IsOver():
		b.WriteString("game over\n")
	default:
		b.WriteString(p.Turn.String() + " to move\n")
	}
	return b.String()
}
