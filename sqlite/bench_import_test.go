package sqlite_test

import (
	"context"
	"testing"

	"outflank"
)

// BenchmarkImport stores a 1,000-player event of 13 rounds, every result
// entered, in one transaction: every row written goes past the triggers
// that notice changes made outside Outflank (migration 15).
func BenchmarkImport(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0")
	t := bigTournament(b, 1000, 13)
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		db := MustOpenDB(b)
		b.StartTimer()
		if _, err := db.Create(ctx, t.Clone(), outflank.KindImport, ""); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		db.Close()
		b.StartTimer()
	}
}
