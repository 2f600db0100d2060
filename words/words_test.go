package words

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n          int
		noun, want string
	}{
		{0, "game", "0 games"},
		{1, "game", "1 game"},
		{2, "game", "2 games"},
		{1, "bye", "1 bye"},
		{3, "bye", "3 byes"},
		{2, "match", "2 matches"},
		{1, "match", "1 match"},
		{2, "entry", "2 entries"},
		{1, "entry", "1 entry"},
		{5, "day", "5 days"},
		{2, "time slot", "2 time slots"},
		{2, "person", "2 people"},
		{7, "class", "7 classes"},
		{4, "box", "4 boxes"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
}

func TestPoints(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0 points"},
		{1, "1 point"},
		{0.5, "0.5 points"},
		{1.5, "1.5 points"},
		{6, "6 points"},
		{12.25, "12.25 points"},
		{1.0000001, "1 point"},
	} {
		if got := Points(c.x); got != c.want {
			t.Errorf("Points(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}

func TestVerbAndNoun(t *testing.T) {
	if got := Count(1, "player") + " " + Verb(1, "is", "are"); got != "1 player is" {
		t.Errorf("one: %q", got)
	}
	if got := Count(3, "player") + " " + Verb(3, "is", "are"); got != "3 players are" {
		t.Errorf("three: %q", got)
	}
	if Noun(0, "round") != "rounds" || Noun(1, "round") != "round" {
		t.Errorf("Noun: %q %q", Noun(0, "round"), Noun(1, "round"))
	}
}

func TestTimes(t *testing.T) {
	for n, want := range map[int]string{0: "0 times", 1: "once", 2: "twice", 3: "3 times"} {
		if got := Times(n); got != want {
			t.Errorf("Times(%d) = %q, want %q", n, got, want)
		}
	}
}
