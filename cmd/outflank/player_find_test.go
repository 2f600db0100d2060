package main

import (
	"encoding/json"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// TestPlayerAddByNameFromDatabase: with --players-db and a name but no
// WOF id, the real WOF database is searched by name: one player named so
// is registered with the WOF's id, spelling, country and rating; several,
// or close names only, are offered to choose from; nobody close means a
// player new to the WOF.
func TestPlayerAddByNameFromDatabase(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	d.ok("new", "n", "--name", "Names Open", "--rules", "aof")
	if out := d.ok("player", "add", "n", "--name", "ricardo acuna", "--players-db", db); !strings.Contains(out, "added player #1 ACUNA, Ricardo (WOF 280016, from joueurs.txt)") {
		t.Errorf("player add by name printed %q", out)
	}
	d.fail(1, "2 players of joueurs.txt are named \"Coll\":\n      692  COLL, Pablo (ARG, 1489)\n   280007  COLL, Ramiro (ARG, unrated)\nGive the one you mean with --wof-id N",
		"player", "add", "n", "--name", "Coll", "--players-db", db)
	d.fail(1, "nobody in joueurs.txt is named \"Pepijn Van Dam\", but 1 player has a close name:\n   270085  VAN DAMME, Pepijn (BEL, -90)\nGive the one you mean with --wof-id N, or add --new",
		"player", "add", "n", "--name", "Pepijn Van Dam", "--players-db", db)
	if out := d.ok("player", "add", "n", "--name", "Pepijn Van Dam", "--new", "--players-db", db); !strings.Contains(out, "added player #2 Pepijn Van Dam (not in joueurs.txt: new to the WOF)") {
		t.Errorf("player add --new printed %q", out)
	}
	if out := d.ok("player", "add", "n", "--name", "Zyxw Qvuts", "--players-db", db); !strings.Contains(out, "(not in joueurs.txt: new to the WOF)") {
		t.Errorf("player add of a name nobody has printed %q", out)
	}
	d.ok("player", "add", "n", "--wof-id", "692", "--players-db", db)
	var list struct {
		Players []struct {
			Name    string `json:"name"`
			Country string `json:"country"`
			Rating  int    `json:"rating"`
			WOFID   int    `json:"wof_id"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("player", "list", "n", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	if p := list.Players[0]; p.Name != "ACUNA, Ricardo" || p.Country != "ARG" || p.Rating != 1714 || p.WOFID != 280016 {
		t.Errorf("player found by name: %+v", p)
	}
	if p := list.Players[1]; p.WOFID != 0 || p.Rating != 0 {
		t.Errorf("player registered as new: %+v", p)
	}
}

// TestPlayerFind: the database searched by words of a name (case and
// accents ignored) or by WOF id.
func TestPlayerFind(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	out := d.ok("player", "find", "van damme", "--players-db", db)
	for _, want := range []string{"   5909  VAN DAMME, Brecht (BEL, 1675)\n", " 270085  VAN DAMME, Pepijn (BEL, -90)\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("player find van damme lacks %q:\n%s", want, out)
		}
	}
	if out := d.ok("player", "find", "cicco  ALBA", "--players-db", db); !strings.Contains(out, "280000  DE CICCO, Alba (ARG, 1036)") {
		t.Errorf("player find cicco ALBA: %q", out)
	}
	if out := d.ok("player", "find", "Ana\u0301hi", "--players-db", db); !strings.Contains(out, "280085  ALVARADO, Anahi (ARG, 1126)") {
		t.Errorf("player find with a decomposed accent: %q", out)
	}
	if out := d.ok("player", "find", "692", "--players-db", db); out != "    692  COLL, Pablo (ARG, 1489)\n" {
		t.Errorf("player find 692: %q", out)
	}
	if out := d.ok("player", "find", "Zyxw", "--players-db", db); !strings.Contains(out, "nobody in joueurs.txt matches \"Zyxw\"") {
		t.Errorf("player find of nobody: %q", out)
	}
	if out := d.ok("player", "find", "a", "--players-db", db, "--limit", "3"); strings.Count(out, "\n") != 4 || !strings.Contains(out, "more (--limit 0 lists them all") {
		t.Errorf("player find a --limit 3:\n%s", out)
	}
	var doc struct {
		Players []struct {
			WOFID   int    `json:"wof_id"`
			Surname string `json:"surname"`
			Rating  *int   `json:"rating"`
		} `json:"players"`
		More int `json:"more"`
	}
	if err := json.Unmarshal([]byte(d.ok("player", "find", "coll", "--players-db", db, "--json")), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Players) < 2 || doc.Players[0].WOFID != 692 || doc.Players[1].Rating != nil || doc.More != 0 {
		t.Errorf("player find coll --json: %+v", doc)
	}
	d.fail(2, "usage: outflank player find", "player", "find", "coll")
}

// TestNegativeRatingWarning: a negative rating typed by hand is kept (WOF
// ratings can be negative) with a warning; one from the database is not
// warned about.
func TestNegativeRatingWarning(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	d.ok("new", "r", "--name", "Ratings", "--rules", "woc")
	const want = "warning: rating -5 of Typo, Tom is negative: kept, since WOF ratings can be below 0, but check it is not a typo"
	if code, _, stderr := d.run("player", "add", "r", "--name", "Typo, Tom", "--rating", "-5"); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("player add --rating -5: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := d.run("player", "edit", "r", "1", "--rating", "-7"); code != 0 || !strings.Contains(stderr, "warning: rating -7 of Typo, Tom is negative") {
		t.Errorf("player edit --rating -7: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := d.run("player", "import", "r", writeFile(t, "p.csv", "name,rating\nMinus One,-1\nPlus One,1\n")); code != 0 ||
		!strings.Contains(stderr, "warning: rating -1 of Minus One (p.csv, player 1) is negative") || strings.Contains(stderr, "of Plus One") {
		t.Errorf("player import with a negative rating: exit %d, stderr %q", code, stderr)
	}
	// (At a WOC each of them is warned about the gender and birth date
	// its lists need: TestPlayerDetailsWOC.)
	if code, _, stderr := d.run("player", "add", "r", "--wof-id", "270085", "--players-db", db); code != 0 || strings.Contains(stderr, "negative") {
		t.Errorf("a negative rating from the database: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := d.run("player", "add", "r", "--name", "Zero", "--rating", "0"); code != 0 || strings.Contains(stderr, "negative") {
		t.Errorf("rating 0: exit %d, stderr %q", code, stderr)
	}
}
