// Package migration replays real events as a director moving them from
// another program would: the first rounds entered by hand exactly as they
// were played, the rest paired by Outflank with simulated results. Its
// test (migration_test.go) runs it over the real .ELO files beside the
// repository and counts what a director would meet: rematches paired
// (there must be none) and refusals (each must say what to do).
//
// The helpers are meant to grow: Options.Check runs on every replayed
// event, where a check that every view agrees (standings, crosstable,
// exports) belongs.
package migration

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"outflank"
	"outflank/exchange"
	"outflank/matching"
	"outflank/rules"
	"outflank/wof"
)

// Event is a real event read from an .ELO file, with its main stage's
// rounds recovered: from its %Round: markers where it has them, otherwise
// from the order of its games (a round is a run of games in which nobody
// plays twice).
type Event struct {
	Path string
	// Played is the event as read (exchange.ReadELO): its players, and its
	// rounds with their results; the games added after the main stage
	// (playoffs, finals) are left out.
	Played *outflank.Tournament
	// Markers: the rounds come from %Round: markers.
	Markers bool
	// Rules is the ruleset the event is replayed under, and System the
	// system chosen for it: a round robin of Cycles cycles when its games
	// are one, else a Swiss.
	Rules  rules.ID
	System string
	Cycles int
}

// Rounds is the number of rounds of the main stage.
func (e *Event) Rounds() int { return len(e.Played.Rounds) }

// Load reads the .ELO file at path. skip says, when not "", why its rounds
// cannot be recovered (the file is then left out and counted).
func Load(path string) (ev *Event, skip string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	f, _, err := wof.Read(bytes.NewReader(data))
	if err != nil {
		return nil, "not a readable .ELO file", nil
	}
	ev = &Event{Path: path}
	for _, r := range f.Rounds {
		if r.Number > 0 || r.Label != "" {
			ev.Markers = true
		}
	}
	candidate, fallback := rulesetOf(f)
	ev, skip, err = ev.read(f, data, candidate)
	if ev != nil && candidate != fallback && !ev.fitsPlan() {
		// The ruleset's plan is not the event's (a club's "Grand Prix",
		// a WOC played with other rules): the event's own rounds and
		// system under the fallback.
		ev, skip, err = (&Event{Path: path, Markers: ev.Markers}).read(f, data, fallback)
	}
	return ev, skip, err
}

// rulesetOf chooses the ruleset an event is replayed under from its
// file's name and country, and the ruleset to fall back on when its plan
// (rounds, system) is not the event's: a European Grand Prix ("EGP",
// "European Grand Prix"), a world championship (WOC), a British event (BOF: national for
// "National" and "British Championship", else regional), an Australian
// one (AOF), else custom (a Swiss or round robin of any length, ordered
// as WOC II.3.1).
func rulesetOf(f *wof.File) (candidate, fallback rules.ID) {
	name, country := strings.ToLower(f.Tournament), strings.ToLower(f.Country)
	fallback = rules.Custom
	if strings.Contains(country, "brit") || strings.Contains(country, "england") || country == "uk" || country == "gb" {
		fallback = rules.BOFRegional // British events: BOF rules
	}
	switch {
	case egpName.MatchString(name):
		return rules.EGP, fallback
	case wocName.MatchString(name):
		return rules.WOC, fallback
	case fallback == rules.BOFRegional && (strings.Contains(name, "national") || strings.Contains(name, "british championship")):
		return rules.BOFNational, fallback
	case strings.Contains(country, "australia"):
		return rules.AOF, fallback
	}
	return fallback, fallback
}

var (
	egpName = regexp.MustCompile(`\begp\b|european grand prix`)
	wocName = regexp.MustCompile(`\bwoc\b|world othello championship`)
)

// fitsPlan reports whether the event's rounds and system are its
// ruleset's plan for its field (rules.PlanFor): a WOC of 14 players is a
// round robin of 13 rounds, an EGP of 29 players a Swiss of 11.
func (e *Event) fitsPlan() bool {
	players := map[int]bool{}
	for _, r := range e.Played.Rounds {
		for _, g := range r.Games {
			players[g.Black], players[g.White] = true, true
		}
	}
	p := rules.PlanFor(e.Rules, len(players))
	return p.PartTwoSwiss == 0 && p.Rounds == e.Rounds() && p.RoundRobinCycles == e.Cycles
}

