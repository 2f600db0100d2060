package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// TestHandDrivenWOC runs a 12-player WOC from the command line as a
// director would, every step a command: registration, the single round
// robin (WOC II.2 b), a playoff for 4th place drawn and won by the draw-win
// its chooser took (II.3.2, IV.9), semi-finals with the young players'
// semi-finals in the same time slot (III.4.1, Appendix B), the women's
// title (III.3), and a final to game 3 in which the chooser takes white.
// It ends in the order of finish of the three titles (issue 11).
func TestHandDrivenWOC(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "woc", "--name", "WOC Test", "--rules", "woc", "--date", "2026-11-01")
	// Players 5-8 are women, 9-12 young players (born 2013).
	for i := 1; i <= 12; i++ {
		gender, born := "m", "1990-01-01"
		if i >= 5 && i <= 8 {
			gender = "f"
		}
		if i >= 9 {
			born = "2013-06-01"
		}
		d.ok("player", "add", "woc", "--name", fmt.Sprintf("Player %02d", i), "--gender", gender, "--born", born, "--country", "FRA",
			"--override", "a test field of one country, beyond WOC I.2's team")
	}

	// The round robin: the lower id wins 40-24, #4 by 50-14 (so #4 has the
	// better quotient), and #4 and #5 draw: they tie for 4th on 7.5.
	for r := 1; r <= 11; r++ {
		d.ok("pair", "woc", "--seed", "1")
		var round struct {
			Games []struct {
				Table        int
				Black, White struct{ ID int }
			}
		}
		if err := json.Unmarshal([]byte(d.ok("round", "show", "woc", fmt.Sprint(r), "--json")), &round); err != nil {
			t.Fatal(err)
		}
		if len(round.Games) != 6 {
			t.Fatalf("round %d has %d games, want 6 (a single round robin of 12: WOC II.2 b)", r, len(round.Games))
		}
		for _, g := range round.Games {
			b, w := g.Black.ID, g.White.ID
			score := "40-24"
			switch {
			case b+w == 9 && (b == 4 || b == 5):
				score = "32-32"
			case min(b, w) == 4:
				score = "50-14"
			}
			if min(b, w) == w && score != "32-32" {
				score = map[string]string{"40-24": "24-40", "50-14": "14-50"}[score]
			}
			d.ok("result", "woc", fmt.Sprint(r), fmt.Sprint(g.Table), score)
		}
	}
	if s := d.ok("status", "woc"); !strings.Contains(s, "playoff needed: #4 Player 04 v #5 Player 05 (4th and 5th on 7.5 points); #4 Player 04 chooses colour or draw-win") {
		t.Fatalf("after the round robin: %s", s)
	}

	// The playoff: #4 takes the draw-win, the game is drawn, #4 goes on.
	d.ok("pair", "woc", "--choice", "draw-win")
	if out := d.ok("result", "woc", "playoff", "1", "32-32"); !strings.Contains(out, "32-32 draw-win to black") {
		t.Errorf("the drawn playoff: %s", out)
	}

	// 9:30: both WOC semi-finals and both young players' semi-finals, at
	// tables 1-4 of the one time slot.
	out := d.ok("pair", "woc", "--choice", "1=black", "--choice", "2=black", "--choice", "9=draw-win", "--choice", "10=white")
	for _, want := range []string{"9:30-10:40", "   1  #1 Player 01", "   2  #2 Player 02", "   3  #9 Player 09", "   4  #11 Player 11"} {
		if !strings.Contains(out, want) {
			t.Errorf("the 9:30 pairing lacks %q:\n%s", want, out)
		}
	}
	d.ok("result", "woc", "semi-final-1", "1", "40-24")
	d.ok("result", "woc", "semi-final-2", "1", "30-34")
	d.ok("result", "woc", "young-semi-final-1", "1", "32-32") // #9's draw-win
	d.ok("result", "woc", "young-semi-final-2", "1", "20-44") // #10 (white) wins

	// 10:50: the semi-finals' second games and the women's semi-finals.
	d.ok("pair", "woc", "--choice", "5=white", "--choice", "6=draw-win")
	d.ok("result", "woc", "semi-final-1", "2", "24-40")       // #1 wins 2-0
	d.ok("result", "woc", "semi-final-2", "2", "40-24")       // #3 wins 2-0
	d.ok("result", "woc", "women-semi-final-1", "1", "24-40") // #5 (white) wins
	d.ok("result", "woc", "women-semi-final-2", "1", "32-32") // #6's draw-win

	// 12:10: the young players' final and third place.
	d.ok("pair", "woc")
	d.ok("result", "woc", "young-final", "1", "40-24")
	d.ok("result", "woc", "young-third-place", "1", "20-44")

	// 14:10: the final's first game (#1 takes white), the third places.
	out = d.ok("pair", "woc", "--choice", "1=white")
	if !regexp.MustCompile(`(?m)^\s+1  #3 Player 03\s+#1 Player 01`).MatchString(out) {
		t.Errorf("final game 1: #1 chose white:\n%s", out)
	}
	d.ok("result", "woc", "final", "1", "24-40")
	d.ok("result", "woc", "third-place", "1", "40-24")
	d.ok("result", "woc", "women-third-place", "1", "40-24")

	// 15:40: the final's second game and the women's final.
	d.ok("pair", "woc", "--choice", "5=draw-win")
	d.ok("result", "woc", "final", "2", "30-34") // 1-1
	d.ok("result", "woc", "women-final", "1", "32-32")

	// 17:10: game 3; #1, with more discs in games 1-2 (70 v 58), chooses
	// and takes white (WOC III.1); #3 wins it and the title.
	if s := d.ok("status", "woc"); !strings.Contains(s, "final, game 3: #1 Player 01 v #3 Player 03 (#1 Player 01 chooses colour: more discs in games 1-2)") {
		t.Errorf("before game 3: %s", s)
	}
	out = d.ok("pair", "woc", "--choice", "white")
	if !regexp.MustCompile(`(?m)^\s+1  #3 Player 03\s+#1 Player 01`).MatchString(out) {
		t.Errorf("final game 3: the chooser took white:\n%s", out)
	}
	d.ok("result", "woc", "final", "3", "40-24")

	if s := d.ok("status", "woc"); !strings.Contains(s, "the event is complete; the winner is #3 Player 03; women's champion #5 Player 05; young players' champion #9 Player 09") {
		t.Errorf("at the end: %s", s)
	}
	standings := d.ok("standings", "woc")
	want := []string{
		"order of finish",
		"From place 6 on, the places are the ranks of the final list.", // said once, not "list, rank N" on each row
		"1     #3 Player 03", "won the final 2-1 (24-40, 34-30, 40-24)",
		"2     #1 Player 01", "lost the final 1-2",
		"3     #2 Player 02", "won the third place 40-24",
		"4     #4 Player 04", "lost the third place 24-40",
		"5     #5 Player 05", "lost the playoff 4th v 5th 32-32 draw-win",
		"6     #6 Player 06                          6       710    350\n",
		"12    #12 Player 12",
		"women's order of finish",
		"1     #5 Player 05", "won the women's final 32-32 draw-win",
		"2     #6 Player 06", "3     #7 Player 07", "won the women's third place", "4     #8 Player 08",
		"young players' order of finish",
		"1     #9 Player 09", "won the young final 40-24",
		"2     #10 Player 10", "3     #12 Player 12", "won the young third place 44-20", "4     #11 Player 11",
	}
	at := 0
	for _, w := range want {
		i := strings.Index(standings[at:], w)
		if i < 0 {
			t.Fatalf("the order of finish lacks %q (in this order):\n%s", w, standings)
		}
		at += i + len(w)
	}
	if out := d.ok("log", "woc", "--verify"); !strings.Contains(out, "is intact") {
		t.Errorf("log --verify: %s", out)
	}
}
