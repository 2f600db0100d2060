package main

import (
	"strings"
	"testing"
)

// TestCrosstableMarksAndNames (issue 11, point 11): the crosstable marks
// time defaults, forfeits, byes and withdrawals; the team list names the
// players it counts; status on an empty event says how to add players.
func TestCrosstableMarksAndNames(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	cross := d.ok("crosstable", "e2e")
	for _, want := range []string{"33-31t", "31-33t", "64-0f", "0-64f", "0-64t", "bye", "wd", "withdrew after round 3", "t time default", "f forfeit"} {
		if !strings.Contains(cross, want) {
			t.Errorf("the crosstable lacks %q:\n%s", want, cross)
		}
	}
	teams := d.ok("standings", "e2e", "--list", "tfrl")
	for _, want := range []string{"#1 Tamaru, Hideshi", "#6 Dubois, Léa"} {
		if !strings.Contains(teams, want) {
			t.Errorf("the team list does not name %q:\n%s", want, teams)
		}
	}
	if strings.Contains(teams, "[") {
		t.Errorf("the team list prints ids:\n%s", teams)
	}
	d.ok("new", "empty", "--name", "Empty", "--rules", "woc")
	if out := d.ok("status", "empty"); !strings.Contains(out, "no players yet") || !strings.Contains(out, "outflank player add empty") {
		t.Errorf("status of an empty event: %q", out)
	}
}