// read reads the event's file (f, as data) under ruleset id: its players,
// its main stage's rounds, its system.
func (e *Event) read(f *wof.File, data []byte, id rules.ID) (*Event, string, error) {
	e.Rules = id
	t, _, err := exchange.ReadELO(bytes.NewReader(data), id, e.Path)
	if err != nil {
		return nil, "not a readable .ELO file", nil
	}
	t.Rounds = slices.DeleteFunc(t.Rounds, func(r outflank.Round) bool { return r.Stage != outflank.StageSwiss })
	if e.Markers {
		rounds, skip := markedRounds(f, t.Rounds)
		if skip != "" {
			return nil, skip, nil
		}
		t.Rounds = rounds
	}
	e.Played = t
	if len(t.Rounds) < 2 {
		return nil, "fewer than 2 rounds", nil
	}
	e.Cycles = roundRobinCycles(t)
	if !e.Markers && e.Cycles == 0 && !roundByRound(t.Rounds) {
		// Games listed player by player, or out of order: the runs of
		// games without a repeated player are not the rounds (those of
		// a round robin of an odd field, a game fewer each round, are).
		// Rounds of a fixed size, a player missing now and then, may
		// still be.
		if t.Rounds = evenRounds(t.Rounds); t.Rounds == nil {
			return nil, "no round markers, and the games are not listed round by round", nil
		}
		e.Cycles = roundRobinCycles(t)
	}
	e.System = outflank.SystemSwiss
	if e.Cycles > 0 {
		e.System = outflank.SystemRoundRobin
	}
	return e, "", nil
}

// roundByRound reports whether the runs of games without a repeated player
// (ReadELO's rounds of a file without markers) look like rounds: no more of
// them than the busiest player's games and one, none under half the
// largest.
func roundByRound(rounds []outflank.Round) bool {
	games := map[int]int{}
	busiest, least, most := 0, -1, 0
	for _, r := range rounds {
		for _, g := range r.Games {
			games[g.Black]++
			games[g.White]++
			busiest = max(busiest, games[g.Black], games[g.White])
		}
		if least < 0 || len(r.Games) < least {
			least = len(r.Games)
		}
		most = max(most, len(r.Games))
	}
	return len(rounds) <= busiest+1 && 2*least >= most
}

// evenRounds cuts the games of rounds, in file order, into rounds as long
// as the first: the rounds of a file without markers whose runs were
// broken where a player sat out a round. It returns nil unless nobody
// plays twice in any of them and fewer games than a round are left over
// (the finals: they are not the main stage).
func evenRounds(rounds []outflank.Round) []outflank.Round {
	var games []outflank.Game
	for _, r := range rounds {
		games = append(games, r.Games...)
	}
	size := len(rounds[0].Games)
	if size < 2 || len(games) < 2*size {
		return nil
	}
	var out []outflank.Round
	for start := 0; start+size <= len(games); start += size {
		r := outflank.Round{Number: len(out) + 1, Stage: outflank.StageSwiss}
		seen := map[int]bool{}
		for i, g := range games[start : start+size] {
			if seen[g.Black] || seen[g.White] {
				return nil
			}
			seen[g.Black], seen[g.White] = true, true
			g.Table = i + 1
			r.Games = append(r.Games, g)
		}
		out = append(out, r)
	}
	return out
}

// markedRounds returns the main stage's rounds of a file with round
// markers, from rounds (ReadELO's: each marker's games cut into runs in
// which nobody plays twice). Where markers are numbered, the main stage
// is the numbered rounds (the named ones before them, knockout games
// listed first, are not; the games before a first marker numbered 2 are
// round 1); else the rounds up to the first named one
// ("%Round: Finals"). A marker that holds a player twice ends the main
// stage: its first run is its round when as long as the round before it
// (the finals entered under the last round's marker), else the file is
// left out. A last round with fewer than half the games of the one before
// is a final, not the main stage's.
func markedRounds(f *wof.File, rounds []outflank.Round) ([]outflank.Round, string) {
	first := 0 // the first numbered marker's number
	for _, m := range f.Rounds {
		if m.Number > 0 {
			first = m.Number
			break
		}
	}
	numbered := first > 0
	var main []outflank.Round
	next := 0
	for i, m := range f.Rounds {
		var runs []outflank.Round
		for got := 0; got < len(m.Games); got += len(rounds[next-1].Games) {
			if next >= len(rounds) {
				return nil, "the round markers do not match the games"
			}
			runs = append(runs, rounds[next])
			next++
		}
		if len(runs) == 0 {
			continue
		}
		inMain := m.Number > 0 || !numbered && (i == 0 || m.Label == "") ||
			numbered && i == 0 && m.Label == "" && first > 1 // round 1 before "%Round: 2"
		if !inMain {
			if len(main) > 0 {
				break // the knockout stages after the main stage
			}
			continue // knockout games listed before the rounds
		}
		if len(runs) > 1 {
			if len(main) == 0 || len(runs[0].Games) != len(main[len(main)-1].Games) {
				return nil, "a round marker holds a player twice"
			}
			runs = runs[:1]
		}
		r := runs[0]
		r.Number = len(main) + 1
		main = append(main, r)
		if len(runs) > 1 || len(m.Games) > len(r.Games) {
			break
		}
	}
	// A last round with fewer than half the games of the one before is
	// the final, marked as a round (the 40th Meijin's "%Round 8").
	for len(main) > 2 && 2*len(main[len(main)-1].Games) < len(main[len(main)-2].Games) {
		main = main[:len(main)-1]
	}
	return main, ""
}

