package pairing

import "fmt"

// RoundRobin returns the rounds of a round robin of the players with the
// given IDs, repeated cycles times (EGP II.4.2: double for 5-8 players,
// triple for 4 or fewer). It uses the circle method: the first player stays
// in place while the others rotate one seat per round, so everyone meets
// everyone once per cycle; with an odd number of players one seat is the
// bye (0 in Byes). Colours alternate for the fixed player and balance for
// the others (within one of even over a cycle); every later cycle
// swaps the colours of the one before (EGP II.2: "they swap colours with
// respect to their previous game against each other").
func RoundRobin(ids []int, cycles int) ([]Round, error) {
	if len(ids) < 2 {
		return nil, fmt.Errorf("pairing: a round robin needs at least 2 players, not %d", len(ids))
	}
	if cycles < 1 {
		return nil, fmt.Errorf("pairing: a round robin has at least one cycle, not %d", cycles)
	}
	seats := append([]int{}, ids...)
	if len(seats)%2 == 1 {
		// The bye takes the fixed seat, so every player rotates and
		// meets it once per cycle, between as many blacks as whites.
		seats = append([]int{0}, seats...)
	}
	n := len(seats)
	var first []Round
	for r := range n - 1 {
		// Seat 0 is fixed; the others rotate by r.
		arr := make([]int, n)
		arr[0] = seats[0]
		for k := 1; k < n; k++ {
			arr[k] = seats[1+(k-1+r)%(n-1)]
		}
		var round Round
		for i := range n / 2 {
			a, b := arr[i], arr[n-1-i]
			// Each rotating player visits every rotating seat once per
			// cycle: n/2-1 in the top row (black), n/2-1 in the bottom row
			// (white) and the one facing the fixed player, whose colours
			// alternate by round. Everyone ends within one of even.
			if i == 0 && r%2 == 1 {
				a, b = b, a
			}
			switch {
			case a == 0:
				round.Byes = append(round.Byes, b)
			case b == 0:
				round.Byes = append(round.Byes, a)
			default:
				round.Pairs = append(round.Pairs, Pair{Black: a, White: b})
			}
		}
		first = append(first, round)
	}
	rounds := append([]Round{}, first...)
	for c := 1; c < cycles; c++ {
		for _, r := range first {
			next := Round{Byes: r.Byes}
			for _, p := range r.Pairs {
				if c%2 == 1 {
					p = Pair{Black: p.White, White: p.Black}
				}
				next.Pairs = append(next.Pairs, p)
			}
			rounds = append(rounds, next)
		}
	}
	return rounds, nil
}

// Round is a round's pairs (table 1 first) and byes.
type Round struct {
	Pairs []Pair
	Byes  []int
}
