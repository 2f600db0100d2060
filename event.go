package outflank

import "outflank/rules"

// Plan is the shape of the event by its ruleset and field (rules.PlanFor).
// The main stage is the system the director chose, where he did
// (Settings.System).
func (t *Tournament) Plan() rules.Plan {
	n := t.fieldSize()
	return t.withSystem(rules.PlanFor(t.Rules, n), n)
}

// fieldSize is the number of players the format is chosen for: those of
// round 1 once it is paired (a later withdrawal does not change the
// format), else the players registered and active.
func (t *Tournament) fieldSize() int {
	if len(t.Rounds) > 0 {
		// Nobody plays twice in a round (AddRound).
		return 2*len(t.Rounds[0].Games) + len(t.Rounds[0].Byes)
	}
	n := 0
	for i := range t.Players {
		if t.Players[i].Active(1) {
			n++
		}
	}
	return n
}

// fixPlan settles the number of rounds by the ruleset's format for the
// field when the first round is entered, if the director left it to the
// plan (Settings.RoundsByPlan), and the Brightwell constant with it when
// it is the ruleset's (AOF Appendix B §2 and BOF 15 divide 64 by the
// rounds).
func (t *Tournament) fixPlan() {
	if !t.Settings.RoundsByPlan {
		return
	}
	t.Settings.Rounds, t.Settings.RoundsByPlan = t.Plan().MainRounds(), false
	if rs, ok := rules.Get(t.Rules); ok && t.Settings.BrightwellCByRules {
		t.Settings.BrightwellC = rs.BrightwellC(t.Settings.Rounds)
	}
}

// PlannedRounds is the number of rounds of the main stage: the settings',
// or the plan's for the field while the plan may still change it.
func (t *Tournament) PlannedRounds() int {
	if t.Settings.RoundsByPlan && len(t.Rounds) == 0 {
		return t.Plan().MainRounds()
	}
	return t.Settings.Rounds
}
