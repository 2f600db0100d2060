package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// aofFinal enters a 6-player AOF event (a 5-round round robin, AOF 1.2 a)
// in which the lower id wins every game, so #1 and #2 meet in the
// one-game final (AOF 4.2).
func aofFinal(t *testing.T) *tdb {
	d := newTDB(t)
	d.ok("new", "st", "--name", "Status", "--rules", "aof", "--rounds", "5")
	d.ok("player", "import", "st", writeFile(t, "p.csv", playersCSV(6)))
	for n := 1; n <= 5; n++ {
		d.ok("pair", "st")
		for _, g := range d.exportRounds("st").Rounds[n-1].Games {
			score := "40-24"
			if g.White < g.Black {
				score = "24-40"
			}
			d.ok("result", "st", itoa(n), itoa(g.Table), score)
		}
	}
	return d
}

// TestDrawInOneGameFinal: a drawn one-game final goes by the choice of
// colour or draw-win (WOC IV.9, AOF Appendix C), recorded when the match
// is paired or with the result; without it the draw is refused, saying
// how to record the choice (issue 11, point 2).
func TestDrawInOneGameFinal(t *testing.T) {
	d := aofFinal(t)
	d.ok("pair", "st")
	d.fail(1, "--choice", "result", "st", "6", "1", "32-32")
	d.fail(1, "#1 Player 01", "result", "st", "6", "1", "32-32")
	// #1 holds the draw-win: the draw is his.
	d.ok("result", "st", "6", "1", "32-32", "--choice", "draw-win")
	if w := winnerOf(t, d.ok("status", "st")); w != 1 {
		t.Errorf("the draw-win holder #1 should win, status names #%d", w)
	}
	// Take back the result and the pairing; pair again with #1 choosing
	// white: a draw now goes to his opponent (WOC IV.9 a).
	d.ok("undo", "st")
	d.ok("undo", "st")
	d.fail(1, "draw-win", "pair", "st", "--choice", "draw", "--json")
	out := d.ok("pair", "st", "--choice", "white", "--json")
	var paired struct {
		Games []struct{ Black, White int } `json:"games"`
	}
	if err := json.Unmarshal([]byte(out), &paired); err != nil {
		t.Fatal(err)
	}
	if len(paired.Games) != 1 || paired.Games[0].Black != 2 || paired.Games[0].White != 1 {
		t.Fatalf("#1 chose white: the final is %+v, want 2-1", paired.Games)
	}
	d.ok("result", "st", "6", "1", "32-32")
	if w := winnerOf(t, d.ok("status", "st")); w != 2 {
		t.Errorf("#1 chose his colour, so the draw goes to #2; status names #%d", w)
	}
	var file struct {
		Rounds []struct {
			Games []struct {
				Outcome string `json:"outcome"`
				Winner  string `json:"winner"`
				Choice  *struct {
					Player int    `json:"player"`
					Chose  string `json:"chose"`
				} `json:"choice"`
			} `json:"games"`
		} `json:"rounds"`
	}
	exported := d.ok("export", "st")
	if err := json.Unmarshal([]byte(exported), &file); err != nil {
		t.Fatal(err)
	}
	g := file.Rounds[5].Games[0]
	if g.Outcome != "draw-win" || g.Winner != "black" || g.Choice == nil || g.Choice.Player != 1 || g.Choice.Chose != "white" {
		t.Errorf("the final in the file: %+v (choice %+v)", g, g.Choice)
	}
	// The choice survives the file.
	fresh := newTDB(t)
	fresh.ok("import", writeFile(t, "st.json", exported))
	if again := fresh.ok("export", "st"); again != exported {
		t.Error("export after import differs: the choice is lost")
	}
}

