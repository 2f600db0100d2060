package othello

import "math/bits"

// Perft counts the leaves of the game tree depth plies below p, with the
// standard convention: a pass consumes one ply, and a finished game counts as
// one leaf however much depth remains. From the start the counts for depths
// 1-11 are 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284 and
// 212258800.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	own, other := p.mover()
	return perft(own, other, depth)
}

// perft is Perft for the side owning own against other, depth >= 1. The last
// ply is counted, not played: at depth 1 the leaves are the legal moves, or
// one leaf for a pass or a finished game. Depth 2 is unrolled for the same
// reason: it is where almost all the time goes.
func perft(own, other uint64, depth int) uint64 {
	moves := LegalMoves(own, other)
	if moves == 0 {
		if depth == 1 || LegalMoves(other, own) == 0 {
			return 1
		}
		return perft(other, own, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var leaves uint64
	if depth == 2 {
		for moves != 0 {
			sq := Square(bits.TrailingZeros64(moves))
			moves &= moves - 1
			flips := Flips(own, other, sq)
			replies := uint64(bits.OnesCount64(LegalMoves(other&^flips, own|flips|sq.Bit())))
			if replies == 0 {
				replies = 1 // a pass, or the end of the game, is one leaf
			}
			leaves += replies
		}
		return leaves
	}
	for moves != 0 {
		sq := Square(bits.TrailingZeros64(moves))
		moves &= moves - 1
		flips := Flips(own, other, sq)
		leaves += perft(other&^flips, own|flips|sq.Bit(), depth-1)
	}
	return leaves
}
