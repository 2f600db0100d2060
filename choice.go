package outflank

import (
	"fmt"
	"strings"

	"outflank/rules"
)

// Decision is what the player with the choice of colour decided for a
// knockout game.
type Decision string

const (
	// ChoseBlack and ChoseWhite: he chose his colour; in a game that must
	// have a winner a draw then goes to his opponent (WOC IV.9 a).
	ChoseBlack Decision = "black"
	ChoseWhite Decision = "white"
	// ChoseDrawWin: he let his opponent choose the colours and wins a draw
	// (WOC IV.9 b; AOF Appendix C).
	ChoseDrawWin Decision = "draw-win"
)

// UntoldSide is the colour a chooser plays while his choice is not told
// (and after his draw-win, while his opponent's colour is not): the rules
// give none, so the game is paired for now, says so (Paired.Notes), and is
// paired again once the choice is told (pair --match --replace).
const UntoldSide = Black

// ParseDecision checks a decision named on the command line or in a file.
func ParseDecision(s string) (Decision, error) {
	switch d := Decision(s); d {
	case ChoseBlack, ChoseWhite, ChoseDrawWin:
		return d, nil
	}
	return "", Errorf(EINVALID, "choice %q: use black, white (the chooser's colour) or draw-win (WOC IV.9)", s)
}

// Choice is the recorded choice of colour (or draw-win) of a knockout game:
// who had it and what he chose. It decides a drawn game that must have a
// winner without further input.
type Choice struct {
	Player int      `json:"player"`
	Chose  Decision `json:"chose"`
}

// ChoiceOption is a choice given when pairing: PLAYER=DECISION, or a bare
// DECISION (Player 0) when the pairing has one chooser. After a draw-win,
// the opponent's colour may be given the same way (OPPONENT=black).
type ChoiceOption struct {
	Player int
	Chose  Decision
}

// ParseChoiceOption reads "black", "draw-win", "3=white" or
// "Anna Berg=draw-win" (the player by id or exact name).
func (t *Tournament) ParseChoiceOption(text string) (ChoiceOption, error) {
	who, what, named := "", text, false
	if i := strings.LastIndex(text, "="); i >= 0 {
		who, what, named = text[:i], text[i+1:], true
	}
	d, err := ParseDecision(strings.TrimSpace(what))
	if err != nil {
		return ChoiceOption{}, err
	}
	if !named {
		return ChoiceOption{Chose: d}, nil
	}
	p, err := t.FindPlayer(who)
	if err != nil {
		return ChoiceOption{}, Errorf(ErrorCode(err), "choice %q: %s", text, ErrorMessage(err))
	}
	return ChoiceOption{Player: p.ID, Chose: d}, nil
}

// sideOf returns the colour of player id in g.
func (g *Game) sideOf(id int) Side {
	if g.White == id {
		return White
	}
	return Black
}

// opponentOf returns the other player of g.
func (g *Game) opponentOf(id int) int {
	if g.Black == id {
		return g.White
	}
	return g.Black
}

// SetChoice records c on the game at table in round n, checking only that
// it fits the game: the chooser plays in it, and a chosen colour is his.
// Import uses it; a director's choice goes through RecordChoice, which
// also checks the rules.
func (t *Tournament) SetChoice(n, table int, c Choice) error {
	g, err := t.Game(n, table)
	if err != nil {
		return err
	}
	if _, err := ParseDecision(string(c.Chose)); err != nil {
		return err
	}
	if c.Player != g.Black && c.Player != g.White {
		return Errorf(EINVALID, "round %d table %d: the choice is %s's, who does not play in it", n, table, t.Describe(c.Player))
	}
	if c.Chose != ChoseDrawWin && Side(c.Chose) != g.sideOf(c.Player) {
		return Errorf(EINVALID, "round %d table %d: %s chose %s but has %s", n, table, t.Describe(c.Player), c.Chose, g.sideOf(c.Player))
	}
	g.Choice = &c
	return nil
}

