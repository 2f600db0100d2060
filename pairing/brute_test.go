package pairing

import (
	"slices"
	"testing"
)

// bruteTotals returns the lexicographically smallest totals over every
// perfect matching of the pool's allowed pairs (each pair with its better
// colours), or nil when there is none.
func bruteTotals(pool []*Player, rules Rules) []int64 {
	fr := newFrame(pool, rules)
	g, err := buildGraph(pool, fr, rules, fr.groups, nil, false)
	if err != nil {
		panic(err)
	}
	allowed := map[[2]int]bool{}
	for _, e := range g.edges {
		allowed[[2]int{e.U, e.V}] = true
	}
	var best []int64
	used := make([]bool, len(pool))
	total := make([]int64, len(rules.Criteria))
	var rec func()
	rec = func() {
		i := slices.Index(used, false)
		if i < 0 {
			if best == nil || slices.Compare(total, best) < 0 {
				best = slices.Clone(total)
			}
			return
		}
		used[i] = true
		for j := i + 1; j < len(pool); j++ {
			if used[j] || !allowed[[2]int{i, j}] {
				continue
			}
			costs, _ := g.costs(i, j)
			costs = slices.Clone(costs)
			used[j] = true
			for k, c := range costs {
				total[k] += c
			}
			rec()
			for k, c := range costs {
				total[k] -= c
			}
			used[j] = false
		}
		used[i] = false
	}
	rec()
	return best
}

// TestSwissAgainstBruteForce pairs rounds of small simulated tournaments
// (N <= 12) and checks that no pairing of the same players has a
// lexicographically smaller cost.
func TestSwissAgainstBruteForce(t *testing.T) {
	checked := 0
	for _, rules := range []Rules{WOCSwiss, WOCModified, EGPSwiss, BOFSwiss, AOFSwiss} {
		for k := range 60 {
			n := 4 + k%9 // 4 to 12 players
			s := newSim(uint64(7000+k), n)
			for r := range min(n-1, 6) {
				active := s.active()
				res, err := Swiss(active, rules, Options{Seed: uint64(r)})
				if err == ErrNoPairing {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				var pool []*Player
				for i := range active {
					if active[i].ID != res.Bye {
						pool = append(pool, &active[i])
					}
				}
				want := bruteTotals(pool, rules)
				if slices.Compare(res.Totals, want) != 0 {
					t.Fatalf("%s, %d players, round %d: totals %v, brute force %v", rules.Name, n, r+1, res.Totals, want)
				}
				checked++
				s.play(res)
			}
		}
	}
	t.Logf("%d rounds checked against brute force", checked)
}
