package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlayerEdit corrects registrations: only the fields given change, by
// the rules of player add; the change is logged field by field and undone
// by undo.
func TestPlayerEdit(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "ed", "--name", "Edit Open", "--rules", "woc")
	d.ok("player", "add", "ed", "--name", "Smiht, Anna", "--country", "GBR", "--rating", "1500", "--born", "2010-02-03")
	d.ok("player", "add", "ed", "--name", "Jones, Ben", "--wof-id", "77")
	before := d.ok("export", "ed")

	out := d.ok("player", "edit", "ed", "Smiht, Anna", "--name", "Smith, Anna", "--country", "be", "--rating", "1610")
	for _, want := range []string{`saved: edited #1 Smiht, Anna: name "Smiht, Anna" → "Smith, Anna"; country "GBR" → "BEL"; rating 1500 → 1610`} {
		if !strings.Contains(out, want) {
			t.Errorf("player edit printed %q, want %q", out, want)
		}
	}
	var file struct {
		Players []struct {
			Name, Country, Born string
			Rating              int
		}
	}
	if err := json.Unmarshal([]byte(d.ok("export", "ed")), &file); err != nil {
		t.Fatal(err)
	}
	if p := file.Players[0]; p.Name != "Smith, Anna" || p.Country != "BEL" || p.Rating != 1610 || p.Born != "2010-02-03" {
		t.Errorf("after the edit: %+v (the birth date was not to change)", p)
	}
	// Clearing a field is giving it empty.
	d.ok("player", "edit", "ed", "1", "--born", "")
	if !strings.Contains(d.ok("log", "ed"), "player.edit") {
		t.Error("the edit is not in the log")
	}

	d.fail(1, `already has a player named "Jones, Ben"`, "player", "edit", "ed", "1", "--name", "jones, ben")
	d.fail(1, "already has WOF player 77", "player", "edit", "ed", "1", "--wof-id", "77")
	d.fail(1, `country "XY"`, "player", "edit", "ed", "1", "--country", "XY")
	d.fail(1, "birth date of", "player", "edit", "ed", "1", "--born", "2010-13-01")
	d.fail(1, "contains a control character", "player", "edit", "ed", "1", "--name", "Smith\x1b[2J")
	d.fail(1, "nothing to change", "player", "edit", "ed", "2", "--rating", "0")
	d.fail(1, `no player named "Nobody"`, "player", "edit", "ed", "Nobody", "--rating", "3")
	d.fail(2, "give at least one of", "player", "edit", "ed", "1")

	d.ok("undo", "ed")
	d.ok("undo", "ed")
	if got := d.ok("export", "ed"); got != before {
		t.Errorf("two undos did not give back the registrations:\n%s\nwant:\n%s", got, before)
	}
}
