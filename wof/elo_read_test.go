package wof

import (
	"reflect"
	"strings"
	"testing"
)

// oddButFine holds, in one file, the oddities of the real files that Read
// takes without a warning.
const oddButFine = "\xef\xbb\xbf%%tournament:  Odd Open \r\n" + // BOM, key case, spaces
	"%%Country: Italy\r\n" +
	"%%Date: 1/2/2020-03/02/2020\r\n" +
	"%%Sender: Someone\r\n" +
	"%%Creator: PAPP 1.36\r\n" +
	"%%Notes: colours unsure\r\n" +
	"%%%%%%%%%%%%\r\n" +
	"%\tID,\tNAME, Firstname, COUNTRY, score, disc-count\r\n" +
	"%_%    ID, NAME, Firstname\r\n" +
	"%_%     1, ONE, Un, F, 5+2, 256-128, 1500 %Champion\r\n" +
	"%_% +  2, TWO, Deux, NL, 7.0, , -, ,\r\n" +
	"%_%\t3,\tTHREE,\tTrois\t, \tJ,\t\t0.5,\t12\r\n" +
	"%_% 4, FOUR\r\n" +
	"1 (64) > (00) 2 b\r\n" + // before any marker: the first round
	"% Round robin\r\n" +
	"%round1\r\n" +
	"1\t<\t3\t% walkover\r\n" +
	"%%Round: 2\r" + // a lone CR ends a line too
	"2 (33)>(31) 3 W 4 = 1\r\n" +
	"%Round: Finals\r\n" +
	"1 (24)<(40) 2\r\n" +
	"%%Added results\r\n" +
	"2 (32)=(32) 1 B\r\n"

func TestReadOddButFine(t *testing.T) {
	f, ws := readString(t, oddButFine)
	if len(ws) != 0 {
		t.Errorf("warnings %v, want none", ws)
	}
	want := &File{
		Tournament: "Odd Open", Country: "Italy", Sender: "Someone", Creator: "PAPP 1.36",
		DateFrom: Date{2020, 2, 1}, DateTo: Date{2020, 2, 3},
		Comments: []Comment{{"Notes: colours unsure", 6}, {"Round robin", 15}},
		Players: []Player{
			{ID: 1, Surname: "ONE", Firstname: "Un", Country: "F", Score: fp(5), Bonus: fp(2), Discs: ip(256), DiscsAgainst: ip(128), Rating: ip(1500), Comment: "Champion", Line: 10},
			{ID: 2, New: true, Surname: "TWO", Firstname: "Deux", Country: "NL", Score: fp(7), Line: 11},
			{ID: 3, Surname: "THREE", Firstname: "Trois", Country: "J", Score: fp(0.5), Discs: ip(12), Line: 12},
			{ID: 4, Surname: "FOUR", Line: 13},
		},
		Rounds: []Round{
			{Games: []Game{{First: 1, Second: 2, Result: Win, FirstDiscs: ip(64), SecondDiscs: ip(0), FirstColor: Black, Line: 14}}},
			{Number: 1, Line: 16, Games: []Game{{First: 1, Second: 3, Result: Loss, Comment: "walkover", Line: 17}}},
			{Number: 2, Line: 18, Games: []Game{
				{First: 2, Second: 3, Result: Win, FirstDiscs: ip(33), SecondDiscs: ip(31), FirstColor: White, Line: 19},
				{First: 4, Second: 1, Result: Draw, Line: 19},
			}},
			{Label: "Finals", Line: 20, Games: []Game{{First: 1, Second: 2, Result: Loss, FirstDiscs: ip(24), SecondDiscs: ip(40), Line: 21}}},
		},
		Added: []Game{{First: 2, Second: 1, Result: Draw, FirstDiscs: ip(32), SecondDiscs: ip(32), FirstColor: Black, Line: 23}},
	}
	if !reflect.DeepEqual(f, want) {
		t.Errorf("read\n%+v\nwant\n%+v\n%s", f, want, sameFile(f, want))
	}
}

// TestRoundMarkers checks which comments start a round.
func TestRoundMarkers(t *testing.T) {
	tests := []struct {
		text   string
		number int
		label  string
		ok     bool
	}{
		{"Round: 3", 3, "", true},
		{"Round 3", 3, "", true},
		{"round3", 3, "", true},
		{"round 3:", 3, "", true},
		{"ROUND 12   ", 12, "", true},
		{"Round: Finals", 0, "Finals", true},
		{"Round: : Semi finals :", 0, "Semi finals", true},
		{"Round:", 0, "", true},
		{"Round: 1234567890", 0, "1234567890", true},
		{"Round robin", 0, "", false},
		{"Round 5 was cancelled", 0, "", false},
		{"Rounds: 7", 0, "", false},
		{"Round", 0, "", false},
		{"8 rounds swiss results", 0, "", false},
	}
	for _, tt := range tests {
		n, label, ok := roundMarker(tt.text)
		if n != tt.number || label != tt.label || ok != tt.ok {
			t.Errorf("roundMarker(%q) = %d, %q, %v; want %d, %q, %v", tt.text, n, label, ok, tt.number, tt.label, tt.ok)
		}
	}
}

// TestReadLatin1 checks the encoding detection: bytes that are not UTF-8
// are Latin-1.
func TestReadLatin1(t *testing.T) {
	input := header + "%_% 1, CASPARD, Emmanu\xebl, F\n%_% 2, M\xc3\xbcLLER, J\xc3\xb6rg, D\n"
	f, _ := readString(t, strings.Replace(input, "\xc3\xbc", "\xfc", 1)) // mixed: not UTF-8
	if got := f.Players[0].Firstname + " " + f.Players[1].Surname; got != "Emmanu\u00ebl M\u00fcLLER" {
		t.Errorf("Latin-1 read as %q", got)
	}
	f, _ = readString(t, strings.Replace(input, "\xeb", "\xc3\xab", 1)) // all UTF-8
	if got := f.Players[0].Firstname + " " + f.Players[1].Firstname; got != "Emmanu\u00ebl J\u00f6rg" {
		t.Errorf("UTF-8 read as %q", got)
	}
}
