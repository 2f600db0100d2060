package rules

// MinMinutes is the least time per player per game a game may be played
// with: WOC IV.1 and EGP IV.1 (25), AOF 2.1 and BOF Regionals 4 (20), BOF
// National 8 (25). Outflank refuses a time control below it.
func MinMinutes(id ID) int {
	switch id {
	case AOF, BOFRegional:
		return 20
	case Custom:
		return 10 // BOF general rule 10's floor when clocks are short
	}
	return 25
}

// MinMinutesRule cites the rule behind MinMinutes.
func MinMinutesRule(id ID) string {
	switch id {
	case WOC:
		return "WOC IV.1: never less than 25 minutes for each player"
	case EGP:
		return "EGP IV.1: never less than 25 minutes"
	case AOF:
		return "AOF 2.1: at least 20 minutes"
	case BOFRegional:
		return "BOF Regionals 4: at least 20 minutes"
	case BOFNational:
		return "BOF National 8: at least 25 minutes"
	}
	return "a custom event's floor of 10 minutes"
}

// Kind is the kind of a game for its time control: a game of the main
// stage, a playoff, a semi-final, a playoff for third place, a final.
type Kind int

const (
	KindMain Kind = iota
	KindPlayoff
	KindSemiFinal
	KindThirdPlace
	KindFinal
)

// StageMinutes is the time per player per game the rulebook gives a kind
// of game, 0 where it leaves it to the director: WOC IV.1 (30 minutes in
// the first two days and their playoffs, 35 in the semi-finals and the
// playoffs for third place, 40 in the finals); EGP IV.1 (25, and 30 for
// the final and the playoff for third place); BOF Regionals 4 (25, the
// standard); AOF 2.1 recommends at least 25 for the final.
func StageMinutes(id ID, kind Kind) int {
	switch id {
	case WOC:
		switch kind {
		case KindSemiFinal, KindThirdPlace:
			return 35
		case KindFinal:
			return 40
		}
		return 30
	case EGP:
		if kind == KindFinal || kind == KindThirdPlace {
			return 30
		}
		return 25
	case AOF:
		if kind == KindFinal {
			return 25
		}
	case BOFRegional:
		return 25
	}
	return 0
}
