package outflank

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"outflank/pairing"
	"outflank/words"
)

// CheckOptions say which pairing CheckPairing prices.
type CheckOptions struct {
	// Round is the round entered to price, 0 for the last one. With Fixed
	// or Forbidden it must be 0: the next round is priced instead, paired
	// around the fixed pairs as PairNext would pair it.
	Round int
	// Fixed and Forbidden are the director's controls (PairOptions).
	Fixed, Forbidden []Pair
	// Seed, when not nil, seeds the optimum's colours where the criteria
	// leave them to a coin; by default the priced round's own seed, or 0.
	Seed *uint64
}

// PairCheck is a Swiss round priced next to Outflank's optimum from the
// same state: the rounds before it.
type PairCheck struct {
	Round  int
	Stage  Stage
	Method string // the rules the round is priced by, as Round.Method
	Seed   string // the seed of the optimum
	// Given is the round as entered, or the next one with the fixed pairs
	// (the rest paired around them): each pair's cost under each criterion
	// (Breaks names a rule a pair breaks) and the totals. Its order is the
	// round's tables.
	Given     *pairing.Result
	GivenByes []int
	// Tables numbers Given's games: the round's own tables, or 1, 2, ...
	Tables []int
	// Optimum is Outflank's pairing of the same players from the same
	// state, nil when the rules leave no way to pair them.
	Optimum     *pairing.Result
	OptimumByes []int
	// Notes say where the players compared are not those Outflank would
	// pair: another bye, a player left out.
	Notes []string
}

// Compare compares the given round with the optimum as the engine does,
// criterion by criterion in priority order. first is the index of the first
// criterion on which their totals differ (-1: none), which decides; worse
// and better list the criteria on which the given round's total is higher,
// and lower. Without an optimum, first is -1 and the lists are empty.
func (c *PairCheck) Compare() (first int, worse, better []pairing.Criterion) {
	first = -1
	if c.Optimum == nil {
		return first, nil, nil
	}
	for k, crit := range c.Given.Criteria {
		g, o := c.Given.Totals[k], c.Optimum.Totals[k]
		if g != o && first < 0 {
			first = k
		}
		if g > o {
			worse = append(worse, crit)
		} else if g < o {
			better = append(better, crit)
		}
	}
	return first, worse, better
}

// CheckPairing prices a Swiss round, as entered or with the director's
// fixed pairs, next to the optimum Outflank computes from the same state,
// and changes nothing. A round robin, a knockout round or a first round
// (drawn: WOC II.7.1, BOF 16) is not a Swiss matching and is refused.
func (t *Tournament) CheckPairing(opts CheckOptions) (*PairCheck, error) {
	if len(opts.Fixed)+len(opts.Forbidden) > 0 {
		if opts.Round != 0 {
			return nil, Errorf(EINVALID, "--fix and --forbid price the next round: leave out --round")
		}
		return t.checkNext(opts)
	}
	n := opts.Round
	if n == 0 {
		n = len(t.Rounds)
	}
	if n == 0 {
		return nil, Errorf(EINVALID, "%s has no round yet: nothing to check ('pair %s --check --fix BLACK-WHITE' prices the next round with a pair imposed)", t.Slug, t.Slug)
	}
	if n < 0 || n > len(t.Rounds) {
		return nil, Errorf(EINVALID, "round %d: %s has rounds 1 to %d", n, t.Slug, len(t.Rounds))
	}
	r := &t.Rounds[n-1]
	before := t.unsealed()
	before.Rounds = t.Rounds[:n-1]
	if err := before.swissPriced(n, r.Stage); err != nil {
		return nil, err
	}
	// The players who could play, the rules, and their histories.
	var active []*Player
	for i := range t.Players {
		if p := &t.Players[i]; p.Active(n) && (r.Stage == StageSwiss || r.Plays(p.ID)) {
			active = append(active, p)
		}
	}
	ruleset := swissRules(t.Rules, len(active), t.Settings.AvoidSameCountry)
	if cycles, _ := before.roundRobin(); cycles > 0 {
		ruleset = ruleset.AfterRoundRobin(cycles)
	}
	players := before.pairingPlayers(active, r.Stage)
	var pairs []pairing.Pair
	var tables []int
	for _, g := range r.Games {
		pairs = append(pairs, pairing.Pair{Black: g.Black, White: g.White})
		tables = append(tables, g.Table)
	}
	given, err := pairing.Price(players, ruleset, pairs)
	if err != nil {
		return nil, Errorf(EINVALID, "round %d: %v", n, err)
	}
	seed, _ := strconv.ParseUint(r.Seed, 10, 64)
	if opts.Seed != nil {
		seed = *opts.Seed
	}
	c := &PairCheck{Round: n, Stage: r.Stage, Method: "swiss: " + ruleset.Name, Seed: fmt.Sprint(seed), Given: given, GivenByes: slices.Clone(r.Byes), Tables: tables}
	if err := c.optimum(t, players, ruleset, pairing.Options{Seed: seed}); err != nil {
		return nil, err
	}
	return c, nil
}

