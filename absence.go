package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/rules"
)

// A temporary absence: a player misses some rounds and comes back, as PAPP
// allows. Where the ruleset allows it (BOF general rule 11 scores "late
// arrivals, early leavers" 20-44; club events), an absent player is not
// paired and not given the bye, and the round counts as a game not
// played: no point, Settings.UnplayedDiscs[0] discs (BOF 11: 20; WOC IV.8
// and the rulesets that follow it: 0), and in the Brightwell quotient an
// unplayed round, 32 + C x own points (WOC, EGP and AOF Appendix A/B §3 a
// and c: "or has not played a round"). Where it is refused (WOC II.8, EGP
// Withdrawals, AOF Appendix A), a player who leaves has withdrawn.

// AbsenceAllowed reports whether players may be absent for some rounds and
// come back, by the settings or else the ruleset, and the rule that says so.
func (t *Tournament) AbsenceAllowed() (bool, string) {
	switch t.Settings.Absence {
	case AbsenceAllow:
		return true, "the tournament's settings allow absences"
	case AbsenceForbid:
		return false, "the tournament's settings forbid absences"
	}
	rs, ok := rules.Get(t.Rules)
	if !ok {
		return false, "unknown ruleset"
	}
	return rs.Absence, rs.AbsenceRule
}

// MarkAbsent records that player id misses rounds: rounds to come, in
// which the pairing leaves them out, or rounds already entered without
// them (a late arrival's first rounds). The rounds must be of the main
// stage (playoffs and finals are forfeited, not missed), within the
// player's time in the tournament, and not already marked.
func (t *Tournament) MarkAbsent(id int, rounds []int) error {
	p, ok := t.Player(id)
	if !ok {
		return Errorf(ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	if allowed, rule := t.AbsenceAllowed(); !allowed {
		return Errorf(EINVALID, "%s cannot be marked absent in %s (%s rules): %s. A player who leaves has withdrawn: 'outflank player withdraw %s %d'",
			t.Describe(id), t.Slug, t.Rules, rule, t.Slug, id)
	}
	if len(rounds) == 0 {
		return Errorf(EINVALID, "give the rounds %s misses (--rounds 3 or --rounds 3,4)", t.Describe(id))
	}
	planned := t.PlannedRounds()
	added := slices.Clone(p.AbsentRounds)
	for _, n := range rounds {
		switch {
		case n < 1 || n > planned:
			return Errorf(EINVALID, "round %d: the main stage of %s has rounds 1 to %d, and only those can be missed (a playoff or final not played is forfeited)", n, t.Slug, planned)
		case p.WithdrawnAfterRound != nil && n > *p.WithdrawnAfterRound:
			return Errorf(EINVALID, "%s withdrew after round %d: round %d is not theirs to miss", t.Describe(id), *p.WithdrawnAfterRound, n)
		case slices.Contains(added, n):
			return Errorf(ECONFLICT, "%s is already marked absent in round %d", t.Describe(id), n)
		}
		if r, entered := t.Round(n); entered {
			if err := t.missable(r, id); err != nil {
				return err
			}
		}
		added = append(added, n)
	}
	slices.Sort(added)
	p.AbsentRounds = added
	return nil
}

// missable checks that player id can be recorded absent in round r, which
// is already entered: a round of the main stage in which they neither
// play nor have the bye.
func (t *Tournament) missable(r *Round, id int) error {
	if !r.counts() {
		return Errorf(EINVALID, "round %d is a %s round: only rounds of the main stage can be missed", r.Number, r.Stage)
	}
	if slices.Contains(r.Byes, id) {
		return Errorf(EINVALID, "%s had the bye in round %d: replace the round's pairing to give the bye to someone else first", t.Describe(id), r.Number)
	}
	for _, g := range r.Games {
		if g.Black == id || g.White == id {
			side := "black"
			if g.White == id {
				side = "white"
			}
			return Errorf(EINVALID, "%s is paired in round %d (table %d): a game not played is entered as a result: 'outflank result %s %d %d --outcome unplayed --loser %s'",
				t.Describe(id), r.Number, g.Table, t.Slug, r.Number, g.Table, side)
		}
	}
	return nil
}

// MarkReturn cancels absences of player id: those in rounds, or when rounds
// is empty, every absence in a round not yet entered. It returns the rounds
// cancelled.
func (t *Tournament) MarkReturn(id int, rounds []int) ([]int, error) {
	p, ok := t.Player(id)
	if !ok {
		return nil, Errorf(ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	if len(rounds) == 0 {
		for _, n := range p.AbsentRounds {
			if n > len(t.Rounds) {
				rounds = append(rounds, n)
			}
		}
		if len(rounds) == 0 {
			return nil, Errorf(EINVALID, "%s is not marked absent in any round to come%s", t.Describe(id), absentNote(p.AbsentRounds))
		}
	}
	kept := slices.Clone(p.AbsentRounds)
	for _, n := range rounds {
		i := slices.Index(kept, n)
		if i < 0 {
			return nil, Errorf(EINVALID, "%s is not marked absent in round %d%s", t.Describe(id), n, absentNote(p.AbsentRounds))
		}
		kept = slices.Delete(kept, i, i+1)
	}
	if len(kept) == 0 {
		kept = nil
	}
	p.AbsentRounds = kept
	slices.Sort(rounds)
	return rounds, nil
}

func absentNote(rounds []int) string {
	if len(rounds) == 0 {
		return ""
	}
	return " (marked absent in " + RoundList(rounds) + ")"
}

// RoundList words a list of round numbers: "round 3", "rounds 3, 4 and 6".
func RoundList(rounds []int) string {
	if len(rounds) == 1 {
		return fmt.Sprintf("round %d", rounds[0])
	}
	parts := make([]string, len(rounds))
	for i, n := range rounds {
		parts[i] = itoa(n)
	}
	return "rounds " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// Missed lists the players who missed round n while marked absent: a
// round of the main stage in which they neither play nor have the bye. The
// standings score each as a game not played, and every view shows it so
// (the crosstable's "abs20-44", the results CSV's "absent" lines).
func (t *Tournament) Missed(n int) []int {
	r, ok := t.Round(n)
	if !ok || !r.counts() {
		return nil
	}
	var ids []int
	for i := range t.Players {
		if p := &t.Players[i]; len(p.AbsentRounds) > 0 && p.AbsentIn(n) && !r.Plays(p.ID) {
			ids = append(ids, p.ID)
		}
	}
	return ids
}
