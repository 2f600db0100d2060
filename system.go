package outflank

import (
	"fmt"
	"outflank/words"
	"strings"

	"outflank/rules"
)

// Systems of the main stage (Settings.System); "" is the ruleset's for
// the field.
const (
	SystemSwiss      = "swiss"
	SystemRoundRobin = "round-robin"
)

// SystemChoice is the system of an event's main stage, for its field, and
// the rule that decides it: what 'new', 'status' and the console print.
type SystemChoice struct {
	// Players is the field the system is chosen for (0: nobody yet), and
	// Rounds the main stage's rounds.
	Players, Rounds int
	// Cycles is the number of round-robin cycles (0: a Swiss system), of
	// RoundRobinRounds rounds together; any rounds after them are Swiss.
	Cycles, RoundRobinRounds int
	// Modified: a modified Swiss, where players may meet twice (WOC II.2 c).
	Modified bool
	// Chosen: the director chose the system (Settings.System);
	// RoundRobin: he chose a round robin.
	Chosen, RoundRobin bool
	// Rule cites what decides it.
	Rule string
	// Problem says why the system chosen cannot be played as it stands,
	// and what to do; "" when it can.
	Problem string
}

// String says it in a sentence: "8 players, 7 rounds: a single round
// robin (BOF general rule 8; Regionals 1)".
func (c SystemChoice) String() string {
	what := "a Swiss system"
	if c.Modified {
		what = "a modified Swiss system"
	}
	if c.Cycles > 0 {
		what = [...]string{"a single", "a double", "a triple"}[c.Cycles-1] + " round robin"
		if rest := c.Rounds - c.RoundRobinRounds; rest > 0 {
			what += fmt.Sprintf(" (%s), then %s", RoundCount(c.RoundRobinRounds), plural(rest, "Swiss round", "Swiss rounds"))
		}
	} else if c.Chosen && c.RoundRobin {
		what = "a round robin" // chosen, not yet playable
	}
	s := fmt.Sprintf("%s, %s: %s (%s)", plural(c.Players, "player", "players"), RoundCount(c.Rounds), what, c.Rule)
	if c.Players == 0 {
		s = fmt.Sprintf("no players yet: %s", c.Rule)
		if c.Chosen {
			s = fmt.Sprintf("no players yet: %s (%s)", what, c.Rule)
		}
	}
	if c.Problem != "" {
		s += "; " + c.Problem
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// System is the event's system as 'pair' plays it: the round robin's
// cycles or a Swiss, for the field of round 1 once it is paired.
func (t *Tournament) System() SystemChoice {
	cycles, ids := t.roundRobin()
	c := SystemChoice{Players: t.fieldSize(), Rounds: t.PlannedRounds(), Cycles: cycles, Chosen: t.Settings.System != "",
		RoundRobin: t.Settings.System == SystemRoundRobin}
	if cycles > 0 {
		c.Players = len(ids)
		c.RoundRobinRounds = cycles * roundsPerCycle(len(ids))
	} else {
		c.Modified = t.Plan().ModifiedSwiss
	}
	c.Rule = t.systemRule(c)
	if t.Settings.System == SystemRoundRobin && cycles == 0 && len(t.Rounds) == 0 && c.Players >= 2 {
		need := roundsPerCycle(c.Players)
		c.Problem = fmt.Sprintf("a round robin of %s needs %s and the event has %d: give it %s or more, or choose the Swiss system", words.Count(c.Players, "player"), RoundCount(need), c.Rounds, RoundCount(need))
	}
	if most := roundsPerCycle(c.Players); cycles == 0 && !c.RoundRobin && !c.Modified && c.Players >= 2 && c.Rounds > most && len(t.Rounds) < c.Rounds {
		c.Problem = fmt.Sprintf("%s can play only %s of a Swiss without meeting twice: the rounds after that cannot be paired", words.Count(c.Players, "player"), RoundCount(most))
	}
	return c
}

// systemRule cites the rule that decides the system c.
func (t *Tournament) systemRule(c SystemChoice) string {
	rr := c.Cycles > 0
	if t.Settings.System != "" {
		switch t.Rules {
		case rules.AOF:
			return "the director's choice: AOF 1.2 has the TD decide the system"
		case rules.BOFRegional, rules.BOFNational:
			if rr {
				return "the director's choice: BOF general rule 8 allows a round robin when the rounds do"
			}
			return "the director's choice: BOF general rule 8 calls for a Swiss when the rounds are too few for a round robin, and does not forbid it otherwise"
		}
		return "the director's choice"
	}
	if c.Players == 0 && len(t.Rounds) == 0 {
		return "the system follows the field when round 1 is paired: " + systemTable(t.Rules, t.PlannedRounds())
	}
	table := rules.PlanFor(t.Rules, c.Players).RoundRobinCycles > 0
	switch t.Rules {
	case rules.WOC:
		if rr == table {
			switch {
			case c.Players <= 8:
				return "WOC II.2 a"
			case c.Players <= 14:
				return "WOC II.2 b"
			case c.Players <= 24:
				return "WOC II.2 c"
			}
			return "WOC II.2 d"
		}
	case rules.EGP:
		if rr == table {
			return "EGP II.2"
		}
	case rules.AOF:
		if rr == table {
			switch {
			case c.Players <= 6:
				return "AOF 1.2 a"
			case c.Players <= 11:
				return "AOF 1.2 b"
			}
			return "AOF 1.2 c"
		}
	case rules.BOFRegional:
		return "BOF general rule 8; Regionals 1"
	case rules.BOFNational:
		return "BOF general rule 8; National 3"
	default:
		if rr {
			return "a custom event plays a round robin when its rounds allow one, as BOF general rule 8; the settings choose another system"
		}
		return "a custom event plays a Swiss when its rounds are too few for a round robin, as BOF general rule 8; the settings choose another system"
	}
	if rr {
		return fmt.Sprintf("the %s set allow a round robin", RoundCount(c.Rounds))
	}
	return fmt.Sprintf("the %s set are too few for a round robin", RoundCount(c.Rounds))
}

// systemTable sums up a ruleset's systems by field size, before the field
// is known.
func systemTable(id rules.ID, rounds int) string {
	switch id {
	case rules.WOC:
		return "up to 8 players a double round robin, 9-14 a single one, 15-24 a modified Swiss, more a Swiss (WOC II.2)"
	case rules.EGP:
		return "up to 4 players a triple round robin, 5-6 a double one, 7-12 a single one (7-8 then 4 Swiss rounds), more a Swiss (EGP II.2)"
	case rules.AOF:
		return "5 or 6 players a single round robin, more a Swiss (AOF 1.2)"
	case rules.BOFRegional, rules.BOFNational:
		// The event's own rounds, which the director may have set (a
		// Regional of 6 Swiss rounds: BOF Regionals 1); 0 (not known here)
		// is the ruleset's.
		rule, usual := "Regionals 1", 7
		if id == rules.BOFNational {
			rule, usual = "National 3", 9
		}
		if rounds <= 0 {
			rounds = usual
		}
		return fmt.Sprintf("a round robin when the %s allow one (%s or fewer), else a Swiss (BOF general rule 8; %s)",
			RoundCount(rounds), words.Count(largestRoundRobin(rounds), "player"), rule)
	}
	return fmt.Sprintf("a round robin when the %s allow one, else a Swiss, as BOF general rule 8; the settings choose another system", RoundCount(rounds))
}

// largestRoundRobin is the largest field a single round robin of the
// given rounds can take: n players need n-1 rounds, or n when n is odd
// (roundsPerCycle).
func largestRoundRobin(rounds int) int {
	if rounds%2 == 1 {
		return rounds + 1
	}
	return rounds
}

// withSystem is plan p with the main stage the director chose, where it
// differs from the ruleset's: a Swiss of the ruleset's usual rounds (no
// more than a round robin's, for nobody may meet twice), or a round robin
// of one cycle (BOF: as many as the ruleset's rounds allow, as its
// Regionals do).
func (t *Tournament) withSystem(p rules.Plan, players int) rules.Plan {
	perCycle := roundsPerCycle(players)
	if perCycle < 1 {
		return p
	}
	rs, _ := rules.Get(t.Rules)
	switch t.Settings.System {
	case SystemSwiss:
		if p.RoundRobinCycles > 0 {
			p.RoundRobinCycles, p.Rounds, p.PartTwoSwiss, p.RestSwiss = 0, max(1, min(rs.Rounds, perCycle)), 0, 0
		}
	case SystemRoundRobin:
		if p.RoundRobinCycles == 0 {
			cycles := 1
			if t.Rules == rules.BOFRegional || t.Rules == rules.BOFNational {
				cycles = min(max(1, rs.Rounds/perCycle), 3)
			}
			p.RoundRobinCycles, p.Rounds, p.ModifiedSwiss = cycles, cycles*perCycle, false
		}
	}
	return p
}

// checkSystem refuses a system the ruleset does not let the director
// choose: WOC II.2 and EGP II.2 set it by the number of players.
func checkSystem(id rules.ID, system string) error {
	if system != "" && system != SystemSwiss && system != SystemRoundRobin {
		return Errorf(EINVALID, "system %q: use %q or %q, or leave it to the ruleset", system, SystemSwiss, SystemRoundRobin)
	}
	if system != "" && (id == rules.WOC || id == rules.EGP) {
		return Errorf(EINVALID, "system %s: the %s rules set the system by the number of players (%s), so it cannot be chosen: leave it to the ruleset", system, strings.ToUpper(string(id)), systemTable(id, 0))
	}
	return nil
}

// SystemSwitchAllowed says whether the system may still change, and why
// not: until round 1 is paired, any system the ruleset allows; after it, a
// round robin may become a Swiss before round 2 is paired where the rules
// leave the system to the director (AOF 1.2; BOF general rule 8, for a
// late entry makes the rounds too few for a round robin; a custom event),
// and at any time when its rounds cannot be completed without a rematch.
func (t *Tournament) SystemSwitchAllowed() (bool, string) {
	if len(t.Rounds) == 0 {
		return true, ""
	}
	cycles, ids := t.roundRobinPlayed()
	main := t.mainRounds()
	if cycles == 0 || main >= cycles*roundsPerCycle(len(ids)) {
		return false, "round 1 is paired: the system is fixed once play has begun"
	}
	if t.Rules == rules.WOC || t.Rules == rules.EGP {
		return false, fmt.Sprintf("the %s rules set the system by the number of players at the start (%s)", strings.ToUpper(string(t.Rules)), systemTable(t.Rules, 0))
	}
	if main == 1 {
		return true, ""
	}
	if _, stuck := t.roundRobinStuck(); stuck {
		return true, ""
	}
	return false, "round 2 is paired: the round robin goes on to its end (it can become a Swiss only before round 2 is paired, or when its rounds cannot be completed without a rematch)"
}

// ChooseSystem sets the system of a tournament being created ('new
// --system'), as the ruleset allows; a custom round robin given no number
// of rounds plays one cycle (its rounds follow the field, as the
// rulesets' plans do).
func (t *Tournament) ChooseSystem(system string, roundsGiven bool) error {
	system = strings.TrimSpace(system)
	if err := checkSystem(t.Rules, system); err != nil {
		return err
	}
	t.Settings.System = system
	if system == SystemRoundRobin && !roundsGiven && t.Rules == rules.Custom {
		t.Settings.RoundsByPlan = true
	}
	return nil
}

// switchRule cites what lets a round robin become a Swiss before round 2.
func switchRule(id rules.ID) string {
	switch id {
	case rules.AOF:
		return "AOF 1.2 has the TD decide the system"
	case rules.BOFRegional, rules.BOFNational:
		return "BOF general rule 8: with the late entries the rounds are too few for a round robin"
	}
	return "a custom event's system is the director's"
}

// mainRounds counts the rounds of the main stage entered.
func (t *Tournament) mainRounds() int {
	main := 0
	for _, r := range t.Rounds {
		if r.counts() {
			main++
		}
	}
	return main
}
