package rating

import "testing"

func TestWeightAtEachMonthBoundary(t *testing.T) {
	calc := Date{2026, 5, 12}
	tests := []struct {
		played Date
		months int
		want   float64
	}{
		{Date{2026, 5, 31}, 0, 150}, // later in the calculation month: still month 0
		{Date{2026, 5, 1}, 0, 150},
		{Date{2025, 11, 30}, 6, 150},
		{Date{2025, 10, 1}, 7, 100},
		{Date{2025, 4, 30}, 13, 100},
		{Date{2025, 3, 31}, 14, 60},
		{Date{2024, 4, 1}, 25, 60},
		{Date{2024, 3, 31}, 26, 30},
		{Date{2023, 4, 30}, 37, 30},
		{Date{2023, 3, 1}, 38, 1},
		{Date{1991, 3, 17}, 422, 1},
		{Date{2026, 6, 1}, -1, 150}, // after the calculation month (--until later than --as-of)
	}
	for _, tt := range tests {
		if got := Months(calc, tt.played); got != tt.months {
			t.Errorf("Months(%v, %v) = %d, want %d", calc, tt.played, got, tt.months)
		}
		if got := Weight(calc, tt.played); got != tt.want {
			t.Errorf("Weight(%v, %v) = %v, want %v", calc, tt.played, got, tt.want)
		}
	}
}

func TestActiveWindowIs38Months(t *testing.T) {
	calc := Date{2026, 5, 12}
	ts := cycle(12, Date{2023, 4, 30}) // month 37: in the window
	ts = append(ts, Tournament{Date: Date{2023, 3, 31}, Games: []Game{{A: 100, B: 1, Score: 2}, {A: 1, B: 100, Score: 2}}})
	l := mustCompute(t, ts, Options{AsOf: calc})
	p, _ := l.Player(1)
	if !p.Active || p.Games != 2 {
		t.Errorf("player 1 (month 37) = active %v with %d games in the window, want active with 2", p.Active, p.Games)
	}
	q, ok := l.Player(100)
	if !ok || q.Active || q.Games != 0 || q.Rank != 0 {
		t.Errorf("player 100 (month 38 only) = %+v, want rated but inactive, no games in the window, no rank", q)
	}
}