// checkNext prices the next round paired around the director's fixed pairs.
func (t *Tournament) checkNext(opts CheckOptions) (*PairCheck, error) {
	n := len(t.Rounds) + 1
	if err := t.swissPriced(n, ""); err != nil {
		return nil, err
	}
	var active []*Player
	for i := range t.Players {
		if t.Players[i].Active(n) {
			active = append(active, &t.Players[i])
		}
	}
	ruleset := swissRules(t.Rules, len(active), t.Settings.AvoidSameCountry)
	if cycles, _ := t.roundRobin(); cycles > 0 {
		ruleset = ruleset.AfterRoundRobin(cycles)
	}
	players := t.pairingPlayers(active, StageSwiss)
	var seed uint64
	if opts.Seed != nil {
		seed = *opts.Seed
	}
	convert := func(ps []Pair) []pairing.Pair {
		out := make([]pairing.Pair, len(ps))
		for i, p := range ps {
			out[i] = pairing.Pair{Black: p.Black, White: p.White}
		}
		return out
	}
	given, err := pairing.Swiss(players, ruleset, pairing.Options{Seed: seed, Fixed: convert(opts.Fixed), Forbidden: convert(opts.Forbidden)})
	if err != nil {
		return nil, Errorf(EINVALID, "round %d cannot be paired around those pairs by the %s rules: %v", n, ruleset.Name, err)
	}
	c := &PairCheck{Round: n, Stage: StageSwiss, Method: "swiss: " + ruleset.Name, Seed: fmt.Sprint(seed), Given: given}
	for i := range given.Pairings {
		c.Tables = append(c.Tables, i+1)
	}
	if given.Bye != 0 {
		c.GivenByes = []int{given.Bye}
	}
	if err := c.optimum(t, players, ruleset, pairing.Options{Seed: seed}); err != nil {
		return nil, err
	}
	return c, nil
}

// swissPriced refuses round n unless it is a Swiss round paired by the
// matching: stage is the round's (or "" for the next round, as PairNext
// would pair it); t holds the rounds before it.
func (t *Tournament) swissPriced(n int, stage Stage) error {
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return Errorf(EINVALID, "round %d table %d (%s v %s) has no result yet: round %d is priced from the results before it",
					r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White), n)
			}
		}
	}
	if stage == "" {
		main := 0
		for _, r := range t.Rounds {
			if r.counts() {
				main++
			}
		}
		stage = StageSwiss
		if cycles, ids := t.roundRobin(); cycles > 0 && n <= cycles*roundsPerCycle(len(ids)) {
			stage = StageRoundRobin
		} else if main >= t.PlannedRounds() {
			return Errorf(EINVALID, "round %d comes after the main stage (%s): playoffs and knockout games are not Swiss rounds, and have no costs to compare", n, words.Count(main, "round"))
		}
	}
	switch {
	case stage == StageRoundRobin:
		return Errorf(EINVALID, "round %d is a round-robin round, not a Swiss round: its pairings follow the round robin's table (EGP II.4.2), and have no costs to compare", n)
	case stage != StageSwiss && stage != StagePlacement:
		return Errorf(EINVALID, "round %d is a %s round, not a Swiss round: its games follow the knockout (WOC II.3.2, III), and have no costs to compare", n, stage)
	case n == 1:
		return Errorf(EINVALID, "round 1 is drawn (WOC II.7.1, BOF 16, or at random), not paired by the Swiss criteria: it has no costs to compare")
	}
	return nil
}

// optimum pairs, from players, the same players as c.Given by ruleset: as
// Outflank would pair the round when its bye is the same, else with the
// given round's byes, saying so.
func (c *PairCheck) optimum(t *Tournament, players []pairing.Player, ruleset pairing.Rules, opts pairing.Options) error {
	paired := map[int]bool{}
	for _, p := range c.Given.Pairings {
		paired[p.Black], paired[p.White] = true, true
	}
	own, err := pairing.Swiss(players, ruleset, opts)
	if err != nil && !errors.Is(err, pairing.ErrNoPairing) {
		return Errorf(EINTERNAL, "round %d: %v", c.Round, err)
	}
	if own != nil && own.Bye == 0 && len(c.GivenByes) == 0 && len(players) == len(paired) ||
		own != nil && own.Bye != 0 && slices.Equal(c.GivenByes, []int{own.Bye}) && len(players) == len(paired)+1 {
		c.Optimum, c.OptimumByes = own, slices.Clone(c.GivenByes)
		return nil
	}
	// Other players than Outflank would pair: compare with the best
	// pairing of the same ones, and say who Outflank would have left out.
	if own != nil && own.Bye != 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("Outflank would give the bye to %s (the lowest-ranked of those with the fewest byes, BOF 7); the optimum below pairs the same players as the round", t.Describe(own.Bye)))
	}
	var same []pairing.Player
	for _, p := range players {
		if paired[p.ID] {
			same = append(same, p)
		} else if !slices.Contains(c.GivenByes, p.ID) {
			c.Notes = append(c.Notes, fmt.Sprintf("%s could play but is not in round %d", t.Describe(p.ID), c.Round))
		}
	}
	res, err := pairing.Swiss(same, ruleset, opts)
	switch {
	case errors.Is(err, pairing.ErrNoPairing):
		c.Notes = append(c.Notes, "no pairing of these players satisfies the rules: there is no optimum to compare with")
		return nil
	case err != nil:
		return Errorf(EINTERNAL, "round %d: %v", c.Round, err)
	}
	c.Optimum, c.OptimumByes = res, slices.Clone(c.GivenByes)
	return nil
}