// RecordChoice records what the player with the choice of colour of the
// knockout game at table in round n decided (WOC III.1, IV.9; AOF
// Appendix C; BOF National 6), after checking that the game has such a
// choice, that draw-win is part of it, and that a chosen colour is the one
// he plays.
func (t *Tournament) RecordChoice(n, table int, chose Decision) (*Game, error) {
	g, err := t.Game(n, table)
	if err != nil {
		return nil, err
	}
	kg, ok := t.knockoutGame(n, table)
	if !ok {
		r, _ := t.Round(n)
		return nil, Errorf(EINVALID, "round %d is a %s round: nobody chooses colours; --choice applies to knockout games (WOC IV.9)", n, r.Stage)
	}
	if kg.chooser == 0 {
		return nil, Errorf(EINVALID, "%s: game %d has its colours fixed, those of game 1 reversed (WOC III.1): nobody chooses", kg.label, kg.number)
	}
	if chose == ChoseDrawWin && !kg.drawWin {
		return nil, Errorf(EINVALID, "%s, game %d: %s chooses the colour, without the draw-win (%s): give black or white", kg.label, kg.number, t.Describe(kg.chooser), colourOnlyRule(t.Rules))
	}
	if chose != ChoseDrawWin && Side(chose) != g.sideOf(kg.chooser) {
		return nil, Errorf(EINVALID, "%s chose %s but has %s at round %d table %d: re-pair the game with 'outflank pair %s --match %s --replace --choice %s'",
			t.Describe(kg.chooser), chose, g.sideOf(kg.chooser), n, table, t.Slug, kg.name, chose)
	}
	g.Choice = &Choice{Player: kg.chooser, Chose: chose}
	return g, nil
}

// colourOnlyRule cites why a game's choice is of colour only.
func colourOnlyRule(id rules.ID) string {
	if id == rules.BOFNational {
		return "BOF National 6-7: a drawn play-off goes to the Swiss winner"
	}
	return "WOC III.1: a match of several games counts its draws"
}

// drawWinRule cites the rule of the choice of colour or draw-win.
func drawWinRule(id rules.ID) string {
	switch id {
	case rules.AOF:
		return "AOF Appendix C"
	case rules.EGP:
		return "EGP IV.9"
	}
	return "WOC IV.9"
}

// settleDraw applies the choice of colour or draw-win to a result entered
// for the game g at table in round n: in a game that must have a winner
// (a one-game match with the choice of colour or draw-win), a drawn game
// becomes a draw-win for the player the recorded choice gives it to; a
// draw-win must agree with the choice; a draw without a recorded choice is
// refused, saying how to record it, unless asRecorded keeps it as a file
// has it. Other games' results pass unchanged.
func (t *Tournament) settleDraw(n, table int, g *Game, res *Result, asRecorded bool) (*Result, error) {
	if r, ok := t.Round(n); !ok || r.counts() || r.Stage == StagePlacement {
		return res, nil
	}
	bp, _ := res.Points()
	if bp != 0.5 && res.Outcome != OutcomeDrawWin {
		return res, nil
	}
	kg, ok := t.knockoutGame(n, table)
	if !ok || !kg.drawWin {
		return res, nil
	}
	var holder Side // who wins the draw by the recorded choice
	if c := g.Choice; c != nil {
		holder = g.sideOf(c.Player)
		if c.Chose != ChoseDrawWin {
			holder = holder.Other()
		}
	}
	switch {
	case res.Outcome == OutcomeDrawWin && holder != "" && res.Winner != holder:
		return nil, Errorf(EINVALID, "%s chose %s, so a draw goes to %s (%s), not to %s", t.Describe(g.Choice.Player), g.Choice.Chose,
			t.Describe(g.player(holder)), drawWinRule(t.Rules), t.Describe(g.player(res.Winner)))
	case res.Outcome == OutcomeDrawWin:
		return res, nil
	case res.Outcome != OutcomeNormal:
		return nil, Errorf(EINVALID, "%s, game %d must have a winner: a %s cannot make it a draw; enter the drawn game as 32-32 and the choice of colour or draw-win decides it (%s)",
			kg.label, kg.number, res.Outcome, drawWinRule(t.Rules))
	case holder == "" && asRecorded:
		return res, nil
	case holder == "":
		return nil, Errorf(EINVALID, "round %d table %d is the %s, which must have a winner: a draw goes by %s's choice of colour or draw-win (%s), which was not recorded. "+
			"Record it with the result: 'outflank result %s %d %d 32-32 --choice black|white|draw-win' (his colour: the draw goes to %s; draw-win: the draw is his)",
			n, table, kg.label, t.Describe(kg.chooser), drawWinRule(t.Rules), t.Slug, n, table, t.Describe(g.opponentOf(kg.chooser)))
	}
	settled := *res
	settled.Outcome, settled.Winner = OutcomeDrawWin, holder
	return &settled, nil
}

