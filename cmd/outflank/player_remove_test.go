package main

import (
	"strings"
	"testing"
)

// TestPlayerRemove: a registration is taken back before the player's
// first game (and undone like any change); a player who has played must
// withdraw instead.
func TestPlayerRemove(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "r", "--name", "Remove Open", "--rules", "woc", "--rounds", "3")
	d.ok("player", "import", "r", writeFile(t, "p.csv", playersCSV(4)))
	d.ok("player", "add", "r", "--name", "Mistake, Typed")
	if out := d.ok("player", "remove", "r", "Mistake, Typed"); !strings.Contains(out, "saved: removed player #5 Mistake, Typed") {
		t.Errorf("player remove printed %q", out)
	}
	if list := d.ok("player", "list", "r"); strings.Contains(list, "Mistake") {
		t.Errorf("the removed player is still listed:\n%s", list)
	}
	d.ok("undo", "r")
	if list := d.ok("player", "list", "r"); !strings.Contains(list, "Mistake, Typed") {
		t.Errorf("undo did not bring the player back:\n%s", list)
	}
	d.ok("player", "remove", "r", "5")
	d.ok("round", "add", "r", "--pair", "1-2", "--pair", "3-4")
	d.fail(1, "#1 Player 01 plays in round 1, so is part of the event: a player who has played withdraws instead ('outflank player withdraw r 1')", "player", "remove", "r", "1")
	d.fail(1, `no player named "Nobody"`, "player", "remove", "r", "Nobody")
	d.ok("log", "r", "--verify")
}
