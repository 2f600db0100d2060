package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestStatusWalksTheEvent(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "st", "--name", "Status", "--rules", "aof", "--rounds", "5")
	d.ok("player", "import", "st", writeFile(t, "p.csv", playersCSV(6)))
	if out := d.ok("status", "st"); !strings.Contains(out, "round 1 of 5 to pair") {
		t.Errorf("status before round 1: %q", out)
	}
	d.ok("pair", "st")
	if out := d.ok("status", "st"); !strings.Contains(out, "enter the results of round 1") {
		t.Errorf("status with results missing: %q", out)
	}
	for n := 1; n <= 5; n++ {
		if n > 1 {
			d.ok("pair", "st")
		}
		f := d.exportRounds("st")
		for _, g := range f.Rounds[n-1].Games {
			d.ok("result", "st", itoa(n), itoa(g.Table), "40-24")
		}
	}
	// AOF 4.2-4.3: the top two play a one-game final; the better-ranked
	// chooses colour or draw-win.
	if out := d.ok("status", "st"); !strings.Contains(out, "final, game 1") || !strings.Contains(out, "chooses colour or draw-win") {
		t.Errorf("status before the final: %q", out)
	}
	d.ok("pair", "st")
	f := d.exportRounds("st")
	last := f.Rounds[len(f.Rounds)-1]
	if last.Stage != "final" || len(last.Games) != 1 {
		t.Fatalf("final round %+v", last)
	}
	d.ok("result", "st", itoa(last.Round), "1", "30-34")
	if out := d.ok("status", "st"); !strings.Contains(out, "the event is complete; the winner is") {
		t.Errorf("status at the end: %q", out)
	}
	d.fail(1, "st is complete", "pair", "st")
}

func TestSimulateCommand(t *testing.T) {
	code, stdout, stderr := runMain(t, "", "simulate", "--rules", "bof-national", "--players", "12", "--seed", "3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var f struct {
		Format string `json:"format"`
		Rounds []struct {
			Stage string `json:"stage"`
			Games []struct {
				Moves string `json:"moves"`
			} `json:"games"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(stdout), &f); err != nil {
		t.Fatalf("not one JSON document: %v", err)
	}
	if f.Format != "outflank/1" || len(f.Rounds) < 10 || f.Rounds[9].Stage != "final" || f.Rounds[0].Games[0].Moves == "" {
		t.Errorf("simulated BOF National: %d rounds, last stage %q", len(f.Rounds), f.Rounds[len(f.Rounds)-1].Stage)
	}
	_, again, _ := runMain(t, "", "simulate", "--rules", "bof-national", "--players", "12", "--seed", "3", "--json")
	if again != stdout {
		t.Error("the same seed simulated a different event")
	}
	code, text, _ := runMain(t, "", "simulate", "--rules", "woc", "--players", "10", "--seed", "1")
	if code != 0 || !strings.Contains(text, "the event is complete") {
		t.Errorf("simulate text: %q", text)
	}
	// It ends with the order of finish: the final's winner first, with
	// the result that placed him (issue 11, point 13).
	if i := strings.Index(text, "order of finish"); i < 0 || !strings.Contains(text[i:], "\n  1     ") || !strings.Contains(text[i:], "won the final") {
		t.Errorf("simulate does not end with the order of finish:\n%s", text)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"simulate", "--players", "10"}, 2, "usage: outflank simulate"},
		{[]string{"simulate", "--rules", "fide", "--players", "10"}, 1, `unknown ruleset "fide"`},
		{[]string{"simulate", "--rules", "woc", "--players", "1"}, 1, "give 2 to 100000 players"},
	} {
		code, _, stderr := runMain(t, "", tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d %q, want %d %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestEGPTenPlayers runs an EGP of 10 players from the command line without
// --rounds: a round robin of 9 rounds (EGP II.2), then two-game
// semi-finals for the top four while places 5-10 play a two-round Swiss,
// then the final and the third place.
func TestEGPTenPlayers(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "egp", "--name", "EGP Ten", "--rules", "egp", "--date", "2026-05-02", "--minutes", "25", "--draw-seed", "4")
	d.ok("player", "import", "egp", writeFile(t, "p.csv", playersCSV(10)))
	if out := d.ok("status", "egp"); !strings.Contains(out, "round 1 of 9 to pair") {
		t.Fatalf("status before round 1: %q", out)
	}
	// pair pairs the next step; in every game the player listed first in
	// the CSV (lower id) wins.
	played := 0
	pair := func() string {
		out := d.ok("pair", "egp")
		f := d.exportRounds("egp")
		for _, r := range f.Rounds[played:] {
			for _, g := range r.Games {
				score := "40-24"
				if g.White < g.Black {
					score = "24-40"
				}
				d.ok("result", "egp", itoa(r.Round), itoa(g.Table), score)
			}
		}
		played = len(f.Rounds)
		return out
	}
	for range 9 {
		pair()
	}
	out := d.ok("status", "egp")
	for _, want := range []string{"semi-final 1, game 1: #1 Player 01 v #4 Player 04 (#1 Player 01 chooses colour)",
		"semi-final 2, game 1: #2 Player 02 v #3 Player 03", "placement round 1 of 2 between places 5-10"} {
		if !strings.Contains(out, want) {
			t.Errorf("status after the round robin: %q lacks %q", out, want)
		}
	}
	if out := pair(); !strings.Contains(out, "round 10: semi-final") || !strings.Contains(out, "round 11: placement round 1 of 2") {
		t.Fatalf("pair after the round robin printed %q", out)
	}
	if out := pair(); !strings.Contains(out, "round 12: semi-final") || !strings.Contains(out, "round 13: placement round 2 of 2") {
		t.Fatalf("the second pair after the round robin printed %q", out)
	}
	out = d.ok("status", "egp")
	if !strings.Contains(out, "third place, game 1: #3 Player 03 v #4 Player 04") || !strings.Contains(out, "final, game 1: #1 Player 01 v #2 Player 02") || !strings.Contains(out, "30 minutes each") {
		t.Fatalf("status after the semi-finals: %q", out)
	}
	pair() // the final's game 1 and the third place
	pair() // the final's game 2: Player 01 wins 2-0
	if out := d.ok("status", "egp"); !strings.Contains(out, "the event is complete; the winner is #1 Player 01") {
		t.Errorf("status at the end: %q", out)
	}
	stages := map[string]int{}
	for _, r := range d.exportRounds("egp").Rounds {
		stages[r.Stage]++
	}
	if stages["round-robin"] != 9 || stages["semi-final"] != 2 || stages["placement"] != 2 || stages["final"] != 2 || stages["third-place"] != 1 {
		t.Errorf("stages %v", stages)
	}
	d.fail(1, "egp is complete", "pair", "egp")
}

// TestTimeControlChecked: a time control below the ruleset's minimum is
// refused when the event is created (WOC IV.1: 25 minutes; AOF 2.1: 20).
func TestTimeControlChecked(t *testing.T) {
	d := newTDB(t)
	d.fail(1, "WOC IV.1", "new", "w", "--name", "W", "--rules", "woc", "--minutes", "20")
	d.ok("new", "a", "--name", "A", "--rules", "aof", "--minutes", "20")
	d.fail(1, "at least 20 minutes", "new", "b", "--name", "B", "--rules", "aof", "--minutes", "15")
}
