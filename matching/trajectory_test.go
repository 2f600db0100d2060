package matching

import (
	"bufio"
	"crypto/sha256"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateTrajectory = flag.Bool("update-trajectory", false, "rewrite testdata/trajectory.golden")

// trajectoryCase is one random graph of TestTrajectoryGolden: small integer
// weights give many optimal matchings, so which one the solver returns (and
// with which duals) depends on the exact course of the algorithm.
func trajectoryCase(rng *rand.Rand, i int) (int, []Edge) {
	n := 2 * (1 + rng.IntN(30))
	gens := []func() Weight{
		func() Weight { return W(int64(rng.IntN(3))) },
		func() Weight { return W(-int64(rng.IntN(6))) },
		func() Weight { return W(int64(rng.IntN(3))).Shl(70).Add(W(int64(rng.IntN(4)))).Neg() },
	}
	edges := randomGraph(rng, n, 0.05+0.6*rng.Float64(), gens[i%len(gens)])
	for v := 0; v+1 < n; v += 2 { // a perfect matching exists
		edges = append(edges, Edge{U: v, V: v + 1, W: gens[i%len(gens)]()})
	}
	return n, edges
}

// trajectoryDigest summarises what the solvers return for one graph: the
// perfect matching, its duals as seen through Floor and Slack, and the
// matchings of Max in both modes.
func trajectoryDigest(n int, edges []Edge) string {
	h := sha256.New()
	if p, ok := SolvePerfect(n, edges); ok {
		fmt.Fprintln(h, p.Mate)
		for v := range n {
			fmt.Fprint(h, p.Floor(v), " ")
		}
		for u := range n {
			for v := u + 1; v < n; v++ {
				fmt.Fprint(h, p.Slack(u, v, W(0)), " ")
			}
		}
	}
	fmt.Fprintln(h, Max(n, edges, false), Max(n, edges, true))
	return fmt.Sprintf("%x", h.Sum(nil))[:16]
}

// TestTrajectoryGolden checks that the solvers return exactly the matchings
// and duals they returned when the golden file was written. Among equally
// heavy matchings the algorithm's course decides which one comes out, so a
// change meant only to speed it up must not alter it: pairings would
// change. Rewrite the file (-update-trajectory) only for a change of
// results that is intended.
func TestTrajectoryGolden(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 37))
	var got []string
	for i := range 2000 {
		n, edges := trajectoryCase(rng, i)
		got = append(got, fmt.Sprintf("%d %s", i, trajectoryDigest(n, edges)))
	}
	path := filepath.Join("testdata", "trajectory.golden")
	if *updateTrajectory {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; sc.Scan(); i++ {
		if i >= len(got) || sc.Text() != got[i] {
			t.Fatalf("graph %d: got %q, golden %q", i, got[min(i, len(got)-1)], sc.Text())
		}
	}
}
