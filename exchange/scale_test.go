package exchange

import (
	"bytes"
	"testing"
	"time"

	"outflank"
	"outflank/internal/bigfile"
	"outflank/rules"
)

// TestImportsGrowLinearly guards against the quadratic imports of issue 10
// (every new player compared with every player, players and tables looked
// for one by one): ten times the rows must take about ten times as long,
// and far less than the hundred times of a quadratic import. Each size is
// timed at its best of five, and the bound (50) is loose, halfway to the
// quadratic hundred, so that a busy machine does not fail it (at 30 it
// failed once while other test binaries ran beside it).
func TestImportsGrowLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("times imports of 40,000 players and 50,000 games")
	}
	best := func(run func()) time.Duration {
		fastest := time.Duration(1<<63 - 1)
		for range 5 {
			start := time.Now()
			run()
			fastest = min(fastest, time.Since(start))
		}
		return fastest
	}
	players := func(n int) func() {
		data := bigfile.PlayersCSV(n)
		return func() {
			ps, err := ReadPlayersCSV(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			tour, err := outflank.NewTournament("big", "Big Open", "", rules.Custom, 7)
			if err != nil {
				t.Fatal(err)
			}
			if err := tour.AddPlayers(ps); err != nil {
				t.Fatal(err)
			}
		}
	}
	games := func(n int) func() {
		data := bigfile.ELO(n)
		return func() {
			if _, _, err := ReadELO(bytes.NewReader(data), rules.Custom, "big.ELO"); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		what         string
		small, big   func()
		nSmall, nBig int
	}{
		{"players CSV", players(4_000), players(40_000), 4_000, 40_000},
		{".ELO games", games(5_000), games(50_000), 5_000, 50_000},
	} {
		small, big := best(tc.small), best(tc.big)
		ratio := float64(big) / float64(small)
		t.Logf("%s: %d in %v, %d in %v: %.1f times as long", tc.what, tc.nSmall, small, tc.nBig, big, ratio)
		if ratio > 50 {
			t.Errorf("%s: ten times the rows take %.1f times as long: the import is no longer linear", tc.what, ratio)
		}
	}
}
