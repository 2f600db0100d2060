package exchange

import (
	"bytes"
	"fmt"
	"testing"

	"outflank"
	"outflank/internal/bigfile"
	"outflank/rules"
)

// The benchmarks of the importers without the database: reading the file
// and building the tournament through the domain's methods. The end-to-end
// benchmarks, with SQLite, are in cmd/outflank.

func BenchmarkReadPlayersCSV(b *testing.B) {
	for _, n := range []int{5_000, 50_000} {
		b.Run(fmt.Sprintf("%dplayers", n), func(b *testing.B) {
			data := bigfile.PlayersCSV(n)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				players, err := ReadPlayersCSV(bytes.NewReader(data))
				if err != nil {
					b.Fatal(err)
				}
				t, err := outflank.NewTournament("big", "Big Open", "", rules.Custom, 7)
				if err != nil {
					b.Fatal(err)
				}
				if err := t.AddPlayers(players); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkReadELO(b *testing.B) {
	for _, games := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("%dgames", games), func(b *testing.B) {
			data := bigfile.ELO(games)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, _, err := ReadELO(bytes.NewReader(data), rules.Custom, "big.ELO"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
