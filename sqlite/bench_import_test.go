package sqlite_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"outflank"
)

// BenchmarkImport stores a 1,000-player event of 13 rounds, every result
// entered, in one transaction: every row written goes past the triggers
// that notice changes made outside Outflank (migration 15). It reports
// the process's CPU time per import too, which a busy machine disturbs
// less than the time on the clock.
func BenchmarkImport(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0")
	t := bigTournament(b, 1000, 13)
	ctx := context.Background()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		db := MustOpenDB(b)
		tour := t.Clone()
		before := cpuTime()
		b.StartTimer()
		if _, err := db.Create(ctx, tour, outflank.KindImport, ""); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		cpu += cpuTime() - before
		db.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
