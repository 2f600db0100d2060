package wof

import (
	"os"
	"slices"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

func TestPlayerDBSearch(t *testing.T) {
	db, _, err := ReadPlayerDB(strings.NewReader("pays = SWE\n1 BERG, Anna %_<1500>\n2 BERGSTRÖM, Nils\n3 LUNDBERG, Eva\npays = FRA\n4 DUBOIS, Léa\n5 DE CICCO, Alba\n6 EDAX (Delorme)\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		query string
		want  []int
	}{
		{"berg", []int{1, 2}},
		{"Berg Anna", []int{1}},
		{"anna berg", []int{1}},
		{"bergstrom", []int{2}},
		{"lea dub", []int{4}},
		{"LÉA", []int{4}},
		{"de cic", []int{5}},
		{"cicco, alba", []int{5}},
		{"edax", []int{6}},
		{"delorme", []int{6}},
		{"berg berg", nil}, // two words need two different words of the name
		{"", nil},
		{"  ,  ", nil},
		{"nobody", nil},
	} {
		var got []int
		for _, p := range db.Search(tc.query) {
			got = append(got, p.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Search(%q) = %v; want %v", tc.query, got, tc.want)
		}
	}
}

// TestPlayerDBSearchReal: searches in the real database find who they
// should, quickly enough to run at each keystroke.
func TestPlayerDBSearchReal(t *testing.T) {
	f, err := os.Open(shareddata.File(t, "wof", "joueurs.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, _, err := ReadPlayerDB(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"acuna", "Ricardo Acuña", "van damme", "de cicco"} {
		if got := db.Search(q); len(got) == 0 {
			t.Errorf("Search(%q) found nobody", q)
		}
	}
	if got := db.Search("a"); len(got) < 1000 {
		t.Errorf("Search(\"a\") found %d players", len(got))
	}
}

// TestRankQuality: how well the words typed match a name, from the full
// name down to a part of a word, each word typed matching a different
// word of the name.
func TestRankQuality(t *testing.T) {
	for _, tc := range []struct {
		query, surname, firstname string
		want                      Quality
	}{
		{"flavio marconi", "MARCONI", "Flavio", FullName},
		{"MARCONI, Flavio", "MARCONI", "Flavio", FullName},
		{"marconi", "MARCONI", "Flavio", Surname},
		{"Marconi", "MARCONI", "", FullName}, // a name of one word is all surname
		{"de cicco", "DE CICCO", "Alba", Surname},
		{"cicco de", "DE CICCO", "Alba", Surname},
		{"flavio", "MARCONI", "Flavio", Words},
		{"cicco", "DE CICCO", "Alba", Words},
		{"marc", "MARCONI", "Flavio", Start},
		{"marconi fl", "MARCONI", "Flavio", Start},
		{"arcon", "MARCONI", "Flavio", Inside},
		{"arcon flavio", "MARCONI", "Flavio", Inside},
		{"léa dubois", "DUBOIS", "Lea", FullName},
		{"ann an", "BERG", "Anna An", Start}, // "ann" must not take "an"
		{"an an", "BERG", "Anna", NoMatch},   // two words typed need two words of the name
		{"marconi paola", "MARCONI", "Flavio", NoMatch},
		{"zzz", "MARCONI", "Flavio", NoMatch},
	} {
		if got := MatchQuality(FoldWords(tc.query), tc.surname, tc.firstname); got != tc.want {
			t.Errorf("%q for %s, %s: %s; want %s", tc.query, tc.surname, tc.firstname, got, tc.want)
		}
	}
}

// TestRankOrder: players who match the words typed better come first;
// among equals the active, then the rated, then those of the event's
// country, then the higher rated; a player stands out (Unrivalled) only
// when he matches better than every other.
func TestRankOrder(t *testing.T) {
	db, _, err := ReadPlayerDB(strings.NewReader(`pays = ARG
1 MARCONI, Paola
2 ROSSI, Marconi %_<1900>
pays = ITA
3 MARCONI, Flavio %_<1050>
4 MARCONI, Francesco %_<2076>
5 MARCONI, Marco
6 MARCONIS, Anna %_<2500>
7 LAMARCONI, Bea %_<2600>
pays = FRA
8 MARCONI, Jean %_<1050>
`))
	if err != nil {
		t.Fatal(err)
	}
	ids := func(found []Found) []int {
		var out []int
		for _, f := range found {
			out = append(out, f.ID)
		}
		return out
	}
	for _, tc := range []struct {
		query      string
		pref       Preference
		want       []int
		unrivalled bool
	}{
		// The surname first (the rated, the event's country's first, by
		// rating; then the unrated), then a first name, then starts, then
		// parts.
		{"marconi", Preference{}, []int{4, 3, 8, 1, 5, 2, 6, 7}, false},
		{"marconi", Preference{Country: "ITA"}, []int{4, 3, 8, 5, 1, 2, 6, 7}, false},
		{"marconi", Preference{Country: "FRA"}, []int{8, 4, 3, 1, 5, 2, 6, 7}, false},
		{"marconi", Preference{Active: func(id int) bool { return id == 3 }}, []int{3, 4, 8, 1, 5, 2, 6, 7}, false},
		{"flavio marconi", Preference{}, []int{3}, true},
		{"marconi flav", Preference{}, []int{3}, true},
		{"marco", Preference{}, []int{5, 6, 4, 2, 3, 8, 1, 7}, true}, // only Marco has the word "marco"
		{"marconis", Preference{}, []int{6}, true},
		{"rossi", Preference{}, []int{2}, true},
		{"arconi", Preference{}, []int{7, 6, 4, 2, 3, 8, 1, 5}, false},
		{"nobody", Preference{}, nil, false},
	} {
		found := db.Rank(tc.query, tc.pref)
		if got := ids(found); !slices.Equal(got, tc.want) {
			t.Errorf("Rank(%q, %+v) = %v; want %v", tc.query, tc.pref.Country, got, tc.want)
		}
		if got := Unrivalled(found); got != tc.unrivalled {
			t.Errorf("Unrivalled(Rank(%q)) = %v; want %v", tc.query, got, tc.unrivalled)
		}
	}
}

// TestRankNamesakesReal: in the real joueurs.txt, "marconi" and "puzzo"
// find several players of that surname, none standing out: the director
// chooses (PAPP took the first in the file, MARCONI, Paola of ARG,
// unrated, for Flavio of ITA; PUZZO, Claudia for Giulio). The rated come
// first, the highest first; the full name finds one player.
func TestRankNamesakesReal(t *testing.T) {
	db := realPlayerDB(t)
	for _, tc := range []struct {
		query, country string
		want           []int // the first players, in order
		unrivalled     bool
	}{
		{"marconi", "ITA", []int{36, 3066, 2882, 280036}, false},
		{"puzzo", "ITA", []int{43, 40125, 40034}, false},
		{"flavio marconi", "", []int{3066}, true},
		{"MARCONI, Flavio", "ARG", []int{3066}, true},
		{"marconi fla", "", []int{3066}, true},
		{"giulio puzzo", "", []int{40125}, true},
		{"puzzo giu", "", []int{40125}, true},
	} {
		found := db.Rank(tc.query, Preference{Country: tc.country})
		var got []int
		for _, f := range found[:min(len(found), len(tc.want))] {
			got = append(got, f.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Rank(%q) begins %v; want %v", tc.query, got, tc.want)
		}
		if Unrivalled(found) != tc.unrivalled {
			t.Errorf("Unrivalled(Rank(%q)) = %v; want %v (%d found)", tc.query, !tc.unrivalled, tc.unrivalled, len(found))
		}
	}
	// Every MARCONI matches "marconi" as well as the others.
	for _, f := range db.Rank("marconi", Preference{})[:4] {
		if f.Quality != Surname {
			t.Errorf("%s, %s: %s", f.Surname, f.Firstname, f.Quality)
		}
	}
}

func realPlayerDB(tb testing.TB) *PlayerDB {
	tb.Helper()
	f, err := os.Open(shareddata.File(tb, "wof", "joueurs.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	db, _, err := ReadPlayerDB(f)
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

// BenchmarkRank: a search of the real database, as the console runs one at
// each keystroke.
func BenchmarkRank(b *testing.B) {
	db := realPlayerDB(b)
	for _, q := range []string{"a", "marconi", "tamenori hid"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				db.Rank(q, Preference{Country: "ITA"})
			}
		})
	}
}
