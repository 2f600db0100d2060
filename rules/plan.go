package rules

import "outflank/knockout"

// Match is a knockout stage's format, if the event has the stage.
type Match struct {
	Played bool
	Format knockout.Format
}

// Plan is the shape of an event by a ruleset for a number of players: the
// main stage, then the knockout stages.
type Plan struct {
	// RoundRobinCycles is the number of round-robin cycles of the main
	// stage, 0 for a Swiss system of Rounds rounds.
	RoundRobinCycles int
	Rounds           int
	// ModifiedSwiss allows a second meeting (WOC II.2 c).
	ModifiedSwiss bool
	// PartTwoSwiss is the length of a Swiss that follows the round robin,
	// paired from its final list (EGP II.2, 7-8 players: 4 rounds).
	PartTwoSwiss int
	// RestSwiss is the length of the Swiss the players below the
	// semi-finalists play while the semi-finals are on, their points and
	// discs added to the round robin's (EGP II.2, 9-10 players: 2 rounds).
	RestSwiss int
	// Playoffs for the top eight when tied on points (WOC II.3.2): at a
	// WOC only; every other ruleset breaks the ties of its list.
	Playoffs bool
	// DeclareEqual: in the final list, players ranked after the top four
	// with the same points are declared equal (WOC II.3.3 c; EGP II.3).
	// AOF (4.1, Appendix B §4) and BOF (Regionals 5, National 10) resolve
	// every tie by the quotient, discs and a draw, and declare nobody equal.
	DeclareEqual bool
	// ListRule cites the rules the final list follows.
	ListRule string
	// SemiFinals between the top four, 1st v 4th and 2nd v 3rd.
	SemiFinals Match
	// ThirdPlace between the semi-final losers, or 3rd v 4th without
	// semi-finals.
	ThirdPlace Match
	// ThirdPlaceWhenTied plays the third place only when 3rd and 4th are
	// tied on points (BOF National 5).
	ThirdPlaceWhenTied bool
	// Final between the semi-final winners, or 1st v 2nd without semi-finals.
	Final Match
	// SideLists: women's and young players' semi-finals, third place and
	// final, one game each (WOC III.3-4).
	SideLists bool
}

// MainRounds is the number of rounds that make the main list: the round
// robin or Swiss, and Part Two's Swiss.
func (p Plan) MainRounds() int { return p.Rounds + p.PartTwoSwiss }

// QualifyingPlaces is the number of places of the list the knockout
// stages draw their players from: the top eight, whose ties WOC II.3.2's
// playoffs break; the top four, for semi-finals or a third place between
// 3rd and 4th; the top two for a final alone; none without knockout
// stages.
func (p Plan) QualifyingPlaces() int {
	switch {
	case p.Playoffs:
		return 8
	case p.SemiFinals.Played, p.ThirdPlace.Played:
		return 4
	case p.Final.Played:
		return 2
	}
	return 0
}

