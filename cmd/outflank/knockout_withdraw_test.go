package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestCorrectedSemiFinalWithdrawsGameThree is issue 24's point 13 at the
// command line: semi-final 1's game 2 entered wrongly (1-1), game 3
// paired at 12:10 with the young players' final and third place, then
// game 2 corrected to a 2-0. The correction says game 3 is not needed
// (WOC III.1) and how to withdraw it; a result for it and the next
// pairing are refused until it is; 'round withdraw' takes back that game
// alone, the young players' games keeping their rounds and tables; undo
// puts it back.
func TestCorrectedSemiFinalWithdrawsGameThree(t *testing.T) {
	d := newTDB(t)
	d.importTournament(wocTwelve(t))
	games := func(from, to int) string {
		t.Helper()
		var parts []string
		for _, r := range d.exportRounds("woc").Rounds[from-1 : to] {
			for _, g := range r.Games {
				parts = append(parts, fmt.Sprintf("%d/%d:%d-%d", r.Round, g.Table, g.Black, g.White))
			}
		}
		return strings.Join(parts, " ")
	}
	d.ok("pair", "woc", "--choice", "1=black", "--choice", "2=black", "--choice", "9=black", "--choice", "10=black") // 9:30
	for _, game := range []string{"semi-final-1", "semi-final-2", "young-semi-final-1", "young-semi-final-2"} {
		d.ok("result", "woc", game, "1", "40-24")
	}
	d.ok("pair", "woc", "--choice", "5=black", "--choice", "6=black") // 10:50
	d.ok("result", "woc", "14", "1", "40-24")                         // wrongly: #4 won it
	d.ok("result", "woc", "semi-final-2", "2", "24-40")
	d.ok("result", "woc", "women-semi-final-1", "1", "40-24")
	d.ok("result", "woc", "women-semi-final-2", "1", "40-24")
	d.ok("pair", "woc", "--choice", "1=black", "--choice", "9=black", "--choice", "11=black") // 12:10
	before := games(16, 18)
	if before != "16/1:1-4 17/2:9-10 18/3:11-12" {
		t.Fatalf("12:10: %s", before)
	}

	code, stdout, stderr := d.run("result", "woc", "14", "1", "24-40", "--replace")
	if code != 0 || !strings.Contains(stdout, "saved: round 14 table 1") ||
		!strings.Contains(stderr, "warning: semi-final 1, game 3 (round 16 table 1, #1 Player 01 v #4 Player 04) is not needed: the semi-final 1 is decided, #1 Player 01 won the first two games (WOC III.1") ||
		!strings.Contains(stderr, "withdraw it with 'outflank round withdraw woc 16 1'") {
		t.Fatalf("the correction: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if status := d.ok("status", "woc"); !strings.HasPrefix(status, "a knockout game is not needed: withdraw it\n") {
		t.Errorf("status:\n%s", status)
	}
	d.fail(1, "semi-final 1, game 3 (round 16 table 1", "result", "woc", "semi-final-1", "3", "40-24")
	d.ok("result", "woc", "young-final", "1", "40-24")
	d.ok("result", "woc", "young-third-place", "1", "40-24")
	d.fail(1, "is not needed", "pair", "woc")
	d.fail(1, "was played (24-40) and its match stands on it", "round", "withdraw", "woc", "14", "1")

	if out := d.ok("round", "withdraw", "woc", "semi-final-1", "3"); !strings.Contains(out, "saved: withdrew round 16 table 1 (semi-final 1, game 3): #1 Player 01 v #4 Player 04, not needed") {
		t.Errorf("round withdraw printed %q", out)
	}
	if got := games(17, 18); got != "17/2:9-10 18/3:11-12" || len(d.exportRounds("woc").Rounds[15].Games) != 0 {
		t.Errorf("after the withdrawal: %s, round 16 %+v", got, d.exportRounds("woc").Rounds[15])
	}
	d.ok("undo", "woc")
	if got := games(16, 18); got != before {
		t.Errorf("undo: %s, want %s", got, before)
	}
	d.ok("round", "withdraw", "woc", "16", "1")
	d.ok("pair", "woc", "--choice", "1=black", "--choice", "3=black", "--choice", "7=black") // 14:10
	// The last round's only game withdrawn: the round goes; undo brings
	// both back.
	slot := games(19, 21)
	d.ok("round", "withdraw", "woc", "women-third-place", "1")
	if n := len(d.exportRounds("woc").Rounds); n != 20 {
		t.Errorf("the women's third place withdrawn: %d rounds, want 20", n)
	}
	d.ok("undo", "woc")
	if got := games(19, 21); got != slot {
		t.Errorf("undo: %s, want %s", got, slot)
	}
	// The tournament file keeps the empty round and the tables.
	exported := d.ok("export", "woc")
	fresh := newTDB(t)
	fresh.ok("import", writeFile(t, "woc.json", exported))
	if again := fresh.ok("export", "woc"); again != exported {
		t.Error("export after import differs")
	}
}

// TestPairSaysWhatItChoseForWantOfAChoice is issue 24's point 12 at the
// command line: a knockout game paired without its chooser's decision,
// or without the colour of the opponent of a draw-win, says which colours
// it gave and how to pair it again, on stderr and in --json.
func TestPairSaysWhatItChoseForWantOfAChoice(t *testing.T) {
	d := newTDB(t)
	d.importTournament(wocTwelve(t))
	code, _, stderr := d.run("pair", "woc", "--choice", "1=white", "--choice", "9=draw-win", "--choice", "10=black")
	if code != 0 {
		t.Fatalf("pair: %d %s", code, stderr)
	}
	for _, want := range []string{
		"note: semi-final 2, game 1: #2 Player 02 has not told his choice of colour yet, so he plays black for now; re-pair the game with 'outflank pair woc --match semi-final-2 --replace --choice ...' once told",
		"note: young semi-final 1, game 1: #9 Player 09 took the draw-win, and #12 Player 12, who chooses the colours (WOC IV.9 b), has not told his colour yet, so he plays white for now",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("pair's stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "note: semi-final 1,") || strings.Contains(stderr, "young semi-final 2") {
		t.Errorf("a note for a choice given:\n%s", stderr)
	}
	d.ok("undo", "woc")
	var doc struct {
		Notes []string `json:"notes"`
	}
	out := d.ok("pair", "woc", "--json", "--choice", "1=white", "--choice", "2=black", "--choice", "9=draw-win", "--choice", "12=black", "--choice", "10=black")
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Notes) != 0 {
		t.Errorf("every choice given: notes %q (%v)", doc.Notes, err)
	}
	// #12 took black after #9's draw-win: #12 black, #9 white.
	if got := d.exportRounds("woc").Rounds[12].Games[0]; got.Black != 12 || got.White != 9 {
		t.Errorf("young semi-final 1: %d v %d, want #12 black", got.Black, got.White)
	}
}
