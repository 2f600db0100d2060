package circuit

import "sort"

// egpTable is the points of places 1-10 (EGP I.2.5); none below 10th.
var egpTable = []float64{200, 140, 90, 60, 40, 30, 20, 15, 10, 5}

// egpCounted is the number of results that count (EGP I.2.5: "only the
// best 4 (four) results are considered").
const egpCounted = 4

// egpShareFrom is the first place whose points players on equal
// tournament points share (EGP I.2.5: "from 5th place and below").
const egpShareFrom = 5

func egpPlace(p int) float64 {
	if p >= 1 && p <= len(egpTable) {
		return egpTable[p-1]
	}
	return 0
}

// egpPoints gives each entry its EGP points. Places are taken in the
// order of the final ranking (Position, then the order given). Players on
// the same game points from 5th place down get the average of the points
// of the places they occupy, places below 10th counting 0 in the average;
// a player above 5th keeps his place's points, even if he is on the same
// game points as those below.
func egpPoints(entries []Entry) ([]string, []Result) {
	es := append([]Entry(nil), entries...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Position < es[j].Position })
	keys := make([]string, len(es))
	rs := make([]Result, len(es))
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && same(es[j].GamePoints, es[i].GamePoints) {
			j++
		}
		// es[i:j] are on equal game points; places i+1..j.
		first := max(i, egpShareFrom-1)
		avg := 0.0
		if first < j {
			for k := first; k < j; k++ {
				avg += egpPlace(k + 1)
			}
			avg /= float64(j - first)
		}
		for k := i; k < j; k++ {
			keys[k] = es[k].Key
			rs[k] = Result{Position: k + 1, Points: egpPlace(k + 1)}
			if k >= first {
				rs[k].Points = avg
			}
		}
		i = j
	}
	return keys, rs
}

// egpKey is what ranks EGP players, in order (EGP I.2.5): the best 4
// results, then the best 5, 6 and 7, then the number of tournaments
// played (more ranks higher: the rule names the number without saying
// which way; more is the one that rewards playing, as the best 5, 6, 7
// do).
func egpKey(s *Standing) [5]float64 {
	return [5]float64{bestSum(s.Results, 4), bestSum(s.Results, 5), bestSum(s.Results, 6), bestSum(s.Results, 7), float64(len(s.Results))}
}

// rankEGP sorts and ranks by egpKey; players equal on all of it are
// shown equal ("the players will be considered equal").
func rankEGP(list []Standing) {
	less := func(a, b [5]float64) int {
		for i := range a {
			if !same(a[i], b[i]) {
				if a[i] > b[i] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	sort.SliceStable(list, func(i, j int) bool { return less(egpKey(&list[i]), egpKey(&list[j])) < 0 })
	assignRanks(list, func(a, b *Standing) bool { return less(egpKey(a), egpKey(b)) == 0 })
}
