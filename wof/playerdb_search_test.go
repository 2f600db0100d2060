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
