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
