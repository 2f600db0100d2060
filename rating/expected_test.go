package rating

import (
	"math"
	"testing"
)

func TestExpected(t *testing.T) {
	tests := []struct{ a, b, want float64 }{
		{1800, 1800, 0.5},
		{2000, 1800, 0.75}, // 200 points is 3:1
		{1800, 2000, 0.25},
		{2200, 1800, 0.9}, // 400 points is 9:1
	}
	for _, tt := range tests {
		if got := Expected(tt.a, tt.b); !near(got, tt.want, 1e-12) {
			t.Errorf("Expected(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestPerformance(t *testing.T) {
	opp := []float64{1800, 1900, 2000, 2100}
	for _, score := range []float64{0.5, 1, 2, 2.5, 3.5} {
		r, ok := Performance(opp, score)
		if !ok {
			t.Fatalf("score %v: no performance", score)
		}
		var e float64
		for _, o := range opp {
			e += Expected(r, o)
		}
		if math.Abs(e-score) > 1e-6 {
			t.Errorf("score %v: performance %v expects %v", score, r, e)
		}
	}
	if r, ok := Performance(opp, 2); !near(r, 1950, 1e-6) || !ok {
		t.Errorf("an even score against a symmetric field: %v, want 1950", r)
	}
	for _, score := range []float64{0, 4} {
		if _, ok := Performance(opp, score); ok {
			t.Errorf("score %v of 4: a performance, want none (all or nothing)", score)
		}
	}
	if _, ok := Performance(nil, 0); ok {
		t.Error("no games: a performance")
	}
}
