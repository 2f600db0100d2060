package exchange

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/wof"
)

// TestWriteELOHeader: the %%Sender: and %%Country: lines are the
// tournament's settings; without them (issue 24, 10), the federation whose
// rules the event follows and the country of the place the games are
// played in, named as the WOF's files name it; empty, and missing, only
// when nothing gives them. An imported .ELO file keeps its own.
func TestWriteELOHeader(t *testing.T) {
	header := func(id rules.ID, place string) (*outflank.Tournament, *wof.File) {
		t.Helper()
		tour, err := outflank.NewTournament("oadby", "Oadby Regional", "2010-03-13", id, 5)
		if err != nil {
			t.Fatal(err)
		}
		tour.Settings.Place = place
		for _, p := range []outflank.Player{{Name: "Anna Berg", Country: "SWE", WOFID: 4001}, {Name: "Ben Berg", Country: "SWE", WOFID: 4002}} {
			if _, err := tour.AddPlayer(p); err != nil {
				t.Fatal(err)
			}
		}
		var b bytes.Buffer
		if err := WriteELO(&b, tour); err != nil {
			t.Fatal(err)
		}
		f, _, err := wof.Read(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		return tour, f
	}
	for _, c := range []struct {
		id                     rules.ID
		place, sender, country string
		missing                []string
	}{
		{rules.BOFRegional, "", "British Othello Federation", "Great-Britain", nil},
		{rules.BOFNational, "SCO", "British Othello Federation", "Great-Britain", nil},
		{rules.AOF, "AUS", "Australian Othello Federation", "Australia", nil},
		{rules.WOC, "", "World Othello Federation", "World", nil},
		{rules.WOC, "JPN", "World Othello Federation", "Japan", nil},
		{rules.EGP, "CZE", "", "Czech Republic", []string{"sender"}},
		{rules.EGP, "NED", "", "Netherlands", []string{"sender"}},
		{rules.Custom, "HKG", "", "Hong-Kong", []string{"sender"}},
		{rules.Custom, "", "", "", []string{"sender", "country"}},
		{rules.Custom, "XYZ", "", "", []string{"sender", "country"}},
	} {
		tour, f := header(c.id, c.place)
		if f.Sender != c.sender || f.Country != c.country || !slices.Equal(MissingELOHeader(tour), c.missing) {
			t.Errorf("%s in %q: sender %q, country %q, missing %v; want %q, %q, %v", c.id, c.place, f.Sender, f.Country, MissingELOHeader(tour), c.sender, c.country, c.missing)
		}
	}
	tour, _ := header(rules.BOFRegional, "")
	tour.Settings.ELOSender, tour.Settings.ELOCountry = "Geoff Hubbard", "England"
	var b bytes.Buffer
	if err := WriteELO(&b, tour); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "%%Country: England\n") || !strings.Contains(b.String(), "%%Sender: Geoff Hubbard\n") || MissingELOHeader(tour) != nil {
		t.Errorf("with settings:\n%s", b.String())
	}
	path := shareddata.File(t, "elo", "20100313_Oadby_Regional.ELO")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	imported, _, err := ReadELO(bytes.NewReader(data), rules.BOFRegional, path)
	if err != nil {
		t.Fatal(err)
	}
	if s := imported.Settings; s.ELOSender != "Geoff Hubbard" || s.ELOCountry != "Great-Britain" {
		t.Errorf("imported header: sender %q, country %q", s.ELOSender, s.ELOCountry)
	}
}

