package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/bigfile"
)

// The import benchmarks run the whole command, as a director would, on a
// fresh SQLite database each time: reading and checking the file, building
// the tournament, storing it with its audit record. Ten times the rows
// should take about ten times as long (issue 10: the imports were
// quadratic); ns/row makes that easy to read off.

// BenchmarkPlayerImport imports a players CSV into an empty tournament.
func BenchmarkPlayerImport(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	for _, n := range []int{5_000, 50_000} {
		b.Run(fmt.Sprintf("%dplayers", n), func(b *testing.B) {
			dir := b.TempDir()
			csv := filepath.Join(dir, "players.csv")
			if err := os.WriteFile(csv, bigfile.PlayersCSV(n), 0o644); err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				b.StopTimer()
				i++
				db := filepath.Join(dir, fmt.Sprintf("%d.db", i))
				benchRun(b, db, "new", "big", "--name", "Big Open", "--rules", "custom")
				b.StartTimer()
				benchRun(b, db, "player", "import", "big", csv)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/player")
		})
	}
}

// BenchmarkImportELO imports a WOF .ELO file (bigfile.ELO: a 12-round Swiss,
// several games a line) as a new tournament.
func BenchmarkImportELO(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	for _, games := range []int{10_000, 100_000} {
		b.Run(fmt.Sprintf("%dgames", games), func(b *testing.B) {
			dir := b.TempDir()
			elo := filepath.Join(dir, "big.ELO")
			if err := os.WriteFile(elo, bigfile.ELO(games), 0o644); err != nil {
				b.Fatal(err)
			}
			i := 0
			for b.Loop() {
				i++
				benchRun(b, filepath.Join(dir, fmt.Sprintf("%d.db", i)), "import", elo)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*games), "ns/game")
		})
	}
}

// benchRun runs a command that must succeed.
func benchRun(b *testing.B, db string, args ...string) {
	b.Helper()
	var out, errOut bytes.Buffer
	if code := Main(append([]string{"--db", db}, args...), strings.NewReader(""), &out, &errOut); code != 0 {
		b.Fatalf("outflank %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
	}
}