// roundRobinCycles is the number of round-robin cycles the games of t
// make (0 when they are not a round robin): as many rounds as the cycles
// need, and every pair of players meeting at most once a cycle, nearly
// every pair (all but a game or two lost to an absence) as often as that.
func roundRobinCycles(t *outflank.Tournament) int {
	games := map[int]bool{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			games[g.Black], games[g.White] = true, true
		}
	}
	n := len(games)
	if n < 3 {
		return 0
	}
	perCycle := n - 1 + n%2
	cycles := len(t.Rounds) / perCycle
	if cycles < 1 || cycles > 3 || cycles*perCycle != len(t.Rounds) {
		return 0
	}
	met := map[[2]int]int{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			met[[2]int{min(g.Black, g.White), max(g.Black, g.White)}]++
		}
	}
	full := 0
	for _, m := range met {
		if m > cycles {
			return 0
		}
		if m == cycles {
			full++
		}
	}
	if pairs := n * (n - 1) / 2; full < pairs-2 {
		return 0
	}
	return cycles
}

// Options are the choices of a replay.
type Options struct {
	// Seed seeds the simulated results (and the pairings' random choices).
	Seed uint64
	// Check, when set, runs on the event once every round is paired and
	// played (or pairing was refused): a check of the views, for example.
	// Its error is the replay's.
	Check func(t *outflank.Tournament) error
}

// Outcome is what a replay met.
type Outcome struct {
	// Tournament is the event replayed: k rounds by hand, the rest paired.
	Tournament *outflank.Tournament
	K          int
	// Forced counts the rounds entered by hand that 'round add' refuses
	// without --force (a rulebook forbids something in them: a real
	// event's rematch, a player left out where absences are forbidden);
	// ForcedWhy says why, a class per round.
	Forced    int
	ForcedWhy []string
	// Paired counts the rounds 'pair' paired: Completing those of a round
	// robin completed from the rounds played (not the circle method's),
	// RoundRobin those of the circle method, Swiss the Swiss rounds (EGP
	// II.2's placement rounds among them), Knockout the knockout stages'
	// (playoffs, semi-finals, third place, finals).
	Paired, Completing, RoundRobin, Swiss, Knockout int
	// Finished: every round was paired and played, the knockout stages
	// the ruleset has included, and 'pair' says the event is complete.
	Finished bool
	// Rematches are the games 'pair' paired between players who had met
	// as often as the rules let them (in the cycle, in a round robin).
	Rematches []string
	// SecondMeetings are the games of a modified Swiss (WOC II.2 c)
	// between players who had met once: allowed, and counted apart.
	SecondMeetings int
	// Refusal is 'pair''s refusal, "" when it paired every round left;
	// RefusedRound the round refused; Clear says the refusal tells the
	// director what to do (a Swiss, rounds by hand, pairs fixed by hand).
	Refusal      string
	RefusedRound int
	Clear        bool
	// Completion: the refusal is a round robin's, which cannot be
	// completed without a rematch; Bounded: its search stopped at its
	// bound, rather than proved that. Exhausted: when it was refused, a
	// player had met every other player still in play, so no round
	// without a rematch existed. Knockout: the refusal is a knockout
	// stage's. Possible: a Swiss refusal of a round that could have been
	// paired without a rematch (a perfect matching of the players left,
	// the bye to one of those with the fewest byes): a refusal that
	// another rule (colours, floats) made, or a bug.
	Completion, Bounded, Exhausted, KnockoutRefusal, Possible bool
}

