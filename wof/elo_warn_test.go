package wof

import (
	"strings"
	"testing"
)

// header is a complete header; the lines after it start at line 5.
const header = "%%Tournament: T\n%%Country: C\n%%Date: 01/02/2020\n%%Sender: S\n"

// TestReadWarnings checks each kind of warning: its line, its text and its
// message, and that it is the only warning of the input.
func TestReadWarnings(t *testing.T) {
	long := "1 > 2" + strings.Repeat(" ", MaxLineLength)
	tests := []struct {
		name, input string
		line        int
		kind        WarningKind
		text, msg   string
	}{
		{"unreadable", header + "hello there", 5, WarnUnreadable, "hello there",
			"unreadable line ignored: not a header, comment, player or game line"},
		{"long line", header + long, 5, WarnLongLine, long[:97] + "...",
			"line longer than 4096 bytes: ignored"},
		{"missing header", "%%Tournament: T\n%%Country: C\n%%Date: 01/02/2020\n", 1, WarnHeader, "",
			"missing %%Sender: line"},
		{"repeated header", header + "%%Country: D", 5, WarnHeader, "%%Country: D",
			"repeated header line: the one on line 2 is kept"},
		{"repeated added results", header + "%%Added results\n%%Added results", 6, WarnHeader, "%%Added results",
			"%%Added results repeated: ignored"},
		{"date not DD/MM/YYYY", "%%Tournament: T\n%%Country: C\n%%Date: 2020/02/01\n%%Sender: S\n", 3, WarnDate, "%%Date: 2020/02/01",
			`date "2020/02/01" is not DD/MM/YYYY: no date kept`},
		{"date not in the calendar", "%%Tournament: T\n%%Country: C\n%%Date: 30/02/2020\n%%Sender: S\n", 3, WarnDate, "%%Date: 30/02/2020",
			`date "30/02/2020" is not a day of the calendar: no date kept`},
		{"date range backwards", "%%Tournament: T\n%%Country: C\n%%Date: 02/02/2020 - 01/02/2020\n%%Sender: S\n", 3, WarnDate, "%%Date: 02/02/2020 - 01/02/2020",
			"the tournament ends (01/02/2020) before it starts (02/02/2020): kept as written"},
		{"empty date", "%%Tournament: T\n%%Country: C\n%%Date:\n%%Sender: S\n", 3, WarnDate, "%%Date:", "empty date"},
		{"player without id", header + "%_% Classical tournament", 5, WarnPlayerID, "%_% Classical tournament",
			"player line without a numeric id: kept as a comment"},
		{"player line like a marker", header + "%_% Round 3", 5, WarnPlayerID, "%_% Round 3",
			"player line without a numeric id: ignored"},
		{"duplicate player", header + "%_% 1, A, B\n%_% 1, C, D", 6, WarnDuplicatePlayer, "%_% 1, C, D",
			"player 1 already has a line (line 5): this one is ignored"},
		{"numbers run together", header + "%_% 1, A, B, SGP, 4    378", 5, WarnMissingComma, "%_% 1, A, B, SGP, 4    378",
			`missing comma in "4    378": read as 2 fields`},
		{"surname and first name run together", header + "%_% 1, Sano   Yoko, JPN, 5, 711", 5, WarnMissingComma, "%_% 1, Sano   Yoko, JPN, 5, 711",
			`missing comma between surname and first name: "Sano   Yoko" read as surname "Sano", first name "Yoko", country "JPN"`},
		{"first name missing", header + "%_% 1, SANO, JPN, 5, 711", 5, WarnMissingComma, "%_% 1, SANO, JPN, 5, 711",
			`first name missing: "JPN" read as the country`},
		{"country missing", header + "%_% 1, SANO, Yoko, 5, 711", 5, WarnMissingComma, "%_% 1, SANO, Yoko, 5, 711",
			`country missing: "5" read as the score`},
		{"score not a number", header + "%_% 1, A, B, F, 4,5", 5, WarnNumber, "%_% 1, A, B, F, 4,5",
			""}, // "5" is the disc count: no warning, checked below
		{"score not read", header + "%_% 1, A, B, F, four, 5", 5, WarnNumber, "%_% 1, A, B, F, four, 5",
			`score "four" is not a number like 4.5 or 5+2: left empty`},
		{"score not a half", header + "%_% 1, A, B, F, 4.25", 5, WarnNumber, "%_% 1, A, B, F, 4.25",
			`score "4.25" is not a multiple of 1/2: kept`},
		{"disc count not a number", header + "%_% 1, A, B, F, 4, 3x2", 5, WarnNumber, "%_% 1, A, B, F, 4, 3x2",
			`disc count "3x2" is not a number like 312 or 256-128: left empty`},
		{"rating not a number", header + "%_% 1, A, B, F, 4, 312, 1500.5", 5, WarnNumber, "%_% 1, A, B, F, 4, 312, 1500.5",
			`rating "1500.5" is not a whole number: left empty`},
		{"extra fields", header + "%_% 1, A, B, F, 4, 312, 1500, x, , y, ,", 5, WarnExtraField, "%_% 1, A, B, F, 4, 312, 1500, x, , y, ,",
			`fields after the rating ignored: "x, , y"`},
		{"odd country", header + "%_% 1, A, B, {I}", 5, WarnCountry, "%_% 1, A, B, {I}",
			`country "{I}" is not a code of 1 to 3 letters: kept as written`},
		{"unreadable game line", header + "12 results", 5, WarnGameSyntax, "12 results",
			`unreadable game line ignored: expected a result < > or = after the first id at "results"`},
		{"game without result", header + "12 13", 5, WarnGameSyntax, "12 13",
			`unreadable game line ignored: expected a result < > or = after the first id at "12 13"`},
		{"rest of a game line", header + "1 > 2 B 3 > ", 5, WarnGameSyntax, "1 > 2 B 3 >",
			`rest of the game line ignored after 1 game: expected the second player's id at "3 >"`},
		{"id too long", header + "1234567890 > 2", 5, WarnGameSyntax, "1234567890 > 2",
			`unreadable game line ignored: expected an id, (discs), < > =, or B or W at "1234567890 > 2"`},
		{"discs of one player", header + "1 (40)> 2", 5, WarnGameSyntax, "1 (40)> 2",
			"discs given for one player only: discs ignored, the result kept"},
		{"plus on a game line", header + "+1 > 2", 5, WarnGameSyntax, "+1 > 2",
			`"+" before an id on a game line ignored: new players are marked on their player line`},
		{"discs over 64", header + "1 (40)>(30) 2 B", 5, WarnDiscs, "1 (40)>(30) 2 B",
			"discs (40)-(30) add up to 70, more than 64: kept as written"},
		{"discs contradict", header + "1 (20)>(44) 2 B", 5, WarnDiscs, "1 (20)>(44) 2 B",
			"discs (20)>(44) contradict the result '>': the result is kept"},
		{"placeholder discs", header + "1 (32)<(32) 2", 5, WarnDiscs, "1 (32)<(32) 2",
			"discs (32)<(32) contradict the result '<': the result is kept"},
		{"draw with unequal discs", header + "1 (33)=(31) 2", 5, WarnDiscs, "1 (33)=(31) 2",
			"discs (33)=(31) contradict the result '=': the result is kept"},
		{"unknown player", header + "%_% 1, A, B\n%_% 2, C, D\n1 > 2\n1 > 3\n3 > 2", 8, WarnUnknownPlayer, "1 > 3",
			"unknown player id 3 in a game: not in the player lines (2 games, first here)"},
		{"self game", header + "1 > 1", 5, WarnSelfGame, "1 > 1", "player 1 plays himself: game kept"},
		{"no games", header + "%_% 1, A, B\n%_% 2, C, D\n%_% 3, E, F\n1 > 2", 7, WarnNoGames, "%_% 3, E, F",
			"player 3 plays no game in the file: kept"},
		{"round number twice", header + "%Round: 1\n1 > 2\n% Round 1\n3 > 4", 7, WarnRound, "% Round 1",
			"round 1 already began on line 5: both kept as separate rounds"},
		{"twice in a round", header + "%Round: 1\n1 > 2\n3 > 4\n2 < 1", 8, WarnRound, "2 < 1",
			"player 2 (line 6) and player 1 (line 6) already played in round 1: game kept (playoff games belong after %%Added results)"},
		{"marker after added results", header + "%%Added results\n1 > 2\n%Round: 9\n3 > 4", 7, WarnRound, "%Round: 9",
			"round marker after %%Added results: ignored, the games that follow stay added results"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ws := readString(t, tt.input)
			if tt.msg == "" {
				if len(ws) != 0 {
					t.Errorf("warnings %v, want none", ws)
				}
				return
			}
			if len(ws) != 1 {
				t.Fatalf("warnings %v, want one", ws)
			}
			w := ws[0]
			if w.Line != tt.line || w.Kind != tt.kind || w.Text != tt.text || w.Message != tt.msg {
				t.Errorf("warning\n got  %d %s %q %q\n want %d %s %q %q", w.Line, w.Kind, w.Text, w.Message, tt.line, tt.kind, tt.text, tt.msg)
			}
		})
	}
}

