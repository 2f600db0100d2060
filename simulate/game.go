// Package simulate plays whole tournaments for tests, demonstrations and
// benchmarks: every game a real legal game of Othello, so transcripts
// exist and scores come from the board.
package simulate

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"outflank/othello"
)

// PlayGame plays one legal game between two players of the given ratings
// and returns its moves. Each move is either random or the one leaving the
// opponent the fewest replies (a simple mobility heuristic); the stronger a
// player is than the other, the more often he takes the heuristic move, so
// ratings matter without games being predictable.
func PlayGame(rng *rand.Rand, blackRating, whiteRating int) []othello.Square {
	pos := othello.Start()
	moves := make([]othello.Square, 0, 60)
	for !pos.IsOver() {
		if pos.MustPass() {
			pos = pos.Pass()
			continue
		}
		own, other := blackRating, whiteRating
		if pos.Turn == othello.White {
			own, other = other, own
		}
		sq := pick(rng, pos, skill(own, other))
		next, err := pos.Play(sq)
		if err != nil {
			break // cannot happen: sq is one of the legal moves
		}
		pos = next
		moves = append(moves, sq)
	}
	return moves
}

// skill is the chance of taking the heuristic move: a half for equals,
// more for the stronger (a logistic of the rating gap, as Elo expects).
func skill(own, other int) float64 {
	return 1 / (1 + math.Pow(10, -float64(own-other)/400))
}

// pick chooses a legal move: the heuristic one with probability p.
func pick(rng *rand.Rand, pos othello.Position, p float64) othello.Square {
	legal := pos.LegalMoves()
	n := bits.OnesCount64(legal)
	if rng.Float64() >= p {
		k := rng.IntN(n)
		for ; k > 0; k-- {
			legal &= legal - 1
		}
		return othello.Square(bits.TrailingZeros64(legal))
	}
	best, bestReplies := othello.NoSquare, 65
	for m := legal; m != 0; m &= m - 1 {
		sq := othello.Square(bits.TrailingZeros64(m))
		next, _ := pos.Play(sq)
		if r := bits.OnesCount64(next.LegalMoves()); r < bestReplies {
			best, bestReplies = sq, r
		}
	}
	return best
}
