package outflank

import (
	"fmt"
	"strings"

	"outflank/rules"
	"outflank/standing"
	"outflank/words"
)

// SettingsEdit is what a director may change of a tournament before its
// first round is paired: what 'outflank new' sets.
type SettingsEdit struct {
	Name  string
	Date  string // YYYY-MM-DD, or ""
	Rules rules.ID
	// Rounds is the number of rounds; 0 follows the ruleset's format for
	// the field, fixed when round 1 is paired (as 'new' without --rounds).
	Rounds int
	// Minutes is each player's time per game, 0 when not recorded.
	Minutes int
	// Place, Clocks and Told decide whether the games are rated (see
	// Settings): "" for the ruleset's.
	Place, Clocks, Told string
	// ContactNations, when not nil, replaces the WOF Nations with Contact
	// Person (Settings.ContactNations; WOC I.2.1): codes separated by
	// commas. nil keeps them.
	ContactNations *string
	// System, when not nil, replaces the main stage's system
	// (Settings.System: "swiss", "round-robin", "" for the ruleset's); nil
	// keeps it. After round 1 only as SystemSwitchAllowed says.
	System *string
	// ELOSender, when not nil, replaces who sends the .ELO file to the WOF
	// (Settings.ELOSender: the federation's name); "" gives the ruleset's
	// federation. A record like the place, it may change at any time.
	ELOSender *string
}

// EditSettings changes t's own fields as edit says, and returns what
// changed in words ("rules egp → woc; rounds 7 → 9"). Until round 1 is
// paired nothing depends on them. After, the rounds already played were
// paired under the number of rounds, the time and the contact nations, so
// they are fixed; the name, the date and the place change neither a
// pairing nor a score and may change at any time (an imported event has
// no pairing to undo: issue 26), as may the clocks and told settings that
// decide whether the games are rated, and the .ELO file's sender. A new
// ruleset brings its own settings (Brightwell constant, bye discs, time
// defaults), as a tournament created under it would have; the draw's seed
// and the .ELO header are kept. After play, a new ruleset scores the
// games played again under its own settings: every list is drawn up
// again from them, and the summary says which lists moved (a main stage
// only: knockout games were paired by the ruleset's own stages).
func (t *Tournament) EditSettings(edit SettingsEdit) (string, error) {
	started := len(t.Rounds) > 0
	if started && !t.sameHeader(edit) {
		return "", Errorf(ECONFLICT, "round 1 of %s is paired: its rounds, time and contact nations are fixed once play has begun (undo the pairing of round 1 first to change them); its name, date, place, ruleset, clocks and told settings and the .ELO file's sender may still change", t.Slug)
	}
	if started && edit.Rules != t.Rules {
		for _, r := range t.Rounds {
			if !r.counts() {
				return "", Errorf(ECONFLICT, "rules %s → %s: round %d of %s is a %s stage, paired under %s's own knockout format; undo the knockout stages first to change the ruleset", t.Rules, edit.Rules, r.Number, t.Slug, r.Stage, t.Rules)
			}
		}
	}
	rs, ok := rules.Get(edit.Rules)
	if !ok {
		return "", Errorf(EINVALID, "unknown ruleset %q: use one of %s", edit.Rules, joinIDs())
	}
	if edit.Rounds < 0 {
		return "", Errorf(EINVALID, "rounds %d: give a number of rounds, or 0 for the ruleset's format", edit.Rounds)
	}
	system := t.Settings.System
	if edit.System != nil {
		system = strings.TrimSpace(*edit.System)
	}
	if system != t.Settings.System && started {
		if ok, why := t.SystemSwitchAllowed(); !ok {
			return "", Errorf(ECONFLICT, "system %s → %s: %s", systemWords(t.Settings.System), systemWords(system), why)
		}
	}
	// A custom round robin without a number of rounds plays one cycle.
	byPlan := edit.Rounds == 0 && (edit.Rules != rules.Custom || system == SystemRoundRobin)
	rounds := edit.Rounds
	if rounds == 0 {
		rounds = rs.Rounds
	}
	s := t.Settings
	if edit.Rules != t.Rules {
		fresh := DefaultSettings(rs, rounds)
		if started {
			fresh = DefaultSettings(rs, s.Rounds)
			fresh.Rounds, fresh.RoundsByPlan = s.Rounds, s.RoundsByPlan
		}
		fresh.DrawSeed, fresh.ELOSender, fresh.ELOCountry = s.DrawSeed, s.ELOSender, s.ELOCountry
		s = fresh
	}
	if !started {
		s.Rounds, s.RoundsByPlan = rounds, byPlan
	}
	s.System = system
	s.Minutes = edit.Minutes
	place, err := NormalizePlace(edit.Place)
	if err != nil {
		return "", err
	}
	s.Place, s.Clocks, s.Told = place, strings.TrimSpace(edit.Clocks), strings.TrimSpace(edit.Told)
	if edit.ContactNations != nil {
		if s.ContactNations, err = NormalizeNations(*edit.ContactNations); err != nil {
			return "", err
		}
	}
	if edit.ELOSender != nil {
		if s.ELOSender, err = ELOHeader("sender", *edit.ELOSender); err != nil {
			return "", err
		}
	}
	if s.BrightwellCByRules && !started {
		s.BrightwellC = rs.BrightwellC(rounds)
	}
	next := t.unsealed()
	next.Name, next.Date, next.Rules, next.Settings = strings.TrimSpace(edit.Name), edit.Date, edit.Rules, s
	if err := next.validateHeader(); err != nil {
		return "", err
	}
	var diffs []string
	field := func(name string, before, after any) {
		if before != after {
			diffs = append(diffs, fmt.Sprintf("%s %v → %v", name, before, after))
		}
	}
	field("name", fmt.Sprintf("%q", t.Name), fmt.Sprintf("%q", next.Name))
	field("date", dateWords(t.Date), dateWords(next.Date))
	field("rules", t.Rules, next.Rules)
	field("rounds", roundsWords(t.Settings), roundsWords(s))
	field("system", systemWords(t.Settings.System), systemWords(s.System))
	field("minutes", t.Settings.Minutes, s.Minutes)
	field("place", placeWords(t.Settings.Place), placeWords(s.Place))
	field("clocks", yesWords(t.Settings.Clocks), yesWords(s.Clocks))
	field("told rated", yesWords(t.Settings.Told), yesWords(s.Told))
	field("contact nations", nationWords(t.Settings.ContactNations), nationWords(s.ContactNations))
	field(".ELO sender", senderWords(t.Settings.ELOSender), senderWords(s.ELOSender))
	if len(diffs) == 0 {
		return "", Errorf(EINVALID, "nothing to change: %s already has these settings", t.Slug)
	}
	if started && next.Rules != t.Rules {
		diffs = append(diffs, listsMoved(t, &next))
	}
	t.Name, t.Date, t.Rules, t.Settings = next.Name, next.Date, next.Rules, next.Settings
	return strings.Join(diffs, "; "), nil
}

