package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/eligibility"
	"outflank/rules"
	"outflank/standing"
)

// EntryCheck is what the eligibility rules say of a registration.
type EntryCheck struct {
	// Refusals are the rules the registration breaks, each cited, with
	// why. A director may override them with a reason, which the audit
	// log records.
	Refusals []string
	// Rules cites the rules of the refusals, once each ("WOC I.2.3").
	Rules []string
	// Warnings name the facts a rule needs that are not recorded (the
	// BOF National's residence; a WOC's citizenship and residence are
	// left unchecked when not recorded).
	Warnings []string
}

func (c *EntryCheck) refuse(rule, text string) {
	c.Refusals = append(c.Refusals, text)
	if !slices.Contains(c.Rules, rule) {
		c.Rules = append(c.Rules, rule)
	}
}

// CheckEntry checks registered player id against the eligibility rules
// of t's ruleset. At a WOC: no change once play has begun (WOC I.2.2),
// the team of the player's nation (their team, else their country; WOC
// I.2.1-2.2; the host's or WOF's additional player of II.2 is outside
// it) and the right to represent it (I.2.3). At the BOF National: 183
// days of residence in the UK (National 12), unless the chairman
// exempted the player (National 13). Other rulesets set no such rule.
func (t *Tournament) CheckEntry(id int) EntryCheck {
	return t.checkEntry(id, true)
}

// checkEntry is CheckEntry; registering says the entry is made now, when
// WOC I.2.2 forbids it once play has begun, rather than read from a
// record of entries made before (CheckField).
func (t *Tournament) checkEntry(id int, registering bool) EntryCheck {
	var c EntryCheck
	p, ok := t.Player(id)
	if !ok {
		return c
	}
	switch t.Rules {
	case rules.WOC:
		t.checkWOCEntry(p, &c, registering)
	case rules.BOFNational:
		t.checkNationalEntry(p, &c)
	}
	return c
}

// CheckEntries checks the registrations of players ids, made at once (a
// file of players), as CheckEntry checks each. A refusal several of them
// share (a team of five: WOC I.2.1) is given once, with every player it
// concerns named before it: "Ann, Bo: WOC I.2.1-2.2: ...".
func (t *Tournament) CheckEntries(ids []int) EntryCheck {
	return t.checkEntries(ids, true)
}

// CheckField checks every entry of t, as a tournament file records them,
// against the eligibility rules as CheckEntries does, except the rule that
// entries close when round 1 is paired (WOC I.2.2): a file's entries were
// made before the rounds it holds.
func (t *Tournament) CheckField() EntryCheck {
	ids := make([]int, len(t.Players))
	for i, p := range t.Players {
		ids[i] = p.ID
	}
	return t.checkEntries(ids, false)
}

func (t *Tournament) checkEntries(ids []int, registering bool) EntryCheck {
	var all EntryCheck
	var texts []string
	who := map[string][]string{}
	for _, id := range ids {
		p, ok := t.Player(id)
		if !ok {
			continue
		}
		c := t.checkEntry(id, registering)
		for _, text := range c.Refusals {
			if _, seen := who[text]; !seen {
				texts = append(texts, text)
			}
			who[text] = append(who[text], p.Name)
		}
		for _, rule := range c.Rules {
			if !slices.Contains(all.Rules, rule) {
				all.Rules = append(all.Rules, rule)
			}
		}
		for _, w := range c.Warnings {
			if !slices.Contains(all.Warnings, w) {
				all.Warnings = append(all.Warnings, w)
			}
		}
	}
	for _, text := range texts {
		all.Refusals = append(all.Refusals, nameSome(who[text])+": "+text)
	}
	return all
}

