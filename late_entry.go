package outflank

import (
	"fmt"
	"strings"

	"outflank/rules"
	"outflank/words"
)

// LateEntryNote says what the players ids, just registered, should know
// when rounds have already been entered: in a round robin under way they
// are not paired at all, for its players are those of its first round
// (everyone meets everyone: EGP II.4.2, WOC II.2 a-b); in a Swiss system
// they are paired from the next round, the rounds missed counting as not
// played. It is "" before round 1.
func (t *Tournament) LateEntryNote(ids []int) string {
	if len(t.Rounds) == 0 || len(ids) == 0 {
		return ""
	}
	main := 0
	for _, r := range t.Rounds {
		if r.counts() {
			main++
		}
	}
	if main >= t.PlannedRounds() {
		return fmt.Sprintf("%s: the main stage is over (%s entered), so no round is left to pair them in", t.describeFew(ids), RoundCount(main))
	}
	next := len(t.Rounds) + 1
	if cycles, members := t.roundRobin(); cycles > 0 {
		last := cycles * roundsPerCycle(len(members))
		if next <= last {
			return fmt.Sprintf("%s: the round robin began in round 1 with its %d players and runs to round %d; a late entry is not one of them and is not paired in it (everyone meets everyone: EGP II.4.2, WOC II.2); 'outflank player remove %s %d' takes the entry back",
				t.describeFew(ids), len(members), last, t.Slug, ids[0])
		}
	}
	missed, flag := "round 1 counts", "1"
	if next > 2 {
		missed, flag = fmt.Sprintf("rounds 1-%d count", next-1), fmt.Sprintf("1-%d", next-1)
	}
	note := fmt.Sprintf("%s: a late entry, paired from round %d; %s as not played (no point; 32 + C x own points each in the quotient: %s)",
		t.describeFew(ids), next, missed, unplayedQuotientRule(t.Rules))
	if allowed, _ := t.AbsenceAllowed(); allowed {
		note += fmt.Sprintf("; to score them as %s, record them: 'outflank player absent %s %d --rounds %s'", t.unplayedRule(), t.Slug, ids[0], flag)
	}
	return note
}

// LateEntryRefused refuses the players ids, just registered, while a
// round robin is under way: its players are those of round 1, who all meet
// each other (EGP II.4.2; WOC II.2 a-b), so a late entry would never be
// paired. It says the way out where the rules allow one: make the event a
// Swiss first (SystemSwitchAllowed). It is nil when they may join.
func (t *Tournament) LateEntryRefused(ids []int) error {
	if len(t.Rounds) == 0 || len(ids) == 0 {
		return nil
	}
	cycles, members := t.roundRobin()
	last := cycles * roundsPerCycle(len(members))
	if cycles == 0 || t.mainRounds() >= last {
		return nil
	}
	head := fmt.Sprintf("%s cannot join: the round robin began in round 1 with its %d players, who all meet each other by round %d (EGP II.4.2; WOC II.2 a-b), so a late entry would never be paired",
		t.describeFew(ids), len(members), last)
	if ok, why := t.SystemSwitchAllowed(); !ok {
		return Errorf(ECONFLICT, "%s; nor can the event become a Swiss now: %s", head, why)
	}
	when := "allowed until round 2 is paired: " + switchRule(t.Rules)
	if t.mainRounds() > 1 {
		when = "allowed now that the round robin cannot be completed without a rematch"
	}
	return Errorf(ECONFLICT, "%s. To let a late entry play, make the event a Swiss first ('outflank settings %s --system swiss', %s), then register again: a late entry is paired from the next round",
		head, t.Slug, when)
}

// describeFew names up to three players, and how many more.
func (t *Tournament) describeFew(ids []int) string {
	var who []string
	for _, id := range ids[:min(3, len(ids))] {
		who = append(who, t.Describe(id))
	}
	s := strings.Join(who, ", ")
	if len(ids) > 3 {
		s += fmt.Sprintf(" and %d more", len(ids)-3)
	}
	return s
}

// unplayedQuotientRule cites the rule that counts a round not played as
// 32 + C x own points in the Brightwell quotient, in the event's own
// rulebook: a BOF event is not told of the WOC's appendix. BOF 15 d names
// byes and withdrawn opponents only; its unplayed rounds follow the same
// rule (docs/rules.md, "How an absent round counts").
func unplayedQuotientRule(id rules.ID) string {
	switch id {
	case rules.EGP:
		return "EGP Appendix A §3 c"
	case rules.AOF:
		return "AOF Appendix B §3 c"
	case rules.BOFRegional, rules.BOFNational:
		return "BOF general rule 15 d, as for a bye"
	}
	return "WOC Appendix A §3 c"
}

// unplayedRule words how a game not played scores, and the rule.
func (t *Tournament) unplayedRule() string {
	d := t.Settings.UnplayedDiscs
	rule := "the tournament's settings"
	if rs, ok := rules.Get(t.Rules); ok && rs.UnplayedDiscs == d {
		rule = rs.UnplayedRule
	}
	return fmt.Sprintf("games not played, %d-%d (%s)", d[0], d[1], rule)
}

// RoundCount words a number of rounds: "1 round", "7 rounds".
func RoundCount(n int) string { return words.Count(n, "round") }
