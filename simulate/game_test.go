package simulate

import (
	"math/rand/v2"
	"testing"

	"outflank/othello"
)

func TestPlayGameIsLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	strongWins := 0
	for i := range 2000 {
		moves := PlayGame(rng, 2400, 1200)
		g, err := othello.Replay(moves)
		if err != nil {
			t.Fatalf("game %d is illegal: %v", i, err)
		}
		if !g.Finished() {
			t.Fatalf("game %d stopped before the end", i)
		}
		if s := g.Final().OfficialScore(); s.Black > s.White {
			strongWins++
		}
	}
	// The much stronger player wins most games; the simple heuristic
	// (mobility) is enough for that.
	if strongWins < 1200 {
		t.Errorf("the 2400 player won %d of 2000 against a 1200 player", strongWins)
	}
	if s := skill(1500, 1500); s < 0.499 || s > 0.501 {
		t.Errorf("skill of equals = %v, want 0.5", s)
	}
	if s := skill(1900, 1500); s < 0.90 || s > 0.92 {
		t.Errorf("skill 400 points stronger = %v, want about 0.909", s)
	}
}

func BenchmarkPlayGame(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		PlayGame(rng, 1800, 1700)
	}
}
