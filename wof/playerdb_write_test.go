package wof

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"
)

// samePlayers reports how two databases' players differ ("" when they do
// not): ids, names, countries, ratings and comments, line numbers aside.
func samePlayers(a, b *PlayerDB) string {
	if len(a.Players) != len(b.Players) {
		return "players: " + itoa(len(a.Players)) + " and " + itoa(len(b.Players))
	}
	byID := map[int]DBPlayer{}
	for _, p := range b.Players {
		byID[p.ID] = p
	}
	for _, p := range a.Players {
		q, ok := byID[p.ID]
		p.Line, q.Line = 0, 0
		if !ok || p != q {
			return "player " + itoa(p.ID) + ": " + strings.TrimSpace(dbPlayerLine(p)+" ["+p.Country+"]") + " became " + dbPlayerLine(q) + " [" + q.Country + "]"
		}
	}
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestWritePlayerDBRealRoundTrip reads joueurs.txt, writes it and reads it
// back: the same players, and the very same bytes, since the real file is
// in PAPP's layout and its players are grouped by country in byte order.
func TestWritePlayerDBRealRoundTrip(t *testing.T) {
	db, _, data := readRealDB(t)
	var b bytes.Buffer
	if err := WritePlayerDB(&b, db); err != nil {
		t.Fatal(err)
	}
	again, ws, err := ReadPlayerDB(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 0 {
		t.Errorf("reading what was written gives %d warnings, the first %v", len(ws), ws[0])
	}
	if diff := samePlayers(db, again); diff != "" {
		t.Fatal(diff)
	}
	for k := range db.Players {
		if db.Players[k].ID != again.Players[k].ID {
			t.Fatalf("player %d is %d after writing, was %d: the order changed", k, again.Players[k].ID, db.Players[k].ID)
		}
	}
	if !bytes.Equal(b.Bytes(), data) {
		t.Errorf("written bytes differ from joueurs.txt:\n%s", firstDiff(b.String(), string(data)))
	}
}

// smallDB is a database with what the format must carry: a Latin-1 name,
// a negative rating, a rating of 0, a comment, a program without a first
// name, a player without a country, and countries given out of order.
func smallDB() *PlayerDB {
	return &PlayerDB{Players: []DBPlayer{
		{ID: 280016, Surname: "ACUNA", Firstname: "Ricardo", Country: "ARG", Rating: 1714, HasRating: true},
		{ID: 3202, Surname: "EDAX (Delorme)", Country: "PG", Rating: 2175, HasRating: true},
		{ID: 280091, Surname: "AMBROSIUS", Firstname: "Karin", Country: "ARG"},
		{ID: 1000, Surname: "LÉVY", Firstname: "Hélène", Country: "FRA", Rating: -12, HasRating: true, Comment: "note"},
		{ID: 7, Surname: "ZERO", Firstname: "Zoé", Country: "FRA", Rating: 0, HasRating: true},
		{ID: 123456789, Surname: "NOBODY", Firstname: "Without Country, Really"},
	}}
}

// TestWritePlayerDBGolden writes smallDB and compares it with
// testdata/joueurs_small.txt (Latin-1); -update rewrites it.
func TestWritePlayerDBGolden(t *testing.T) {
	var b bytes.Buffer
	if err := WritePlayerDB(&b, smallDB()); err != nil {
		t.Fatal(err)
	}
	const golden = "testdata/joueurs_small.txt"
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("written bytes differ from %s:\n%s", golden, firstDiff(b.String(), string(want)))
	}
	if bytes.Contains(want, []byte("É")) || !bytes.Contains(want, []byte("L\xc9VY")) {
		t.Errorf("%s is not Latin-1", golden)
	}
	db, ws, err := ReadPlayerDB(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 1 || ws[0].Kind != WarnHeader {
		t.Errorf("warnings %v, want only the player without a country", ws)
	}
	if diff := samePlayers(smallDB(), db); diff != "" {
		t.Error(diff)
	}
}

// TestWritePlayerDBUTF8 writes a name Latin-1 lacks: the file is UTF-8 and
// reads back the same.
func TestWritePlayerDBUTF8(t *testing.T) {
	in := &PlayerDB{Players: []DBPlayer{{ID: 1, Surname: "TAKIZAWA", Firstname: "Masaki 滝沢", Country: "JPN"}, {ID: 2, Surname: "LÉVY", Country: "FRA"}}}
	var b bytes.Buffer
	if err := WritePlayerDB(&b, in); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b.Bytes(), []byte("滝沢")) || !bytes.Contains(b.Bytes(), []byte("LÉVY")) {
		t.Fatalf("not UTF-8:\n%q", b.String())
	}
	out, _, err := ReadPlayerDB(&b)
	if err != nil {
		t.Fatal(err)
	}
	if diff := samePlayers(in, out); diff != "" {
		t.Error(diff)
	}
}

// TestWritePlayerDBRefuses lists what the format cannot carry.
func TestWritePlayerDBRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    DBPlayer
		want string
	}{
		{"negative id", DBPlayer{ID: -1, Surname: "A"}, "up to 9 digits"},
		{"long id", DBPlayer{ID: 1000000000, Surname: "A"}, "up to 9 digits"},
		{"comma in surname", DBPlayer{ID: 1, Surname: "A, B"}, "comma"},
		{"percent in name", DBPlayer{ID: 1, Surname: "A", Firstname: "50%"}, "%"},
		{"line break", DBPlayer{ID: 1, Surname: "A\nB"}, "line break"},
		{"country", DBPlayer{ID: 1, Surname: "A", Country: "F\r"}, "line break"},
		{"rating in comment", DBPlayer{ID: 1, Surname: "A", Comment: "x %_<5>"}, "no rating"},
		{"long line", DBPlayer{ID: 1, Surname: "A", Comment: strings.Repeat("x", MaxLineLength)}, "bytes"},
	} {
		err := WritePlayerDB(&bytes.Buffer{}, &PlayerDB{Players: []DBPlayer{tc.p}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
	twice := &PlayerDB{Players: []DBPlayer{{ID: 1, Surname: "A"}, {ID: 1, Surname: "B"}}}
	if err := WritePlayerDB(&bytes.Buffer{}, twice); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("id twice: error %v", err)
	}
	var b bytes.Buffer
	if err := WritePlayerDB(&b, &PlayerDB{Players: []DBPlayer{{ID: 1, Surname: "A", Comment: "x %_<5>", Rating: 3, HasRating: true}}}); err != nil {
		t.Errorf("a rated player's comment may hold %%_: %v", err)
	}
}
