package web

import (
	"strings"
	"testing"
)

// TestConsoleWords: the domain's messages, which name the command line's
// commands and flags, are said in the console's words: no command, no
// flag, a capital letter.
func TestConsoleWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"round 1 table 2 already has a result (40-24 won by black): add --replace to change it",
			"Round 1 table 2 already has a result (40-24 won by black): type its table again to replace it"},
		{"no players yet: add them with 'outflank player add club --name NAME' or 'outflank player import club FILE.csv'",
			"No players yet: register them on the Players page"},
		{"round 3 of 7 to pair ('outflank pair club')", "Round 3 of 7 to pair"},
		{"playoffs needed (WOC II.3.2; 'outflank pair woc')", "Playoffs needed (WOC II.3.2)"},
		{"the latest change of club is now #9 (result: r1, by ann), not #8: nothing was undone; look at 'outflank log club' and undo again",
			"The latest change of club is now #9 (result: r1, by ann), not #8: nothing was undone; look at the Log page and undo again"},
		{`a penalty needs a reason (--reason "..."): WOC V.2`, "A penalty needs a reason (in the Reason field): WOC V.2"},
		{"a forfeit needs the player who lost it: --loser black or --loser white", "A forfeit needs the player who lost it: choose in “How it ended” who lost it"},
		{"a time default needs the player whose flag fell: --defaulter black or --defaulter white", "A time default needs the player whose flag fell: choose in “How it ended” whose flag fell"},
		{"a normal result needs the score (e.g. 40-24, black's discs first) or the transcript (--moves)", "A normal result needs the score (e.g. 40-24, black's discs first) or the transcript"},
		{"round 4 was paired meanwhile: nothing was saved; 'outflank status club' says what comes next", "Round 4 was paired meanwhile: nothing was saved; the console's banner says what comes next"},
		{"Ann is paired in round 2 (table 1): a game not played is entered as a result: 'outflank result club 2 1 --outcome unplayed --loser black'",
			"Ann is paired in round 2 (table 1): a game not played is entered as a result: “not played” in “How it ended” on the Results page"},
		{"Ann already withdrew after round 2, and a withdrawn player may not re-enter (WOC II.8); 'outflank undo' reverts a withdrawal entered by mistake",
			"Ann already withdrew after round 2, and a withdrawn player may not re-enter (WOC II.8); Undo reverts a withdrawal entered by mistake"},
		{"score \"forty\": write black's discs, a hyphen, white's discs (e.g. 40-24)", "Score \"forty\": write black's discs, a hyphen, white's discs (e.g. 40-24)"},
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
