package pairing

import (
	"fmt"
	"runtime"
	"testing"
)

// TestSameOnEveryMachine: a round is paired the same whatever the number
// of cores, so a pairing recorded with its seed can be reproduced anywhere.
// 1,000 players make pricing share its rows among up to five workers.
func TestSameOnEveryMachine(t *testing.T) {
	if testing.Short() {
		t.Skip("pairs 1,000 players several times")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	s := newSim(11, 1000)
	for round := 1; round <= 4; round++ {
		var first string
		var res *Result
		for _, procs := range []int{1, 2, 3, 5} {
			runtime.GOMAXPROCS(procs)
			r, err := Swiss(s.active(), WOCSwiss, Options{Seed: uint64(round)})
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprint(r.Pairings, r.Bye)
			if first == "" {
				first, res = got, r
			} else if got != first {
				t.Fatalf("round %d: %d cores paired differently from 1", round, procs)
			}
		}
		s.play(res)
	}
}
