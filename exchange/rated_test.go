package exchange

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/wof"
)

// TestUnratedLeftOut_BOFRatings1: a real British .ELO file imported as a
// BOF Regional is rated (held in the UK by default, with clocks, the
// players told: BOF Ratings 1-2); held abroad (BOF Ratings 1 a) or
// without clocks (1 b), RatedGames and WriteELO leave every game out, and
// UnratedGames counts them.
func TestUnratedLeftOut_BOFRatings1(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(shareddata.Dir(t, "elo"), "*.ELO"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .ELO files: %v", err)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	tour, _, err := ReadELO(bytes.NewReader(data), rules.BOFRegional, files[0])
	if err != nil {
		t.Fatal(err)
	}
	rated := len(RatedGames(tour))
	if rated == 0 || UnratedGames(tour) != 0 {
		t.Fatalf("rated %d, unrated %d", rated, UnratedGames(tour))
	}
	for _, tc := range []struct {
		name string
		set  func(*outflank.Settings)
	}{
		{"BOF Ratings 1 a: held in the Netherlands", func(s *outflank.Settings) { s.Place = "NLD" }},
		{"BOF Ratings 1 b: without clocks", func(s *outflank.Settings) { s.Clocks = outflank.No }},
		{"BOF Ratings 1 c: players not told", func(s *outflank.Settings) { s.Told = outflank.No }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := tour.Clone()
			tc.set(&u.Settings)
			if n := len(RatedGames(u)); n != 0 || UnratedGames(u) != rated {
				t.Errorf("rated %d, unrated %d, want 0 and %d", n, UnratedGames(u), rated)
			}
			var b bytes.Buffer
			if err := WriteELO(&b, u); err != nil {
				t.Fatal(err)
			}
			f, _, err := wof.Read(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			games := len(f.Added)
			for _, r := range f.Rounds {
				games += len(r.Games)
			}
			if games != 0 || len(f.Players) != len(u.Players) {
				t.Errorf("the .ELO file has %d games and %d players", games, len(f.Players))
			}
		})
	}
}
