package main

import (
	"strings"
	"testing"
)

// TestLateEntryWarning: a player registered once a round robin has begun
// is never paired in it, and the command says so; in a Swiss system it
// says from which round the player is paired, and (where absences are
// allowed) how to score the rounds missed.
func TestLateEntryWarning(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "rr", "--name", "Round Robin", "--rules", "bof-regional", "--rounds", "7")
	d.ok("player", "import", "rr", writeFile(t, "p.csv", playersCSV(8)))
	d.ok("pair", "rr")
	code, out, stderr := d.run("player", "add", "rr", "--name", "Late, Comer")
	if code != 0 || !strings.Contains(out, "added player #9") ||
		!strings.Contains(stderr, "warning: #9 Late, Comer: the round robin began in round 1 with its 8 players and runs to round 7; a late entry is not one of them and is not paired in it") ||
		!strings.Contains(stderr, "'outflank player remove rr 9' takes the entry back") {
		t.Errorf("late entry in a round robin: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	code, _, stderr = d.run("player", "import", "rr", writeFile(t, "late.csv", "name\nLate A\nLate B\n"))
	if code != 0 || !strings.Contains(stderr, "warning: #10 Late A, #11 Late B: the round robin began in round 1") {
		t.Errorf("late import in a round robin: exit %d, stderr %q", code, stderr)
	}

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