// TestELONamesAsTheWOFWrites: names typed by hand are written "SURNAME,
// Firstname", as the WOF's list has them.
func TestELONamesAsTheWOFWrites(t *testing.T) {
	for _, tc := range []struct{ name, surname, first string }{
		{"Anna Berg", "BERG", "Anna"},
		{"Berg, Anna", "BERG", "Anna"},
		{"BERG, Anna", "BERG", "Anna"},
		{"Jean-Pierre Martin", "MARTIN", "Jean-Pierre"},
		{"Jan de Graaf", "DE GRAAF", "Jan"},
		{"Frank Ivo van Damme", "VAN DAMME", "Frank Ivo"},
		{"Hideshi TAMENORI", "TAMENORI", "Hideshi"},
		{"TAMENORI Hideshi", "TAMENORI", "Hideshi"},
		{"DE CICCO Alba", "DE CICCO", "Alba"},
		{"J.P. Martin", "MARTIN", "J.P."},
		{"Léa Dubois", "DUBOIS", "Léa"},
		{"Dubois, Léa", "DUBOIS", "Léa"},
		{"Smÿth, Anna", "SMÿTH", "Anna"}, // Ÿ is not Latin-1: the file stays Latin-1
		{"Pelé", "PELÉ", ""},
		{"田中 太郎", "太郎", "田中"},
		{"田中, 太郎", "田中", "太郎"},
		{"EDAX (Delorme)", "EDAX (Delorme)", ""},
		{"Edax (Delorme)", "EDAX (Delorme)", ""},
	} {
		surname, first := eloNameFields(tc.name, 1)
		if surname != tc.surname || first != tc.first {
			t.Errorf("%q written %q, %q; want %q, %q", tc.name, surname, first, tc.surname, tc.first)
		}
	}
}

// TestELONamesOfTheWOFList: every name of the WOF's player database, as
// written there, goes into an .ELO file unchanged.
func TestELONamesOfTheWOFList(t *testing.T) {
	f, err := os.Open(shareddata.File(t, "wof", "joueurs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, _, err := wof.ReadPlayerDB(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range db.Players {
		if p.Surname == "" || strings.ContainsAny(p.Surname+p.Firstname, "%") {
			continue
		}
		name := p.Surname
		if p.Firstname != "" {
			name += ", " + p.Firstname
		}
		surname, first := eloNameFields(name, p.ID)
		if surname != upperName(p.Surname) || first != strings.Join(strings.Fields(p.Firstname), " ") {
			t.Errorf("WOF player %d %q written %q, %q", p.ID, name, surname, first)
		}
	}
	if len(db.Players) < 10000 {
		t.Errorf("read %d players", len(db.Players))
	}
}

// TestELOCountriesOfTheArchive: the names the export writes on its
// %%Country: line for the archive's countries are spelled as the WOF
// archive's own headers spell them ("Great-Britain", "Hong-Kong", "Czech
// Republic"), and every spelling those headers use more than once for a
// country has a code that gives it.
func TestELOCountriesOfTheArchive(t *testing.T) {
	dir := shareddata.Dir(t, "wof/results")
	seen := map[string]int{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if f, _, err := wof.Read(bytes.NewReader(data)); err == nil && f.Country != "" {
			seen[f.Country]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	archive := []string{"ARG", "AUS", "AUT", "BEL", "BLR", "BRA", "CAN", "CHE", "CHN", "CIV", "CZE", "DEU", "DNK", "ESP", "FIN",
		"FRA", "GBR", "GRC", "GTM", "HKG", "IDN", "IND", "IRN", "ISL", "ISR", "ITA", "JPN", "KOR", "LKA", "MNG", "MYS", "NLD",
		"NOR", "PAK", "POL", "ROU", "RUS", "SGP", "SRB", "SWE", "THA", "TUR", "TWN", "UKR", "USA", "ZAF"}
	named := map[string]bool{"World": true}
	for _, code := range archive {
		name, ok := ELOCountryName(code)
		if !ok || seen[name] == 0 {
			t.Errorf("%s: %q, which no header of the archive writes", code, name)
		}
		named[name] = true
	}
	for name, n := range seen {
		if n > 1 && len(name) > 3 && !named[name] {
			t.Errorf("the archive's headers name %q %d times, and no code gives it", name, n)
		}
	}
	if _, ok := ELOCountryName("XYZ"); ok {
		t.Errorf("XYZ has a name")
	}
}
