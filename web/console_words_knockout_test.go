package web

import (
	"strings"
	"testing"
)

// TestConsoleWordsKnockoutGames: the messages of a knockout game not
// needed, withdrawn or paired for want of a choice name no command line
// in the console (issue 24, points 12, 13).
func TestConsoleWordsKnockoutGames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"semi-final 1, game 3 (round 16 table 1, #1 A v #4 B) is not needed: the semi-final 1 is decided; withdraw it with 'outflank round withdraw woc 16 1'",
			"Semi-final 1, game 3 (round 16 table 1, #1 A v #4 B) is not needed: the semi-final 1 is decided; withdraw it on the Results page"},
		{"semi-final 1, game 2 (round 14 table 1) was played (40-24) and its match stands on it: correct its result ('outflank result woc 14 1 SCORE --replace'), or undo it",
			"Semi-final 1, game 2 (round 14 table 1) was played (40-24) and its match stands on it: correct its result (type its table again on the Results page), or undo it"},
		{"round 3 is a swiss round: only a knockout game is withdrawn alone; a round paired by mistake is taken back whole with 'outflank undo woc'",
			"Round 3 is a swiss round: only a knockout game is withdrawn alone; a round paired by mistake is taken back whole with Undo"},
		{"young semi-final 1, game 1: #9 A has not told his choice of colour yet, so he plays black for now; re-pair the game with 'outflank pair woc --match young-semi-final-1 --replace --choice ...' once told",
			"Young semi-final 1, game 1: #9 A has not told his choice of colour yet, so he plays black for now; pair the match again on the Pair page once told"},
	} {
		got := consoleWords(c.in)
		if got != c.want {
			t.Errorf("consoleWords(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
		if strings.Contains(got, "'outflank") || strings.Contains(got, " --") {
			t.Errorf("%q still names the command line", got)
		}
	}
}
