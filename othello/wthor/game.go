package wthor

import (
	"encoding/binary"

	"outflank/othello"
)

// Game is one game record of a .wtb file.
type Game struct {
	// Tournament, Black and White are indices into the tournament and player
	// name files (NameFile.Names); player 0 is "???" in WTHOR.JOU.
	Tournament, Black, White uint16
	// BlackScore is black's disc count as recorded at the end of the game,
	// 0 to 64. For a finished game it is the official score; a game that
	// stopped early (adjourned, lost on time) records the agreed result,
	// which the moves cannot confirm.
	BlackScore uint8
	// TheoreticalScore is black's disc count under perfect play from the
	// position Header.Depth empty squares before the end, as the
	// federation's solver computed it.
	TheoreticalScore uint8
	// Moves are the moves played, at most MaxMoves; passes are not stored.
	// Readers do not check their legality: othello.Replay does.
	Moves []othello.Square
}

// Offsets of the fields inside a game record.
const (
	offBlackScore       = 6
	offTheoreticalScore = 7
	offMoves            = 8
)

// moveSquare decodes a move byte: 10*row + column, both counted from 1, so
// a1 is 11 and h8 is 88. It reports false for any other byte, including the
// 0 that ends the moves.
func moveSquare(b byte) (othello.Square, bool) {
	row, col := int(b/10)-1, int(b%10)-1
	if row < 0 || row > 7 || col < 0 || col > 7 {
		return othello.NoSquare, false
	}
	return othello.SquareAt(col, row), true
}

// moveByte encodes a valid square as a move byte; it is the inverse of
// moveSquare.
func moveByte(sq othello.Square) byte {
	return byte(10*(sq.Row()+1) + sq.Col() + 1)
}

// squareArena hands out the Moves of many games from shared blocks, so that
// reading a file makes a few large allocations instead of one per game.
type squareArena struct {
	block []othello.Square
}

// arenaBlock is the number of squares allocated at a time: 256 full games.
const arenaBlock = 256 * MaxMoves

// take returns an empty slice with room for exactly n squares. Its capacity
// is clipped, so appending to one game's moves never overwrites another's.
func (a *squareArena) take(n int) []othello.Square {
	if cap(a.block)-len(a.block) < n {
		a.block = make([]othello.Square, 0, max(arenaBlock, n))
	}
	start := len(a.block)
	a.block = a.block[:start+n]
	return a.block[start : start : start+n]
}

// decodeGame decodes the record rec of game i, found at offset off.
func decodeGame(rec *[GameRecordSize]byte, i uint64, off int64, arena *squareArena) (Game, error) {
	le := binary.LittleEndian
	g := Game{
		Tournament:       le.Uint16(rec[0:]),
		Black:            le.Uint16(rec[2:]),
		White:            le.Uint16(rec[4:]),
		BlackScore:       rec[offBlackScore],
		TheoreticalScore: rec[offTheoreticalScore],
	}
	if g.BlackScore > MaxScore {
		return g, formatErrorf(off+offBlackScore, "game %d: black's score %d is more than %d discs", i, g.BlackScore, MaxScore)
	}
	if g.TheoreticalScore > MaxScore {
		return g, formatErrorf(off+offTheoreticalScore, "game %d: black's theoretical score %d is more than %d discs",
			i, g.TheoreticalScore, MaxScore)
	}
	moves := rec[offMoves:]
	n := 0
	for n < MaxMoves && moves[n] != 0 {
		n++
	}
	// The zeros after the last move are the end marker and its padding. A
	// non-zero byte there would be lost on writing, and no real game has
	// one, so it is taken for corruption rather than skipped.
	for j := n; j < MaxMoves; j++ {
		if moves[j] != 0 {
			return g, formatErrorf(off+offMoves+int64(j), "game %d: move %d is 0x%02X after the 0 that ended the moves at move %d",
				i, j+1, moves[j], n+1)
		}
	}
	if n > 0 {
		g.Moves = arena.take(n)
		for j, b := range moves[:n] {
			sq, ok := moveSquare(b)
			if !ok {
				return g, formatErrorf(off+offMoves+int64(j), "game %d: move %d is 0x%02X, not a square (11-88, digits 1-8)", i, j+1, b)
			}
			g.Moves = append(g.Moves, sq)
		}
	}
	return g, nil
}

// checkGame reports what in game i, to be written at offset off, a record
// cannot hold. It checks exactly what decodeGame rejects.
func checkGame(g *Game, i uint64, off int64) error {
	if g.BlackScore > MaxScore {
		return formatErrorf(off+offBlackScore, "game %d: black's score %d is more than %d discs", i, g.BlackScore, MaxScore)
	}
	if g.TheoreticalScore > MaxScore {
		return formatErrorf(off+offTheoreticalScore, "game %d: black's theoretical score %d is more than %d discs",
			i, g.TheoreticalScore, MaxScore)
	}
	if len(g.Moves) > MaxMoves {
		return formatErrorf(off+offMoves, "game %d: %d moves, but a record holds at most %d", i, len(g.Moves), MaxMoves)
	}
	for j, sq := range g.Moves {
		if !sq.Valid() {
			return formatErrorf(off+offMoves+int64(j), "game %d: move %d is %d, not a square of the board (0-63)", i, j+1, sq)
		}
	}
	return nil
}

// encodeGame writes g, already checked by checkGame, into rec.
func encodeGame(rec *[GameRecordSize]byte, g *Game) {
	le := binary.LittleEndian
	le.PutUint16(rec[0:], g.Tournament)
	le.PutUint16(rec[2:], g.Black)
	le.PutUint16(rec[4:], g.White)
	rec[offBlackScore] = g.BlackScore
	rec[offTheoreticalScore] = g.TheoreticalScore
	moves := rec[offMoves:]
	for j := range moves {
		moves[j] = 0
	}
	for j, sq := range g.Moves {
		moves[j] = moveByte(sq)
	}
}
