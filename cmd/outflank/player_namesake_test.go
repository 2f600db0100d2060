package main

import (
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// TestPlayerAddNamesakes: 'player add --name' with the real joueurs.txt
// never takes one of several namesakes: "marconi" and "puzzo" list every
// player of the surname with his WOF id, the rated first by rating, the
// event's country (ITA) before others, and register nobody (the console
// once took MARCONI, Paola of ARG, unrated, the first in the file, for
// Flavio; PUZZO, Claudia for Giulio). The full name, or the WOF id,
// registers the one meant, with the database's rating.
func TestPlayerAddNamesakes(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	d.ok("new", "roma", "--name", "Roma Open", "--rules", "custom", "--place", "ITA")
	d.fail(1, "4 players of joueurs.txt are named \"marconi\":\n"+
		"       36  MARCONI, Francesco (ITA, 2076)\n"+
		"     3066  MARCONI, Flavio (ITA, 1050)\n"+
		"     2882  MARCONI, Marco (ITA, unrated)\n"+
		"   280036  MARCONI, Paola (ARG, unrated)\n"+
		"Give the one you mean with --wof-id N", "player", "add", "roma", "--name", "marconi", "--players-db", db)
	d.fail(1, "3 players of joueurs.txt are named \"Puzzo\":\n"+
		"       43  PUZZO, Luigi (ITA, 1649)\n"+
		"    40125  PUZZO, Giulio (ITA, 872)\n"+
		"    40034  PUZZO, Claudia (ITA, unrated)\n"+
		"Give the one you mean with --wof-id N", "player", "add", "roma", "--name", "Puzzo", "--players-db", db)
	if out := d.ok("player", "list", "roma"); !strings.Contains(out, "has no players yet") {
		t.Fatalf("a namesake was registered:\n%s", out)
	}
	if out := d.ok("player", "add", "roma", "--name", "Flavio Marconi", "--players-db", db); !strings.Contains(out, "added player #1 MARCONI, Flavio (WOF 3066, from joueurs.txt)") {
		t.Errorf("the full name: %q", out)
	}
	if out := d.ok("player", "add", "roma", "--wof-id", "40125", "--players-db", db); !strings.Contains(out, "added player #2 PUZZO, Giulio (WOF 40125, from joueurs.txt)") {
		t.Errorf("the WOF id: %q", out)
	}
	// A prefix alone is a close name, never taken on its own.
	d.fail(1, "nobody in joueurs.txt is named \"puzzo giu\", but 1 player has a close name:\n    40125  PUZZO, Giulio (ITA, 872)\n",
		"player", "add", "roma", "--name", "puzzo giu", "--players-db", db)
	out := d.ok("player", "list", "roma")
	for _, want := range []string{"MARCONI, Flavio                  ITA       1050", "PUZZO, Giulio                    ITA        872"} {
		if !strings.Contains(out, want) {
			t.Errorf("player list lacks %q:\n%s", want, out)
		}
	}
	// player find lists in the same order.
	if out := d.ok("player", "find", "marconi", "--players-db", db); !strings.HasPrefix(out, "     36  MARCONI, Francesco (ITA, 2076)\n   3066  MARCONI, Flavio (ITA, 1050)\n") {
		t.Errorf("player find marconi:\n%s", out)
	}
}

// TestPlayerDetailsWOC: at a WOC, a player registered from the database
// (no gender, no birth date) is warned about, and 'player list' lists
// those still missing; group A and the additional player are corrected
// with 'player edit' (group A until round 1 is paired, WOC II.7.1); an
// additional player who makes the field odd is pointed out (WOC II.2).
func TestPlayerDetailsWOC(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	d.ok("new", "w", "--name", "WOC", "--rules", "woc", "--date", "2026-11-05")
	for _, p := range [][]string{{"Ann", "FRA", "f"}, {"Bo", "GBR", "m"}, {"Cy", "JPN", "m"}} {
		d.ok("player", "add", "w", "--name", p[0], "--country", p[1], "--gender", p[2], "--born", "1990-01-01")
	}
	code, _, stderr := d.run("player", "add", "w", "--wof-id", "3066", "--players-db", db)
	if code != 0 || !strings.Contains(stderr, "warning: no gender and no birth date recorded for #4 MARCONI, Flavio: the women's list and the young players' list (WOC II.5-6, III.3-4) cannot include them") {
		t.Errorf("player add from the database: exit %d, stderr %q", code, stderr)
	}
	if _, _, stderr := d.run("player", "list", "w"); !strings.Contains(stderr, "warning: no gender recorded for 1 player (MARCONI, Flavio); no birth date recorded for 1 player (MARCONI, Flavio)") {
		t.Errorf("player list: stderr %q", stderr)
	}
	if code, _, stderr := d.run("player", "edit", "w", "4", "--gender", "m"); code != 0 || !strings.Contains(stderr, "warning: no birth date recorded for #4 MARCONI, Flavio") {
		t.Errorf("player edit --gender: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := d.run("player", "edit", "w", "4", "--born", "1970-05-06"); code != 0 || stderr != "" {
		t.Errorf("player edit --born: exit %d, stderr %q", code, stderr)
	}
	if _, _, stderr := d.run("player", "list", "w"); stderr != "" {
		t.Errorf("player list once every detail is known: %q", stderr)
	}
	if out := d.ok("player", "edit", "w", "Bo", "--seeded"); !strings.Contains(out, "group A (seeded, WOC II.7.1) no → yes") {
		t.Errorf("player edit --seeded: %q", out)
	}
	code, out, stderr := d.run("player", "add", "w", "--name", "Host, Extra", "--country", "ITA", "--gender", "m", "--born", "1980-01-01", "--additional")
	if code != 0 || !strings.Contains(stderr, "warning: #5 Host, Extra is the additional player, and with them the field is odd (5 players)") {
		t.Errorf("an additional player making the field odd: exit %d, %q, stderr %q", code, out, stderr)
	}
	if code, _, stderr := d.run("player", "edit", "w", "Host, Extra", "--additional=false"); code != 0 || stderr != "" {
		t.Errorf("player edit --additional=false: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := d.run("player", "edit", "w", "Host, Extra", "--additional"); code != 0 || !strings.Contains(stderr, "field is odd (5 players)") {
		t.Errorf("player edit --additional: exit %d, stderr %q", code, stderr)
	}
	d.ok("player", "add", "w", "--name", "Dee", "--country", "USA", "--gender", "f", "--born", "1990-01-01")
	d.ok("pair", "w")
	d.fail(1, "group A decides only the draw of the first round (WOC II.7.1), and round 1 of w is paired", "player", "edit", "w", "Bo", "--seeded=false")
}
