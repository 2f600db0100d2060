package rating

import (
	"math/rand"
	"testing"
)

// reach returns which vertices each vertex reaches, by depth-first search.
func reach(n int, from, to []int32) [][]bool {
	adj := make([][]int32, n)
	for k := range from {
		adj[from[k]] = append(adj[from[k]], to[k])
	}
	out := make([][]bool, n)
	for s := 0; s < n; s++ {
		seen := make([]bool, n)
		stack := []int32{int32(s)}
		seen[s] = true
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, w := range adj[v] {
				if !seen[w] {
					seen[w] = true
					stack = append(stack, w)
				}
			}
		}
		out[s] = seen
	}
	return out
}

// Two players share a component exactly when each reaches the other.
func TestComponentsAgreeWithReachability(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.Intn(30)
		m := rng.Intn(3 * n)
		var from, to []int32
		for k := 0; k < m; k++ {
			from = append(from, int32(rng.Intn(n)))
			to = append(to, int32(rng.Intn(n)))
		}
		comp, size := components(n, from, to)
		r := reach(n, from, to)
		count := make([]int, len(size))
		for a := 0; a < n; a++ {
			count[comp[a]]++
			for b := 0; b < n; b++ {
				if same := comp[a] == comp[b]; same != (r[a][b] && r[b][a]) {
					t.Fatalf("trial %d: %d and %d in one component: %v, mutually reachable: %v", trial, a, b, same, r[a][b] && r[b][a])
				}
			}
		}
		for c := range size {
			if count[c] != size[c] {
				t.Fatalf("trial %d: component %d has %d players, size says %d", trial, c, count[c], size[c])
			}
		}
	}
}

// A chain of 100,000 wins must not overflow anything: the search is
// iterative.
func TestComponentsOfALongChain(t *testing.T) {
	n := 100000
	var from, to []int32
	for i := 0; i < n; i++ {
		from, to = append(from, int32(i)), append(to, int32((i+1)%n))
	}
	_, size := components(n, from, to)
	if len(size) != 1 || size[0] != n {
		t.Fatalf("sizes %v, want one component of %d", size[:min(len(size), 5)], n)
	}
}
