package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// exportedPlayers returns the players of a tournament as export writes them.
func exportedPlayers(d *tdb, slug string) map[string]string {
	d.t.Helper()
	var file struct {
		Players []struct{ Name, Country, Team string }
	}
	if err := json.Unmarshal([]byte(d.ok("export", slug)), &file); err != nil {
		d.t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range file.Players {
		got[p.Name] = p.Country + "|" + p.Team
	}
	return got
}

// TestNamesOnEveryPath: the name rule holds on the command line, in a
// players CSV and in a tournament file, with messages that show the name
// escaped and say what to do.
func TestNamesOnEveryPath(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	csv := func(body string) string { return writeFile(t, "p.csv", body) }
	file := func(name, player string) string {
		doc, _ := json.Marshal(map[string]any{"format": "outflank/1", "slug": "fromfile", "name": name, "rules": "woc",
			"players": []map[string]any{{"id": 1, "name": player}}})
		return writeFile(t, "t.json", string(doc))
	}
	long := strings.Repeat("x", 101)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "x", "--name", "Open\x1b[2J", "--rules", "woc"}, `tournament name "Open\x1b[2J": contains a control character (U+001B) — remove it`},
		{[]string{"new", "x", "--name", strings.Repeat("n", 201), "--rules", "woc"}, "is 201 characters long — shorten it to at most 200"},
		{[]string{"new", "x", "--name", "\u200b", "--rules", "woc"}, "has no visible character"},
		{[]string{"player", "add", "base", "--name", "Evil\x1b[31mRed"}, `player name "Evil\x1b[31mRed": contains a control character (U+001B) — remove it`},
		{[]string{"player", "add", "base", "--name", "Anna \u202egpj.exe"}, `player name "Anna \u202egpj.exe": contains a bidirectional text control (U+202E)`},
		{[]string{"player", "add", "base", "--name", "Smith\nJohn"}, "contains a line break (U+000A) — write the name on one line"},
		{[]string{"player", "add", "base", "--name", "\u200b\u2060"}, "has no visible character — type the name in letters"},
		{[]string{"player", "add", "base", "--name", long}, "is 101 characters long — shorten it to at most 100"},
		{[]string{"player", "add", "base", "--name", "Berg, Anna", "--team", "North\x07"}, `team name "North\a" of Berg, Anna: contains a control character (U+0007)`},
		{[]string{"player", "import", "base", csv("name\nGood Name\n\"Bad\x1b[0m\"\n")}, `player 2 (Bad\u001b[0m): player name "Bad\x1b[0m": contains a control character (U+001B) — remove it; no player was imported`},
		{[]string{"player", "import", "base", csv("name,team\nA B,\"T\u2066\"\n")}, "contains a bidirectional text control (U+2066)"},
		{[]string{"import", file("Open\x1b]0;x\x07", "A B")}, `tournament name "Open\x1b]0;x\a": contains a control character`},
		{[]string{"import", file("Open", "Bad\u202e")}, `players[0] (id 1): player name "Bad\u202e": contains a bidirectional text control (U+202E)`},
	} {
		code, stdout, stderr := runMain(t, "", append([]string{"--db", d.path}, tc.args...)...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("outflank %q: exit %d, %q; want exit 1 and %q", tc.args, code, stderr, tc.want)
		}
		if strings.ContainsAny(stdout+stderr, "\x1b\x07\u202e\u2066") {
			t.Errorf("outflank %q printed a control character: %q", tc.args, stderr)
		}
	}
	if got := exportedPlayers(d, "base"); len(got) != 0 {
		t.Errorf("players were added: %v", got)
	}
	d.ok("player", "add", "base", "--name", "  Dubois,   Le\u0301a ", "--team", " North  Team ")
	if got := exportedPlayers(d, "base"); got["Dubois, Léa"] != "|North Team" {
		t.Errorf("stored %v; want the name and team normalised", got)
	}
}

