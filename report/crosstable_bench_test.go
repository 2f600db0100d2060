package report_test

import (
	"testing"

	"outflank/report"
	"outflank/rules"
	"outflank/simulate"
)

// BenchmarkCrosstable draws up the crosstable of a 1,000-player, 13-round
// WOC: the rounds' cells and the lines of the standings' computation.
func BenchmarkCrosstable(b *testing.B) {
	t, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 1000, Rounds: 13, Seed: 12})
	if err != nil {
		b.Fatal(err)
	}
	t.Seal()
	report.CrosstableOf(t)
	b.ReportAllocs()
	for b.Loop() {
		report.CrosstableOf(t)
	}
}
