package othello

import "strings"

// Square is a square of the 8x8 board, numbered 0 (a1) to 63 (h8) row by row:
// a1 b1 ... h1 are 0 to 7, a2 is 8, and so on. Columns are the letters a-h,
// rows the digits 1-8; a1 is the top-left corner when the board is drawn.
type Square int8

// NoSquare is the zero value's companion for "no square": it is not on the board.
const NoSquare Square = -1

// SquareAt returns the square in column col (0 = a) and row row (0 = 1).
func SquareAt(col, row int) Square { return Square(row*8 + col) }

// Col returns the column of s, 0 (a) to 7 (h).
func (s Square) Col() int { return int(s) & 7 }

// Row returns the row of s, 0 (row 1) to 7 (row 8).
func (s Square) Row() int { return int(s) >> 3 }

// Valid reports whether s is one of the 64 squares.
func (s Square) Valid() bool { return s >= 0 && s < 64 }

// Bit returns the bitboard with only s set.
func (s Square) Bit() uint64 { return 1 << uint(s&63) }

// String returns the square in lowercase coordinates, such as "f5".
func (s Square) String() string {
	if !s.Valid() {
		return "--"
	}
	return string([]byte{byte('a' + s.Col()), byte('1' + s.Row())})
}

// ParseSquare reads a square written as a column letter and a row digit, in
// either case ("f5" or "F5"). It reports false for anything else.
func ParseSquare(text string) (Square, bool) {
	if len(text) != 2 {
		return NoSquare, false
	}
	col := strings.IndexByte("abcdefgh", text[0]|0x20)
	row := int(text[1]) - '1'
	if col < 0 || row < 0 || row > 7 {
		return NoSquare, false
	}
	return SquareAt(col, row), true
}
