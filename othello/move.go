package othello

import "math/bits"

// This file holds the bitboard kernels: which squares are legal and which
// discs a move flips. They work on the side to move (p) and the other side
// (o), and they are the hot path of perft and of every replay.

const (
	notEdgeCols uint64 = 0x7E7E7E7E7E7E7E7E // columns b-g: where a horizontal or diagonal run may pass
)

// movesUp returns the squares one step beyond a run of mask discs that
// starts next to a p disc, walking toward higher squares by shift. mask keeps
// a run from wrapping around the board's edge. The run grows by doubling, so
// the longest one, six discs, takes four steps instead of six. It is small
// enough for the compiler to inline, which matters: it is half of perft.
func movesUp(p, mask uint64, shift uint) uint64 {
	run := mask & (p << shift)
	run |= mask & (run << shift)
	pairs := mask & (mask << shift)
	run |= pairs & (run << (2 * shift))
	run |= pairs & (run << (2 * shift))
	return run << shift
}

// movesDown is movesUp walking toward lower squares.
func movesDown(p, mask uint64, shift uint) uint64 {
	run := mask & (p >> shift)
	run |= mask & (run >> shift)
	pairs := mask & (mask >> shift)
	run |= pairs & (run >> (2 * shift))
	run |= pairs & (run >> (2 * shift))
	return run >> shift
}

// LegalMoves returns the squares where the side owning p may play against the
// side owning o: empty squares from which at least one straight line of o
// discs ends in a p disc (how-to-play rules 2-5). Horizontal and diagonal
// runs may not pass through columns a and h, or they would wrap.
func LegalMoves(p, o uint64) uint64 {
	inner := o & notEdgeCols
	moves := movesUp(p, inner, 1) | movesDown(p, inner, 1) |
		movesUp(p, o, 8) | movesDown(p, o, 8) |
		movesUp(p, inner, 7) | movesDown(p, inner, 7) |
		movesUp(p, inner, 9) | movesDown(p, inner, 9)
	return moves &^ (p | o)
}

// Flips returns the o discs that a p disc placed on sq outflanks, in every
// direction at once (how-to-play rules 3-6). It does not check that sq is
// empty; it returns 0 when the move flips nothing.
func Flips(p, o uint64, sq Square) uint64 {
	r := &rays[sq&63]
	var flips uint64
	for _, ray := range r[:4] {
		flips |= flipsUp(p, o, ray)
	}
	for _, ray := range r[4:] {
		flips |= flipsDown(p, o, ray)
	}
	return flips
}

// flipsUp returns the discs outflanked along a ray toward higher squares.
// The lowest square of the ray that is not an o disc is the first one met;
// the move outflanks when that square holds a p disc, and flips the ray's
// squares below it.
func flipsUp(p, o, ray uint64) uint64 {
	notO := ray &^ o
	outflank := notO & -notO & p
	var flips uint64
	if outflank != 0 {
		flips = (outflank - 1) & ray
	}
	return flips
}

// flipsDown returns the discs outflanked along a ray toward lower squares.
// The highest square of the ray that is not an o disc is the first one met;
// bit 0 is forced so the shift stays below 64, and is masked off again when
// it is not on the ray.
func flipsDown(p, o, ray uint64) uint64 {
	first := uint64(1) << 63 >> (bits.LeadingZeros64((^o&ray)|1) & 63)
	outflank := first & ray & p
	return -(outflank << 1) & ray
}

// rays[sq] holds, for each of the eight directions, the squares from sq (not
// included) to the edge of the board. The first four point toward higher
// square numbers (east, south-west, south, south-east when a1 is drawn
// top-left), the last four toward lower ones.
var rays = func() (r [64][8]uint64) {
	steps := [8][2]int{{1, 0}, {-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, -1}, {0, -1}, {-1, -1}}
	for sq := 0; sq < 64; sq++ {
		for d, step := range steps {
			col, row := sq&7+step[0], sq>>3+step[1]
			for col >= 0 && col < 8 && row >= 0 && row < 8 {
				r[sq][d] |= SquareAt(col, row).Bit()
				col, row = col+step[0], row+step[1]
			}
		}
	}
	return r
}()
