package pairing

import (
	"errors"
	"slices"
	"testing"
)

// TestCompletionExhaustive checks, on small fields, that the search says
// "no completion" exactly when none exists: every set of rounds played
// that a field of 4 to 8 seats (with the bye's for 3, 5 and 7 players)
// can have, some with a game not played, against a brute force that tries
// every perfect matching for every round left.
func TestCompletionExhaustive(t *testing.T) {
	checked, none := 0, 0
	for _, n := range []int{3, 4, 5, 6, 7, 8} {
		m := n + n%2
		ids := make([]int, n)
		for i := range ids {
			ids[i] = i + 1
		}
		all := perfectMatchings(seatsUpTo(m), ^uint64(0), m)
		maxRounds := m - 2
		if m == 8 {
			maxRounds = 4 // the first round fixed by symmetry: 3 more
		}
		var rec func(chosen []uint64, next int, used uint64)
		rec = func(chosen []uint64, next int, used uint64) {
			if len(chosen) > 0 {
				for drop := -1; drop < m/2-m%2-1; drop++ {
					played, free, games := playedOf(chosen, ids, m, drop)
					want := completable(m, free, games, len(chosen))
					_, err := CompleteRoundRobin(ids, 1, played)
					var ce *CompletionError
					if errors.As(err, &ce) && ce.Bounded {
						t.Fatalf("n=%d %v: the search hit its bound", n, played)
					}
					if got := err == nil; got != want {
						t.Fatalf("n=%d rounds %v: completion found %v, brute force %v (%v)", n, played, got, want, err)
					}
					checked++
					if !want {
						none++
					}
				}
			}
			if len(chosen) == maxRounds {
				return
			}
			for i := next; i < len(all); i++ {
				if all[i]&used != 0 {
					continue
				}
				rec(append(chosen, all[i]), i+1, used|all[i])
				if m == 8 && len(chosen) == 0 {
					return // every first round is the same up to the names
				}
			}
		}
		rec(nil, 0, 0)
	}
	if none == 0 {
		t.Fatalf("%d histories checked, every one completable: the check proves nothing", checked)
	}
	t.Logf("%d histories checked, %d with no completion", checked, none)
}

// edgeBit numbers the pairs of m seats for bit masks.
func edgeBit(u, v, m int) uint64 {
	u, v = min(u, v), max(u, v)
	return 1 << (u*m + v)
}

func seatsUpTo(m int) []int {
	s := make([]int, m)
	for i := range s {
		s[i] = i
	}
	return s
}

// perfectMatchings lists the perfect matchings of seats using only pairs
// in usable, as masks.
func perfectMatchings(seats []int, usable uint64, m int) []uint64 {
	if len(seats) == 0 {
		return []uint64{0}
	}
	var out []uint64
	a := seats[0]
	for i := 1; i < len(seats); i++ {
		b := edgeBit(a, seats[i], m)
		if usable&b == 0 {
			continue
		}
		rest := append(slices.Clone(seats[1:i]), seats[i+1:]...)
		for _, sub := range perfectMatchings(rest, usable, m) {
			out = append(out, sub|b)
		}
	}
	return out
}

// playedOf turns chosen matchings of seats into rounds played (seat m-1 is
// the bye's in an odd field), with round 1's game drop not played (its
// black has the bye instead); it returns each round's seats without a
// game, and the pairs that played.
func playedOf(chosen []uint64, ids []int, m, drop int) ([]PlayedRound, [][]int, uint64) {
	n := len(ids)
	var played []PlayedRound
	var free [][]int
	var games uint64
	for r, mask := range chosen {
		var p PlayedRound
		var f []int
		game := 0
		for u := range m {
			for v := u + 1; v < m; v++ {
				if mask&edgeBit(u, v, m) == 0 {
					continue
				}
				switch {
				case v == n: // the bye's seat
					p.Byes = append(p.Byes, ids[u])
					f = append(f, u, v)
				case r == 0 && game == drop:
					p.Byes = append(p.Byes, ids[u])
					f = append(f, u, v)
					game++
				default:
					p.Pairs = append(p.Pairs, Pair{Black: ids[u], White: ids[v]})
					games |= edgeBit(u, v, m)
					game++
				}
			}
		}
		played = append(played, p)
		free = append(free, f)
	}
	return played, free, games
}

