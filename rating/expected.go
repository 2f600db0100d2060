package rating

import "math"

// Expected returns the score a player rated a is expected to make against
// one rated b, from 0 to 1 (a win 1, a draw ½): 1 / (1 + exp(−(a − b) / K)).
func Expected(a, b float64) float64 {
	return sigmoid((a - b) / K)
}

// Performance returns the rating whose expected score against the given
// opponents' ratings equals score (a win 1, a draw ½), and false when there
// is none: no games, or a score of all or nothing, which no finite rating
// explains.
func Performance(opponents []float64, score float64) (float64, bool) {
	n := float64(len(opponents))
	if n == 0 || score <= 0 || score >= n {
		return 0, false
	}
	// The expected score rises with the rating: bisect.
	lo, hi := -10000.0, 10000.0
	for _, o := range opponents {
		lo, hi = math.Min(lo, o-10000), math.Max(hi, o+10000)
	}
	for i := 0; i < 200 && hi-lo > 1e-9; i++ {
		mid := (lo + hi) / 2
		if expectedSum(mid, opponents) < score {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2, true
}

func expectedSum(r float64, opponents []float64) float64 {
	var s float64
	for _, o := range opponents {
		s += Expected(r, o)
	}
	return s
}
