package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/rules"
)

// unratedWarning says, when t's games will not be rated, why (each reason
// with its rule) and what to change; "" when they will be.
func unratedWarning(t *outflank.Tournament) string {
	why := t.Unrated()
	if len(why) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "warning: the games of %s will not be rated (%s):\n", t.Slug, rules.RatedRule(t.Rules))
	for _, u := range why {
		fmt.Fprintf(&b, "  %s: %s\n", u, ratedFix(t, u.Condition))
	}
	return b.String()
}

// ratedFix says what to change for a failing condition.
func ratedFix(t *outflank.Tournament, c rules.Condition) string {
	switch c {
	case rules.CondPlace:
		return fmt.Sprintf("if the event is held in the UK, 'outflank settings %s --place GBR'", t.Slug)
	case rules.CondClocks:
		return fmt.Sprintf("play with clocks and say so: 'outflank settings %s --clocks yes'", t.Slug)
	case rules.CondTold:
		return fmt.Sprintf("tell the players the games are rated, then 'outflank settings %s --told yes'", t.Slug)
	case rules.CondMinutes:
		least := rules.RatedMinMinutes(t.Rules)
		return fmt.Sprintf("give each player at least %d minutes: 'outflank settings %s --minutes %d'", least, t.Slug, least)
	}
	return ""
}
