package outflank_test

import (
	"strings"
	"testing"

	"outflank"
)

// TestNoSilentChoiceOfColour is issue 24's point 12: with AskChoices (the
// console) a chooser whose decision is neither given nor said to be
// untold is refused, and so is a draw-win whose opponent's colour is
// neither; said to be untold, the game is paired with a note saying which
// colours it got for now. A draw-win with the opponent's colour gives
// that colour to the opponent (WOC IV.9 b).
func TestNoSilentChoiceOfColour(t *testing.T) {
	tour := newWOC(t, 12, []int{5, 6, 7, 8}, []int{9, 10, 11, 12})
	for len(tour.Rounds) < 11 {
		if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
			t.Fatal(err)
		}
		playRoundsFrom(t, tour, len(tour.Rounds))
	}
	given := []outflank.ChoiceOption{{Player: 1, Chose: outflank.ChoseBlack}, {Player: 2, Chose: outflank.ChoseWhite}, {Player: 10, Chose: outflank.ChoseBlack}}
	for _, c := range []struct {
		choices []outflank.ChoiceOption
		untold  []int
		want    string
	}{
		{given, nil, "young semi-final 1, game 1: #9 Player 09's choice of colour or draw-win is not given (WOC IV.9): give it, or say that he has not told it yet"},
		{append(given, outflank.ChoiceOption{Player: 9, Chose: outflank.ChoseDrawWin}), nil,
			"young semi-final 1, game 1: after #9 Player 09's draw-win #12 Player 12 chooses the colours (WOC IV.9 b): give #12 Player 12's colour"},
		{append(given, outflank.ChoiceOption{Player: 9, Chose: outflank.ChoseBlack}), []int{12}, "#9 Player 09 has the choice of colour in the young semi-final 1, not #12 Player 12"},
		{given, []int{1}, "#1 Player 01's choice is given (black) and said not to be told yet"},
		{given, []int{9, 7}, "#7 Player 07 has no choice of colour in this pairing"},
	} {
		copied := tour.Clone()
		if _, err := copied.PairNext(outflank.PairOptions{Choices: c.choices, Untold: c.untold, AskChoices: true}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("choices %v, untold %v: %v\nwant %q", c.choices, c.untold, err, c.want)
		}
	}
	copied := tour.Clone()
	p, err := copied.PairNext(outflank.PairOptions{Choices: append(given, outflank.ChoiceOption{Player: 9, Chose: outflank.ChoseDrawWin}), Untold: []int{12}, AskChoices: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Notes) != 1 || !strings.Contains(p.Notes[0], "#12 Player 12, who chooses the colours (WOC IV.9 b), has not told his colour yet, so he plays white for now") {
		t.Errorf("notes: %q", p.Notes)
	}
	p, err = tour.PairNext(outflank.PairOptions{Choices: append(given, outflank.ChoiceOption{Player: 9, Chose: outflank.ChoseDrawWin}, outflank.ChoiceOption{Player: 12, Chose: outflank.ChoseBlack}), AskChoices: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Notes) != 0 {
		t.Errorf("every choice given, yet notes: %q", p.Notes)
	}
	if got := tablesOf(tour, 12, 13); got != "12/1:1-4 12/2:3-2 13/3:12-9 13/4:10-11" {
		t.Errorf("9:30: %s", got)
	}
}
