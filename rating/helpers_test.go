package rating

import (
	"math"
	"testing"
)

// cycle returns one tournament on day d where players 1..n each beat the
// next and lose to the previous (n beats 1): one strongly connected
// component in which every player is equal.
func cycle(n int, d Date) []Tournament {
	t := Tournament{Date: d}
	for i := 1; i <= n; i++ {
		t.Games = append(t.Games, Game{A: i, B: i%n + 1, Score: 2})
	}
	return []Tournament{t}
}

func mustCompute(t *testing.T, ts []Tournament, opt Options) *List {
	t.Helper()
	l, err := Compute(ts, opt)
	if err != nil {
		t.Fatalf("Compute: %v", err)
	}
	return l
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