// RefusalClass names the kind of o's refusal, for the report.
func (o *Outcome) RefusalClass() string {
	switch {
	case !o.Clear:
		return "refusal without a way out"
	case o.KnockoutRefusal:
		return "knockout stage refused"
	case o.Bounded:
		return "round robin: search bound hit"
	case o.Completion:
		return "round robin cannot be completed"
	case o.Exhausted:
		return "Swiss: a player has met everyone left"
	case o.Possible:
		return "Swiss: refused, though a pairing without a rematch exists"
	}
	return "Swiss: no pairing without a rematch exists"
}

// maxPairings bounds the pairings of one replay: the main stage's rounds
// and the knockout stages' time slots are far fewer.
const maxPairings = 200

// Replay creates ev anew under its ruleset and system, enters its first k
// rounds by hand as they were played (with their results, absences and
// withdrawals), then pairs the rounds left with 'pair' (PairNext) and
// simulated results, then the knockout stages the ruleset has, until
// 'pair' says the event is complete or refuses.
func Replay(ev *Event, k int, opts Options) (*Outcome, error) {
	played := ev.Played
	t, err := outflank.NewTournament(played.Slug, played.Name, played.Date, ev.Rules, ev.Rounds())
	if err != nil {
		return nil, err
	}
	if ev.Rules != rules.WOC && ev.Rules != rules.EGP { // their rules set the system
		if err := t.ChooseSystem(ev.System, true); err != nil {
			return nil, err
		}
	}
	for _, p := range played.Players {
		p.WithdrawnAfterRound, p.AbsentRounds = nil, nil
		if _, err := t.AddPlayer(p); err != nil {
			return nil, fmt.Errorf("registering %s: %w", p.Name, err)
		}
	}
	out := &Outcome{Tournament: t, K: k}
	for n := 1; n <= k; n++ {
		if err := enterByHand(t, played, n, out); err != nil {
			return nil, fmt.Errorf("round %d by hand: %w", n, err)
		}
	}
	rng := rand.New(rand.NewPCG(opts.Seed, uint64(k)))
	modified := rules.PlanFor(ev.Rules, len(t.Players)).ModifiedSwiss
	for range maxPairings {
		n := len(t.Rounds) + 1
		main := mainRounds(t) < t.PlannedRounds()
		met := meetings(t)
		p, err := t.PairNext(outflank.PairOptions{Seed: opts.Seed + uint64(n)})
		if err != nil {
			code, msg := outflank.ErrorCode(err), outflank.ErrorMessage(err)
			if code != outflank.EINVALID && code != outflank.ECONFLICT {
				return nil, fmt.Errorf("round %d: %w", n, err)
			}
			if !main && strings.Contains(msg, " is complete: ") {
				out.Finished = true
				break
			}
			out.Refusal, out.RefusedRound = msg, n
			out.Clear = strings.Contains(msg, "round add") || strings.Contains(msg, "--system") || strings.Contains(msg, "--fix")
			out.Completion = strings.Contains(msg, "round robin cannot go on")
			out.Bounded = strings.Contains(msg, "in the time allowed")
			out.KnockoutRefusal = !main
			out.Exhausted = main && exhausted(t, n)
			out.Possible = main && !out.Exhausted && rematchFree(t, n, modified)
			break
		}
		for _, r := range append([]*outflank.Paired{p}, p.Also...) {
			round := r.Round
			out.Paired++
			switch {
			case strings.Contains(round.Method, "completing"):
				out.Completing++
			case round.Stage == outflank.StageRoundRobin:
				out.RoundRobin++
			case round.Stage == outflank.StageSwiss || round.Stage == outflank.StagePlacement:
				out.Swiss++
			default:
				out.Knockout++
			}
			if round.Stage == outflank.StageSwiss || round.Stage == outflank.StageRoundRobin {
				out.rematches(t, ev, round, met, modified)
			}
			if err := simulate(t, round.Number, rng); err != nil {
				return nil, fmt.Errorf("round %d: %w", round.Number, err)
			}
		}
	}
	if out.Refusal == "" && !out.Finished {
		return nil, fmt.Errorf("still not complete after %d pairings", maxPairings)
	}
	if opts.Check != nil {
		if err := opts.Check(t); err != nil {
			return out, err
		}
	}
	return out, nil
}