// TestDrawInPlayoff is issue 11's drawn one-game playoff (WOC II.3.2): a
// 32-32 without the choice recorded is refused, not taken as a reason for
// a second playoff game; with it, the playoff is decided.
func TestDrawInPlayoff(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	d.ok("pair", "e2e")
	f := d.exportRounds("e2e")
	playoff := f.Rounds[5]
	if playoff.Stage != "playoff" {
		t.Fatalf("round 6 is %q, want the playoffs", playoff.Stage)
	}
	g := playoff.Games[0]
	d.fail(1, "--choice", "result", "e2e", "6", itoa(g.Table), "32-32")
	d.ok("result", "e2e", "6", itoa(g.Table), "32-32", "--choice", "draw-win")
	for _, other := range playoff.Games[1:] {
		d.ok("result", "e2e", "6", itoa(other.Table), "40-24")
	}
	var doc struct {
		Final []struct {
			Rank   int
			Player int
		} `json:"final"`
		Pending []any `json:"pending_playoffs"`
	}
	if err := json.Unmarshal([]byte(d.ok("standings", "e2e", "--list", "ifrl", "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Pending) != 0 || len(doc.Final) == 0 {
		t.Fatalf("after the playoffs: pending %v, final %v", doc.Pending, doc.Final)
	}
	for _, r := range doc.Final {
		if r.Player == g.Black && r.Rank > 4 {
			t.Errorf("#%d held the draw-win of the drawn playoff but is ranked %d", g.Black, r.Rank)
		}
	}
	if out := d.ok("pair", "e2e"); strings.Contains(out, "playoff") {
		t.Errorf("a second playoff was paired:\n%s", out)
	}
}

// TestPairRefusesOptionsThatDoNotApply (issue 11, point 3): --fix and
// --forbid in a knockout, --choice in a Swiss round are errors.
func TestPairRefusesOptionsThatDoNotApply(t *testing.T) {
	d := aofFinal(t)
	d.fail(1, "--fix", "pair", "st", "--fix", "2-1")
	d.fail(1, "--forbid", "pair", "st", "--forbid", "1-2")
	d.fail(1, "--seed", "pair", "st", "--seed", "4")
	d.fail(1, "no match", "pair", "st", "--match", "semi-final-1")
	d.ok("pair", "st")
	if n := len(d.exportRounds("st").Rounds); n != 6 {
		t.Errorf("%d rounds after the refusals and one pairing, want 6", n)
	}
	s := newTDB(t)
	s.ok("new", "sw", "--name", "Swiss", "--rules", "woc", "--rounds", "3")
	s.ok("player", "import", "sw", writeFile(t, "p.csv", playersCSV(30)), "--override", fieldOverride)
	s.fail(1, "--choice", "pair", "sw", "--choice", "black")
	s.fail(1, "--match", "pair", "sw", "--match", "final")
}

// TestThirdDayByMatch plays a WOC's third day by match names (issue 11,
// point 6): the games of a time slot have different tables, results are
// entered by match and game, status gives a line per match, and a
// director re-pairs one match of a slot without touching the others.
func TestThirdDayByMatch(t *testing.T) {
	d := newTDB(t)
	d.importTournament(wocTwelve(t))
	tables := func(round int) string {
		t.Helper()
		r := d.exportRounds("woc").Rounds[round-1]
		var ts []string
		for _, g := range r.Games {
			ts = append(ts, fmt.Sprintf("%d:%d-%d", g.Table, g.Black, g.White))
		}
		return r.Stage + " " + strings.Join(ts, " ")
	}
	// 9:30: four choosers, so a bare --choice is ambiguous.
	d.fail(1, "--choice 1=black", "pair", "woc", "--choice", "black")
	d.ok("pair", "woc", "--choice", "1=white", "--choice", "Player 09=draw-win", "--choice", "12=black")
	if got := tables(12) + "; " + tables(13); got != "semi-final 1:4-1 2:2-3; young-semi-final 3:12-9 4:10-11" {
		t.Errorf("9:30: %s", got)
	}
	status := d.ok("status", "woc")
	for _, line := range []string{"semi-final 1, game 1 (round 12 table 1): #4 Player 04 v #1 Player 01",
		"semi-final 2, game 1 (round 12 table 2): #2 Player 02 v #3 Player 03",
		"young semi-final 1, game 1 (round 13 table 3): #12 Player 12 v #9 Player 09",
		"young semi-final 2, game 1 (round 13 table 4): #10 Player 10 v #11 Player 11"} {
		if !containsLine(status, line) {
			t.Errorf("status lacks the line %q:\n%s", line, status)
		}
	}
	d.ok("result", "woc", "semi-final-1", "1", "24-40")
	d.ok("result", "woc", "semi-final 2", "1", "40-24")
	d.ok("result", "woc", "young-semi-final-1", "1", "32-32") // #9 holds the draw-win
	d.ok("result", "woc", "young-semi-final-2", "1", "40-24")
	d.fail(1, "semi-final-1 has 1 game", "result", "woc", "semi-final-1", "2", "40-24")
	d.fail(1, "semi-final-1, semi-final-2", "result", "woc", "semi-final", "1", "40-24", "--replace")

	d.ok("pair", "woc") // 10:50: game 2 of the semi-finals, the women's semi-finals
	if got := tables(14) + "; " + tables(15); got != "semi-final 1:1-4 2:3-2; women-semi-final 3:5-8 4:6-7" {
		t.Errorf("10:50: %s", got)
	}
	d.ok("result", "woc", "semi-final-1", "2", "40-24")
	d.ok("result", "woc", "semi-final-2", "2", "24-40")
	d.ok("result", "woc", "women-semi-final-1", "1", "40-24")
	d.ok("result", "woc", "women-semi-final-2", "1", "40-24")
	d.ok("pair", "woc") // 12:10: the young players' final and third place
	if got := tables(16) + "; " + tables(17); got != "young-final 1:9-10; young-third-place 2:11-12" {
		t.Errorf("12:10: %s", got)
	}
	d.ok("result", "woc", "young-final", "1", "40-24")
	d.ok("result", "woc", "young-third-place", "1", "40-24")

	// 14:10: the final first, alone, with #1 choosing white; then the rest
	// of the slot on the next tables.
	d.fail(1, "--replace", "pair", "woc", "--match", "final", "--replace")
	d.ok("pair", "woc", "--match", "final", "--choice", "white")
	d.fail(1, "--replace", "pair", "woc", "--match", "final")
	d.ok("pair", "woc")
	if got := tables(18) + "; " + tables(19) + "; " + tables(20); got != "final 1:2-1; third-place 2:3-4; women-third-place 3:7-8" {
		t.Errorf("14:10: %s", got)
	}
	// #7 chose white after all: re-pair that match alone, in place; undo
	// takes back only that.
	if out := d.ok("pair", "woc", "--match", "women-third-place", "--replace", "--choice", "white"); !strings.Contains(out, "re-paired round 20 table 3") {
		t.Errorf("pair --replace printed %q", out)
	}
	if got := tables(20); got != "women-third-place 3:8-7" {
		t.Errorf("re-paired: %s", got)
	}
	d.ok("undo", "woc")
	if got := tables(18) + "; " + tables(20); got != "final 1:2-1; women-third-place 3:7-8" {
		t.Errorf("after undo: %s", got)
	}
	d.ok("undo", "woc") // the third place and the women's third place
	if n := len(d.exportRounds("woc").Rounds); n != 18 {
		t.Errorf("undo after 'pair' took back the final too: %d rounds", n)
	}
	d.ok("pair", "woc")
	d.ok("result", "woc", "final", "1", "24-40")
	d.ok("result", "woc", "third-place", "1", "40-24")
	d.ok("result", "woc", "women-third-place", "1", "40-24")
	d.ok("pair", "woc") // 15:40: game 2 of the final, the women's final
	d.ok("result", "woc", "final", "2", "40-24")
	d.ok("result", "woc", "women-final", "1", "40-24")
	if w := winnerOf(t, d.ok("status", "woc")); w != 1 {
		t.Errorf("winner #%d, want #1", w)
	}
	// The tables of the time slots survive the tournament file.
	exported := d.ok("export", "woc")
	fresh := newTDB(t)
	fresh.ok("import", writeFile(t, "woc.json", exported))
	if again := fresh.ok("export", "woc"); again != exported {
		t.Error("export after import differs")
	}
	cross := d.ok("crosstable", "woc")
	header := strings.SplitN(cross, "\n", 3)[1]
	if strings.Contains(header, "r12") {
		t.Errorf("the knockout games are columns of the round-robin grid:\n%s", cross)
	}
	for _, want := range []string{"final: #1 Player 01 v #2 Player 02", "women's semi-final 1", "young third place"} {
		if !strings.Contains(cross, want) {
			t.Errorf("the crosstable does not show %q:\n%s", want, cross)
		}
	}
}

func containsLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == line || strings.HasPrefix(strings.TrimSpace(l), line) {
			return true
		}
	}
	return false
}