// TestCountryCodes: an ISO two-letter code is stored as three letters on
// every path; an unknown one is refused, naming it; any three letters are
// kept, as federations use codes of their own.
func TestCountryCodes(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	d.ok("player", "add", "base", "--name", "Anna", "--country", "be")
	d.ok("player", "add", "base", "--name", "Bob", "--country", "URU")
	d.ok("player", "import", "base", writeFile(t, "p.csv", "name,country\nCarl,JP\nDora,gb\nEve,UK\n"))
	want := map[string]string{"Anna": "BEL|", "Bob": "URU|", "Carl": "JPN|", "Dora": "GBR|", "Eve": "GBR|"}
	for name, w := range want {
		if got := exportedPlayers(d, "base")[name]; got != w {
			t.Errorf("%s: country|team %q, want %q", name, got, w)
		}
	}
	doc := `{"format": "outflank/1", "slug": "fromfile", "name": "From a file", "rules": "woc",
		"players": [{"id": 1, "name": "Fay", "country": "nl"}]}`
	d.ok("import", writeFile(t, "t.json", doc))
	if got := exportedPlayers(d, "fromfile")["Fay"]; got != "NLD|" {
		t.Errorf("tournament file: Fay's country %q, want NLD", got)
	}
	for _, args := range [][]string{
		{"player", "add", "base", "--name", "Gus", "--country", "XX"},
		{"player", "import", "base", writeFile(t, "p.csv", "name,country\nGus,xx\n")},
		{"import", writeFile(t, "t.json", strings.Replace(strings.Replace(doc, `"nl"`, `"XX"`, 1), "fromfile", "other", 1))},
	} {
		d.fail(1, `country "XX" of `, args...)
		d.fail(1, `is not an ISO 3166 two-letter code: give the country's three-letter code, such as GBR or JPN`, args...)
	}
}

// TestELOExportOfAnyName: names with several commas or "%", accepted as
// names, export to an .ELO file (they used to stop it with an internal
// error).
func TestELOExportOfAnyName(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "100% Open", "--rules", "custom", "--rounds", "3")
	d.ok("player", "add", "base", "--name", "Smith, John, Jr.", "--wof-id", "7001")
	d.ok("player", "add", "base", "--name", "50% Anna", "--wof-id", "7002")
	d.ok("round", "add", "base", "--pair", "1-2")
	d.ok("result", "base", "1", "1", "40-24")
	elo := d.ok("export", "base", "--format", "elo")
	for _, want := range []string{"%%Tournament: 100% Open", ", SMITH, John Jr., ", ", ANNA, 50, "} {
		if !strings.Contains(elo, want) {
			t.Errorf("no %q in:\n%s", want, elo)
		}
	}
}

// TestELOImportOfOddNames: an .ELO file with names the rule refuses still
// imports, each cleaned with a warning that shows it escaped.
func TestELOImportOfOddNames(t *testing.T) {
	d := newTDB(t)
	elo := "%%Tournament: Odd Open\n%%Country: Netherlands\n%%Date: 23/04/2019\n%%Sender: test\n\n" +
		"%_% 10, EVIL\x1b[31m, Red, NL, 1\n%_% 20, \u202e\x07, , NL, 0\n%Round: 1\n10 (40)>(24) 20 B\n"
	code, stdout, stderr := runMain(t, "", "--db", d.path, "import", writeFile(t, "odd.ELO", elo))
	if code != 0 || !strings.Contains(stdout, "saved: imported Odd Open") {
		t.Fatalf("import: exit %d, %q, %q", code, stdout, stderr)
	}
	for _, want := range []string{`player name "EVIL\x1b[31m, Red" contains a control character (U+001B): registered as "EVIL[31m, Red"`,
		`player name "\u202e\a" contains a bidirectional text control (U+202E), which can show text in a misleading order: registered as "WOF 20"`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("no warning %s in:\n%s", want, stderr)
		}
	}
	if strings.ContainsAny(stderr, "\x1b\x07\u202e") {
		t.Errorf("the warnings print control characters: %q", stderr)
	}
	if got := exportedPlayers(d, "odd"); got["EVIL[31m, Red"] != "NLD|" || got["WOF 20"] != "NLD|" {
		t.Errorf("players %v", got)
	}
}
