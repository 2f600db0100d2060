package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/rules"
	"outflank/words"
)

// Notice is something a director should know about a round entered by
// hand. Forbidden notices name what a rulebook forbids: the round is
// entered only when the director insists (round add --force).
type Notice struct {
	Text      string
	Forbidden bool
}

// CheckRound looks at a round about to be entered by hand (AddRound's
// arguments) for what AddRound accepts but a director would not mean:
// earlier games without a result, players meeting again, players neither
// paired nor given the bye. It changes nothing.
func (t *Tournament) CheckRound(stage Stage, pairs []Pair, byes []int) []Notice {
	var notices []Notice
	notices = append(notices, t.openGames(stage)...)
	notices = append(notices, t.rematches(stage, pairs)...)
	notices = append(notices, t.missing(stage, pairs, byes)...)
	return append(notices, t.completable(stage, pairs, byes, notices)...)
}

// completable: a round-robin round after which the round robin cannot be
// completed without a rematch (pairRoundRobin would refuse the rounds
// after it), said when nothing else is wrong with the round. A warning:
// the rounds of an event moved from another program were played as they
// were.
func (t *Tournament) completable(stage Stage, pairs []Pair, byes []int, before []Notice) []Notice {
	if stage != StageRoundRobin {
		return nil
	}
	for _, n := range before {
		if n.Forbidden {
			return nil
		}
	}
	cycles, ids := t.roundRobin()
	if cycles == 0 || len(t.Rounds)+1 >= cycles*roundsPerCycle(len(ids)) {
		return nil
	}
	next := t.Clone()
	if _, err := next.AddRound(stage, pairs, byes); err != nil {
		return nil // AddRound says what is wrong
	}
	why, stuck := next.roundRobinStuck()
	if !stuck {
		return nil
	}
	way := "enter them by hand, or make the rest a Swiss"
	if t.Rules == rules.WOC || t.Rules == rules.EGP {
		way = "enter them by hand (WOC II.2 and EGP II.2 fix the system)"
	}
	return []Notice{{Text: fmt.Sprintf("after round %d the round robin cannot be completed without a rematch (%s): 'outflank pair %s' will not pair the rounds after it; %s",
		len(t.Rounds)+1, why, t.Slug, way)}}
}

// HandStage is the stage of the next round entered by hand when the
// director names none: the event's format, as 'pair' would pair it, while
// the main stage lasts (the round robin's rounds, then any Swiss rounds
// after it: EGP II.2), else the previous round's (a knockout stage goes
// on), else Swiss.
func (t *Tournament) HandStage() Stage {
	n := len(t.Rounds) + 1
	if t.mainRounds() < t.PlannedRounds() {
		if cycles, ids := t.roundRobin(); cycles > 0 && n <= cycles*roundsPerCycle(len(ids)) {
			return StageRoundRobin
		}
		return StageSwiss
	}
	if n > 1 {
		return t.Rounds[n-2].Stage
	}
	return StageSwiss
}

// openGames: earlier games without a result. A Swiss round is paired on
// the points so far, and the knockout stages on the final list, so they
// need every result; a round robin's table does not.
func (t *Tournament) openGames(stage Stage) []Notice {
	var open []string
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				open = append(open, fmt.Sprintf("round %d table %d (%s v %s)", r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White)))
			}
		}
	}
	if len(open) == 0 {
		return nil
	}
	what := open[0]
	if len(open) > 1 {
		what = fmt.Sprintf("%s and %d other games", open[0], len(open)-1)
	}
	if stage == StageRoundRobin {
		return []Notice{{Text: fmt.Sprintf("%s have no result yet: enter them as the score sheets come in", pluralHas(what, len(open)))}}
	}
	why := "the knockout stages follow the final list (WOC II.3, III)"
	if stage == StageSwiss || stage == StagePlacement {
		why = "a Swiss round is paired on the points so far (" + scoreRule(t.Rules) + ")"
	}
	return []Notice{{Forbidden: true, Text: fmt.Sprintf("%s no result yet, and %s: enter the results first", pluralHas(what, len(open)), why)}}
}

func pluralHas(what string, n int) string { return what + " " + words.Verb(n, "has", "have") }

// scoreRule is the ruleset's rule that pairs players on equal points.
func scoreRule(id rules.ID) string {
	switch id {
	case rules.EGP:
		return "EGP II.4.1 b"
	case rules.AOF:
		return "AOF Appendix A"
	case rules.BOFRegional, rules.BOFNational:
		return "BOF Swiss system 2"
	}
	return "WOC II.7.2 b"
}