// rematches counts the games of round (of the main stage, paired) between
// players who had met (met) as often as the rules let them: in a Swiss
// once, in a modified Swiss (WOC II.2 c) twice, in a round robin once a
// cycle.
func (o *Outcome) rematches(t *outflank.Tournament, ev *Event, round *outflank.Round, met map[[2]int]int, modified bool) {
	allowed := func([2]int) int { return 0 } // a Swiss: never again
	if ev.Cycles > 0 && round.Stage == outflank.StageRoundRobin {
		allowed = roundRobinAllowance(t, round.Number, ev.Cycles, ev.Rounds()/ev.Cycles)
	}
	for _, g := range round.Games {
		key := pairKey(g.Black, g.White)
		m := met[key]
		if m == 1 && modified && round.Stage == outflank.StageSwiss {
			o.SecondMeetings++
			continue
		}
		if m > allowed(key) {
			o.Rematches = append(o.Rematches, fmt.Sprintf("round %d: %s v %s, who had met %d times", round.Number, t.Describe(g.Black), t.Describe(g.White), m))
		}
	}
}

// mainRounds counts the rounds of t's main stage (round robin, Swiss).
func mainRounds(t *outflank.Tournament) int {
	n := 0
	for _, r := range t.Rounds {
		if r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin {
			n++
		}
	}
	return n
}

