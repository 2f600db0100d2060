package pairing

import (
	"fmt"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestRestrictionKeepsOptimum pairs simulated fields of a few hundred
// players with the candidate pairs restricted to neighbouring score groups
// (and priced) and on the complete graph: the totals must be the same.
func TestRestrictionKeepsOptimum(t *testing.T) {
	fields := []int{150, 201, 300}
	if testing.Short() {
		fields = []int{101}
	}
	for _, rules := range []Rules{WOCSwiss, BOFSwiss, AOFSwiss} {
		for _, n := range fields {
			s := newSim(uint64(n)*31+uint64(len(rules.Name)), n)
			for r := range 7 {
				active := s.active()
				fast, err := Swiss(active, rules, Options{Seed: uint64(r)})
				if err != nil {
					t.Fatal(err)
				}
				full, err := Swiss(active, rules, Options{Seed: uint64(r), Window: -1})
				if err != nil {
					t.Fatal(err)
				}
				if fast.Bye != full.Bye || slices.Compare(fast.Totals, full.Totals) != 0 {
					t.Fatalf("%s, %d players, round %d: restricted %v (bye %d), complete %v (bye %d)", rules.Name, n, r+1, fast.Totals, fast.Bye, full.Totals, full.Bye)
				}
				s.play(fast)
			}
		}
	}
}

// benchField returns the players of round `round` of a simulated
// tournament of n players, for benchmarks.
func benchField(b *testing.B, n, round int) []Player {
	s := newSim(uint64(n), n)
	for range round - 1 {
		res, err := Swiss(s.active(), WOCSwiss, Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.play(res)
	}
	return s.active()
}

func BenchmarkSwiss(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		for _, round := range []int{2, 7} {
			b.Run(fmt.Sprintf("%dplayers/round%d", n, round), func(b *testing.B) {
				players := benchField(b, n, round)
				b.ResetTimer()
				cpu := processCPU()
				for b.Loop() {
					if _, err := Swiss(players, WOCSwiss, Options{}); err != nil {
						b.Fatal(err)
					}
				}
				// The CPU time too: pricing runs on every core, and on a
				// shared machine it varies less than the elapsed time.
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			})
		}
	}
}

// TestSameSeedSamePairing: pairing the same round with the same seed gives
// the same pairings every time (no map order may leak into a result).
func TestSameSeedSamePairing(t *testing.T) {
	s := newSim(42, 120)
	for range 3 {
		res, err := Swiss(s.active(), WOCSwiss, Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s.play(res)
	}
	active := s.active()
	first, err := Swiss(active, WOCSwiss, Options{Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		again, err := Swiss(s.active(), WOCSwiss, Options{Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(again.Pairings) != fmt.Sprint(first.Pairings) {
			t.Fatal("the same round and seed paired differently")
		}
	}
}

// processCPU is the CPU time the process has used, user and system.
func processCPU() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
