package othello

import "math/bits"

// This file holds the bitboard kernels: which squares are legal and which
// discs a move flips. They work on the side to move (p) and the other side
// (o), and they are the hot path of perft and of every replay.

const (
	notEdgeCols uint64 = 0x7E7E7E7E7E7E7E7E // columns b-g: where a horizontal or diagonal run may pass
)

// movesInDirection returns the empty-or-not squares one step beyond a run of
// o discs that starts next to a p disc, in both senses of one direction
// (shift). mask limits the run to squares where it cannot wrap around the
// board's edge. The run is extended by doubling, so a run of up to six discs
// takes three steps instead of six.
func movesInDirection(p, mask uint64, shift uint) uint64 {
	up := mask & (p << shift)
	down := mask & (p >> shift)
	up |= mask & (up << shift)
	down |= mask & (down >> shift)
	maskUp := mask & (mask << shift)
	maskDown := maskUp >> shift
	up |= maskUp & (up << (2 * shift))
	down |= maskDown & (down >> (2 * shift))
	up |= maskUp & (up << (2 * shift))
	down |= maskDown & (down >> (2 * shift))
	return up<<shift | down>>shift
}

// LegalMoves returns the squares where the side owning p may play against the
// side owning o: empty squares from which at least one straight line of o
// discs ends in a p disc (how-to-play rules 2-5).
func LegalMoves(p, o uint64) uint64 {
	inner := o & notEdgeCols
	moves := movesInDirection(p, inner, 1) |
		movesInDirection(p, o, 8) |
		movesInDirection(p, inner, 7) |
		movesInDirection(p, inner, 9)
	return moves &^ (p | o)
}

// Flips returns the o discs that a p disc placed on sq outflanks, in every
// direction at once (how-to-play rules 3-6). It does not check that sq is
// empty; it returns 0 when the move flips nothing.
func Flips(p, o uint64, sq Square) uint64 {
	r := &rays[sq&63]
	var flips uint64

	// Rays toward higher squares: adding one to the run of o discs (with
	// every square off the ray set) carries up to the first square of the ray
	// that is not an o disc; it outflanks when that square holds a p disc.
	for i := 0; i < 4; i++ {
		mask := r[i]
		outflank := ((o | ^mask) + 1) & mask & p
		flips |= (outflank - nonZero(outflank)) & mask
	}
	// Rays toward lower squares: the highest square of the ray that is not an
	// o disc is the first one met; bit 0 is forced so the count stays < 64 and
	// is masked off again when it is not on the ray.
	for i := 4; i < 8; i++ {
		mask := r[i]
		first := uint64(1) << 63 >> (bits.LeadingZeros64((^o&mask)|1) & 63)
		outflank := first & mask & p
		flips |= -(outflank << 1) & mask
	}
	return flips
}

// nonZero returns 1 if x is not zero and 0 otherwise, without a branch.
func nonZero(x uint64) uint64 { return (x | -x) >> 63 }

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