// enterByHand enters round n of played into t as 'round add' would, with
// the results played: a player with no game is the bye when he is the
// only one, else absent, or withdrawn when he never plays again.
func enterByHand(t, played *outflank.Tournament, n int, out *Outcome) error {
	real := played.Rounds[n-1]
	plays := map[int]bool{}
	for _, g := range real.Games {
		plays[g.Black], plays[g.White] = true, true
	}
	var missing []int
	for _, p := range t.Players {
		if !plays[p.ID] && p.Active(n) {
			missing = append(missing, p.ID)
		}
	}
	var byes []int
	absence, _ := t.AbsenceAllowed()
	for _, id := range missing {
		switch {
		case !playsFrom(played, id, n):
			if err := t.Withdraw(id, n-1); err != nil {
				return err
			}
		case len(missing) == 1:
			byes = append(byes, id)
		case absence:
			if err := t.MarkAbsent(id, []int{n}); err != nil {
				return err
			}
		}
		// Where the rules forbid absences (WOC II.8, EGP), a player
		// missing from a round he did not play is left out of it:
		// 'round add --force', as it was played.
	}
	var pairs []outflank.Pair
	for _, g := range real.Games {
		pairs = append(pairs, outflank.Pair{Black: g.Black, White: g.White})
	}
	stage := t.HandStage()
	for _, notice := range t.CheckRound(stage, pairs, byes) {
		if notice.Forbidden {
			out.Forced++ // the director forces it: it was played
			out.ForcedWhy = append(out.ForcedWhy, forcedWhy(notice.Text))
			break
		}
	}
	r, err := t.AddRound(stage, pairs, byes)
	if err != nil {
		return err
	}
	for i, g := range real.Games {
		if g.Result == nil {
			continue
		}
		res := *g.Result
		if _, err := t.SetResult(r.Number, i+1, &res, outflank.ResultOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// forcedWhy classes a rulebook's objection to a round played as it was.
func forcedWhy(text string) string {
	switch {
	case strings.Contains(text, "have met") && strings.Contains(text, "round robin"):
		return "a round-robin pair met again"
	case strings.Contains(text, "have met"):
		return "a Swiss rematch the rules forbid"
	case strings.Contains(text, "no game and no bye"):
		return "a player left out where everyone plays each round"
	case strings.Contains(text, "no result yet"):
		return "an earlier game without a result"
	}
	return text
}

// playsFrom reports whether player id plays in round n of played or later.
func playsFrom(played *outflank.Tournament, id, n int) bool {
	for _, r := range played.Rounds[n-1:] {
		if r.Plays(id) {
			return true
		}
	}
	return false
}

// roundRobinAllowance says how often a pair may have met before round n
// of a round robin of cycles cycles of perCycle rounds: once per cycle
// before n's while the rounds before its cycle kept to cycles (nobody
// meeting more than once a cycle), else (a double round robin played as
// two-game matches) fewer times than the cycles in all.
func roundRobinAllowance(t *outflank.Tournament, n, cycles, perCycle int) func([2]int) int {
	cycle := (n - 1) / perCycle
	met := map[[2]int]int{}
	kept := true
	for _, r := range t.Rounds[:cycle*perCycle] {
		for _, g := range r.Games {
			k := pairKey(g.Black, g.White)
			if met[k]++; met[k] > cycle {
				kept = false
			}
		}
	}
	return func([2]int) int {
		if kept {
			return cycle
		}
		return cycles - 1
	}
}

// exhausted reports whether a player available in round n has met every
// other player available: then no round n without a rematch exists.
func exhausted(t *outflank.Tournament, n int) bool {
	var in []int
	for _, p := range t.Players {
		if p.Available(n) {
			in = append(in, p.ID)
		}
	}
	met := meetings(t)
	for _, a := range in {
		all := true
		for _, b := range in {
			if a != b && met[pairKey(a, b)] == 0 {
				all = false
				break
			}
		}
		if all && len(in) > 1 {
			return true
		}
	}
	return false
}

// rematchFree reports whether round n can be paired without a rematch:
// whether the players available have a perfect matching of pairs who have
// not met (met once, in a modified Swiss: WOC II.2 c), with the bye, in an
// odd field, for one of those with the fewest byes (as pairing gives it).
func rematchFree(t *outflank.Tournament, n int, modified bool) bool {
	var in []int
	for _, p := range t.Players {
		if p.Available(n) {
			in = append(in, p.ID)
		}
	}
	met := meetings(t)
	byes := map[int]int{}
	for _, r := range t.Rounds {
		for _, id := range r.Byes {
			byes[id]++
		}
	}
	limit := 0
	if modified {
		limit = 1
	}
	var edges []matching.Edge
	for i, a := range in {
		for j := i + 1; j < len(in); j++ {
			if met[pairKey(a, in[j])] <= limit {
				edges = append(edges, matching.Edge{U: i, V: j, W: matching.W(1)})
			}
		}
	}
	vertices := len(in)
	if vertices%2 == 1 {
		fewest := -1
		for _, id := range in {
			if fewest < 0 || byes[id] < fewest {
				fewest = byes[id]
			}
		}
		for i, id := range in {
			if byes[id] == fewest {
				edges = append(edges, matching.Edge{U: i, V: vertices, W: matching.W(1)})
			}
		}
		vertices++
	}
	for _, m := range matching.Max(vertices, edges, true) {
		if m < 0 {
			return false
		}
	}
	return true
}

func pairKey(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }

// meetings counts the games between each pair so far.
func meetings(t *outflank.Tournament) map[[2]int]int {
	met := map[[2]int]int{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			met[pairKey(g.Black, g.White)]++
		}
	}
	return met
}

// simulate gives every game of round n a result: a win for either side
// by 33 to 57 discs, or now and then a draw (not in a knockout game,
// where a draw goes by a choice of colour the replay does not record).
func simulate(t *outflank.Tournament, n int, rng *rand.Rand) error {
	r, _ := t.Round(n)
	knockout := r.Stage != outflank.StageSwiss && r.Stage != outflank.StageRoundRobin && r.Stage != outflank.StagePlacement
	for _, g := range r.Games {
		winner := 33 + rng.IntN(25)
		score := outflank.Discs{Black: winner, White: 64 - winner}
		switch rng.IntN(20) {
		case 0:
			if !knockout {
				score = outflank.Discs{Black: 32, White: 32}
			}
		case 1, 2, 3, 4, 5, 6, 7, 8, 9:
			score = outflank.Discs{Black: 64 - winner, White: winner}
		}
		res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
		if err != nil {
			return err
		}
		if _, err := t.SetResult(n, g.Table, res, outflank.ResultOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// Ks are the values of k replayed for an event of rounds rounds: every one
// from 1 to rounds - 1, or when limit is smaller, limit of them spread
// over that range (the first and the last among them).
func Ks(rounds, limit int) []int {
	if rounds-1 <= limit {
		ks := make([]int, 0, rounds-1)
		for k := 1; k < rounds; k++ {
			ks = append(ks, k)
		}
		return ks
	}
	var ks []int
	for i := range limit {
		k := 1 + i*(rounds-2)/(limit-1)
		if len(ks) == 0 || ks[len(ks)-1] != k {
			ks = append(ks, k)
		}
	}
	return ks
}

// Name is a short name of the event's file: its year folder and name.
func (e *Event) Name() string {
	return filepath.Join(filepath.Base(filepath.Dir(e.Path)), filepath.Base(e.Path))
}
