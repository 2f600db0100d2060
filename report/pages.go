package report

import (
	"strings"

	"outflank"
)

// What an event has: every view shows a page or a list only where the
// event's ruleset has it (issue 24: a BOF regional showed a Knockout tab,
// "the playoffs ... appear here once the main stage is over" after it
// ended, and each player's "Team list: team GBR 1st, 17 points (not
// counted)"). The stages come from the ruleset's plan for the field
// (rules.Plan): WOC has playoffs, semi-finals, third place and final
// (WOC II.3.2, III), and the women's, young players' and team lists (WOC
// II.4-6), which no other rulebook has; EGP a final and a third place
// (EGP III), with semi-finals for 9-10 players (EGP II.2); AOF a final
// (AOF 4.2); the BOF National its play-offs (BOF National 5); a BOF
// regional and a custom event none: their final list is the standings.

// HasKnockout reports whether t has knockout stages: playoffs,
// semi-finals, a third place or a final planned by its ruleset for its
// field, or a knockout round entered by hand.
func HasKnockout(t *outflank.Tournament) bool {
	p := t.Plan()
	if p.Playoffs || p.SemiFinals.Played || p.ThirdPlace.Played || p.Final.Played || p.SideLists {
		return true
	}
	for _, r := range t.Rounds {
		if _, _, ok := r.Stage.Knockout(); ok || r.Stage == outflank.StagePlayoff {
			return true
		}
	}
	return false
}

// KnockoutWords names the knockout stages t's ruleset plans, for a page
// that has none to show yet: "the playoffs, the semi-finals, the third
// place and the final".
func KnockoutWords(t *outflank.Tournament) string {
	p := t.Plan()
	var stages []string
	if p.Playoffs {
		stages = append(stages, "the playoffs")
	}
	if p.SemiFinals.Played {
		stages = append(stages, "the semi-finals")
	}
	if p.ThirdPlace.Played {
		stages = append(stages, "the match for third place")
	}
	if p.Final.Played {
		stages = append(stages, "the final")
	}
	if p.SideLists {
		stages = append(stages, "the women's and young players' titles")
	}
	switch len(stages) {
	case 0:
		return "the knockout games"
	case 1:
		return stages[0]
	}
	return strings.Join(stages[:len(stages)-1], ", ") + " and " + stages[len(stages)-1]
}

// SideLists reports whether t's ruleset has the women's, young players'
// and team lists (WOC II.4-6; no other rulebook has them).
func SideLists(t *outflank.Tournament) bool { return t.Plan().SideLists }

// Lists are the ranking lists t has, as 'standings --list' names them: the
// individual list; the women's, young players' (once the event has a date:
// a young player is young on it) and team lists where the ruleset has
// them; the order of finish once knockout matches are drawn or the event
// is over.
func Lists(t *outflank.Tournament) []string {
	lists := []string{"ifrl"}
	if SideLists(t) {
		lists = append(lists, "wfrl")
		if t.Date != "" {
			lists = append(lists, "yfrl")
		}
		lists = append(lists, "tfrl")
	}
	if len(t.Matches()) > 0 || t.Status().Done {
		lists = append(lists, "finish")
	}
	return lists
}

// sideListRule is the rule of each side list.
var sideListRule = map[string][2]string{
	"wfrl": {"women's list (WFRL)", "WOC II.5"},
	"yfrl": {"young players' list (YFRL)", "WOC II.6"},
	"tfrl": {"team list (TFRL)", "WOC II.4"},
}

// checkList refuses a side list t's ruleset does not have, saying which
// lists it has: ENOTFOUND (a 404 on the site).
func checkList(t *outflank.Tournament, list string) error {
	what, side := sideListRule[list]
	if !side || SideLists(t) {
		return nil
	}
	return outflank.Errorf(outflank.ENOTFOUND, "%s has no %s: that list is the World Othello Championship's (%s), and %s events have none; its lists are %s",
		t.Slug, what[0], what[1], t.Rules, strings.Join(Lists(t), ", "))
}

// NoKnockout is the message of a knockout page t does not have.
func NoKnockout(t *outflank.Tournament) error {
	return outflank.Errorf(outflank.ENOTFOUND, "%s has no knockout stages: %s events have no playoffs, semi-finals or final (%s); the final list is the standings",
		t.Name, t.Rules, t.Plan().ListRule)
}
