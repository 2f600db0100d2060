package bigfile

import (
	"bytes"
	"encoding/csv"
	"testing"

	"outflank/wof"
)

// TestELO checks that the generated .ELO file reads without a warning but
// the placeholders', with every game and player.
func TestELO(t *testing.T) {
	for _, games := range []int{10, 1000, 10000} {
		f, ws, err := wof.Read(bytes.NewReader(ELO(games)))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range ws {
			if w.Kind != wof.WarnDiscs {
				t.Errorf("%d games: %v", games, w)
			}
		}
		if got := len(f.Games()); got != games || len(f.Players) != ELOPlayers(games) || len(f.Added) != 2 {
			t.Errorf("%d games: read %d games, %d players, %d added", games, got, len(f.Players), len(f.Added))
		}
	}
}

// TestPlayersCSV checks the generated CSV's shape.
func TestPlayersCSV(t *testing.T) {
	recs, err := csv.NewReader(bytes.NewReader(PlayersCSV(100))).ReadAll()
	if err != nil || len(recs) != 101 || len(recs[0]) != 8 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
}
