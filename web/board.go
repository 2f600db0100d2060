package web

import (
	"fmt"
	"math/bits"
	"strings"

	"outflank/othello"
	"outflank/words"
)

// The game viewer's board is an SVG drawn on the server, so that it shows
// without JavaScript: 64 disc circles and 64 marker circles in square order
// (a1, b1, ... h8), whose classes say what is on each square. In the
// browser, static/viewer.js steps through the game by changing those
// classes from the positions the page carries in a JSON data block (a
// plyView per ply), computed here from othello's replay: no rule of
// Othello is in the template or the script.

// plyView is the position after a number of moves, as the viewer shows it
// and as the data block carries it to the browser.
type plyView struct {
	Ply   int    `json:"ply"`
	Board string `json:"board"` // 64 letters from a1 to h8: b, w or . (empty)
	Legal []int  `json:"legal"` // the squares where the side to move may play
	Last  int    `json:"last"`  // the square of the move just played, -1 at the start
	Turn  string `json:"turn"`  // "black", "white", or "" when the game is over
	Black int    `json:"black"`
	White int    `json:"white"`
	Empty int    `json:"empty"`
	// Caption names the position, Status says what happens next (a pass,
	// the side to move, the end), Score is the official score once the
	// game is over (or says where the transcript stops), else "".
	Caption string `json:"caption"`
	Status  string `json:"status"`
	Score   string `json:"score"`
}

// plyViews returns the position after every ply of g, from the start.
func plyViews(g *othello.Game) []plyView {
	passed := map[int]bool{}
	for _, p := range g.Passes {
		passed[p] = true
	}
	views := make([]plyView, len(g.Positions))
	for i, pos := range g.Positions {
		v := plyView{Ply: i, Last: -1, Legal: []int{}}
		var board [64]byte
		for sq := range othello.Square(64) {
			switch pos.At(sq) {
			case othello.Black:
				board[sq] = 'b'
			case othello.White:
				board[sq] = 'w'
			default:
				board[sq] = '.'
			}
		}
		v.Board = string(board[:])
		v.Black, v.White, v.Empty = pos.Discs()
		v.Caption = "Start"
		if i > 0 {
			v.Last = int(g.Moves[i-1])
			v.Caption = fmt.Sprintf("Move %d of %d: %s %s", i, len(g.Moves), g.Positions[i-1].Turn, g.Moves[i-1])
		} else if len(g.Moves) > 0 {
			v.Caption = fmt.Sprintf("Start (%s to come)", words.Count(len(g.Moves), "move"))
		}
		if pos.IsOver() {
			v.Status = "Game over."
			v.Score = finalScore(pos)
		} else {
			for legal := pos.LegalMoves(); legal != 0; legal &= legal - 1 {
				v.Legal = append(v.Legal, bits.TrailingZeros64(legal))
			}
			v.Turn = pos.Turn.String()
			v.Status = fmt.Sprintf("%s to move (%s).", capital(v.Turn), plural(len(v.Legal), "legal move"))
			if passed[i] {
				v.Status = fmt.Sprintf("%s has no legal move and passes; %s to move again (%s).", capital(pos.Turn.Opponent().String()), v.Turn, plural(len(v.Legal), "legal move"))
			}
			if i == len(g.Moves) {
				v.Score = "The transcript stops here, before the end of the game."
			}
		}
		views[i] = v
	}
	return views
}

// finalScore says how a finished game ends: its official score, the empty
// squares going to the winner, a draw 32-32 (othello.OfficialScore).
func finalScore(pos othello.Position) string {
	s := pos.OfficialScore()
	black, white, empty := pos.Discs()
	board := ""
	switch {
	case empty == 1:
		board = fmt.Sprintf(" (%d-%d on the board: the empty square goes to the winner)", black, white)
	case empty > 1:
		board = fmt.Sprintf(" (%d-%d on the board: the empty squares go to the winner)", black, white)
	}
	if s.Winner() == othello.Empty {
		if empty > 0 {
			board = fmt.Sprintf(" (%d-%d on the board, the empty squares shared)", black, white)
		}
		return fmt.Sprintf("A draw, %d-%d%s.", s.Black, s.White, board)
	}
	return fmt.Sprintf("%s wins %d-%d, the official score%s.", capital(s.Winner().String()), s.Black, s.White, board)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, what string) string { return words.Count(n, what) }

// The board's geometry, in SVG units: a margin for the coordinates, then
// eight squares.
const (
	boardMargin = 20
	squareSize  = 40
	boardSize   = boardMargin + 8*squareSize + 6
)

// boardView is the SVG board of one position.
type boardView struct {
	Size    int
	Inner   int // the side of the board without its margins
	Margin  int
	Grid    string // the path of the lines between squares
	Stars   []point
	Columns []label
	Rows    []label
	Squares []squareView
}

type point struct{ X, Y int }

type label struct {
	X, Y int
	Text string
}

// squareView is one square: its centre, the class of its disc (b, w or e)
// and of its marker (legal, last, or none).
type squareView struct {
	Name       string
	X, Y       int
	Disc, Mark string
}

// newBoardView draws the position after ply of g.
func newBoardView(g *othello.Game, ply int) boardView {
	b := boardView{Size: boardSize, Inner: 8 * squareSize, Margin: boardMargin}
	var grid strings.Builder
	for i := 1; i < 8; i++ {
		at := boardMargin + i*squareSize
		fmt.Fprintf(&grid, "M%d %dV%dM%d %dH%d", at, boardMargin, boardMargin+8*squareSize, boardMargin, at, boardMargin+8*squareSize)
	}
	b.Grid = grid.String()
	for _, at := range [][2]int{{2, 2}, {6, 2}, {2, 6}, {6, 6}} {
		b.Stars = append(b.Stars, point{boardMargin + at[0]*squareSize, boardMargin + at[1]*squareSize})
	}
	for i := range 8 {
		centre := boardMargin + i*squareSize + squareSize/2
		b.Columns = append(b.Columns, label{centre, boardMargin - 6, string(rune('a' + i))})
		b.Rows = append(b.Rows, label{boardMargin / 2, centre + 5, string(rune('1' + i))})
	}
	pos := g.Positions[ply]
	legal := uint64(0)
	if !pos.IsOver() {
		legal = pos.LegalMoves()
	}
	for sq := range othello.Square(64) {
		s := squareView{Name: sq.String(), X: boardMargin + sq.Col()*squareSize + squareSize/2, Y: boardMargin + sq.Row()*squareSize + squareSize/2, Disc: "e"}
		switch pos.At(sq) {
		case othello.Black:
			s.Disc = "b"
		case othello.White:
			s.Disc = "w"
		}
		switch {
		case ply > 0 && g.Moves[ply-1] == sq:
			s.Mark = "last"
		case legal&sq.Bit() != 0:
			s.Mark = "legal"
		}
		b.Squares = append(b.Squares, s)
	}
	return b
}