// nameSome joins names, the first few of them when there are many: a file
// of sixty players of one nation is refused in a line, not a page.
func nameSome(names []string) string {
	const most = 4
	if len(names) <= most+1 {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}

// CheckEdit checks player id, just corrected from before, as CheckEntry
// does, when the correction touches what the rules read: at a WOC the
// nation (team, country), the additional player, gender, birth date,
// citizenship or residence; at the BOF National the residence or the
// exemption. Other corrections (a name, a rating) are never refused. At a
// WOC only a change of nation or of the additional player is refused for
// coming once round 1 is paired (WOC I.2.2).
func (t *Tournament) CheckEdit(id int, before Player) EntryCheck {
	p, ok := t.Player(id)
	if !ok {
		return EntryCheck{}
	}
	eligibilityFacts := func(q *Player) [7]any {
		switch t.Rules {
		case rules.WOC:
			return [7]any{q.TeamOrCountry(), q.Additional, q.Gender, q.Born, q.Citizenship, q.ResidentSince}
		case rules.BOFNational:
			return [7]any{q.ResidentSince, q.Exemption}
		}
		return [7]any{}
	}
	if eligibilityFacts(p) == eligibilityFacts(&before) {
		return EntryCheck{}
	}
	// Once play has begun no player may join a team or leave it (WOC
	// I.2.2): a change of nation or of the additional player is checked
	// as an entry made now. A gender, a birth date or a citizenship
	// recorded late changes no team: it is checked against the team rules,
	// not refused for coming after round 1.
	joins := p.TeamOrCountry() != before.TeamOrCountry() || p.Additional != before.Additional
	return t.checkEntry(id, joins)
}

func (t *Tournament) checkWOCEntry(p *Player, c *EntryCheck, registering bool) {
	if registering && len(t.Rounds) > 0 {
		c.refuse("WOC I.2.2", "WOC I.2.2: all changes must be made before the start of the first round, and round 1 is paired: no player may join a team now")
	}
	nation := p.TeamOrCountry()
	if nation == "" {
		return
	}
	// Facts not recorded are not held against the player: most entries
	// give no citizenship, and a refusal on nothing would stop every one.
	if verdict, why := eligibility.Represents(nation, p.Citizenship, p.ResidentSince, t.Date); verdict == eligibility.Ineligible {
		c.refuse("WOC I.2.3", why)
	}
	if p.Additional {
		return
	}
	kind := eligibility.Federation
	if slices.Contains(strings.Split(t.Settings.ContactNations, ","), nation) {
		kind = eligibility.ContactPerson
	}
	year := eligibility.Year(t.Date)
	var team []eligibility.Entrant
	for _, q := range t.Players {
		if q.Additional || q.TeamOrCountry() != nation || q.WithdrawnAfterRound != nil {
			continue
		}
		young, _ := eligibility.Young(q.Born, year)
		team = append(team, eligibility.Entrant{Name: q.Name, Gender: q.Gender, Young: young && year != 0})
	}
	if err := eligibility.CheckTeam(nation, kind, team); err != nil {
		r := err.(*eligibility.Refusal)
		text := r.Rule + ": " + r.Reason
		if year == 0 {
			text += " (the tournament has no date, so no player counts as young: give it one with 'outflank settings " + t.Slug + " --date')"
		}
		c.refuse(r.Rule, text)
	}
}

func (t *Tournament) checkNationalEntry(p *Player, c *EntryCheck) {
	if p.Exemption != "" {
		return
	}
	days := eligibility.NationalDays
	switch eligibility.ResidentDays(p.ResidentSince, t.Date, days) {
	case eligibility.Ineligible:
		c.refuse("BOF National 12", fmt.Sprintf("BOF National 12: a player of the National must have lived in the UK for %d days before it (%s): %s has since %s, and needed to since %s at the latest; the chairman may admit a player expected to reside %d days (National 13): register them with --exemption REASON (the console's Chairman's exemption), and they play but not in the play-off for the British title",
			days, t.Date, p.Name, p.ResidentSince, eligibility.ResidentFrom(t.Date, days), days))
	case eligibility.Unknown:
		what := "when " + p.Name + " came to live in the UK is not recorded (--resident-since)"
		if t.Date == "" {
			what = "the tournament has no date (outflank settings " + t.Slug + " --date)"
		}
		c.Warnings = append(c.Warnings, fmt.Sprintf("BOF National 12 (%d days of residence in the UK) cannot be checked: %s", days, what))
	}
}

// CheckExemption refuses a chairman's exemption outside the BOF National,
// the only event whose rules know one (BOF National 13).
func (t *Tournament) CheckExemption() error {
	if t.Rules != rules.BOFNational {
		return Errorf(EINVALID, "a chairman's exemption is from the BOF National's 183-day rule (BOF National 13), and %s is a %s tournament: leave out --exemption", t.Slug, t.Rules)
	}
	return nil
}

// TitleExcluded lists the players of t who play but may not take part in
// its title's play-off, with why: at the BOF National, those the chairman
// exempted from the 183-day rule (National 13).
func (t *Tournament) TitleExcluded() map[int]string {
	if t.Rules != rules.BOFNational {
		return nil
	}
	out := map[int]string{}
	for _, p := range t.Players {
		if p.Exemption != "" {
			out[p.ID] = fmt.Sprintf("chairman's exemption (%s): plays, but not in the play-off for the British title (BOF National 13)", p.Exemption)
		}
	}
	return out
}

// TitleExclusions words TitleExcluded, one line a player in id order:
// "#3 Smith, Ann: chairman's exemption (...): plays, but ...".
func (t *Tournament) TitleExclusions() []string {
	excluded := t.TitleExcluded()
	var lines []string
	for _, p := range t.Players {
		if why, ok := excluded[p.ID]; ok {
			lines = append(lines, t.Describe(p.ID)+": "+why)
		}
	}
	return lines
}

// titleList is list without the players excluded from the title's
// play-off (TitleExcluded): the BOF National's play-off goes to the best
// two eligible players (National 4, 13), and its 3rd/4th play-off to the
// next two of them (National 5); nor does a knockout take a player who
// withdrew before it (unqualified: WOC II.8).
func (t *Tournament) titleList(list []standing.Row) []standing.Row {
	excluded, unqualified := t.TitleExcluded(), t.unqualified()
	if len(excluded) == 0 && len(unqualified) == 0 {
		return list
	}
	return slices.DeleteFunc(slices.Clone(list), func(r standing.Row) bool {
		_, out := excluded[r.Player]
		return out || unqualified[r.Player]
	})
}

// NormalizeNations normalises a list of country codes separated by
// commas or spaces, as the contact nations setting keeps them: three
// letters each, sorted, once each, separated by commas.
func NormalizeNations(codes string) (string, error) {
	var out []string
	for _, c := range strings.FieldsFunc(codes, func(r rune) bool { return r == ',' || r == ' ' }) {
		if strings.TrimSpace(c) == "" {
			continue
		}
		n, err := normalizeCountry(c, "the contact nations")
		if err != nil {
			return "", err
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return strings.Join(slices.Compact(out), ","), nil
}
