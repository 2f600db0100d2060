package circuit

import (
	"fmt"
	"math"
)

// Rules is the rulebook a circuit's points follow.
type Rules string

const (
	// EGP is the European Grand Prix (EGP rules 2014, I.2.5).
	EGP Rules = "egp"
	// BOFGP is the British Grand Prix (BOF rules 2019, Grand Prix 1-6).
	BOFGP Rules = "bof-gp"
)

// ParseRules returns the rules named s.
func ParseRules(s string) (Rules, error) {
	switch Rules(s) {
	case EGP, BOFGP:
		return Rules(s), nil
	}
	return "", fmt.Errorf("circuit: unknown rules %q: use egp or bof-gp", s)
}

// Tournament is one tournament of a circuit, with its final ranking.
type Tournament struct {
	Name    string
	Entries []Entry
}

// Entry is one player's place in a tournament's final ranking.
type Entry struct {
	// Key identifies the player across the circuit's tournaments.
	Key string
	// Position is the rank in the tournament's final standings (1 is the
	// winner). EGP points follow it; the BOF Grand Prix ignores it and
	// ranks by game points only (BOF GP 3).
	Position int
	// GamePoints are the player's points in the tournament (a win 1, a
	// draw 1/2).
	GamePoints float64
}

// Result is what one tournament gives a player.
type Result struct {
	// Tournament is the index of the tournament in Compute's argument.
	Tournament int
	// Position is the place the points are for: under the BOF Grand Prix
	// the first of the places a tie covers.
	Position int
	Points   float64
	// Counted tells whether the result is among those that make the
	// player's total (EGP: the best 4; BOF: all).
	Counted bool
}

// Standing is a player's line of the circuit's ranking.
type Standing struct {
	Rank int
	// Equal is true when the player shares the rank with another.
	Equal  bool
	Key    string
	Points float64
	// Results are the player's results, best first.
	Results []Result
	// Decided is true when the player's first place rests on a
	// director's decision (BOF GP 6: a play-off game or a coin toss).
	Decided bool
	// Undecided is true for the players tied for first place whom only a
	// director's decision can separate (BOF GP 6), while none is recorded.
	Undecided bool
}

// eps is the tolerance of comparisons of points, which may be averages
// (thirds, sevenths, ...) summed in floating point.
const eps = 1e-9

func same(a, b float64) bool { return math.Abs(a-b) < eps }

// Compute returns the standings of a circuit of tournaments under rules,
// best first. winner is the key of the player a director's decision made
// the winner (BOF GP 6), or "": it counts only when that player is among
// those still tied for first place after the rules' tie-breaks.
func Compute(rules Rules, ts []Tournament, winner string) ([]Standing, error) {
	results := map[string][]Result{}
	var order []string
	for i, t := range ts {
		var pts []Result
		var keys []string
		switch rules {
		case EGP:
			keys, pts = egpPoints(t.Entries)
		case BOFGP:
			keys, pts = bofPoints(t.Entries)
		default:
			return nil, fmt.Errorf("circuit: unknown rules %q: use egp or bof-gp", rules)
		}
		seen := map[string]bool{}
		for j, k := range keys {
			if seen[k] {
				return nil, fmt.Errorf("circuit: %s appears twice in %s", k, t.Name)
			}
			seen[k] = true
			if _, ok := results[k]; !ok {
				order = append(order, k)
			}
			r := pts[j]
			r.Tournament = i
			results[k] = append(results[k], r)
		}
	}
	list := make([]Standing, 0, len(order))
	for _, k := range order {
		list = append(list, total(rules, k, results[k]))
	}
	if rules == EGP {
		rankEGP(list)
	} else {
		rankBOF(list, winner)
	}
	return list, nil
}

// total is a player's line before ranking: the results best first, those
// that count marked, and their sum.
func total(rules Rules, key string, rs []Result) Standing {
	sortBest(rs)
	s := Standing{Key: key, Results: rs}
	for j := range rs {
		if rules == BOFGP || j < egpCounted {
			rs[j].Counted = true
			s.Points += rs[j].Points
		}
	}
	return s
}