// PlanFor returns the plan of an event under ruleset id with players
// players.
func PlanFor(id ID, players int) Plan {
	roundRobin := func(cycles int) Plan {
		perCycle := players - 1 + players%2
		return Plan{RoundRobinCycles: cycles, Rounds: cycles * perCycle}
	}
	bestOf3 := Match{Played: true, Format: knockout.BestOfThree}
	oneGame := Match{Played: true, Format: knockout.OneGame}
	var p Plan
	switch id {
	case WOC:
		// WOC II.2 a-d; II.3; III.
		switch {
		case players <= 8:
			p = roundRobin(2)
		case players <= 14:
			p = roundRobin(1)
		case players <= 24:
			p = Plan{Rounds: 13, ModifiedSwiss: true}
		default:
			p = Plan{Rounds: 13}
		}
		p.Playoffs, p.SemiFinals, p.ThirdPlace, p.Final, p.SideLists = true, bestOf3, oneGame, bestOf3, true
		p.DeclareEqual, p.ListRule = true, "WOC II.3"
	case EGP:
		// EGP II.2: the table by number of players; III: the final and
		// the playoff for third place.
		switch {
		case players <= 4:
			p = roundRobin(3)
		case players <= 6:
			p = roundRobin(2)
		case players <= 8:
			p = Plan{RoundRobinCycles: 1, Rounds: 7, PartTwoSwiss: 4}
		case players <= 10:
			p = Plan{RoundRobinCycles: 1, Rounds: 9, RestSwiss: 2, SemiFinals: Match{Played: true, Format: knockout.TwoGames}}
		case players <= 12:
			p = Plan{RoundRobinCycles: 1, Rounds: 11}
		default:
			p = Plan{Rounds: 11}
		}
		p.ThirdPlace, p.Final = oneGame, bestOf3
		p.DeclareEqual, p.ListRule = true, "EGP II.3"
	case AOF:
		// AOF 1.2 a-c; 4.2-4.3: a one-game final, colour or draw-win.
		switch {
		case players <= 6:
			p = Plan{RoundRobinCycles: 1, Rounds: 5}
		case players <= 11:
			p = Plan{Rounds: 5}
		default:
			p = Plan{Rounds: 6}
		}
		p.Final = oneGame
		p.ListRule = "AOF 4.1, Appendix B §4"
	case BOFRegional:
		// BOF Regionals 1: seven rounds, a round robin when the field
		// allows, never fewer than six Swiss rounds.
		if perCycle := players - 1 + players%2; perCycle <= 7 {
			p = Plan{RoundRobinCycles: max(1, 7/perCycle), Rounds: max(1, 7/perCycle) * perCycle}
		} else {
			p = Plan{Rounds: 7}
		}
		p.ListRule = "BOF Regionals 5; general rule 12 in a round robin"
	case BOFNational:
		// BOF National 3-7: nine rounds and a play-off between 1st and 2nd,
		// and between 3rd and 4th when tied on points.
		p = Plan{Rounds: 9}
		p.Final = Match{Played: true, Format: knockout.BOFPlayoff}
		p.ThirdPlace, p.ThirdPlaceWhenTied = Match{Played: true, Format: knockout.BOFPlayoff}, true
		p.ListRule = "BOF National 10"
	default:
		// A custom event: the Swiss or round robin alone, its list ordered
		// as WOC II.3.1 (points, quotient, discs, draw) with no playoffs
		// and nobody declared equal (a choice: docs/rules.md).
		p = Plan{Rounds: 7}
		p.ListRule = "WOC II.3.1, without playoffs"
	}
	return p
}

// Title names a knockout competition of an event: the individual title,
// or the women's or young players' title (WOC III.3-4).
type Title string

const (
	TitleIndividual Title = ""
	TitleWomen      Title = "women"
	TitleYoung      Title = "young"
)

// SlotGame is a game of the third day: its title, kind and number in its
// match.
type SlotGame struct {
	Title Title
	Kind  Kind
	Game  int
}

// Slot is a time slot of the third day and the games it holds.
type Slot struct {
	Time  string
	Games []SlotGame
}

// ThirdDay is the WOC third-day schedule (Appendix B, with the times of
// III.3-4 for the side titles): the women's semi-finals with the second
// games of the semi-finals (III.3.1), the young players' with the first
// (III.4.1); the young players' third place and final with the third games
// of the semi-finals, "even if no third game is necessary" (III.4.2-4.3);
// the women's third place with the first game of the final and the women's
// final with the second (III.3.2-3.3).
var ThirdDay = []Slot{
	{"9:30-10:40", []SlotGame{{TitleIndividual, KindSemiFinal, 1}, {TitleYoung, KindSemiFinal, 1}}},
	{"10:50-12:00", []SlotGame{{TitleIndividual, KindSemiFinal, 2}, {TitleWomen, KindSemiFinal, 1}}},
	{"12:10-13:20", []SlotGame{{TitleIndividual, KindSemiFinal, 3}, {TitleYoung, KindThirdPlace, 1}, {TitleYoung, KindFinal, 1}}},
	{"14:10-15:30", []SlotGame{{TitleIndividual, KindFinal, 1}, {TitleIndividual, KindThirdPlace, 1}, {TitleWomen, KindThirdPlace, 1}}},
	{"15:40-17:00", []SlotGame{{TitleIndividual, KindFinal, 2}, {TitleWomen, KindFinal, 1}}},
	{"17:10-18:30", []SlotGame{{TitleIndividual, KindFinal, 3}}},
}

// ThirdDaySlot returns the index in ThirdDay of the slot of game g of a
// match, or false if the schedule has no such game.
func ThirdDaySlot(title Title, kind Kind, game int) (int, bool) {
	for i, s := range ThirdDay {
		for _, sg := range s.Games {
			if sg == (SlotGame{title, kind, game}) {
				return i, true
			}
		}
	}
	return 0, false
}
