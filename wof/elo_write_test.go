package wof

import (
	"errors"
	"strings"
	"testing"
)

// smallFile is a File built by hand, as the tournament side will build them.
func smallFile() *File {
	return &File{
		Tournament: "Outflank Open", Country: "France", Sender: "A. Director",
		DateFrom: Date{2025, 6, 21}, DateTo: Date{2025, 6, 22},
		Creator:  "Outflank",
		Comments: []Comment{{Text: "Swiss, 2 rounds"}},
		Players: []Player{
			{ID: 2, Surname: "TASTET", Firstname: "Marc", Country: "F", Score: fp(1.5), Discs: ip(70), Rating: ip(2300)},
			{ID: 250049, New: true, Surname: " PAW", Firstname: "Su Lin ", Country: "SGP", Score: fp(1), Bonus: fp(1), Discs: ip(64), DiscsAgainst: ip(64), Comment: "new"},
			{ID: 3, Surname: "NICOLET"},
		},
		Rounds: []Round{
			{Games: []Game{
				{First: 2, Second: 250049, Result: Win},
				{First: 3, Second: 2, Result: Loss, FirstDiscs: ip(5), SecondDiscs: ip(59), FirstColor: White},
			}},
			{Number: 2, Games: []Game{
				{First: 250049, Second: 2, Result: Draw, FirstDiscs: ip(32), SecondDiscs: ip(32), FirstColor: Black, Comment: "long game"},
			}},
			{Label: "Final"},
		},
		Added: []Game{{First: 2, Second: 3, Result: Win, FirstDiscs: ip(40), SecondDiscs: ip(24), FirstColor: Black}},
	}
}

const smallFileText = `%%Tournament: Outflank Open
%%Country: France
%%Date: 21/06/2025 - 22/06/2025
%%Sender: A. Director
%%Creator: Outflank

% Swiss, 2 rounds
%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating
%_%       2, TASTET, Marc, F, 1.5, 70, 2300
%_% +250049, PAW, Su Lin, SGP, 1+1, 64-64 % new
%_%       3, NICOLET

     2 > 250049
     3 (05)<(59)      2 W

%Round: 2
250049 (32)=(32)      2 B % long game

%Round: Final

%%Added results
     2 (40)>(24)      3 B
`

func TestWriteSmallFile(t *testing.T) {
	f := smallFile()
	got := writeString(t, f)
	if got != smallFileText {
		t.Errorf("Write:\n%s\nwant:\n%s\n%s", got, smallFileText, firstDiff(got, smallFileText))
	}
	g, ws := readString(t, got)
	if len(ws) != 0 {
		t.Errorf("warnings %v", ws)
	}
	// Write trims the names; everything else comes back.
	f.Players[1].Surname, f.Players[1].Firstname = "PAW", "Su Lin"
	if diff := sameFile(f, g); diff != "" {
		t.Errorf("read back: %s", diff)
	}
}

// TestWriteComments checks that comments go back before the line they
// preceded (a comment among the added games before "%%Added results"), and
// those built by hand (Line 0) as soon as their turn comes.
func TestWriteComments(t *testing.T) {
	input := header + "% before the players\n%_% 1, A, B\n%_% 2, C, D\n% after the players\n" +
		"%Round: 1\n1 > 2\n% between games\n2 > 1\n%%Added results\n% among added\n1 = 2\n% at the end\n"
	f, _ := readString(t, input)
	f.Comments = append([]Comment{{Text: "by hand"}}, f.Comments...)
	want := "%%Tournament: T\n%%Country: C\n%%Date: 01/02/2020\n%%Sender: S\n\n" +
		"% by hand\n% before the players\n%      ID, NAME, Firstname, COUNTRY, score, disc-count, rating\n%_%       1, A, B\n%_%       2, C, D\n\n" +
		"% after the players\n%Round: 1\n     1 >      2\n% between games\n     2 >      1\n\n" +
		"% among added\n%%Added results\n     1 =      2\n\n% at the end\n"
	if got := writeString(t, f); got != want {
		t.Errorf("Write:\n%s\nwant:\n%s\n%s", got, want, firstDiff(got, want))
	}
}

