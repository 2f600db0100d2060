package outflank

import (
	"errors"
	"fmt"
	"outflank/words"
	"strings"

	"outflank/pairing"
	"outflank/rules"
)

// playedRounds gives the rounds of the main stage so far as the round
// robin's engine reads them: the games (a game not played too: its pair
// has had its game) and the byes.
func (t *Tournament) playedRounds() []pairing.PlayedRound {
	var out []pairing.PlayedRound
	for _, r := range t.Rounds {
		if !r.counts() {
			continue
		}
		p := pairing.PlayedRound{Byes: r.Byes}
		for _, g := range r.Games {
			p.Pairs = append(p.Pairs, pairing.Pair{Black: g.Black, White: g.White})
		}
		out = append(out, p)
	}
	return out
}

// roundNumbers lists the numbers of the rounds entered.
func (t *Tournament) roundNumbers() []int {
	ns := make([]int, len(t.Rounds))
	for i, r := range t.Rounds {
		ns[i] = r.Number
	}
	return ns
}

// noCompletion is the refusal to pair round n of a round robin whose
// rounds played cannot be completed without a rematch (or whose
// completion the search did not find within its bound), with the ways
// out: the rest as a Swiss, or the rounds by hand.
func (t *Tournament) noCompletion(n int, err error) error {
	why := t.completionWhy(err)
	head := fmt.Sprintf("round %d not paired: the round robin cannot go on from %s as played without a rematch (%s)", n, roundsWord(t.roundNumbers()), why)
	if t.Rules == rules.WOC || t.Rules == rules.EGP {
		// II.2 fixes the system: the rounds by hand are the way out.
		return Errorf(EINVALID, "%s. Enter the rounds by hand ('outflank round add %s --pair BLACK-WHITE ...')", head, t.Slug)
	}
	return Errorf(EINVALID, "%s. Pair the rest as a Swiss ('outflank settings %s --system swiss'), or enter the rounds by hand ('outflank round add %s --pair BLACK-WHITE ...')",
		head, t.Slug, t.Slug)
}

// completionWhy words why a round robin cannot be completed, with the
// players' names.
func (t *Tournament) completionWhy(err error) string {
	var ce *pairing.CompletionError
	if !errors.As(err, &ce) {
		return strings.TrimPrefix(err.Error(), "pairing: ")
	}
	switch {
	case ce.Bounded:
		return "no schedule of the rounds left in which every pair meets once was found in the time allowed"
	case ce.Met != [2]int{} && ce.Times <= 1:
		return fmt.Sprintf("%s and %s have met twice, the second time in round %d", t.Describe(ce.Met[0]), t.Describe(ce.Met[1]), ce.Round)
	case ce.Met != [2]int{}:
		return fmt.Sprintf("%s and %s have met more often than the round robin's %s, the last time in round %d", t.Describe(ce.Met[0]), t.Describe(ce.Met[1]), words.Times(ce.Times), ce.Round)
	case ce.Outsider != 0:
		return fmt.Sprintf("%s, in round %d, is not one of the round robin's players (those of round 1)", t.Describe(ce.Outsider), ce.Round)
	}
	return ce.Why
}

// roundRobinStuck reports whether the round robin under way cannot be
// completed from the rounds played (noCompletion's case), and why.
func (t *Tournament) roundRobinStuck() (string, bool) {
	cycles, ids := t.roundRobin()
	n := len(t.Rounds) + 1
	if cycles == 0 || len(t.Rounds) == 0 || n > cycles*roundsPerCycle(len(ids)) {
		return "", false
	}
	schedule, err := pairing.RoundRobin(ids, cycles)
	if err != nil {
		return "", false
	}
	played := t.playedRounds()
	if pairing.FollowsSchedule(schedule, played) {
		return "", false
	}
	if _, err := pairing.CompleteRoundRobin(ids, cycles, played); err != nil {
		return t.completionWhy(err), true
	}
	return "", false
}
