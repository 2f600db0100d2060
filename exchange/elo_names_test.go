package exchange

import (
	"bytes"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/wof"
)

// TestReadELOCleansNames: an .ELO file with names the domain refuses still
// imports; each bad name is cleaned, or replaced by "WOF <id>" when nothing
// visible is left, with a warning that shows it escaped.
func TestReadELOCleansNames(t *testing.T) {
	long := strings.Repeat("LONG", 30)
	file := "%%Tournament: Odd\x1b[2J Open\n%%Country: Netherlands\n%%Date: 23/04/2019\n%%Sender: test\n\n" +
		"%_% 10, EVIL\x1b[31m, Red, NL, 1\n" +
		"%_% 20, ANNA \u202egpj.exe, Bob, RI, 1\n" +
		"%_% 30, \x07\u200b, \x1b, gb, 0\n" +
		"%_% 40, " + long + ", Eve, JPN, 0\n" +
		"%Round: 1\n10 (40)>(24) 20 B\n30 (30)<(34) 40 B\n"
	tour, warnings, err := ReadELO(strings.NewReader(file), rules.Custom, "odd.ELO")
	if err != nil {
		t.Fatalf("ReadELO: %v", err)
	}
	if tour.Name != "Odd[2J Open" {
		t.Errorf("tournament name %q", tour.Name)
	}
	want := []struct{ name, country string }{
		{"EVIL[31m, Red", "NLD"},
		{"ANNA gpj.exe, Bob", ""},
		{"WOF 30", "GBR"},
		{long[:100], "JPN"},
	}
	if len(tour.Players) != len(want) {
		t.Fatalf("%d players, want %d: %+v", len(tour.Players), len(want), tour.Players)
	}
	for i, w := range want {
		if p := tour.Players[i]; p.Name != w.name || p.Country != w.country {
			t.Errorf("player %d: %q %q, want %q %q", i+1, p.Name, p.Country, w.name, w.country)
		}
	}
	all := strings.Join(warnings, "\n")
	for _, w := range []string{
		`tournament name "Odd\x1b[2J Open" contains a control character (U+001B): named "Odd[2J Open"`,
		`line 6: player name "EVIL\x1b[31m, Red" contains a control character (U+001B): registered as "EVIL[31m, Red"`,
		`line 7: player name "ANNA \u202egpj.exe, Bob" contains a bidirectional text control (U+202E)`,
		`line 8: player name "\a\u200b, \x1b" contains a control character (U+0007): registered as "WOF 30"`,
		`line 9: player name "LONGLONG`, `is 125 characters long: registered as "LONGLONG`,
		`country "RI" of ANNA gpj.exe, Bob is not a three-letter code: left out`,
	} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning %s in:\n%s", w, all)
		}
	}
	if strings.ContainsAny(all, "\x07\x1b\u202e") {
		t.Errorf("the warnings pass control characters on:\n%q", all)
	}
	var b bytes.Buffer
	if err := WriteELO(&b, tour); err != nil {
		t.Errorf("the cleaned tournament does not export: %v", err)
	}
}

// TestWriteELONames: names the .ELO format cannot carry as they are still
// export, by the rule of eloNameFields, and read back without a warning.
func TestWriteELONames(t *testing.T) {
	tour, err := outflank.NewTournament("commas", "100% Open, the 1st", "2026-05-01", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, surname, first string }{
		{"Smith, John, Jr.", "SMITH", "John Jr."},
		{"100% Anna", "ANNA", "100"},
		{"Rossi, Marco%", "ROSSI", "Marco"},
		{"Nguyen Van", "VAN", "Nguyen"}, // typed without a comma: the last word is the surname
		{", Solo", "SOLO", ""},
		{"Berg,,, Anna", "BERG", "Anna"},
	}
	for i, w := range want {
		if _, err := tour.AddPlayer(outflank.Player{Name: w.name, WOFID: 100001 + i, NewToWOF: true}); err != nil {
			t.Fatal(err)
		}
	}
	pairs := []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}, {Black: 5, White: 6}}
	if _, err := tour.AddRound(outflank.StageSwiss, pairs, nil); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteELO(&b, tour); err != nil {
		t.Fatalf("WriteELO: %v", err)
	}
	f, warnings, err := wof.Read(bytes.NewReader(b.Bytes()))
	if err != nil || len(warnings) > 0 {
		t.Fatalf("our .ELO file reads back with %v, %v:\n%s", warnings, err, b.String())
	}
	if f.Tournament != "100% Open, the 1st" {
		t.Errorf("%%%%Tournament: %q", f.Tournament)
	}
	got := map[string]bool{}
	for _, p := range f.Players {
		got[p.Surname+"|"+p.Firstname] = true
	}
	for _, w := range want {
		if !got[w.surname+"|"+w.first] {
			t.Errorf("%q: no player line %q, %q in:\n%s", w.name, w.surname, w.first, b.String())
		}
	}
}

// TestWriteELOLegacyNames: names stored before today's rules (with control
// characters and line breaks) export too, cleaned.
func TestWriteELOLegacyNames(t *testing.T) {
	tour, err := outflank.NewTournament("legacy", "Old Open", "", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	tour.Name = "Old\nOpen\x1b[0m"
	tour.Players = []outflank.Player{{ID: 1, Name: "Evil\x1b[31m, Red\nLine", WOFID: 501}, {ID: 2, Name: "\x1b\x07", WOFID: 502}}
	var b bytes.Buffer
	if err := WriteELO(&b, tour); err != nil {
		t.Fatalf("WriteELO: %v", err)
	}
	f, _, err := wof.Read(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]string{}
	for _, p := range f.Players {
		got[p.ID] = p.Surname + "|" + p.Firstname
	}
	if f.Tournament != "Old Open[0m" || len(got) != 2 || got[501] != "EVIL[31M|Red Line" || got[502] != "Player 2|" {
		t.Errorf("read back %q %v:\n%s", f.Tournament, got, b.String())
	}
}
