package circuit

import "sort"

// sortBest orders a player's results best first; equal points keep the
// tournaments' order, so the same result is marked counted every time.
func sortBest(rs []Result) {
	sort.SliceStable(rs, func(i, j int) bool {
		if !same(rs[i].Points, rs[j].Points) {
			return rs[i].Points > rs[j].Points
		}
		return rs[i].Tournament < rs[j].Tournament
	})
}

// bestSum is the sum of the best n results (all of them when fewer).
func bestSum(rs []Result, n int) float64 {
	sum := 0.0
	for i := 0; i < n && i < len(rs); i++ {
		sum += rs[i].Points
	}
	return sum
}

// assignRanks gives ranks in list's order: a player compared equal to the
// one before shares his rank, and both are marked equal.
func assignRanks(list []Standing, equal func(a, b *Standing) bool) {
	for i := range list {
		list[i].Rank = i + 1
		if i > 0 && equal(&list[i-1], &list[i]) {
			list[i].Rank = list[i-1].Rank
			list[i].Equal = true
			list[i-1].Equal = true
		}
	}
}
