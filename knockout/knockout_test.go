package knockout

import (
	"strings"
	"testing"
)

// g builds a game from the higher-ranked player's side: colour, discs, and
// points by discs (a draw is ½).
func g(higherBlack bool, higherDiscs int) Game {
	p := 0.5
	switch {
	case higherDiscs > 32:
		p = 1
	case higherDiscs < 32:
		p = 0
	}
	return Game{HigherBlack: higherBlack, HigherDiscs: higherDiscs, LowerDiscs: 64 - higherDiscs, HigherPoints: p}
}

func TestMatches(t *testing.T) {
	drawWinToLower := Game{HigherBlack: true, HigherDiscs: 32, LowerDiscs: 32, HigherPoints: 0}
	for _, tc := range []struct {
		name   string
		format Format
		games  []Game
		done   bool
		winner Side
		reason string
		next   *Next
	}{
		{"best of three, before game 1: the higher-ranked chooses", BestOfThree, nil, false, 0, "", &Next{Number: 1, Chooser: Higher}},
		{"game 2 reverses the colours", BestOfThree, []Game{g(true, 40)}, false, 0, "", &Next{Number: 2, Fixed: true, HigherBlack: false}},
		{"2-0: no third game", BestOfThree, []Game{g(true, 40), g(false, 35)}, true, Higher, "won the first two games", nil},
		{"0-2 for the lower-ranked", BestOfThree, []Game{g(false, 20), g(true, 30)}, true, Lower, "won the first two games", nil},
		{"1-1: the one with more discs chooses game 3", BestOfThree, []Game{g(true, 40), g(false, 10)}, false, 0, "", &Next{Number: 3, Chooser: Lower}},
		{"1-1 on equal discs: the higher-ranked chooses", BestOfThree, []Game{g(true, 40), g(false, 24)}, false, 0, "", &Next{Number: 3, Chooser: Higher}},
		{"2-1", BestOfThree, []Game{g(true, 40), g(false, 10), g(true, 33)}, true, Higher, "more points", nil},
		{"1-2", BestOfThree, []Game{g(true, 40), g(false, 10), g(false, 30)}, true, Lower, "more points", nil},
		{"win, draw: a third game", BestOfThree, []Game{g(true, 40), g(false, 32)}, false, 0, "", &Next{Number: 3, Chooser: Higher}},
		{"1-1-1 with draws: discs decide", BestOfThree, []Game{g(true, 40), g(false, 20), g(true, 32)}, true, Lower, "equal points, more discs", nil},
		{"three draws, discs tie: the higher-ranked", BestOfThree, []Game{g(true, 32), g(false, 32), g(true, 32)}, true, Higher, "equal points and discs: the higher-ranked", nil},
		{"two games 1-1, more discs", TwoGames, []Game{g(true, 40), g(false, 30)}, true, Higher, "equal points, more discs", nil},
		{"two games 1-1, discs tie", TwoGames, []Game{g(true, 40), g(false, 24)}, true, Higher, "equal points and discs: the higher-ranked", nil},
		{"two games 0.5-1.5", TwoGames, []Game{g(true, 32), g(false, 20)}, true, Lower, "more points", nil},
		{"one game: colour or draw-win", OneGame, nil, false, 0, "", &Next{Number: 1, Chooser: Higher, DrawWin: true}},
		{"one game won", OneGame, []Game{g(false, 20)}, true, Lower, "won the game", nil},
		{"one game, draw-win to the lower-ranked", OneGame, []Game{drawWinToLower}, true, Lower, "won the game", nil},
		{"BOF play-off drawn: the Swiss winner", BOFPlayoff, []Game{g(true, 32)}, true, Higher, "BOF National 7", nil},
		{"BOF play-off: colours decided by the higher finisher", BOFPlayoff, nil, false, 0, "", &Next{Number: 1, Chooser: Higher}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Play(tc.format, tc.games)
			if err != nil {
				t.Fatal(err)
			}
			if s.Done != tc.done || (tc.done && (s.Winner != tc.winner || !strings.Contains(s.Reason, tc.reason))) {
				t.Errorf("done %v winner %v (%s), want done %v winner %v (%s)", s.Done, s.Winner, s.Reason, tc.done, tc.winner, tc.reason)
			}
			if (s.Next == nil) != (tc.next == nil) || (s.Next != nil && *s.Next != *tc.next) {
				t.Errorf("next %+v, want %+v", s.Next, tc.next)
			}
		})
	}
}

func TestRefused(t *testing.T) {
	for _, tc := range []struct {
		name   string
		format Format
		games  []Game
		want   string
	}{
		{"game 2 with the same colours", BestOfThree, []Game{g(true, 40), g(true, 30)}, "reversed"},
		{"a third game after 2-0", BestOfThree, []Game{g(true, 40), g(false, 40), g(true, 40)}, "one too many"},
		{"a fourth game", BestOfThree, []Game{g(true, 40), g(false, 20), g(true, 40), g(false, 40)}, "one too many"},
		{"a third game of two", TwoGames, []Game{g(true, 40), g(false, 20), g(true, 40)}, "one too many"},
		{"a drawn one-game match without its draw-win", OneGame, []Game{g(true, 32)}, "draw-win"},
		{"two games of a one-game match", OneGame, []Game{g(true, 40), g(false, 40)}, "one game"},
		{"impossible discs", BestOfThree, []Game{{HigherDiscs: 40, LowerDiscs: 40, HigherPoints: 1}}, "add up to 64"},
	} {
		if _, err := Play(tc.format, tc.games); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}
