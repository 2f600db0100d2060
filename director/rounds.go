package director

import (
	"slices"
	"strconv"
	"strings"

	"outflank"
)

// MaxRoundNumber bounds the round numbers a list may name: a tournament
// has at most 1000 rounds (outflank.Settings), so "1-1000000000" cannot
// make a list of a billion rounds.
const MaxRoundNumber = 1000

// ParseRounds reads a list of rounds as the command line's --rounds and
// the console's forms take it: "3", "3,5",
// "3-5" or "3,5-7", in any order; spaces around the numbers are allowed.
// It returns the rounds in order, each once, or says what is wrong.
func ParseRounds(text string) ([]int, error) {
	bad := func(why string) error {
		return outflank.Errorf(outflank.EINVALID, "rounds %q: %s; write round numbers separated by commas, with ranges such as 3-5 (e.g. 3,5-7)", text, why)
	}
	if strings.TrimSpace(text) == "" {
		return nil, bad("no round given")
	}
	var rounds []int
	for part := range strings.SplitSeq(text, ",") {
		from, to, isRange := strings.Cut(part, "-")
		first, problem := roundNumber(from)
		if problem != "" {
			return nil, bad(problem)
		}
		last := first
		if isRange {
			if last, problem = roundNumber(to); problem != "" {
				return nil, bad(problem)
			}
			if last < first {
				return nil, bad("range " + strings.TrimSpace(part) + " goes backwards")
			}
		}
		for n := first; n <= last; n++ {
			if slices.Contains(rounds, n) {
				return nil, bad("round " + strconv.Itoa(n) + " is given twice")
			}
			rounds = append(rounds, n)
		}
	}
	slices.Sort(rounds)
	return rounds, nil
}

// roundNumber reads one round number, or says what is wrong with it.
func roundNumber(s string) (int, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "a round number is missing"
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, strconv.Quote(s) + " is not a round number"
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxRoundNumber {
		return 0, "round " + s + " is not between 1 and " + strconv.Itoa(MaxRoundNumber)
	}
	return n, ""
}
