package outflank

import (
	"fmt"
	"sort"

	"outflank/pairing"
	"outflank/rules"
	"outflank/words"
)

// PairOptions are the director's controls over an automatic pairing.
type PairOptions struct {
	// Seed seeds the round's random choices; it is recorded with the round.
	Seed uint64
	// Fixed pairs are imposed (black first); the rest is paired around them.
	Fixed []Pair
	// Forbidden pairs may not meet this round.
	Forbidden []Pair
	// Round, when not 0, is the round the caller means to pair, as it saw
	// the tournament: if another pairing was saved meanwhile, pairing is
	// refused instead of pairing the round after it.
	Round int
	// SeedGiven: the director gave the seed; it is refused where nothing
	// is drawn at random (a knockout pairing).
	SeedGiven bool
	// Knockout games only (knockout_pair.go): the choices of colour or
	// draw-win (WOC IV.9); Match pairs only the match of that name
	// ("final", "semi-final-1"); Replace pairs Match's game in play again,
	// in place.
	Choices []ChoiceOption
	Match   string
	Replace bool
	// Untold are the players who have not told their choice yet (a
	// chooser, or his opponent after a draw-win): their game is paired
	// for now, with a note (Paired.Notes). AskChoices refuses a pairing in
	// which a choice is neither given nor untold, so that no colour is
	// chosen for a player in silence (the console asks for each).
	Untold     []int
	AskChoices bool
}

// Paired is a round paired automatically, and why.
type Paired struct {
	Round *Round
	// Swiss is the matching's explanation for a Swiss round (each pair's
	// cost under each criterion), nil for round robins and first rounds.
	Swiss *pairing.Result
	// Also are the rounds paired at the same time after Round: the other
	// knockout stages' games of the same time slot, a placement round.
	Also []*Paired
	// Repaired is the table of Round paired again in place (a knockout
	// game, PairOptions.Replace), 0 otherwise.
	Repaired int
	// Notes say which knockout games have colours given for want of a
	// choice not told yet, and how to pair them again once it is.
	Notes []string
}

// PairNext pairs the next round by the ruleset and adds it. A round robin
// is played when the planned rounds allow at least one full cycle (BOF 8:
// otherwise the Swiss system; WOC II.2 and AOF 1.2 choose the same way by
// field size), with as many cycles as fit, up to three (EGP II.4.2). Swiss
// rounds follow the ruleset's priorities (pairing.Rules); the first Swiss
// round is drawn by WOC II.7.1, BOF 16, or at random. Withdrawn players are
// never paired (WOC II.8); every earlier game must have its result.
func (t *Tournament) PairNext(opts PairOptions) (*Paired, error) {
	n := len(t.Rounds) + 1
	if opts.Round != 0 && opts.Round != n {
		if opts.Round < n {
			return nil, Errorf(ECONFLICT, "round %d was paired meanwhile: nothing was saved; 'outflank status %s' says what comes next", opts.Round, t.Slug)
		}
		return nil, Errorf(ECONFLICT, "round %d cannot be paired: %s has %s, so the next is round %d", opts.Round, t.Slug, words.Count(len(t.Rounds), "round"), n)
	}
	main := 0
	for _, r := range t.Rounds {
		if r.counts() {
			main++
		}
	}
	if main >= t.PlannedRounds() && len(t.Progress().InPlay) == 0 {
		// The main stage is over: playoffs, semi-finals, finals, whose
		// games in play pairKnockout checks slot by slot.
		return t.pairKnockout(opts)
	}
	if err := opts.mainStage(); err != nil {
		return nil, err
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return nil, Errorf(EINVALID, "round %d table %d (%s v %s) has no result yet: enter it before pairing round %d",
					r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White), n)
			}
		}
	}
	var active []*Player
	for i := range t.Players {
		if t.Players[i].Available(n) { // not withdrawn, not absent
			active = append(active, &t.Players[i])
		}
	}
	if len(active) < 2 {
		return nil, Errorf(EINVALID, "round %d needs at least two active players; %s has %d", n, t.Slug, len(active))
	}
	cycles, ids := t.roundRobin()
	if n == 1 && t.Settings.System == SystemRoundRobin && cycles == 0 {
		return nil, Errorf(EINVALID, "round 1 not paired: the system chosen is a round robin, but %s", t.System().Problem)
	}
	if cycles > 0 && n <= cycles*roundsPerCycle(len(ids)) {
		if len(opts.Fixed)+len(opts.Forbidden) > 0 {
			return nil, Errorf(EINVALID, "a round robin's pairings follow its table: --fix and --forbid apply to Swiss rounds")
		}
		return t.pairRoundRobin(n, cycles, ids)
	}
	if n == 1 {
		return t.pairFirst(active, opts)
	}
	ruleset := swissRules(t.Rules, len(active), t.Settings.AvoidSameCountry)
	if cycles > 0 {
		// The rounds after the round robin are a Swiss system paired from
		// its list (EGP II.2, 7-8 players: Part Two).
		ruleset = ruleset.AfterRoundRobin(cycles)
	}
	return t.pairSwiss(n, StageSwiss, active, ruleset, opts)
}

