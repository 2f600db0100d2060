package othello

import "testing"

// perftCounts are the published node counts from the starting position for
// depths 1-11 (a pass is a ply; a finished game is one leaf).
var perftCounts = []uint64{4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800}

func TestPerftStart(t *testing.T) {
	maxDepth := 9
	if testing.Short() {
		maxDepth = 7
	}
	for depth := 1; depth <= maxDepth; depth++ {
		if got, want := Perft(Start(), depth), perftCounts[depth-1]; got != want {
			t.Errorf("Perft(start, %d) = %d, want %d", depth, got, want)
		}
	}
	if got := Perft(Start(), 0); got != 1 {
		t.Errorf("Perft(start, 0) = %d, want 1", got)
	}
}

func BenchmarkPerft11(b *testing.B) {
	var leaves uint64
	for b.Loop() {
		leaves = Perft(Start(), 11)
	}
	if leaves != perftCounts[10] {
		b.Fatalf("Perft(start, 11) = %d, want %d", leaves, perftCounts[10])
	}
	b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}