// listsMoved says which lists a change of ruleset after play moved, and
// how: the players whose place changed, the first few of them named, and
// how many more kept their place with other points, Brightwell quotient
// or discs.
func listsMoved(before, after *Tournament) string {
	was, now := before.IFRL(0), after.IFRL(0)
	var parts []string
	for _, l := range []struct {
		name     string
		was, now []standing.Row
	}{{"provisional list", was.Provisional, now.Provisional}, {"final list", was.Final, now.Final}} {
		if l.was == nil && l.now == nil {
			continue
		}
		if l.was == nil || l.now == nil {
			parts = append(parts, fmt.Sprintf("the %s is %s", l.name, map[bool]string{true: "drawn up now", false: "no longer final"}[l.now != nil]))
			continue
		}
		old := map[int]standing.Row{}
		for _, r := range l.was {
			old[r.Player] = r
		}
		var moved []string
		scores := 0
		for _, r := range l.now {
			o := old[r.Player]
			switch {
			case o.Rank != r.Rank || o.Equal != r.Equal:
				name := fmt.Sprintf("#%d", r.Player)
				if p, ok := after.Player(r.Player); ok {
					name = p.Name
				}
				moved = append(moved, fmt.Sprintf("%s %s → %s", name, rankWords(o), rankWords(r)))
			case o.Points != r.Points || o.BQ != r.BQ || o.Discs != r.Discs:
				scores++
			}
		}
		part := "the " + l.name + " keeps its order"
		if n := len(moved); n > 0 {
			shown := moved
			if n > 5 {
				shown = append(moved[:5:5], "...")
			}
			part = fmt.Sprintf("the %s moved %s (%s)", l.name, words.Count(n, "player"), strings.Join(shown, ", "))
		}
		switch {
		case scores > 0 && len(moved) > 0:
			part += fmt.Sprintf(", and the points, Brightwell quotients or discs of %d others changed", scores)
		case scores > 0:
			part += fmt.Sprintf(", but the points, Brightwell quotients or discs of %s changed", words.Count(scores, "player"))
		}
		parts = append(parts, part)
	}
	return "lists drawn up again under " + string(after.Rules) + ": " + strings.Join(parts, "; ")
}

// rankWords is a place in a list: "3", "3=" when shared.
func rankWords(r standing.Row) string {
	if r.Rank == 0 {
		return "-"
	}
	if r.Equal {
		return fmt.Sprintf("%d=", r.Rank)
	}
	return fmt.Sprint(r.Rank)
}

// sameHeader reports whether edit leaves t's rounds, time and contact
// nations as they are: once play has begun the rounds played were paired
// under them (the time control is the event's and stays fixed). The name,
// date, place, clocks and told settings are records of facts, which change
// neither the pairings nor the scores; a ruleset scores again (EditSettings).
func (t *Tournament) sameHeader(edit SettingsEdit) bool {
	rounds := t.Settings.Rounds
	if t.Settings.RoundsByPlan {
		rounds = 0
	}
	sameNations := edit.ContactNations == nil
	if !sameNations {
		n, err := NormalizeNations(*edit.ContactNations)
		sameNations = err == nil && n == t.Settings.ContactNations
	}
	return edit.Rounds == rounds && edit.Minutes == t.Settings.Minutes && sameNations
}

// systemWords names a system setting: "" is the ruleset's.
func systemWords(s string) string {
	if s == "" {
		return "by the rules"
	}
	return s
}

func senderWords(v string) string {
	if v == "" {
		return "the ruleset's federation"
	}
	return fmt.Sprintf("%q", v)
}

func nationWords(n string) string {
	if n == "" {
		return "none"
	}
	return n
}

func dateWords(d string) string {
	if d == "" {
		return "none"
	}
	return d
}

func roundsWords(s Settings) string {
	if s.RoundsByPlan {
		return fmt.Sprintf("%d (by the format)", s.Rounds)
	}
	return fmt.Sprint(s.Rounds)
}

func placeWords(p string) string {
	if p == "" {
		return "the ruleset's"
	}
	return p
}

// yesWords gives a yes-or-no setting in words: "" is yes.
func yesWords(v string) string {
	if v == "" {
		return Yes
	}
	return v
}
