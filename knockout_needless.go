package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/knockout"
)

// NeedlessGame is a knockout game the rules no longer call for: paired
// after the game that decided its match (a result corrected once the next
// game was paired: WOC III.1, "a third game shall not be played"), or
// between players who no longer meet in its stage (a semi-final's result
// corrected once the final was paired). It stays until the director
// withdraws it (WithdrawGame), and says so wherever it shows.
type NeedlessGame struct {
	Round int
	Game  Game
	// Label names it in sentences: "semi-final 1, game 3", "young final".
	Label string
	// Why says why it is not needed, citing the rule.
	Why string
}

// Words describes the game, why it is not needed and how to withdraw it,
// as status and result say it.
func (n NeedlessGame) Words(t *Tournament) string {
	return fmt.Sprintf("%s; withdraw it with 'outflank round withdraw %s %d %d'", n.Sentence(t), t.Slug, n.Round, n.Game.Table)
}

// Sentence describes the game and why it is not needed, for a page that
// offers its withdrawal beside it.
func (n NeedlessGame) Sentence(t *Tournament) string {
	played := "is not needed"
	if n.Game.Result != nil {
		played = fmt.Sprintf("was played (%s) but is not needed, and does not count", n.Game.Result.Summary())
	}
	return fmt.Sprintf("%s (round %d table %d, %s v %s) %s: %s", n.Label, n.Round, n.Game.Table, t.Describe(n.Game.Black), t.Describe(n.Game.White), played, n.Why)
}

// NeedlessGames lists the knockout games the rules no longer call for, in
// round and table order. An event still in its main stage has none, and
// pays nothing to say so.
func (t *Tournament) NeedlessGames() []NeedlessGame {
	if !slices.ContainsFunc(t.Rounds, func(r Round) bool { return !r.counts() && r.Stage != StagePlacement }) {
		return nil
	}
	return t.needless(t.knockout())
}

// needless finds the needless games of k: those set apart from their
// matches (Match.Needless), and the games of a knockout stage that belong
// to none of its matches although the stage has some (its players changed
// with a corrected result). A stage without any match drawn (a knockout
// entered by hand where the ruleset draws none) has no needless game.
func (t *Tournament) needless(k knockoutState) []NeedlessGame {
	var out []NeedlessGame
	known := map[[2]int]bool{}
	byStage := map[Stage][]Match{}
	for _, m := range k.all() {
		byStage[m.Stage] = append(byStage[m.Stage], m)
		for _, mg := range m.Games {
			known[[2]int{mg.Round, mg.Game.Table}] = true
		}
		for i, mg := range m.Needless {
			known[[2]int{mg.Round, mg.Game.Table}] = true
			out = append(out, NeedlessGame{Round: mg.Round, Game: mg.Game, Label: fmt.Sprintf("%s, game %d", m.Label, len(m.Games)+i+1), Why: t.decidedWhy(m)})
		}
	}
	for _, r := range t.Rounds {
		if r.counts() || r.Stage == StagePlacement || r.Method == MethodAddedUnmatched {
			continue
		}
		ms := byStage[r.Stage]
		if len(ms) == 0 && !(r.Stage == StagePlayoff && k.plan.Playoffs) {
			continue
		}
		for _, g := range r.Games {
			if known[[2]int{r.Number, g.Table}] {
				continue
			}
			out = append(out, NeedlessGame{Round: r.Number, Game: g, Label: stageLabel(r.Stage, ms), Why: t.strayWhy(r.Stage, ms)})
		}
	}
	slices.SortFunc(out, func(a, b NeedlessGame) int {
		if a.Round != b.Round {
			return a.Round - b.Round
		}
		return a.Game.Table - b.Game.Table
	})
	return out
}

// decidedWhy says how m was decided before its needless games.
func (t *Tournament) decidedWhy(m Match) string {
	winner, _ := outcome(m)
	why := fmt.Sprintf("the %s is decided, %s %s", m.Label, t.Describe(winner), m.State.Reason)
	switch m.Format {
	case knockout.BestOfThree:
		why += " (WOC III.1: a third game is played only at 1-1)"
	case knockout.TwoGames:
		why += " (EGP II.5: two games)"
	default:
		why += " (a one-game match)"
	}
	return why
}

// strayWhy says why a game of stage between players no match of it pairs
// is not needed: who meets in the stage now.
func (t *Tournament) strayWhy(stage Stage, ms []Match) string {
	if len(ms) == 0 {
		return "the provisional list no longer calls for this playoff (WOC II.3.2)"
	}
	var now []string
	for _, m := range ms {
		now = append(now, fmt.Sprintf("the %s is %s v %s", m.Label, t.Describe(m.Higher), t.Describe(m.Lower)))
	}
	return "its players no longer meet in it, after a corrected result: " + strings.Join(now, "; ")
}

// stageLabel names a game of stage in sentences: its match's label when
// the stage has one match, else the stage's name in words.
func stageLabel(stage Stage, ms []Match) string {
	if len(ms) == 1 {
		return ms[0].Label
	}
	return strings.ReplaceAll(string(stage), "-", " ")
}

// needlessAt returns the needless game at table in round n, if it is one.
func (t *Tournament) needlessAt(n, table int) (NeedlessGame, bool) {
	for _, ng := range t.NeedlessGames() {
		if ng.Round == n && ng.Game.Table == table {
			return ng, true
		}
	}
	return NeedlessGame{}, false
}

// CheckResultNeeded refuses a result for the game at table in round n when
// the rules no longer call for that game (NeedlessGames): a third game
// after a player won two is not played (WOC III.1). The director enters
// results through it; a tournament file keeps what it holds.
func (t *Tournament) CheckResultNeeded(n, table int) error {
	r, ok := t.Round(n)
	if !ok || r.counts() || r.Stage == StagePlacement {
		return nil
	}
	if ng, ok := t.needlessAt(n, table); ok {
		return Errorf(EINVALID, "%s", ng.Words(t))
	}
	return nil
}
