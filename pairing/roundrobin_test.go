package pairing

import "testing"

// TestRoundRobinTables checks every field size from 2 to 30 and 1 to 3
// cycles: everyone meets everyone exactly once per cycle, plays once per
// round (or has the bye), colours are balanced within one per cycle, and
// every later cycle reverses the colours of the one before.
func TestRoundRobinTables(t *testing.T) {
	for n := 2; n <= 30; n++ {
		ids := make([]int, n)
		for i := range ids {
			ids[i] = 10 + i
		}
		for cycles := 1; cycles <= 3; cycles++ {
			rounds, err := RoundRobin(ids, cycles)
			if err != nil {
				t.Fatal(err)
			}
			perCycle := n - 1 + n%2
			if len(rounds) != perCycle*cycles {
				t.Fatalf("n=%d cycles=%d: %d rounds, want %d", n, cycles, len(rounds), perCycle*cycles)
			}
			colour := map[[2]int]int{} // (black, white) -> cycle of the first such game
			for c := range cycles {
				met := map[[2]int]int{}
				balance := map[int]int{}
				for r, round := range rounds[c*perCycle : (c+1)*perCycle] {
					seen := map[int]bool{}
					for _, p := range round.Pairs {
						for _, id := range []int{p.Black, p.White} {
							if seen[id] {
								t.Fatalf("n=%d round %d: %d twice", n, r+1, id)
							}
							seen[id] = true
						}
						met[[2]int{min(p.Black, p.White), max(p.Black, p.White)}]++
						balance[p.Black]++
						balance[p.White]--
						if c > 0 {
							// The game of the previous cycle had the colours the other way.
							want := Pair{Black: p.White, White: p.Black}
							if _, ok := colour[[2]int{want.Black, want.White}]; !ok {
								t.Fatalf("n=%d cycle %d: %d-%d does not reverse the previous cycle", n, c+1, p.Black, p.White)
							}
						}
					}
					for _, id := range round.Byes {
						seen[id] = true
					}
					if len(seen) != n || len(round.Byes) != n%2 {
						t.Fatalf("n=%d round %d: %d players placed, %d byes", n, r+1, len(seen), len(round.Byes))
					}
				}
				clear(colour)
				for _, round := range rounds[c*perCycle : (c+1)*perCycle] {
					for _, p := range round.Pairs {
						colour[[2]int{p.Black, p.White}] = c
					}
				}
				if len(met) != n*(n-1)/2 {
					t.Fatalf("n=%d cycle %d: %d distinct pairs, want %d", n, c+1, len(met), n*(n-1)/2)
				}
				for pair, k := range met {
					if k != 1 {
						t.Fatalf("n=%d cycle %d: %v meet %d times", n, c+1, pair, k)
					}
				}
				for id, b := range balance {
					if b < -1 || b > 1 {
						t.Errorf("n=%d cycle %d: player %d has colour balance %d", n, c+1, id, b)
					}
				}
			}
		}
	}
	if _, err := RoundRobin([]int{1}, 1); err == nil {
		t.Error("a one-player round robin was accepted")
	}
}
