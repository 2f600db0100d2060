package main

import (
	"strings"
	"testing"
)

// TestLateEntryWarning: a player registered once a round robin has begun
// would never be paired in it: the entry is refused, with the way out
// (make the event a Swiss before round 2 is paired: BOF general rule 8),
// after which the entry is paired from round 2; in a Swiss system the
// command says from which round the player is paired, and (where absences
// are allowed) how to score the rounds missed.
func TestLateEntryWarning(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "rr", "--name", "Round Robin", "--rules", "bof-regional", "--rounds", "7")
	d.ok("player", "import", "rr", writeFile(t, "p.csv", playersCSV(8)))
	d.ok("pair", "rr")
	code, out, stderr := d.run("player", "add", "rr", "--name", "Late, Comer")
	if code != 1 || !strings.Contains(stderr, "#9 Late, Comer cannot join: the round robin began in round 1 with its 8 players") ||
		!strings.Contains(stderr, "make the event a Swiss first ('outflank settings rr --system swiss', allowed until round 2 is paired: BOF general rule 8") {
		t.Errorf("late entry in a round robin: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	code, _, stderr = d.run("player", "import", "rr", writeFile(t, "late.csv", "name\nLate A\nLate B\n"))
	if code != 1 || !strings.Contains(stderr, "#9 Late A, #10 Late B cannot join: the round robin began in round 1") {
		t.Errorf("late import in a round robin: exit %d, stderr %q", code, stderr)
	}
	if list := d.ok("player", "list", "rr"); strings.Contains(list, "Late") {
		t.Errorf("a refused entry was registered:\n%s", list)
	}
	if out := d.ok("settings", "rr", "--system", "swiss"); !strings.Contains(out, "system: 8 players, 7 rounds: a Swiss system (the director's choice: BOF general rule 8") {
		t.Errorf("settings --system swiss: %q", out)
	}
	code, _, stderr = d.run("player", "add", "rr", "--name", "Late, Comer")
	if code != 0 || !strings.Contains(stderr, "warning: #9 Late, Comer: a late entry, paired from round 2") {
		t.Errorf("late entry once the event is a Swiss: exit %d, stderr %q", code, stderr)
	}
	for table := 1; table <= 4; table++ {
		d.ok("result", "rr", "1", itoa(table), "40-24")
	}
	if out := d.ok("pair", "rr"); !strings.Contains(out, "swiss: bof") || !strings.Contains(out, "Late, Comer") {
		t.Errorf("round 2 after the switch:\n%s", out)
	}
	d.fail(1, "round 2 is paired: the round robin goes on to its end", "settings", "rr", "--system", "rules")

	s := newTDB(t)
	s.ok("new", "sw", "--name", "Swiss", "--rules", "bof-regional", "--rounds", "7")
	s.ok("player", "import", "sw", writeFile(t, "p.csv", playersCSV(12)))
	s.ok("pair", "sw")
	code, _, stderr = s.run("player", "add", "sw", "--name", "Late, Comer")
	if code != 0 || !strings.Contains(stderr, "warning: #13 Late, Comer: a late entry, paired from round 2; round 1 counts as not played") ||
		!strings.Contains(stderr, "'outflank player absent sw 13 --rounds 1'") {
		t.Errorf("late entry in a Swiss: exit %d, stderr %q", code, stderr)
	}
	s.ok("player", "absent", "sw", "13", "--rounds", "1")
	if code, _, stderr := s.run("player", "add", "sw", "--name", "Early, Bird"); code != 0 || !strings.Contains(stderr, "paired from round 2") {
		t.Errorf("second late entry: exit %d, stderr %q", code, stderr)
	}
	b := newTDB(t)
	b.ok("new", "before", "--name", "Before", "--rules", "woc")
	// (Gender and birth date given: a WOC warns of them when missing.)
	if code, _, stderr := b.run("player", "add", "before", "--name", "On, Time", "--gender", "f", "--born", "1990-01-01"); code != 0 || stderr != "" {
		t.Errorf("an entry before round 1: exit %d, stderr %q", code, stderr)
	}
}

// TestImportLatin1CSV: a players CSV saved in Latin-1 imports with its
// accents (it was refused as not UTF-8), and says how it was read;
// --encoding says it outright.
func TestImportLatin1CSV(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "l", "--name", "Latin", "--rules", "custom")
	code, _, stderr := d.run("player", "import", "l", writeFile(t, "excel.csv", "name,country\n\"Dubois, L\xe9a\",FRA\n\"M\xfcller, J\xfcrgen\",GER\n"))
	if code != 0 || !strings.Contains(stderr, "note: excel.csv is not UTF-8: read as Latin-1 (Windows-1252)") {
		t.Fatalf("Latin-1 import: exit %d, stderr %q", code, stderr)
	}
	list := d.ok("player", "list", "l")
	if !strings.Contains(list, "Dubois, Léa") || !strings.Contains(list, "Müller, Jürgen") {
		t.Errorf("names after a Latin-1 import:\n%s", list)
	}
	code, _, stderr = d.run("player", "import", "l", writeFile(t, "quote.csv", "name\n\"O\x92Brien, Sean\"\n"), "--encoding", "latin-1")
	if code != 0 || stderr != "" || !strings.Contains(d.ok("player", "list", "l"), "O\u2019Brien, Sean") {
		t.Errorf("--encoding latin-1: exit %d, stderr %q", code, stderr)
	}
	d.fail(1, "contains bytes that are not UTF-8 text", "player", "import", "l", writeFile(t, "bad.csv", "name\nB\xe9a\n"), "--encoding", "utf-8")
	d.fail(1, `encoding "ebcdic": use auto, utf-8 or latin-1`, "player", "import", "l", writeFile(t, "x.csv", "name\nX\n"), "--encoding", "ebcdic")
}