// player returns the player who has side s in g.
func (g *Game) player(s Side) int {
	if s == White {
		return g.White
	}
	return g.Black
}

// describeChoice says what a recorded choice means for a draw.
func (t *Tournament) describeChoice(g Game) string {
	c := g.Choice
	if c == nil {
		return ""
	}
	if c.Chose == ChoseDrawWin {
		return fmt.Sprintf("%s chose draw-win", t.Describe(c.Player))
	}
	return fmt.Sprintf("%s chose %s", t.Describe(c.Player), c.Chose)
}

// CheckDrawWin refuses a draw-win entered for the game at table in round
// n where the rules have none: only a knockout game with the choice of
// colour or draw-win (WOC IV.9; II.3.2 playoffs, III.2.2 and III.3-4 one-
// game matches; AOF Appendix C) has a drawn game won by one player. A
// Swiss or round-robin game, or a game of a best-of-three match, counts a
// draw half a point each.
func (t *Tournament) CheckDrawWin(n, table int, res *Result) error {
	if res == nil || res.Outcome != OutcomeDrawWin || t.DrawWinApplies(n, table) {
		return nil
	}
	if kg, ok := t.knockoutGame(n, table); ok {
		return Errorf(EINVALID, "%s, game %d has no draw-win: %s; a drawn game is entered as 32-32, half a point each", kg.label, kg.number, colourOnlyRule(t.Rules))
	}
	r, _ := t.Round(n)
	stage := "this"
	if r != nil {
		stage = "a " + string(r.Stage)
	}
	return Errorf(EINVALID, "round %d table %d is %s game: a draw-win exists only in a knockout game with the choice of colour or draw-win (%s); a drawn game is entered as 32-32, half a point each",
		n, table, stage, drawWinRule(t.Rules))
}

// DrawWinApplies reports whether the game at table in round n is one whose
// draw goes to a player by the choice of colour or draw-win (WOC IV.9).
func (t *Tournament) DrawWinApplies(n, table int) bool {
	kg, ok := t.knockoutGame(n, table)
	return ok && kg.drawWin
}

// ChoiceOfDrawWin records the choice of colour or draw-win that a draw-win
// entered for the game at table in round n implies, when none was
// recorded: the draw-win is the chooser's if he took it (WOC IV.9 b), his
// opponent's if he chose his colour (IV.9 a), so the record says which,
// as if it had been given when the game was paired. It returns the choice
// recorded, nil when there was nothing to record.
func (t *Tournament) ChoiceOfDrawWin(n, table int) *Choice {
	g, err := t.Game(n, table)
	if err != nil || g.Choice != nil || g.Result == nil || g.Result.Outcome != OutcomeDrawWin {
		return nil
	}
	kg, ok := t.knockoutGame(n, table)
	if !ok || !kg.drawWin || kg.chooser == 0 {
		return nil
	}
	c := Choice{Player: kg.chooser, Chose: ChoseDrawWin}
	if side := g.sideOf(kg.chooser); g.Result.Winner != side {
		c.Chose = Decision(side)
	}
	g.Choice = &c
	return &c
}