// rematchRule is the ruleset's rule on meeting again in a Swiss system.
func rematchRule(id rules.ID, modified bool) string {
	switch id {
	case rules.EGP:
		return "EGP II.4.1 a"
	case rules.AOF:
		return "AOF Appendix A: not the same opponent more than once"
	case rules.BOFRegional, rules.BOFNational:
		return "BOF Swiss system 1: no-one should play the same opponent twice"
	}
	if modified {
		return "WOC II.7.2 a and c: in a modified Swiss, players who met should not meet again if possible, and never a third time"
	}
	return "WOC II.7.2 a: in a Swiss system two players who have met cannot be paired again"
}

// rematches: pairs who have met before. In a Swiss round, a meeting more
// than the pairing rules allow (pairing.Rules.MaxMeetings, as 'pair'
// applies them) is forbidden, any other rematch a warning; in a round
// robin, a pair that has already met as often as the cycles make them.
func (t *Tournament) rematches(stage Stage, pairs []Pair) []Notice {
	if stage != StageSwiss && stage != StagePlacement && stage != StageRoundRobin {
		return nil
	}
	met := map[[2]int]int{}
	key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			met[key(g.Black, g.White)]++
		}
	}
	n := len(t.Rounds) + 1
	cycles, _ := t.roundRobin()
	active := 0
	for i := range t.Players {
		if t.Players[i].Available(n) {
			active++
		}
	}
	ruleset := swissRulesOf(t.Rules, active)
	if cycles > 0 {
		ruleset = ruleset.AfterRoundRobin(cycles)
	}
	rule := rematchRule(t.Rules, ruleset.MaxMeetings > 1)
	var notices []Notice
	for i, p := range pairs {
		times := met[key(p.Black, p.White)]
		if times == 0 {
			continue
		}
		who := fmt.Sprintf("table %d: %s and %s have met %s", i+1, t.Describe(p.Black), t.Describe(p.White), timesText(times))
		if stage == StageRoundRobin {
			// A pair that has met as often as the cycles make them would
			// meet once more than everyone else: what 'pair' never does.
			if c := max(cycles, 1); times >= c {
				notices = append(notices, Notice{Forbidden: true, Text: who + fmt.Sprintf(": %s round robin has each pair meet %s (EGP II.4.2)",
					[...]string{"a single", "a double", "a triple"}[min(c, 3)-1], [...]string{"once", "twice", "three times"}[min(c, 3)-1])})
			}
			continue
		}
		if times >= ruleset.MaxMeetings {
			notices = append(notices, Notice{Forbidden: true, Text: who + " (" + rule + ")"})
		} else {
			notices = append(notices, Notice{Text: who + " (" + rule + ")"})
		}
	}
	return notices
}

func timesText(n int) string {
	if n == 1 {
		return "before"
	}
	return words.Times(n) + " before"
}

// missing: players of the main stage neither paired nor given the bye
// (nor marked absent, nor withdrawn). Where players may not miss rounds
// (WOC II.8, AOF Appendix A: all competitors play in each round), that is
// forbidden; elsewhere a warning that says how to record the absence, so
// that the round is scored as the rules say.
func (t *Tournament) missing(stage Stage, pairs []Pair, byes []int) []Notice {
	if stage != StageSwiss && stage != StageRoundRobin {
		return nil
	}
	n := len(t.Rounds) + 1
	in := map[int]bool{}
	for _, p := range pairs {
		in[p.Black], in[p.White] = true, true
	}
	for _, id := range byes {
		in[id] = true
	}
	members := func(int) bool { return true }
	if cycles, ids := t.roundRobin(); stage == StageRoundRobin && cycles > 0 && len(t.Rounds) > 0 {
		members = func(id int) bool { return slices.Contains(ids, id) }
	}
	var out []int
	for _, p := range t.Players {
		if !in[p.ID] && p.Available(n) && members(p.ID) {
			out = append(out, p.ID)
		}
	}
	if len(out) == 0 {
		return nil
	}
	who := make([]string, 0, 4)
	for _, id := range out[:min(3, len(out))] {
		who = append(who, t.Describe(id))
	}
	list := strings.Join(who, ", ")
	if len(out) > 3 {
		list += fmt.Sprintf(" and %d more", len(out)-3)
	}
	verb := "has"
	if len(out) > 1 {
		verb = "have"
	}
	allowed, rule := t.AbsenceAllowed()
	if allowed {
		return []Notice{{Text: fmt.Sprintf("%s %s no game and no bye in round %d: if absent, record it ('outflank player absent %s %d --rounds %d') so that the round is scored as a game not played (%s)",
			list, verb, n, t.Slug, out[0], n, rule)}}
	}
	return []Notice{{Forbidden: true, Text: fmt.Sprintf("%s %s no game and no bye in round %d: every player who has not withdrawn plays each round, the odd one out against BYE (%s); pair them, or record a withdrawal ('outflank player withdraw %s %d')",
		list, verb, n, rule, t.Slug, out[0])}}
}
