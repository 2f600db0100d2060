package outflank

import (
	"fmt"
	"outflank/words"
	"strings"

	"outflank/rules"
)

// What a registration lacks that the rules need, said where the director
// sees it: at registration, on the console's players page and under
// 'player list'.

// MissingDetails is a player whose gender or birth date is not recorded,
// in an event whose ruleset keeps women's and young players' lists.
type MissingDetails struct {
	ID   int
	Name string
	// Gender and Born are the player's, "" for the one (or two) missing.
	Gender, Born string
}

// MissingDetails lists the players of t, still in the event, whose gender
// or birth date is not recorded, when t's ruleset keeps the women's and
// young players' lists (rules.Plan.SideLists: a WOC, III.3-4). A player
// without a gender can be on no women's list, one without a birth date on
// no young players' list, and WOC I.2.2's team check (no more than three
// of one gender, a young player aged 14 or less) cannot count them. The
// WOF player database records neither, so every player registered from it
// is listed until the director gives them. Other rulesets need neither:
// none is listed.
func (t *Tournament) MissingDetails() []MissingDetails {
	if !t.Plan().SideLists {
		return nil
	}
	var out []MissingDetails
	for _, p := range t.Players {
		if p.WithdrawnAfterRound != nil || p.Gender != "" && p.Born != "" {
			continue
		}
		out = append(out, MissingDetails{ID: p.ID, Name: p.Name, Gender: p.Gender, Born: p.Born})
	}
	return out
}

// MissingWarning says what player id lacks and what it costs (see
// MissingDetails), "" when nothing is missing or the ruleset needs
// neither: "no gender and no birth date recorded for #3 MARCONI, Flavio:
// ...".
func (t *Tournament) MissingWarning(id int) string {
	for _, m := range t.MissingDetails() {
		if m.ID == id {
			return t.missingWords(m)
		}
	}
	return ""
}

// MissingSummary says in a line which players lack a gender or a birth
// date, among ids (the players just registered), "" when none does.
func (t *Tournament) MissingSummary(ids []int) string {
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var gender, born []string
	for _, m := range t.MissingDetails() {
		if !want[m.ID] {
			continue
		}
		if m.Gender == "" {
			gender = append(gender, m.Name)
		}
		if m.Born == "" {
			born = append(born, m.Name)
		}
	}
	var parts []string
	if len(gender) > 0 {
		parts = append(parts, fmt.Sprintf("no gender recorded for %s (%s)", countOf(len(gender), "player"), nameSome(gender)))
	}
	if len(born) > 0 {
		parts = append(parts, fmt.Sprintf("no birth date recorded for %s (%s)", countOf(len(born), "player"), nameSome(born)))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, "; ") + ": " + t.missingCost(len(gender) > 0, len(born) > 0) + "; give them as a correction of the registration"
}

// MissingWhy says what a missing gender and birth date cost in t (see
// MissingDetails), citing the rules at a WOC.
func (t *Tournament) MissingWhy() string { return t.missingCost(true, true) }

// missingWords words one player's missing details.
func (t *Tournament) missingWords(m MissingDetails) string {
	what := "no gender and no birth date"
	switch {
	case m.Born != "":
		what = "no gender"
	case m.Gender != "":
		what = "no birth date"
	}
	return fmt.Sprintf("%s recorded for %s: %s; give them as a correction of the registration", what, t.Describe(m.ID), t.missingCost(m.Gender == "", m.Born == ""))
}

// missingCost says what a missing gender or birth date costs, citing the
// rules at a WOC.
func (t *Tournament) missingCost(gender, born bool) string {
	woc := t.Rules == rules.WOC
	var lists, checks []string
	if gender {
		lists = append(lists, "the women's list")
		checks = append(checks, "no more than three players of one gender")
	}
	if born {
		lists = append(lists, "the young players' list")
		checks = append(checks, "a young player aged 14 or less")
	}
	text := strings.Join(lists, " and ") + " cannot include them"
	if woc {
		rule := map[[2]bool]string{{true, false}: "WOC II.5, III.3", {false, true}: "WOC II.6, III.4", {true, true}: "WOC II.5-6, III.3-4"}[[2]bool{gender, born}]
		text = strings.Join(lists, " and ") + " (" + rule + ") cannot include them, and the team check (WOC I.2.2: " + strings.Join(checks, ", ") + ") cannot count them"
	}
	return text
}

// countOf says n things in words, singular or plural: "1 player", "3
// players".
func countOf(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// AdditionalOdd points out, before round 1 is paired, the additional
// players (WOC II.2) of a field that is odd with them: WOC II.2 (and
// I.2.1) lets the host enter an additional player only "if there would
// otherwise be an odd number of players", to prevent a bye, so an
// additional player who makes the field odd brings the bye he is there to
// avoid. "" when no additional player is registered, the field is even,
// or round 1 is paired (the field is then settled).
func (t *Tournament) AdditionalOdd() string {
	if len(t.Rounds) > 0 {
		return ""
	}
	field := 0
	var extra []string
	for _, p := range t.Players {
		if !p.Available(1) {
			continue
		}
		field++
		if p.Additional {
			extra = append(extra, t.Describe(p.ID))
		}
	}
	if len(extra) == 0 || field%2 == 0 {
		return ""
	}
	who, is := strings.Join(extra, ", "), "is the additional player"
	if len(extra) > 1 {
		is = "are additional players"
	}
	return fmt.Sprintf("%s %s, and with them the field is odd (%s): an additional player is entered only when the field would otherwise be odd, to prevent a bye (WOC II.2, I.2.1), and here brings one in every round; check whether another player is still to register or leave, or whether %s should play as a member of a team",
		who, is, words.Count(field, "player"), who)
}