// TestReadTooManyWarnings checks that warnings stop at MaxWarnings, with a
// last one counting the rest.
func TestReadTooManyWarnings(t *testing.T) {
	input := header + strings.Repeat("junk\n", MaxWarnings+5)
	_, ws := readString(t, input)
	if len(ws) != MaxWarnings+1 {
		t.Fatalf("%d warnings, want %d", len(ws), MaxWarnings+1)
	}
	last := ws[len(ws)-1]
	if last.Kind != WarnTooMany || last.Message != "5 more warnings after this line not shown" || last.Line != 4+MaxWarnings {
		t.Errorf("last warning %+v", last)
	}
}

// TestReadErrors checks the inputs that are no .ELO file at all.
func TestReadErrors(t *testing.T) {
	tests := []struct{ name, input, err string }{
		{"empty", "", "wof: .ELO file is empty"},
		{"blank", " \n\t\r\n", "wof: .ELO file is empty"},
		{"binary", "%%Tournament: T\x00\x01", "wof: .ELO file is not text: NUL byte at offset 15"},
		{"no header", "1 > 2\n3 < 4\n", "wof: not an .ELO file: no %%Tournament:, %%Country:, %%Date: or %%Sender: line"},
		{"comment header", "% Tournament: T\n1 > 2\n", "wof: not an .ELO file: no %%Tournament:, %%Country:, %%Date: or %%Sender: line"},
	}
	for _, tt := range tests {
		f, ws, err := Read(strings.NewReader(tt.input))
		if err == nil || err.Error() != tt.err || f != nil || ws != nil {
			t.Errorf("%s: Read = %v, %v, %v; want error %q", tt.name, f, ws, err, tt.err)
		}
	}
	if _, _, err := Read(nil); err == nil {
		t.Error("Read(nil) gives no error")
	}
	big := strings.NewReader(header + strings.Repeat("1 > 2\n", MaxFileSize/6+1))
	if _, _, err := Read(big); err == nil || err.Error() != "wof: .ELO file is larger than 32 MiB" {
		t.Errorf("large file: %v", err)
	}
}