// completable is the brute force: can the rounds' seats without a game
// (free) be paired, and the rounds left be perfect matchings, out of the
// pairs not used, each exactly once?
func completable(m int, free [][]int, used uint64, played int) bool {
	var slots [][]int
	for _, f := range free {
		if len(f) > 0 {
			slots = append(slots, f)
		}
	}
	for range m - 1 - played {
		slots = append(slots, seatsUpTo(m))
	}
	all := uint64(0)
	for u := range m {
		for v := u + 1; v < m; v++ {
			all |= edgeBit(u, v, m)
		}
	}
	var rec func(i int, left uint64) bool
	rec = func(i int, left uint64) bool {
		if i == len(slots) {
			return left == 0
		}
		for _, mm := range perfectMatchings(slots[i], left, m) {
			if rec(i+1, left&^mm) {
				return true
			}
		}
		return false
	}
	return rec(0, all&^used)
}

// TestCompletionExhaustiveCycles checks, for double and triple round robins
// of 3 and 4 players, every history of up to all but one round (any
// rounds, repeated or not), and for double round robins of 5 and 6
// players every history of up to 3 rounds: the search finds a completion
// exactly when a brute force over the rounds left does.
func TestCompletionExhaustiveCycles(t *testing.T) {
	checked, none := 0, 0
	for _, tc := range []struct{ n, cycles, maxRounds int }{{3, 2, 5}, {4, 2, 5}, {3, 3, 8}, {4, 3, 8}, {5, 2, 3}, {6, 2, 3}} {
		m := tc.n + tc.n%2
		ids := make([]int, tc.n)
		for i := range ids {
			ids[i] = i + 1
		}
		all := perfectMatchings(seatsUpTo(m), ^uint64(0), m)
		var rec func(chosen []uint64)
		rec = func(chosen []uint64) {
			if len(chosen) > 0 {
				played, _, _ := playedOf(chosen, ids, m, -1)
				need := map[uint64]int{}
				for u := range m {
					for v := u + 1; v < m; v++ {
						need[edgeBit(u, v, m)] = tc.cycles
					}
				}
				possible := true
				for _, mm := range chosen {
					for b := range need {
						if mm&b != 0 {
							if need[b]--; need[b] < 0 {
								possible = false
							}
						}
					}
				}
				want := possible && multiCompletable(all, need, tc.cycles*(m-1)-len(chosen), 0)
				_, _, err := completeRoundRobin(ids, tc.cycles, played)
				var ce *CompletionError
				if errors.As(err, &ce) && ce.Bounded {
					t.Fatalf("n=%d: the search hit its bound", tc.n)
				}
				if got := err == nil; got != want {
					t.Fatalf("n=%d cycles=%d rounds %v: completion found %v, brute force %v (%v)", tc.n, tc.cycles, played, got, want, err)
				}
				checked++
				if !want {
					none++
				}
			}
			if len(chosen) == tc.maxRounds {
				return
			}
			for _, mm := range all {
				rec(append(chosen, mm))
			}
		}
		rec(nil)
	}
	if none == 0 {
		t.Fatalf("%d histories checked, every one completable: the check proves nothing", checked)
	}
	t.Logf("%d histories checked, %d with no completion", checked, none)
}

// multiCompletable is the brute force: can rounds more perfect matchings
// (from all, from index from on: the rounds are interchangeable) meet
// every pair's meetings due, exactly?
func multiCompletable(all []uint64, need map[uint64]int, rounds, from int) bool {
	if rounds == 0 {
		for _, n := range need {
			if n != 0 {
				return false
			}
		}
		return true
	}
	for i := from; i < len(all); i++ {
		fits := true
		for b, n := range need {
			if all[i]&b != 0 && n == 0 {
				fits = false
				break
			}
		}
		if !fits {
			continue
		}
		for b := range need {
			if all[i]&b != 0 {
				need[b]--
			}
		}
		ok := multiCompletable(all, need, rounds-1, i)
		for b := range need {
			if all[i]&b != 0 {
				need[b]++
			}
		}
		if ok {
			return true
		}
	}
	return false
}
