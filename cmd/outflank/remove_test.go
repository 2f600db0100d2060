package main

import (
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// TestRemoveRestoreImported (issue 26, point 6): undo of an import says
// what is true and points at remove; remove asks for the slug again and
// refuses a mistyped one; the removal is in the accounts' log with the
// log's last hash; restore brings the tournament back whole: the same
// export, the same log, 'log --verify' giving the same hash.
func TestRemoveRestoreImported(t *testing.T) {
	dir := shareddata.Dir(t, "elo")
	db := testDatabase(t, "r.db")
	must(t, "--db", db, "import", filepath.Join(dir, "20190212_25_Burijn_open.ELO"), "--slug", "burijn", "--rules", "bof-regional")
	code, _, errOut := runMain(t, "", "--db", db, "undo", "burijn")
	if code != 1 || strings.Contains(errOut, "every change since it was created has been undone") || !strings.Contains(errOut, "its latest change is its import (#1)") || !strings.Contains(errOut, "outflank remove burijn") {
		t.Errorf("undo of an import: exit %d %s", code, errOut)
	}
	must(t, "--db", db, "settings", "burijn", "--name", "25th Burijn open")
	verified := must(t, "--db", db, "log", "burijn", "--verify")
	exported := must(t, "--db", db, "export", "burijn")
	logged := must(t, "--db", db, "log", "burijn", "--json")

	if code, _, errOut := runMain(t, "burijm\n", "--db", db, "remove", "burijn"); code != 1 || !strings.Contains(errOut, "type burijn to confirm") {
		t.Errorf("a mistyped confirmation: exit %d %s", code, errOut)
	}
	if code, _, _ := runMain(t, "", "--db", db, "remove", "burijn"); code != 1 {
		t.Errorf("no confirmation: exit %d", code)
	}
	must(t, "--db", db, "status", "burijn")
	code, out, errOut := runMain(t, "burijn\n", "--db", db, "remove", "burijn")
	if code != 0 || !strings.Contains(out, "removed tournament burijn") || !strings.Contains(errOut, "Type its slug to confirm") {
		t.Fatalf("remove: exit %d %s %s", code, out, errOut)
	}
	if code, _, _ := runMain(t, "", "--db", db, "status", "burijn"); code != 1 {
		t.Errorf("status of the removed tournament: exit %d", code)
	}
	head := strings.Fields(verified)[len(strings.Fields(verified))-1]
	if accounts := must(t, "--db", db, "user", "log"); !strings.Contains(accounts, "removed tournament burijn") || !strings.Contains(accounts, head) {
		t.Errorf("user log after the removal (head %s):\n%s", head, accounts)
	}
	// Another tournament meanwhile: its log takes later ids.
	must(t, "--db", db, "new", "club", "--name", "Club", "--rules", "woc")
	must(t, "--db", db, "restore", "burijn")
	if got := must(t, "--db", db, "log", "burijn", "--verify"); got != verified {
		t.Errorf("log --verify after the restore:\n%s\nwant\n%s", got, verified)
	}
	if got := must(t, "--db", db, "export", "burijn"); got != exported {
		t.Errorf("the restored tournament's export differs")
	}
	if got := must(t, "--db", db, "log", "burijn", "--json"); got != logged {
		t.Errorf("the restored log differs")
	}
	if accounts := must(t, "--db", db, "user", "log"); !strings.Contains(accounts, "restored tournament burijn") {
		t.Errorf("user log after the restore:\n%s", accounts)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "restore", "burijn"); code != 1 || !strings.Contains(errOut, "no removed tournament") {
		t.Errorf("restore again: exit %d %s", code, errOut)
	}
	must(t, "--db", db, "remove", "club", "--yes")

	// The record written to a file is the tournament file with its log:
	// import reads it back whole, into another database, --verify giving
	// the same hash.
	record := filepath.Join(t.TempDir(), "burijn.json")
	must(t, "--db", db, "remove", "burijn", "--yes", "-o", record)
	other := testDatabase(t, "other.db")
	if code, _, errOut := runMain(t, "", "--db", other, "import", record, "--slug", "elsewhere"); code != 1 || !strings.Contains(errOut, "import it without --slug") {
		t.Errorf("a record imported under another slug: exit %d %s", code, errOut)
	}
	if out := must(t, "--db", other, "import", record); !strings.Contains(out, "with its whole log") {
		t.Errorf("import of the record: %s", out)
	}
	if got := must(t, "--db", other, "log", "burijn", "--verify"); got != verified {
		t.Errorf("log --verify of the imported record:\n%s\nwant\n%s", got, verified)
	}
	if got := must(t, "--db", other, "export", "burijn"); got != exported {
		t.Errorf("the imported record's export differs")
	}
}

// TestCircuitDecisionReplacedAndUndone (issue 26, point 7): a recorded
// decision can be replaced, the log saying what was decided before; an
// undo puts the first one back; the circuit can be deleted and restored.
func TestCircuitDecisionReplacedAndUndone(t *testing.T) {
	dir := shareddata.Dir(t, "elo")
	db := testDatabase(t, "c.db")
	must(t, "--db", db, "import", filepath.Join(dir, "20100313_Oadby_Regional.ELO"), "--slug", "oadby", "--rules", "bof-regional")
	must(t, "--db", db, "import", filepath.Join(dir, "20190608_Roma_open.ELO"), "--slug", "roma", "--rules", "bof-regional")
	must(t, "--db", db, "circuit", "new", "gp", "--rules", "bof-gp", "--year", "2010")
	must(t, "--db", db, "circuit", "add", "gp", "oadby", "roma")
	must(t, "--db", db, "circuit", "decide", "gp", "--winner", "LAI, Fabrizio", "--reason", "coin toss")
	must(t, "--db", db, "circuit", "decide", "gp", "--winner", "BARRASS, Iain", "--reason", "play-off game, 40-24")
	if got := circuitStandings(t, db, "gp").summary(); !strings.HasPrefix(got, "1 BARRASS, Iain 200; 2 LAI, Fabrizio 200") {
		t.Errorf("after the replaced decision: %s", got)
	}
	if log := must(t, "--db", db, "circuit", "log", "gp"); !strings.Contains(log, "replaced the decision: BARRASS, Iain (play-off game, 40-24) instead of LAI, Fabrizio (coin toss)") {
		t.Errorf("circuit log:\n%s", log)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "remove", "roma", "--yes"); code != 1 || !strings.Contains(errOut, "counts in circuit gp") {
		t.Errorf("removing a tournament of a circuit: exit %d %s", code, errOut)
	}
	must(t, "--db", db, "circuit", "undo", "gp")
	if got := circuitStandings(t, db, "gp").summary(); !strings.HasPrefix(got, "1 LAI, Fabrizio 200; 2 BARRASS, Iain 200") {
		t.Errorf("after undoing the replacement: %s", got)
	}
	before := must(t, "--db", db, "circuit", "standings", "gp")
	must(t, "--db", db, "circuit", "delete", "gp", "--yes")
	if code, _, _ := runMain(t, "", "--db", db, "circuit", "standings", "gp"); code != 1 {
		t.Errorf("standings of a deleted circuit: exit %d", code)
	}
	must(t, "--db", db, "circuit", "restore", "gp")
	if got := must(t, "--db", db, "circuit", "standings", "gp"); got != before {
		t.Errorf("restored circuit's standings:\n%s\nwant\n%s", got, before)
	}
}
