package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// eloGameLine matches a game of an .ELO file: "7001 (36)>(28) 900003 B",
// or "7001 > 900003" without discs.
var eloGameLine = regexp.MustCompile(`\d+ (\(\d+\)[<>=]\(\d+\)|[<>=]) +\d+`)

// TestStatusWarnsUnrated_BOFRatings1: status says when a BOF Regional's
// games will not be rated, with each rule (BOF Ratings 1 a-c) and the
// command that changes it; 'settings' changes the place, clocks and told
// settings, even after round 1, and the tournament file keeps them.
func TestStatusWarnsUnrated_BOFRatings1(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "reg", "--name", "Regional", "--rules", "bof-regional", "--rounds", "3", "--place", "FR", "--clocks", "no", "--told", "no")
	out := d.ok("status", "reg")
	for _, want := range []string{"warning: the games of reg will not be rated",
		"held in FRA, not in the UK (BOF Ratings 1 a): if the event is held in the UK, 'outflank settings reg --place GBR'",
		"played without clocks (BOF Ratings 1 b)", "'outflank settings reg --clocks yes'",
		"the players were not told the games are rated (BOF Ratings 1 c)", "'outflank settings reg --told yes'"} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	var doc struct {
		Unrated []string `json:"unrated"`
	}
	if err := json.Unmarshal([]byte(d.ok("status", "reg", "--json")), &doc); err != nil || len(doc.Unrated) != 3 {
		t.Errorf("status --json: unrated %v (%v)", doc.Unrated, err)
	}
	file := d.ok("export", "reg")
	for _, want := range []string{`"place": "FRA"`, `"clocks": "no"`, `"told_rated": "no"`} {
		if !strings.Contains(file, want) {
			t.Errorf("the tournament file lacks %s", want)
		}
	}
	d.ok("player", "import", "reg", writeFile(t, "p.csv", playersCSV(4)))
	d.ok("pair", "reg")
	if out := d.ok("settings", "reg", "--place", "UK", "--clocks", "yes", "--told", "yes"); !strings.Contains(out, "place FRA → GBR; clocks no → yes; told rated no → yes") {
		t.Errorf("settings: %q", out)
	}
	if out := d.ok("status", "reg"); strings.Contains(out, "not be rated") {
		t.Errorf("status once rated: %q", out)
	}
	d.fail(1, "fixed once play has begun", "settings", "reg", "--rounds", "5")
	d.fail(1, `told "maybe": use "yes" or "no"`, "settings", "reg", "--told", "maybe")
	d.fail(2, "give the settings to change", "settings", "reg")
	d.fail(1, `country "FRANCE" of the place: give a three-letter code`, "new", "abroad", "--name", "Abroad", "--rules", "bof-national", "--place", "France")
	d.fail(1, `clocks "sometimes": use "yes" or "no"`, "new", "abroad", "--name", "Abroad", "--rules", "bof-national", "--clocks", "sometimes")
}

// TestStatusRated_BOFRatings3: a tournament with the ruleset's settings is rated, and
// status says nothing of it; a custom event of 10 minutes is not (as BOF
// Ratings 3).
func TestStatusRated_BOFRatings3(t *testing.T) {
	d := newTDB(t)
	for _, rs := range []string{"woc", "egp", "aof", "bof-regional", "bof-national", "custom"} {
		d.ok("new", rs, "--name", rs, "--rules", rs)
		if out := d.ok("status", rs); strings.Contains(out, "rated") {
			t.Errorf("%s: %q", rs, out)
		}
	}
	d.ok("new", "blitz", "--name", "Blitz", "--rules", "custom", "--minutes", "10")
	if out := d.ok("status", "blitz"); !strings.Contains(out, "10 minutes per player, less than 15 + 15 (as BOF Ratings 3 (design choice)): give each player at least 15 minutes: 'outflank settings blitz --minutes 15'") {
		t.Errorf("blitz: %q", out)
	}
}

// TestExportELOUnrated_BOFRatings1: export --format elo leaves out the
// games of a tournament that is not rated and says so on stderr, with the
// rule and what to change; the file then has the players and no games.
func TestExportELOUnrated_BOFRatings1(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	args := []string{"export", "e2e", "--format", "elo", "--sender", "Ann", "--country", "World"}
	code, rated, stderr := d.run(args...)
	if code != 0 || stderr != "" || !strings.Contains(rated, "%Round: 1\n") || len(eloGameLine.FindAllString(rated, -1)) != 22 {
		t.Fatalf("a rated WOC event: exit %d, stderr %q, %d games:\n%s", code, stderr, len(eloGameLine.FindAllString(rated, -1)), rated)
	}
	d.ok("settings", "e2e", "--told", "no")
	code, elo, stderr := d.run(args...)
	if code != 0 || !strings.Contains(stderr, "export: 22 games of e2e left out of the .ELO file, which has the players and no games: they are not rated") ||
		!strings.Contains(stderr, "the players were told the games are not rated (as BOF Ratings 1 c (design choice)): tell the players the games are rated, then 'outflank settings e2e --told yes'") {
		t.Errorf("told no: exit %d, stderr %q", code, stderr)
	}
	if games := eloGameLine.FindAllString(elo, -1); len(games) != 0 {
		t.Errorf("unrated games in the file: %q", games)
	}
	if !strings.Contains(elo, "Jean-Pierre") && !strings.Contains(elo, "MARTIN") {
		t.Errorf("the players are missing:\n%s", elo)
	}
	// The file with the games back, once the players are told.
	d.ok("settings", "e2e", "--told", "yes")
	if code, again, stderr := d.run(args...); code != 0 || stderr != "" || again != rated {
		t.Errorf("told yes again: exit %d, stderr %q", code, stderr)
	}
}
