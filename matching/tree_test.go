package matching

import (
	"math/rand/v2"
	"testing"
)

// slackByChains is Perfect.Slack computed the plain way: walking up the
// blossoms from both ends and adding the duals of those they share.
func slackByChains(p *Perfect, u, v int, w Weight) Weight {
	s := p.s
	slack := p.Floor(u).Add(p.Floor(v)).Sub(w.Double().Double())
	if slack.Sign() >= 0 {
		return slack
	}
	holds := map[int]bool{}
	for b := s.blossomparent[u]; b != -1; b = s.blossomparent[b] {
		holds[b] = true
	}
	for b := s.blossomparent[v]; b != -1; b = s.blossomparent[b] {
		if holds[b] {
			slack = slack.Add(s.dualvar[b].Double())
		}
	}
	return slack
}

// TestSlackBlossomTree checks Slack, which finds the blossoms holding both
// ends with a range minimum, against the plain walk, on graphs whose optimum
// has nested blossoms; and Floor and Held, which add up to it.
func TestSlackBlossomTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 43))
	nested := 0
	for i := range 300 {
		n := 2 * (5 + rng.IntN(60))
		edges := randomGraph(rng, n, 0.1+0.5*rng.Float64(), func() Weight { return W(-int64(rng.IntN(5))) })
		for v := 0; v+1 < n; v += 2 {
			edges = append(edges, Edge{U: v, V: v + 1, W: W(-int64(rng.IntN(5)))})
		}
		p, ok := SolvePerfect(n, edges)
		if !ok {
			t.Fatalf("graph %d: no perfect matching", i)
		}
		for v := range n {
			if b := p.s.blossomparent[v]; b >= 0 && p.s.blossomparent[b] >= 0 {
				nested++
				break
			}
		}
		for u := range n {
			for v := range n {
				w := W(-int64(rng.IntN(6)))
				want := slackByChains(p, u, v, w)
				if got := p.Slack(u, v, w); got != want {
					t.Fatalf("graph %d: Slack(%d, %d, %v) = %v, want %v", i, u, v, w, got, want)
				}
				// What pricing works out instead (pairing.priceRows): Slack
				// stops at the vertices' part when it is not negative.
				raw := p.Floor(u).Add(p.Floor(v)).Sub(w.Double().Double())
				if got := raw.Add(p.Held(u, v)); u != v && raw.Sign() < 0 && got != want {
					t.Fatalf("graph %d: Floor + Floor - 4w + Held(%d, %d) = %v, want %v", i, u, v, got, want)
				}
				// OuterHeld is the outermost blossom's part of Held: the
				// sum of its dual alone when the innermost holding both
				// is the outermost.
				if u != v {
					outer, held := p.OuterHeld(u, v), p.Held(u, v)
					top := p.s.inblossom[u] // after the solve, the top-level blossoms
					shared := top >= n && top == p.s.inblossom[v]
					switch {
					case !shared && (!outer.IsZero() || !held.IsZero()):
						t.Fatalf("graph %d: %d and %d share no blossom, OuterHeld %v, Held %v", i, u, v, outer, held)
					case shared && (outer != p.s.dualvar[top].Double() || held.Less(outer)):
						t.Fatalf("graph %d: OuterHeld(%d, %d) = %v, Held %v, outermost dual %v", i, u, v, outer, held, p.s.dualvar[top])
					}
				}
			}
		}
	}
	if nested < 30 {
		t.Errorf("only %d graphs had nested blossoms: the test says little", nested)
	}
}
