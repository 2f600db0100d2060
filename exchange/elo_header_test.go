package exchange

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/wof"
)

// TestWriteELOHeader: the %%Sender: and %%Country: lines are the
// tournament's settings, not "Outflank" and a guess from the players'
// countries; an imported .ELO file keeps its own.
func TestWriteELOHeader(t *testing.T) {
	tour, err := outflank.NewTournament("oadby", "Oadby Regional", "2010-03-13", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "Anna Berg", Country: "SWE"}, {Name: "Ben Berg", Country: "SWE"}} {
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
	if f.Sender != "" || f.Country != "" || len(MissingELOHeader(tour)) != 2 {
		t.Errorf("without settings: sender %q, country %q, missing %v; want both empty and missing", f.Sender, f.Country, MissingELOHeader(tour))
	}
	tour.Settings.ELOSender, tour.Settings.ELOCountry = "Geoff Hubbard", "Great-Britain"
	b.Reset()
	if err := WriteELO(&b, tour); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "%%Country: Great-Britain\n") || !strings.Contains(b.String(), "%%Sender: Geoff Hubbard\n") || MissingELOHeader(tour) != nil {
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
