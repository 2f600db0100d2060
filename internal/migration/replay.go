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
	"slices"
	"strings"

	"outflank"
	"outflank/exchange"
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
	ev = &Event{Path: path, Rules: rules.Custom}
	for _, r := range f.Rounds {
		if r.Number > 0 || r.Label != "" {
			ev.Markers = true
		}
	}
	country := strings.ToLower(f.Country)
	if strings.Contains(country, "brit") || strings.Contains(country, "england") || country == "uk" || country == "gb" {
		ev.Rules = rules.BOFRegional // British events: BOF rules
	}
	t, _, err := exchange.ReadELO(bytes.NewReader(data), ev.Rules, path)
	if err != nil {
		return nil, "not a readable .ELO file", nil
	}
	t.Rounds = slices.DeleteFunc(t.Rounds, func(r outflank.Round) bool { return r.Stage != outflank.StageSwiss })
	if ev.Markers {
		// The marked rounds, up to one marked with a name ("%Round:
		// Finals": the knockout stages, not the main stage), each one
		// round unless a player plays twice in it.
		var marked []wof.Round
		for i, r := range f.Rounds {
			if r.Number == 0 && r.Label != "" && i > 0 {
				break
			}
			if len(r.Games) > 0 {
				marked = append(marked, r)
			}
		}
		for i, r := range marked {
			if i >= len(t.Rounds) || len(t.Rounds[i].Games) != len(r.Games) {
				return nil, "a round marker holds a player twice", nil
			}
		}
		t.Rounds = t.Rounds[:len(marked)]
	}
	ev.Played = t
	games := map[int]int{}
	busiest := 0
	least, most := -1, 0
	for _, r := range t.Rounds {
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
	switch {
	case len(t.Rounds) < 2:
		return nil, "fewer than 2 rounds", nil
	case !ev.Markers && (len(t.Rounds) > busiest+1 || 2*least < most):
		// Games listed player by player, or out of order: the runs of
		// games without a repeated player are not the rounds.
		return nil, "no round markers, and the games are not listed round by round", nil
	}
	ev.Cycles, ev.System = roundRobinCycles(t, games), outflank.SystemSwiss
	if ev.Cycles > 0 {
		ev.System = outflank.SystemRoundRobin
	}
	return ev, "", nil
}

// roundRobinCycles is the number of round-robin cycles the games of t
// make (0 when they are not a round robin): as many rounds as the cycles
// need, and every pair of players meeting at most once a cycle, nearly
// every pair (all but a game or two lost to an absence) as often as that.
func roundRobinCycles(t *outflank.Tournament, games map[int]int) int {
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
	// event's rematch, a player left out where absences are forbidden).
	Forced int
	// Paired counts the rounds 'pair' paired, Completing those of a round
	// robin completed from the rounds played (not the circle method's).
	Paired, Completing int
	// Rematches are the games 'pair' paired between players who had met
	// as often as the rules let them (in the cycle, in a round robin).
	Rematches []string
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
	// without a rematch existed.
	Completion, Bounded, Exhausted bool
}

// Replay creates ev anew under its ruleset and system, enters its first k
// rounds by hand as they were played (with their results, absences and
// withdrawals), then pairs the rounds left with 'pair' (PairNext) and
// simulated results, until the main stage is over or pairing is refused.
func Replay(ev *Event, k int, opts Options) (*Outcome, error) {
	played := ev.Played
	t, err := outflank.NewTournament(played.Slug, played.Name, played.Date, ev.Rules, ev.Rounds())
	if err != nil {
		return nil, err
	}
	if err := t.ChooseSystem(ev.System, true); err != nil {
		return nil, err
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
	for len(t.Rounds) < t.PlannedRounds() {
		n := len(t.Rounds) + 1
		met := meetings(t)
		p, err := t.PairNext(outflank.PairOptions{Seed: opts.Seed + uint64(n)})
		if err != nil {
			if code := outflank.ErrorCode(err); code != outflank.EINVALID && code != outflank.ECONFLICT {
				return nil, fmt.Errorf("round %d: %w", n, err)
			}
			out.Refusal, out.RefusedRound = outflank.ErrorMessage(err), n
			out.Clear = strings.Contains(out.Refusal, "round add") || strings.Contains(out.Refusal, "--system") || strings.Contains(out.Refusal, "--fix")
			out.Completion = strings.Contains(out.Refusal, "round robin cannot go on")
			out.Bounded = strings.Contains(out.Refusal, "in the time allowed")
			out.Exhausted = exhausted(t, n)
			break
		}
		out.Paired++
		if strings.Contains(p.Round.Method, "completing") {
			out.Completing++
		}
		allowed := func([2]int) int { return 0 } // a Swiss: never again
		if ev.Cycles > 0 {
			allowed = roundRobinAllowance(t, n, ev.Cycles, ev.Rounds()/ev.Cycles)
		}
		for _, g := range p.Round.Games {
			if m := met[pairKey(g.Black, g.White)]; m > allowed(pairKey(g.Black, g.White)) {
				out.Rematches = append(out.Rematches, fmt.Sprintf("round %d: %s v %s, who had met %d times", n, t.Describe(g.Black), t.Describe(g.White), m))
			}
		}
		if err := simulate(t, p.Round.Number, rng); err != nil {
			return nil, err
		}
	}
	if opts.Check != nil {
		if err := opts.Check(t); err != nil {
			return out, err
		}
	}
	return out, nil
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
	for _, id := range missing {
		switch {
		case !playsFrom(played, id, n):
			if err := t.Withdraw(id, n-1); err != nil {
				return err
			}
		case len(missing) == 1:
			byes = append(byes, id)
		default:
			if err := t.MarkAbsent(id, []int{n}); err != nil {
				return err
			}
		}
	}
	var pairs []outflank.Pair
	for _, g := range real.Games {
		pairs = append(pairs, outflank.Pair{Black: g.Black, White: g.White})
	}
	stage := t.HandStage()
	for _, notice := range t.CheckRound(stage, pairs, byes) {
		if notice.Forbidden {
			out.Forced++ // the director forces it: it was played
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
// by 33 to 57 discs, or now and then a draw.
func simulate(t *outflank.Tournament, n int, rng *rand.Rand) error {
	r, _ := t.Round(n)
	for _, g := range r.Games {
		winner := 33 + rng.IntN(25)
		score := outflank.Discs{Black: winner, White: 64 - winner}
		switch rng.IntN(20) {
		case 0:
			score = outflank.Discs{Black: 32, White: 32}
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