// TestWriteEncoding checks the choice between Latin-1 and UTF-8.
func TestWriteEncoding(t *testing.T) {
	tests := []struct{ name, surname, want string }{
		{"ASCII", "NICOLET", "NICOLET"},
		{"Latin-1", "Jos\u00e9", "Jos\xe9"},
		{"beyond Latin-1: UTF-8", "\u0141ukasz", "\xc5\x81ukasz"},
		{"Latin-1 that looks like UTF-8: UTF-8", "\u00c3\u00a9", "\xc3\x83\xc2\xa9"},
	}
	for _, tt := range tests {
		f := &File{Tournament: "T", Players: []Player{{ID: 1, Surname: tt.surname}}}
		out := writeString(t, f)
		if !strings.Contains(out, "%_%       1, "+tt.want+"\n") {
			t.Errorf("%s: written as %q", tt.name, out)
		}
		g, _ := readString(t, out)
		if g.Players[0].Surname != tt.surname {
			t.Errorf("%s: read back %q, want %q", tt.name, g.Players[0].Surname, tt.surname)
		}
	}
}

// TestWriteRefuses checks the values Write cannot write, and that it
// writes nothing then.
func TestWriteRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(f *File)
		err    string
	}{
		{"comma in a name", func(f *File) { f.Players[0].Surname = "A,B" }, `wof: player 2: "A,B" holds ',', which the format cannot carry`},
		{"percent in a country", func(f *File) { f.Players[0].Country = "F%" }, `wof: player 2: "F%" holds '%', which the format cannot carry`},
		{"line break in a header", func(f *File) { f.Tournament = "A\nB" }, `wof: %%Tournament: "A\nB" holds '\n', which the format cannot carry`},
		{"invalid UTF-8", func(f *File) { f.Sender = "\xff" }, `wof: %%Sender: "\xff" is not valid UTF-8`},
		{"negative id", func(f *File) { f.Players[0].ID = -1 }, "wof: player -1: the id must be from 0 to 999999999"},
		{"negative score", func(f *File) { f.Players[0].Score = fp(-1) }, "wof: player 2: score -1 cannot be written as up to 9 digits and 9 decimals"},
		{"tiny score", func(f *File) { f.Players[0].Score = fp(1e-12) }, "wof: player 2: score 1e-12 cannot be written as up to 9 digits and 9 decimals"},
		{"discs of one player", func(f *File) { f.Added[0].SecondDiscs = nil }, "wof: game 2-3: discs for one player only"},
		{"bad result", func(f *File) { f.Added[0].Result = 'x' }, `wof: game 2-3: result 'x' is not Win, Loss or Draw`},
		{"bad colour", func(f *File) { f.Added[0].FirstColor = 'R' }, `wof: game 2-3: colour 'R' is not Black, White or ColorUnknown`},
		{"number and label", func(f *File) { f.Rounds[2].Number = 3 }, `wof: round 3 "Final": a round has a number from 0 to 999999999 or a label`},
		{"label of digits", func(f *File) { f.Rounds[2].Label = "7" }, `wof: round label "7" would not read back the same`},
		{"comment like a marker", func(f *File) { f.Comments[0].Text = "Round 4" }, `wof: comment "Round 4" would not read back as a comment`},
		{"last day only", func(f *File) { f.DateFrom = Date{} }, "wof: last day 22/06/2025 without a first day"},
		{"no such day", func(f *File) { f.DateTo = Date{2025, 2, 29} }, "wof: date 21/06/2025 - 29/02/2025 is not a day of the calendar"},
	}
	for _, tt := range tests {
		f := smallFile()
		tt.change(f)
		var b strings.Builder
		err := Write(&b, f)
		if err == nil || err.Error() != tt.err || b.Len() != 0 {
			t.Errorf("%s: Write = %v, wrote %d bytes; want error %q", tt.name, err, b.Len(), tt.err)
		}
	}
	if err := Write(&strings.Builder{}, nil); err == nil {
		t.Error("Write(nil) gives no error")
	}
	if err := Write(failingWriter{}, smallFile()); err == nil || !errors.Is(err, errFailing) {
		t.Errorf("Write to a failing writer: %v", err)
	}
}

var errFailing = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errFailing }
