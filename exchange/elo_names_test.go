package exchange

import (
	"bytes"
	"strings"
	"testing"

	"outflank/rules"
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
