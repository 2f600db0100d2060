package main

import (
	"strings"
	"testing"
)

// TestRoundAddSurprises: a round entered by hand before the previous one's
// results, with a rematch or with a player left out, is refused where a
// rulebook forbids it, unless --force, and warned about otherwise.
func TestRoundAddSurprises(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "w", "--name", "WOC-style Open", "--rules", "woc", "--rounds", "5")
	d.ok("player", "import", "w", writeFile(t, "p.csv", playersCSV(4)))
	d.ok("round", "add", "w", "--pair", "1-2", "--pair", "3-4", "--stage", "swiss")
	d.fail(1, "round 1 table 1 (#1 Player 01 v #2 Player 02) and 1 other games have no result yet, and a Swiss round is paired on the points so far (WOC II.7.2 b)",
		"round", "add", "w", "--pair", "1-3", "--pair", "2-4")
	d.fail(1, "add --force to enter it anyway", "round", "add", "w", "--pair", "1-3", "--pair", "2-4")
	d.ok("result", "w", "1", "1", "40-24")
	d.ok("result", "w", "1", "2", "40-24")
	d.fail(1, "table 1: #2 Player 02 and #1 Player 01 have met before (WOC II.7.2 a", "round", "add", "w", "--pair", "2-1", "--pair", "3-4")
	d.fail(1, "#4 Player 04 has no game and no bye in round 2: every player who has not withdrawn plays each round", "round", "add", "w", "--pair", "1-3", "--bye", "2")
	code, out, stderr := d.run("round", "add", "w", "--pair", "2-1", "--pair", "4-3", "--force")
	if code != 0 || !strings.Contains(out, "[forced: 2 rule(s) overridden]") || !strings.Contains(stderr, "warning: table 1: #2 Player 02 and #1 Player 01 have met before") {
		t.Errorf("round add --force: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if log := d.ok("log", "w"); !strings.Contains(log, "[forced: 2 rule(s) overridden]") {
		t.Errorf("the log does not say the round was forced:\n%s", log)
	}

	// At a BOF Regional a player may be absent (BOF 11): a warning that
	// says how to record it; a round robin's next round before the results
	// is a warning too.
	b := newTDB(t)
	b.ok("new", "b", "--name", "Regional", "--rules", "bof-regional", "--rounds", "7")
	b.ok("player", "import", "b", writeFile(t, "p.csv", playersCSV(5)))
	code, _, stderr = b.run("round", "add", "b", "--pair", "1-2", "--pair", "3-4", "--stage", "round-robin")
	if code != 0 || !strings.Contains(stderr, "warning: #5 Player 05 has no game and no bye in round 1: if absent, record it ('outflank player absent b 5 --rounds 1')") {
		t.Errorf("a player left out at a BOF Regional: exit %d, stderr %q", code, stderr)
	}
	b.ok("player", "absent", "b", "5", "--rounds", "1")
	code, _, stderr = b.run("round", "add", "b", "--pair", "1-3", "--pair", "2-5", "--bye", "4")
	if code != 0 || !strings.Contains(stderr, "have no result yet: enter them as the score sheets come in") {
		t.Errorf("a round robin's round before the results: exit %d, stderr %q", code, stderr)
	}
}
