package circuit

import (
	"math"
	"sort"
)

// bofTable is the points of places 1-9; 10th and on get bofRest (BOF GP 5),
// so every participant scores (BOF GP 4).
var bofTable = []int{200, 160, 120, 100, 80, 60, 40, 20, 10}

const bofRest = 5

func bofPlace(p int) int {
	if p >= 1 && p <= len(bofTable) {
		return bofTable[p-1]
	}
	return bofRest
}

// bofPoints gives each entry its Grand Prix points: places by game points
// only, ties not resolved (BOF GP 3); the players tied share the total of
// the places they cover, each share rounded up.
func bofPoints(entries []Entry) ([]string, []Result) {
	es := append([]Entry(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].GamePoints > es[j].GamePoints })
	keys := make([]string, len(es))
	rs := make([]Result, len(es))
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && same(es[j].GamePoints, es[i].GamePoints) {
			j++
		}
		total := 0
		for k := i; k < j; k++ {
			total += bofPlace(k + 1)
		}
		share := math.Ceil(float64(total) / float64(j-i))
		for k := i; k < j; k++ {
			keys[k] = es[k].Key
			rs[k] = Result{Position: i + 1, Points: share}
		}
		i = j
	}
	return keys, rs
}

// bofWinnerCompare compares two players tied on points for the winner
// (BOF GP 6): their best tournament, then the second best, and so on; a
// player with a further result ranks above one without.
func bofWinnerCompare(a, b *Standing) int {
	for i := 0; i < len(a.Results) || i < len(b.Results); i++ {
		switch {
		case i >= len(a.Results):
			return 1
		case i >= len(b.Results):
			return -1
		case !same(a.Results[i].Points, b.Results[i].Points):
			if a.Results[i].Points > b.Results[i].Points {
				return -1
			}
			return 1
		}
	}
	return 0
}

// rankBOF ranks by total points (all results count: BOF GP 2). Only the
// tie for the winner is broken (BOF GP 6), by bofWinnerCompare and then by
// the recorded decision; other ties are shown equal, as the rules break
// no other.
func rankBOF(list []Standing, winner string) {
	if len(list) == 0 {
		return
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].Points > list[j].Points && !same(list[i].Points, list[j].Points) })
	n := 1
	for n < len(list) && same(list[n].Points, list[0].Points) {
		n++
	}
	top := list[:n]
	sort.SliceStable(top, func(i, j int) bool { return bofWinnerCompare(&top[i], &top[j]) < 0 })
	tied := 1
	for tied < len(top) && bofWinnerCompare(&top[0], &top[tied]) == 0 {
		tied++
	}
	if tied > 1 {
		for i := 0; i < tied; i++ {
			if top[i].Key == winner {
				top[0], top[i] = top[i], top[0]
				top[0].Decided = true
			}
		}
	}
	first := 1 // the players ranked first
	if tied > 1 && !top[0].Decided {
		first = tied
		for i := 0; i < tied; i++ {
			top[i].Undecided = true
		}
	}
	for i := range list {
		switch {
		case i < first:
			list[i].Rank, list[i].Equal = 1, first > 1
		case i > first && same(list[i].Points, list[i-1].Points):
			list[i].Rank = list[i-1].Rank
			list[i].Equal, list[i-1].Equal = true, true
		default:
			list[i].Rank = i + 1
		}
	}
}
