package pairing

import (
	"fmt"
	"slices"
	"testing"
)

// TestWarmStartPairsAsCold pairs every round of simulated events of many
// sizes with the matchings warm-started (matching.Perfect.Resolve) and
// cold, and checks the pairings are the same.
func TestWarmStartPairsAsCold(t *testing.T) {
	defer func() { warmStart = true }()
	rounds, differ := 0, 0
	for _, n := range []int{12, 31, 64, 101, 200, 400} {
		for seed := uint64(1); seed <= 4; seed++ {
			s := newSim(seed*1000+uint64(n), n)
			for round := 1; round <= 9; round++ {
				warmStart = true
				warm, errWarm := Swiss(s.active(), WOCSwiss, Options{Seed: seed})
				warmStart = false
				cold, errCold := Swiss(s.active(), WOCSwiss, Options{Seed: seed})
				if (errWarm == nil) != (errCold == nil) {
					t.Fatalf("%d players, seed %d, round %d: warm %v, cold %v", n, seed, round, errWarm, errCold)
				}
				if errCold != nil {
					break
				}
				rounds++
				if !slices.Equal(warm.Totals, cold.Totals) {
					t.Fatalf("%d players, seed %d, round %d: warm totals %v, cold %v", n, seed, round, warm.Totals, cold.Totals)
				}
				if fmt.Sprint(warm.Pairings) != fmt.Sprint(cold.Pairings) {
					differ++
					t.Logf("%d players, seed %d, round %d: the same totals, other pairings", n, seed, round)
				}
				s.play(cold)
			}
		}
	}
	if rounds < 150 {
		t.Fatalf("only %d rounds compared", rounds)
	}
	t.Logf("%d rounds compared, %d paired otherwise", rounds, differ)
}
