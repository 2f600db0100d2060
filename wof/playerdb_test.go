package wof

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// readRealDB reads ../shared/data/wof/joueurs.txt, or skips.
func readRealDB(tb testing.TB) (*PlayerDB, []Warning, []byte) {
	tb.Helper()
	data, err := os.ReadFile(shareddata.File(tb, "wof", "joueurs.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	db, ws, err := ReadPlayerDB(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	return db, ws, data
}

// TestRealPlayerDB checks joueurs.txt against counts and players read by
// eye: 17,206 player lines under 73 "pays =" lines, 11,946 with a rating,
// unique ids, no warnings.
func TestRealPlayerDB(t *testing.T) {
	db, ws, _ := readRealDB(t)
	if len(ws) != 0 {
		t.Errorf("%d warnings, first %v", len(ws), ws[0])
	}
	rated, countries := 0, map[string]bool{}
	for _, p := range db.Players {
		if p.HasRating {
			rated++
		}
		countries[p.Country] = true
	}
	if len(db.Players) != 17206 || rated != 11946 || len(countries) != 73 {
		t.Errorf("%d players, %d rated, %d countries; want 17206, 11946, 73", len(db.Players), rated, len(countries))
	}
	for _, want := range []DBPlayer{
		{ID: 433, Surname: "NICOLET", Firstname: "Stephane", Country: "FRA", Rating: 2141, HasRating: true, Line: 3778},
		{ID: 4097, Surname: "SONG", Firstname: "Yan", Country: "CHN", Rating: 2363, HasRating: true, Line: 1505},
		{ID: 280091, Surname: "AMBROSIUS", Firstname: "Karin", Country: "ARG", Line: 8},
		{ID: 60293, Surname: "ZUO", Firstname: "Xuzhe", Country: "CHN", Rating: -711, HasRating: true, Line: 1717},
		{ID: 3202, Surname: "EDAX (Delorme)", Country: "PG", Rating: 2175, HasRating: true, Line: 15637},
	} {
		if got, ok := db.ByID(want.ID); !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("ByID(%d) = %+v, %v; want %+v", want.ID, got, ok, want)
		}
	}
	if _, ok := db.ByID(999999); ok {
		t.Error("ByID finds a player 999999")
	}
	for _, tt := range []struct {
		name string
		ids  []int
	}{
		{"NICOLET Stephane", []int{433}},
		{"stephane nicolet", []int{433}},
		{"  Nicolet ,  Stéphane ", nil}, // accents count
		{"Nicolet, Stephane", []int{433}},
		{"TASTET", []int{2, 50053, 120, 50081}},
		{"Song Yan", []int{4097}},
		{"edax (delorme)", []int{3202}},
		{"", nil},
	} {
		var ids []int
		for _, p := range db.Find(tt.name) {
			ids = append(ids, p.ID)
		}
		if !reflect.DeepEqual(ids, tt.ids) {
			t.Errorf("Find(%q) = %v, want %v", tt.name, ids, tt.ids)
		}
	}
}

// TestReadPlayerDBWarnings checks each odd line of a player database.
func TestReadPlayerDBWarnings(t *testing.T) {
	input := "% comment\n" +
		"   1 EARLY, Bird\n" +
		"pays = FRA\n" +
		"\n" +
		"   2 TASTET, Marc   %_<2068>\n" +
		"   3 NOBODY, Rated  %_<abc>\n" +
		"   2 TASTET, Again  %_<1>\n" +
		"   4\n" +
		"   5x BAD, Id\n" +
		"1234567890 LONG, Id\n" +
		"what is this\n" +
		"pays = France\n" +
		"   6 MULLER, Jorg   %_-12 % moved to Germany\n" +
		"   7 \xc9TIENNE, Ren\xe9\n" +
		strings.Repeat("x", MaxLineLength+1) + "\n"
	db, ws, err := ReadPlayerDB(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`line 2: player before any "pays =" line: no country: "1 EARLY, Bird"`,
		`line 6: rating "<abc>" is not a whole number: no rating kept: "3 NOBODY, Rated  %_<abc>"`,
		`line 7: player 2 already on line 5: this line is ignored: "2 TASTET, Again  %_<1>"`,
		`line 8: player 4 has no name: kept without one: "4"`,
		`line 9: no space after the id: line ignored: "5x BAD, Id"`,
		`line 10: id "1234567890" is not a number of up to 9 digits: line ignored: "1234567890 LONG, Id"`,
		`line 11: unreadable line ignored: not a player, "pays =" or comment line: "what is this"`,
		`line 12: country "France" is not a code of 1 to 3 letters: kept as written: "pays = France"`,
		`line 15: line longer than 4096 bytes: ignored: "` + strings.Repeat("x", 97) + `..."`,
	}
	var got []string
	for _, w := range ws {
		got = append(got, w.String())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	wantPlayers := []DBPlayer{
		{ID: 1, Surname: "EARLY", Firstname: "Bird", Line: 2},
		{ID: 2, Surname: "TASTET", Firstname: "Marc", Country: "FRA", Rating: 2068, HasRating: true, Line: 5},
		{ID: 3, Surname: "NOBODY", Firstname: "Rated", Country: "FRA", Line: 6},
		{ID: 4, Country: "FRA", Line: 8},
		{ID: 6, Surname: "MULLER", Firstname: "Jorg", Country: "France", Rating: -12, HasRating: true, Comment: "moved to Germany", Line: 13},
		{ID: 7, Surname: "\u00c9TIENNE", Firstname: "Ren\u00e9", Country: "France", Line: 14},
	}
	if !reflect.DeepEqual(db.Players, wantPlayers) {
		t.Errorf("players\n%+v\nwant\n%+v", db.Players, wantPlayers)
	}
	// A PlayerDB changed or built by hand still answers ByID.
	db.Players = db.Players[1:]
	if p, ok := db.ByID(6); !ok || p.Surname != "MULLER" {
		t.Errorf("ByID after a change = %+v, %v", p, ok)
	}
	if _, ok := (&PlayerDB{}).ByID(1); ok {
		t.Error("an empty PlayerDB finds a player")
	}
	for _, bad := range []string{"", "\x00", "  \n"} {
		if _, _, err := ReadPlayerDB(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadPlayerDB(%q) gives no error", bad)
		}
	}
}

// BenchmarkReadPlayerDB reads joueurs.txt (17,206 players, 862 KB).
func BenchmarkReadPlayerDB(b *testing.B) {
	_, _, data := readRealDB(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ReadPlayerDB(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFind looks a name up in joueurs.txt.
func BenchmarkFind(b *testing.B) {
	db, _, _ := readRealDB(b)
	b.ReportAllocs()
	for b.Loop() {
		if len(db.Find("Nicolet Stephane")) != 1 {
			b.Fatal("not found")
		}
	}
}

// BenchmarkReadELO reads the largest real .ELO file.
func BenchmarkReadELO(b *testing.B) {
	data, _, _ := readRealELO(b, "20190324_40_Meijin.ELO")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
