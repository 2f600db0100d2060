package rating

import (
	"os"
	"testing"

	"outflank/internal/shareddata"
	"outflank/wof"
)

// archiveTournaments reads the WOF's whole result archive, or skips.
func archiveTournaments(tb testing.TB) []Tournament {
	tb.Helper()
	dir := shareddata.Dir(tb, "wof/results")
	files, problems, err := wof.ReadArchive(os.DirFS(dir), ".")
	if err != nil || len(problems) > 0 {
		tb.Fatalf("reading the archive: %v %v", err, problems)
	}
	ts, _ := FromArchive(files)
	return ts
}

// BenchmarkComputeArchive computes the May 2026 list from the whole WOF
// archive (about 415,000 games between 16,000 ids).
func BenchmarkComputeArchive(b *testing.B) {
	ts := archiveTournaments(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Compute(ts, Options{AsOf: Date{2026, 5, 12}, Until: Date{2026, 5, 10}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadAndComputeArchive is the whole job of `rating compute`:
// reading the 7,636 files of the archive, then computing the list.
func BenchmarkReadAndComputeArchive(b *testing.B) {
	dir := shareddata.Dir(b, "wof/results")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		files, _, err := wof.ReadArchive(os.DirFS(dir), ".")
		if err != nil {
			b.Fatal(err)
		}
		ts, _ := FromArchive(files)
		if _, err := Compute(ts, Options{AsOf: Date{2026, 5, 12}, Until: Date{2026, 5, 10}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHistoryRecent computes one player's history over the sixteen
// half-yearly lists from January 2019 to July 2026, the largest ones (a
// whole history from 1992 is 70 lists, the early ones small): what
// `rating history` spends its time on. Bounded: run it with -benchtime=1x.
// cpu-s/op is the processor time, both cores': on a shared machine the
// wall clock measures the others' work too.
func BenchmarkHistoryRecent(b *testing.B) {
	ts := archiveTournaments(b)
	dates := ListDates(Date{2019, 1, 1}, Date{2026, 7, 1}, 6)
	b.ResetTimer()
	cpu := cpuSeconds()
	defer func() { b.ReportMetric((cpuSeconds()-cpu)/float64(b.N), "cpu-s/op") }()
	for i := 0; i < b.N; i++ {
		lists, err := Lists(ts, dates)
		if err != nil {
			b.Fatal(err)
		}
		if len(History(lists, 13841)) != len(dates) {
			b.Fatal("player 13841 is not on every list")
		}
	}
}
