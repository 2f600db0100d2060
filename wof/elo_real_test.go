package wof

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// realFacts are counts checked by reading each real file by eye: player
// lines, rounds (the unnumbered first one included), games in the rounds,
// added games and kept comments.
var realFacts = map[string]struct{ players, rounds, games, added, comments int }{
	"19920111_MILAN.ELO":                                        {0, 1, 112, 0, 0},
	"19950108_JKTT.ELO":                                         {0, 1, 6, 0, 0},
	"19951116_WOC_1995.ELO":                                     {14, 13, 91, 8, 0},
	"19960921_CH_I.ELO":                                         {0, 1, 101, 0, 10},
	"19961001_GDMSTR.ELO":                                       {0, 1, 33, 0, 0},
	"19970223_18_Hukuriku_Expert_preliminary.ELO":               {0, 6, 48, 0, 17},
	"19970920_GDPRIX.ELO":                                       {0, 10, 32, 0, 1},
	"20000304_NL_B.ELO":                                         {0, 6, 36, 0, 0},
	"20050116_24_DUTCH_OPEN.ELO":                                {0, 7, 70, 0, 0},
	"20050321_Shinagawa_Int_B.ELO":                              {0, 6, 162, 0, 62},
	"20060326_27_Meijin.ELO":                                    {127, 7, 433, 0, 0},
	"20090110_EGP_Roma.ELO":                                     {29, 12, 144, 0, 14},
	"20090124_PREQUAL_GRENOBLE.ELO":                             {9, 9, 28, 9, 8},
	"20090725_CH_SINGAPORE.ELO":                                 {40, 8, 154, 0, 1},
	"20090927_CH_Argentina.ELO":                                 {5, 5, 8, 0, 1},
	"20100313_Oadby_Regional.ELO":                               {8, 7, 27, 0, 3},
	"20130406_EGP_Barcelona.ELO":                                {0, 1, 35, 0, 13},
	"20140116_Othello_World_Cup.ELO":                            {40, 11, 229, 0, 6},
	"20160925_Campeonato_Paulista_de_Othello_2016-Feminino.ELO": {22, 5, 55, 0, 0},
	"20190212_25_Burijn_open.ELO":                               {25, 5, 59, 0, 1},
	"20190324_40_Meijin.ELO":                                    {215, 8, 745, 0, 0},
	"20190423_26_Burijn_open.ELO":                               {28, 5, 67, 0, 0},
	"20190506_Kanto_Ladies_Meijin-sen_prelim.ELO":               {4, 6, 12, 0, 0},
	"20190608_Roma_open.ELO":                                    {8, 6, 20, 0, 0},
	"20190731_Bergen_Open.ELO":                                  {6, 5, 15, 0, 0},
	"20190907_CH_India.ELO":                                     {8, 6, 29, 0, 3},
	"20221126_Cambridge_Christmas_Friendly.ELO":                 {6, 6, 18, 0, 0},
	"20250621_CH_China.ELO":                                     {31, 7, 105, 5, 3},
}

// TestRealELOCounts reads every real file without error and checks its
// counts.
func TestRealELOCounts(t *testing.T) {
	for _, name := range realELONames(t) {
		_, f, _ := readRealELO(t, name)
		want, ok := realFacts[name]
		if !ok {
			t.Errorf("%s: no facts recorded for this file", name)
			continue
		}
		games := 0
		for _, r := range f.Rounds {
			games += len(r.Games)
		}
		got := struct{ players, rounds, games, added, comments int }{len(f.Players), len(f.Rounds), games, len(f.Added), len(f.Comments)}
		if got != want {
			t.Errorf("%s: players, rounds, games, added, comments = %v, want %v", name, got, want)
		}
		if len(f.Games()) != games+len(f.Added) {
			t.Errorf("%s: Games() has %d games, want %d", name, len(f.Games()), games+len(f.Added))
		}
	}
}

// TestRealELOWarnings compares the warnings of every real file with
// testdata/elo_warnings.golden; -update rewrites it.
func TestRealELOWarnings(t *testing.T) {
	var b strings.Builder
	for _, name := range realELONames(t) {
		_, _, ws := readRealELO(t, name)
		fmt.Fprintf(&b, "# %s: %d warnings\n", name, len(ws))
		for _, w := range ws {
			fmt.Fprintf(&b, "%d [%s] %s | %q\n", w.Line, w.Kind, w.Message, w.Text)
		}
	}
	const golden = "testdata/elo_warnings.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if b.String() != string(want) {
		t.Errorf("warnings differ from %s (go test -update rewrites it after review):\n%s", golden, firstDiff(b.String(), string(want)))
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl, wl)
		}
	}
	return ""
}

// TestRealELORoundTrip writes every real file, reads it back to the same
// File, and checks that writing again gives the same bytes and that the
// canonical text reads without warnings of its own making.
func TestRealELORoundTrip(t *testing.T) {
	for _, name := range realELONames(t) {
		_, f, ws := readRealELO(t, name)
		first := writeString(t, f)
		g, ws2 := readString(t, first)
		if diff := sameFile(f, g); diff != "" {
			t.Errorf("%s: Write then Read changes the file: %s", name, diff)
		}
		if second := writeString(t, g); second != first {
			t.Errorf("%s: writing again changes the bytes:\n%s", name, firstDiff(second, first))
		}
		// The repairs are made once: the written text has none left to make,
		// and every other kind of warning comes back.
		if got, want := kinds(ws2), withoutKinds(kinds(ws), WarnMissingComma, WarnPlayerID); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: warnings after the round trip %v, want %v", name, got, want)
		}
	}
}

// kinds counts warnings by kind.
func kinds(ws []Warning) map[WarningKind]int {
	m := map[WarningKind]int{}
	for _, w := range ws {
		m[w.Kind]++
	}
	return m
}

// withoutKinds returns m without the given kinds.
func withoutKinds(m map[WarningKind]int, drop ...WarningKind) map[WarningKind]int {
	for _, k := range drop {
		delete(m, k)
	}
	return m
}

// TestRealELOEncoding checks that Write gives back the bytes of the
// Latin-1 and UTF-8 names.
func TestRealELOEncoding(t *testing.T) {
	data, f, _ := readRealELO(t, "20090927_CH_Argentina.ELO")
	if !bytes.Contains(data, []byte("doesn\xabt")) {
		t.Fatal("the Argentina file no longer holds its Latin-1 byte 0xAB")
	}
	if got := f.Comments[0].Text; !strings.Contains(got, "doesn\u00abt match") {
		t.Errorf("Latin-1 comment read as %q", got)
	}
	if out := writeString(t, f); !strings.Contains(out, "doesn\xabt match") {
		t.Errorf("Latin-1 comment not written back in Latin-1:\n%s", out)
	}
	data, f, _ = readRealELO(t, "20190423_26_Burijn_open.ELO")
	if !bytes.Contains(data, []byte("Vaj\xc3\x88n")) {
		t.Fatal("the 26th Burijn file no longer holds its UTF-8 name")
	}
	p, _ := f.Player(120197)
	if p.Surname != "BERGEN" || p.Firstname != "Vaj\u00c8n" {
		t.Errorf("UTF-8 name read as %q %q", p.Surname, p.Firstname)
	}
	// È fits in Latin-1, so the canonical file is Latin-1.
	if out := writeString(t, f); !strings.Contains(out, "Vaj\xc8n") {
		t.Errorf("UTF-8 name not written in Latin-1")
	}
}
