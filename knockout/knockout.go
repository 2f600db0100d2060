// Package knockout decides the matches of the knockout stages: best-of-three
// semi-finals and finals (WOC III.1, EGP III.1), two-game semi-finals (EGP
// II.5), one-game matches with the choice of colour or draw-win (WOC
// III.2.2, III.3-4, IV.9; AOF 4.2-4.3 and Appendix C) and the BOF National
// play-off (BOF National 4-7). It says what the next game needs and, once a
// match is decided, who won and why. It is pure.
package knockout

import "fmt"

// Side is one of a match's two players: the higher-ranked in the list that
// seeded the match, or the lower.
type Side int8

const (
	Higher Side = iota
	Lower
)

// String returns "higher" or "lower".
func (s Side) String() string {
	if s == Higher {
		return "higher"
	}
	return "lower"
}

// Format is how a match is played.
type Format int8

const (
	// BestOfThree: the higher-ranked chooses colour for game 1, colours
	// are reversed for game 2, no game 3 after a player won both, the
	// player with more discs over games 1-2 (tie: the higher-ranked)
	// chooses for game 3; winner by points, then total discs, then the
	// higher-ranked (WOC III.1, EGP III.1).
	BestOfThree Format = iota
	// TwoGames: as BestOfThree without the third game; winner by points,
	// then discs, then the higher-ranked (EGP II.5).
	TwoGames
	// OneGame: the higher-ranked has the choice of colour or draw-win, so a
	// draw always has a winner, recorded as a draw-win (WOC IV.9).
	OneGame
	// BOFPlayoff: one game, the higher Swiss finisher decides colours, and
	// a drawn play-off goes to him (BOF National 6-7).
	BOFPlayoff
)

// Game is one game of a match seen from the higher-ranked player: his
// colour, the official discs, and his points (1, ½ or 0; a draw-win counts
// as a win for its holder).
type Game struct {
	HigherBlack             bool
	HigherDiscs, LowerDiscs int
	HigherPoints            float64
	// Recorded: the game is as a file recorded it, played long ago; its
	// colours are taken as written, not checked against the match's
	// (a game 2 a file writes with game 1's colours still counts).
	Recorded bool
}

// Next is what the next game of a match needs.
type Next struct {
	Number int
	// Chooser has the choice of colour, unless Fixed.
	Chooser Side
	// Fixed colours: the higher-ranked is black if HigherBlack (game 2 of a
	// match: colours reversed).
	Fixed       bool
	HigherBlack bool
	// DrawWin: the chooser may choose colour, or let the other choose and
	// win a draw (WOC IV.9).
	DrawWin bool
}

// State is a match so far.
type State struct {
	Games                     int
	HigherPoints, LowerPoints float64
	HigherDiscs, LowerDiscs   int
	Done                      bool
	Winner                    Side
	Reason                    string // how the match was decided
	Next                      *Next  // nil once Done
}

// Play returns the state of a match of format f after games. It refuses a
// sequence the rules do not allow: too many games, game 2 without reversed
// colours, a drawn one-game match without its draw-win holder.
func Play(f Format, games []Game) (State, error) {
	var s State
	for i, g := range games {
		if g.HigherDiscs < 0 || g.LowerDiscs < 0 || g.HigherDiscs+g.LowerDiscs != 64 {
			return s, fmt.Errorf("knockout: game %d: discs %d-%d do not add up to 64", i+1, g.HigherDiscs, g.LowerDiscs)
		}
		if g.HigherPoints != 0 && g.HigherPoints != 0.5 && g.HigherPoints != 1 {
			return s, fmt.Errorf("knockout: game %d: points %v", i+1, g.HigherPoints)
		}
		s.Games++
		s.HigherPoints += g.HigherPoints
		s.LowerPoints += 1 - g.HigherPoints
		s.HigherDiscs += g.HigherDiscs
		s.LowerDiscs += g.LowerDiscs
	}
	switch f {
	case BestOfThree:
		return bestOf(s, games, 3)
	case TwoGames:
		return bestOf(s, games, 2)
	case OneGame, BOFPlayoff:
		return oneGame(f, s, games)
	}
	return s, fmt.Errorf("knockout: unknown format %d", f)
}

func bestOf(s State, games []Game, length int) (State, error) {
	if len(games) >= 2 && games[1].HigherBlack == games[0].HigherBlack && !games[1].Recorded {
		return s, fmt.Errorf("knockout: game 2 must have the colours of game 1 reversed (WOC III.1)")
	}
	wonBoth := len(games) >= 2 && wonBothOf(games[:2])
	switch {
	case len(games) > length || (len(games) == 3 && wonBoth):
		return s, fmt.Errorf("knockout: game %d is one too many: the match was decided", len(games))
	case len(games) == 0:
		s.Next = &Next{Number: 1, Chooser: Higher}
	case len(games) == 1:
		s.Next = &Next{Number: 2, Fixed: true, HigherBlack: !games[0].HigherBlack}
	case len(games) == 2 && length == 3 && !wonBoth:
		chooser := Higher
		if s.LowerDiscs > s.HigherDiscs {
			chooser = Lower // more discs over games 1-2 chooses (WOC III.1)
		}
		s.Next = &Next{Number: 3, Chooser: chooser}
	default:
		s.Done = true
		switch {
		case wonBoth:
			s.Winner, s.Reason = sideOf(games[0].HigherPoints == 1), "won the first two games"
		case s.HigherPoints != s.LowerPoints:
			s.Winner, s.Reason = sideOf(s.HigherPoints > s.LowerPoints), "more points"
		case s.HigherDiscs != s.LowerDiscs:
			s.Winner, s.Reason = sideOf(s.HigherDiscs > s.LowerDiscs), "equal points, more discs"
		default:
			s.Winner, s.Reason = Higher, "equal points and discs: the higher-ranked"
		}
	}
	return s, nil
}

// wonBothOf reports whether one player won both games (not a draw each).
func wonBothOf(games []Game) bool {
	return games[0].HigherPoints == games[1].HigherPoints && games[0].HigherPoints != 0.5
}

func oneGame(f Format, s State, games []Game) (State, error) {
	switch len(games) {
	case 0:
		s.Next = &Next{Number: 1, Chooser: Higher, DrawWin: f == OneGame}
		return s, nil
	case 1:
	default:
		return s, fmt.Errorf("knockout: a one-game match has one game, not %d", len(games))
	}
	s.Done = true
	switch h := games[0].HigherPoints; {
	case h == 1:
		s.Winner, s.Reason = Higher, "won the game"
	case h == 0:
		s.Winner, s.Reason = Lower, "won the game"
	case f == BOFPlayoff:
		s.Winner, s.Reason = Higher, "a drawn play-off goes to the Swiss winner (BOF National 7)"
	default:
		s.Done = false
		return s, fmt.Errorf("knockout: the one-game match is drawn: record it as a draw-win for the player who held it (WOC IV.9)")
	}
	return s, nil
}

func sideOf(higher bool) Side {
	if higher {
		return Higher
	}
	return Lower
}