// roundsPerCycle is the number of rounds of one round-robin cycle of n
// players: n - 1, or n with a bye each round when n is odd (EGP II.4.2).
func roundsPerCycle(n int) int { return n - 1 + n%2 }

// roundRobin returns how many round-robin cycles the tournament plays (0:
// Swiss) and the players of the round robin: none when the director chose
// the Swiss system (Settings.System), else as roundRobinPlayed.
func (t *Tournament) roundRobin() (int, []int) {
	if t.Settings.System == SystemSwiss {
		return 0, nil
	}
	return t.roundRobinPlayed()
}

// roundRobinPlayed returns the round robin the rounds make, whatever the
// system setting: those of round 1 if it is a round-robin round, else as
// many cycles of the active players as the rounds allow, up to three.
func (t *Tournament) roundRobinPlayed() (int, []int) {
	if len(t.Rounds) > 0 && t.Rounds[0].Stage != StageRoundRobin {
		return 0, nil
	}
	var ids []int
	for _, p := range t.Players {
		if len(t.Rounds) > 0 {
			// The round robin's players are those of its first round,
			// absent from it or not.
			if t.Rounds[0].Plays(p.ID) || p.AbsentIn(1) {
				ids = append(ids, p.ID)
			}
		} else if p.Active(1) {
			ids = append(ids, p.ID)
		}
	}
	perCycle := roundsPerCycle(len(ids))
	if perCycle < 1 {
		return 0, nil
	}
	return min(t.PlannedRounds()/perCycle, 3), ids
}

// pairRoundRobin pairs round n of the round robin of ids: the circle
// method's round n while the rounds played are its first rounds (EGP
// II.4.2), else the next round of a completion of the rounds played
// (rounds entered by hand, an event moved from another program), so that
// no pair meets more often than the cycles make them. Where no completion
// exists, nothing is paired: a rematch is never paired silently.
func (t *Tournament) pairRoundRobin(n, cycles int, ids []int) (*Paired, error) {
	schedule, err := pairing.RoundRobin(ids, cycles)
	if err != nil {
		return nil, Errorf(EINVALID, "%v", err)
	}
	if n > len(schedule) {
		return nil, Errorf(EINVALID, "the round robin of %s in %s has %s, all paired", words.Count(len(ids), "player"), words.Count(cycles, "cycle"), words.Count(len(schedule), "round"))
	}
	kind := [...]string{"single", "double", "triple"}[cycles-1]
	method := kind + " round robin, circle method"
	played := t.playedRounds()
	next := schedule[n-1]
	if !pairing.FollowsSchedule(schedule, played) {
		rest, err := pairing.CompleteRoundRobin(ids, cycles, played)
		if err != nil {
			return nil, t.noCompletion(n, err)
		}
		next = rest[0]
		method = fmt.Sprintf("%s round robin, completing %s as played", kind, roundsWord(t.roundNumbers()))
	}
	var pairs []Pair
	var byes []int
	for _, id := range next.Byes {
		if p, _ := t.Player(id); p.Available(n) {
			byes = append(byes, id) // an absent player's bye is nobody's
		}
	}
	for _, p := range next.Pairs {
		black, _ := t.Player(p.Black)
		white, _ := t.Player(p.White)
		switch {
		case black.Available(n) && white.Available(n):
			pairs = append(pairs, Pair{Black: p.Black, White: p.White})
		case black.Available(n):
			byes = append(byes, p.Black) // a withdrawn or absent player is replaced by BYE (WOC II.8)
		case white.Available(n):
			byes = append(byes, p.White)
		}
	}
	r, err := t.AddRound(StageRoundRobin, pairs, byes)
	if err != nil {
		return nil, err
	}
	r.Method = method
	return &Paired{Round: r}, nil
}

