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
