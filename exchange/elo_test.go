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

// TestRealELOFiles imports every real .ELO file, then checks that the
// tournament survives the tournament file exactly, and that our own .ELO
// export reads back without warnings and with the same rated games.
func TestRealELOFiles(t *testing.T) {
	dir := shareddata.Dir(t, "elo")
	files, err := filepath.Glob(filepath.Join(dir, "*.ELO"))
	if err != nil || len(files) != 28 {
		t.Fatalf("found %d .ELO files (%v), want 28", len(files), err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tour, _, err := ReadELO(bytes.NewReader(data), rules.Custom, path)
			if err != nil {
				t.Fatal(err)
			}
			if len(tour.Players) == 0 || len(tour.Rounds) == 0 {
				t.Fatalf("%d players, %d rounds", len(tour.Players), len(tour.Rounds))
			}
			var first bytes.Buffer
			if err := WriteJSON(&first, tour); err != nil {
				t.Fatal(err)
			}
			back, err := ReadJSON(bytes.NewReader(first.Bytes()))
			if err != nil {
				t.Fatalf("the tournament file of an imported .ELO does not read back: %v", err)
			}
			var second bytes.Buffer
			if err := WriteJSON(&second, back); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(first.Bytes(), second.Bytes()) {
				t.Errorf("tournament file round trip differs")
			}
			var elo bytes.Buffer
			if err := WriteELO(&elo, tour); err != nil {
				t.Fatal(err)
			}
			f, warnings, err := wof.Read(bytes.NewReader(elo.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range warnings {
				if w.Kind != wof.WarnNoGames { // a registered player who played no game is real
					t.Errorf("our .ELO export has a warning: %v", w)
				}
			}
			if got, want := len(f.Games()), countGames(tour); got != want || len(f.Players) != len(tour.Players) {
				t.Errorf("our .ELO export has %d games and %d players, want %d and %d", got, len(f.Players), want, len(tour.Players))
			}
		})
	}
}

func countGames(t *outflank.Tournament) int {
	n := 0
	for _, r := range t.Rounds {
		n += len(r.Games)
	}
	return n
}

func TestReadELOMapping(t *testing.T) {
	const file = `%%Tournament: Mapping test
%%Country: Norway
%%Date: 08/01/1995
%%Sender: test

%_% 10, ONE, Ann, NOR, 2, 60
%_% +20, TWO, Bob, F, 1, 70
%Round: 1
10 (40)>(24) 20 B
%Round: 2
20 (50)>(10) 10 W
%%Added results
10 > 20
10 (32)>(32) 20 B
`
	tour, warnings, err := ReadELO(bytes.NewReader([]byte(file)), rules.WOC, "/x/mapping test.ELO")
	if err != nil {
		t.Fatal(err)
	}
	if tour.Slug != "mapping-test" || tour.Name != "Mapping test" || tour.Date != "1995-01-08" || len(tour.Players) != 2 {
		t.Fatalf("tournament %s %q %s with %d players", tour.Slug, tour.Name, tour.Date, len(tour.Players))
	}
	if p := tour.Players[1]; p.Name != "TWO, Bob" || p.WOFID != 20 || !p.NewToWOF || p.Country != "" {
		t.Errorf("player 2 = %+v (country F is not a code)", p)
	}
	// Two players of a WOC: a double round robin, then the added games are
	// the final between 1st and 2nd (WOC III.2.3, without semi-finals for
	// want of four players), a game a round.
	if len(tour.Rounds) != 4 || tour.Rounds[2].Stage != outflank.StageFinal || tour.Rounds[3].Stage != outflank.StageFinal {
		t.Fatalf("%d rounds; want 2 and the added games in 2 rounds of the final", len(tour.Rounds))
	}
	r2 := tour.Rounds[1].Games[0] // "20 ... 10 W": 20 was white
	if r2.Black != 1 || r2.White != 2 || r2.Result.BlackDiscs != 10 || r2.Result.WhiteDiscs != 54 {
		t.Errorf("round 2 = %+v %+v; want 1 black, losing 10-50 (10-54 officially: empties to the winner)", r2, r2.Result)
	}
	if res := tour.Rounds[2].Games[0].Result; !res.DiscsUnknown || res.BlackDiscs != 33 {
		t.Errorf("result-only game = %+v, want a nominal 33-31 win with unknown discs", res)
	}
	if res := tour.Rounds[3].Games[0].Result; !res.DiscsUnknown || res.BlackDiscs != 33 {
		t.Errorf("placeholder game = %+v, want the operator's win with unknown discs", res)
	}
	if len(warnings) < 2 {
		t.Errorf("warnings %v: want the country and the placeholder", warnings)
	}
}