// pairFirst draws a first Swiss round by the ruleset's method.
func (t *Tournament) pairFirst(active []*Player, opts PairOptions) (*Paired, error) {
	fixed := map[int]bool{}
	for _, f := range opts.Fixed {
		fixed[f.Black], fixed[f.White] = true, true
	}
	var players []pairing.Player
	for _, p := range active {
		if !fixed[p.ID] {
			players = append(players, pairing.Player{ID: p.ID, Rating: p.Rating, Seeded: p.Seeded})
		}
	}
	var drawn pairing.Round
	var method string
	switch t.Rules {
	case rules.WOC:
		drawn, method = pairing.FirstRoundWOC(players, opts.Seed), "first round: WOC II.7.1 draw, group A against group B"
	case rules.BOFRegional, rules.BOFNational:
		drawn, method = pairing.FirstRoundBOF(players), "first round: BOF 16, rating order, top half against bottom half"
	default:
		drawn, method = pairing.FirstRoundRandom(players, opts.Seed), "first round: random draw"
	}
	pairs := append([]Pair{}, opts.Fixed...)
	for _, p := range drawn.Pairs {
		pairs = append(pairs, Pair{Black: p.Black, White: p.White})
	}
	r, err := t.AddRound(StageSwiss, pairs, drawn.Byes)
	if err != nil {
		return nil, err
	}
	r.Method, r.Seed = method, fmt.Sprint(opts.Seed)
	return &Paired{Round: r}, nil
}

// swissRules chooses the Swiss priorities of the ruleset (WOC II.2 c-d:
// modified for 15 to 24 players, unmodified above), with or without
// same-country avoidance as the settings say.
func swissRules(id rules.ID, players int, avoidSameCountry bool) pairing.Rules {
	r := swissRulesOf(id, players)
	if avoidSameCountry {
		return r.WithCountry()
	}
	return r.WithoutCountry()
}

func swissRulesOf(id rules.ID, players int) pairing.Rules {
	switch id {
	case rules.WOC:
		if players >= 15 && players <= 24 {
			return pairing.WOCModified
		}
		return pairing.WOCSwiss
	case rules.EGP:
		return pairing.EGPSwiss
	case rules.AOF:
		return pairing.AOFSwiss
	case rules.BOFRegional, rules.BOFNational:
		return pairing.BOFSwiss
	}
	return pairing.WOCSwiss
}

