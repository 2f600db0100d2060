package matching

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// sparseGraph has n vertices, each joined to about degree others, with
// weights spread over 90 bits like lexicographic pairing weights.
func sparseGraph(n, degree int) []Edge {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(degree)))
	var edges []Edge
	for u := range n {
		for range degree / 2 {
			v := rng.IntN(n)
			if v != u {
				edges = append(edges, Edge{U: u, V: v, W: W(int64(rng.IntN(8))).Shl(80).Add(W(int64(rng.IntN(1 << 20))))})
			}
		}
		edges = append(edges, Edge{U: u, V: (u + 1) % n, W: W(int64(rng.IntN(8))).Shl(80)}) // a perfect matching exists
	}
	return edges
}

func BenchmarkMax(b *testing.B) {
	for _, n := range []int{200, 1000} {
		edges := sparseGraph(n, 20)
		b.Run(fmt.Sprintf("%dvertices", n), func(b *testing.B) {
			for b.Loop() {
				Max(n, edges, true)
			}
		})
	}
}

func BenchmarkMaxPerfect(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		edges := sparseGraph(n, 20)
		b.Run(fmt.Sprintf("%dvertices", n), func(b *testing.B) {
			for b.Loop() {
				MaxPerfect(n, edges)
			}
		})
	}
}
