package rules

import "fmt"

// Conditions are what decides whether a tournament's games are rated:
// where they are played, with clocks or not, whether both players were
// told they are rated, and each player's time.
type Conditions struct {
	// Place is the country the games are played in, in three letters
	// ("GBR"), or "" when not recorded.
	Place string
	// Clocks: the games are played with clocks.
	Clocks bool
	// Told: both players understand the games will be rated.
	Told bool
	// Minutes is each player's time per game, 0 when not recorded: the
	// ruleset's minimum (MinMinutes) is then taken, since no game may be
	// played with less; but a custom event's, whose floor is 10 minutes,
	// is then taken as long enough to be rated.
	Minutes int
}

// Condition names a setting that decides whether games are rated.
type Condition string

const (
	// CondPlace is where the games are played.
	CondPlace Condition = "place"
	// CondClocks is whether clocks are used.
	CondClocks Condition = "clocks"
	// CondTold is whether both players were told the games are rated.
	CondTold Condition = "told"
	// CondMinutes is each player's time per game.
	CondMinutes Condition = "minutes"
)

// Unrated is one reason why games are not rated: the condition that fails,
// in words, and the rule that sets it.
type Unrated struct {
	Condition Condition
	Reason    string
	Rule      string
}

// String gives the reason with its rule: "not held in the UK (BOF Ratings 1 a)".
func (u Unrated) String() string { return u.Reason + " (" + u.Rule + ")" }

// RatedMinMinutes is the least time per player a game needs to be rated,
// 0 where the ruleset sets none beyond MinMinutes: BOF Ratings 3 (15 + 15
// minutes); a custom event, which may go down to 10 minutes, takes the BOF's
// 15 (a design choice: the only rulebook to set one).
func RatedMinMinutes(id ID) int {
	switch id {
	case BOFRegional, BOFNational, Custom:
		return 15
	}
	return 0
}

// ukPlaces are the codes of the United Kingdom, and of its nations as
// Othello federations and the WOF's files write them.
var ukPlaces = map[string]bool{"GBR": true, "ENG": true, "SCO": true, "WAL": true, "WLS": true, "NIR": true}

// InUK reports whether place (three letters) is in the United Kingdom.
func InUK(place string) bool { return ukPlaces[place] }

// Rated says whether games played under c by ruleset id are rated: no
// reasons when they are, else every condition that fails with its rule.
//
// BOF (Ratings 1-3): held in the UK, with clocks, both players told, at
// least 15 + 15 minutes. WOC, EGP and AOF rulebooks do not say which games
// are rated (WOC I.2.3 only requires federations to send their results to
// the WOF rating list); Outflank's choice: a game is rated when played with
// clocks, as these rulebooks require for every tournament game (WOC IV.1,
// EGP IV.1; AOF 2.2 lets the TD share out too few clocks), and not
// announced as unrated (as BOF Ratings 1 c), wherever it is held. A custom
// event follows the same, and the BOF's 15 minutes (RatedMinMinutes).
func Rated(id ID, c Conditions) []Unrated {
	var why []Unrated
	minutes := c.Minutes
	if minutes == 0 {
		minutes = MinMinutes(id)
	}
	switch id {
	case BOFRegional, BOFNational:
		switch {
		case c.Place == "":
			why = append(why, Unrated{CondPlace, "the place is not recorded: a BOF-rated game must be held in the UK", "BOF Ratings 1 a"})
		case !InUK(c.Place):
			why = append(why, Unrated{CondPlace, fmt.Sprintf("held in %s, not in the UK", c.Place), "BOF Ratings 1 a"})
		}
		if !c.Clocks {
			why = append(why, Unrated{CondClocks, "played without clocks", "BOF Ratings 1 b"})
		}
		if !c.Told {
			why = append(why, Unrated{CondTold, "the players were not told the games are rated", "BOF Ratings 1 c"})
		}
	default:
		if !c.Clocks {
			why = append(why, Unrated{CondClocks, "played without clocks", clocksRule(id)})
		}
		if !c.Told {
			why = append(why, Unrated{CondTold, "the players were told the games are not rated", "as BOF Ratings 1 c (design choice)"})
		}
	}
	// A custom event whose time is not recorded is taken as long enough:
	// its director did not say it was short (design choice).
	if least := RatedMinMinutes(id); minutes < least && (c.Minutes != 0 || id != Custom) {
		rule := "BOF Ratings 3"
		if id == Custom {
			rule = "as BOF Ratings 3 (design choice)"
		}
		why = append(why, Unrated{CondMinutes, fmt.Sprintf("%d minutes per player, less than %d + %d", minutes, least, least), rule})
	}
	return why
}

// clocksRule cites the rule that has tournament games played with clocks.
func clocksRule(id ID) string {
	switch id {
	case WOC:
		return "WOC IV.1: clocks time all tournament games (design choice)"
	case EGP:
		return "EGP IV.1: clocks time all tournament games (design choice)"
	case AOF:
		return "AOF 2.2: games the TD leaves without clocks (design choice)"
	}
	return "as WOC IV.1 (design choice)"
}

// RatedRule cites what decides whether ruleset id's games are rated.
func RatedRule(id ID) string {
	switch id {
	case BOFRegional, BOFNational:
		return "BOF Ratings 1-3: held in the UK, with clocks, both players told, at least 15 + 15 minutes"
	case Custom:
		return "design choice: with clocks, not announced as unrated, at least 15 + 15 minutes (as BOF Ratings 1 b-c and 3)"
	}
	return "design choice (the rulebook is silent; WOC I.2.3 has results sent to the WOF rating list): with clocks, not announced as unrated"
}

// DefaultPlace is where a ruleset's tournaments are held unless the
// director says otherwise: the UK for the BOF's (Ratings 2: its Regionals
// and National are rated), "" (not recorded) for the others.
func DefaultPlace(id ID) string {
	if id == BOFRegional || id == BOFNational {
		return "GBR"
	}
	return ""
}