// pairSwiss pairs round n of a Swiss system from the players' histories.
func (t *Tournament) pairSwiss(n int, stage Stage, active []*Player, ruleset pairing.Rules, opts PairOptions) (*Paired, error) {
	players := t.pairingPlayers(active, stage)
	convert := func(ps []Pair) []pairing.Pair {
		out := make([]pairing.Pair, len(ps))
		for i, p := range ps {
			out[i] = pairing.Pair{Black: p.Black, White: p.White}
		}
		return out
	}
	res, err := pairing.Swiss(players, ruleset, pairing.Options{Seed: opts.Seed, Fixed: convert(opts.Fixed), Forbidden: convert(opts.Forbidden)})
	if err != nil {
		return nil, Errorf(EINVALID, "round %d cannot be paired by the %s rules: %v; fix some pairs by hand (--fix) or enter the round with 'round add'", n, ruleset.Name, err)
	}
	var pairs []Pair
	for _, p := range res.Pairings {
		pairs = append(pairs, Pair{Black: p.Black, White: p.White})
	}
	var byes []int
	if res.Bye != 0 {
		byes = append(byes, res.Bye)
	}
	r, err := t.AddRound(stage, pairs, byes)
	if err != nil {
		return nil, err
	}
	r.Method, r.Seed = "swiss: "+ruleset.Name, fmt.Sprint(opts.Seed)
	return &Paired{Round: r, Swiss: res}, nil
}

// pairingPlayers describes the active players as the pairing engine needs
// them: score, place in the standings, colours, floats, opponents, byes.
//
// The score is the points of the rounds of stage: the main stage's for a
// Swiss round, the placement rounds' alone for a placement round (EGP
// II.2: "a new internal IFRL"). Colours, floats and meetings count every
// round played. A game not played (OutcomeUnplayed: BOF general rule 11
// counts it with the byes, "lost games due to not being played") gives
// neither player a colour, as a bye does not (WOC II.7.2 d counts the
// blacks and whites each "play"); a game forfeited or defaulted on time
// was begun, and its colours count.
func (t *Tournament) pairingPlayers(active []*Player, stage Stage) []pairing.Player {
	byID := map[int]*pairing.Player{}
	players := make([]pairing.Player, len(t.Players))
	for i, p := range t.Players {
		players[i] = pairing.Player{ID: p.ID, Rating: p.Rating, Country: p.TeamOrCountry(), Seeded: p.Seeded, Met: map[int]int{}, LastColourAgainst: map[int]pairing.Colour{}}
		byID[p.ID] = &players[i]
	}
	score := map[int]float64{}
	for _, r := range t.Rounds {
		scores := r.Stage == stage || stage == StageSwiss && r.counts()
		before := make(map[int]float64, len(score))
		for id, s := range score {
			before[id] = s
		}
		for _, g := range r.Games {
			b, w := byID[g.Black], byID[g.White]
			if g.Result != nil && g.Result.Outcome == OutcomeUnplayed {
				b.Colours, w.Colours = append(b.Colours, pairing.NoColour), append(w.Colours, pairing.NoColour)
			} else {
				b.Colours, w.Colours = append(b.Colours, pairing.Black), append(w.Colours, pairing.White)
			}
			b.Floats, w.Floats = append(b.Floats, floatOf(before[g.Black], before[g.White])), append(w.Floats, floatOf(before[g.White], before[g.Black]))
			b.Met[g.White]++
			w.Met[g.Black]++
			b.LastColourAgainst[g.White], w.LastColourAgainst[g.Black] = pairing.Black, pairing.White
			if scores {
				bp, wp := g.Result.Points()
				score[g.Black] += bp
				score[g.White] += wp
			}
		}
		for _, id := range r.Byes {
			byID[id].Byes++
			if scores {
				score[id]++
			}
		}
	}
	var out []pairing.Player
	for _, p := range active {
		pp := *byID[p.ID]
		pp.Score = score[p.ID]
		out = append(out, pp)
	}
	// Rank is the place in the standings so far (WOC II.3.1: points,
	// Brightwell quotient, discs, draw): the bye goes to the lowest-ranked,
	// and score groups are ordered by it.
	place := map[int]int{}
	for _, r := range t.Standings(0) {
		place[r.Player] = r.Rank
	}
	sort.SliceStable(out, func(i, j int) bool { return place[out[i].ID] < place[out[j].ID] })
	for i := range out {
		out[i].Rank = i
	}
	return out
}

func floatOf(own, opponent float64) pairing.Float {
	switch {
	case opponent < own:
		return pairing.FloatDown
	case opponent > own:
		return pairing.FloatUp
	}
	return pairing.NoFloat
}
