package othello

import (
	"errors"
	"testing"
)

func TestParseTranscript(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"", ""},
		{"f5d6c3", "f5d6c3"},
		{"F5D6C3", "f5d6c3"},
		{"f5 d6 c3", "f5d6c3"},
		{"f5-d6-c3", "f5d6c3"},
		{"  F5 d6\tC3\n", "f5d6c3"},
		{"f5, d6; c3.", "f5d6c3"},
		{"a1h8H1A8", "a1h8h1a8"},
	} {
		moves, err := ParseTranscript(tc.in)
		if err != nil {
			t.Errorf("ParseTranscript(%q): %v", tc.in, err)
			continue
		}
		if got := FormatTranscript(moves); got != tc.want {
			t.Errorf("ParseTranscript(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParseTranscriptErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ply  int
		move string
	}{
		{"f5z9", 2, "z9"},
		{"f5d6c", 3, "c"},
		{"f5d9", 2, "d9"},
		{"i1", 1, "i1"},
		{"f0", 1, "f0"},
		{"f5 pass d6", 2, "pa"},
		{"f5\x00\x01", 2, `"\x00\x01"`},
		{"f5é", 2, `"é"`},
	} {
		_, err := ParseTranscript(tc.in)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseTranscript(%q) error = %v, want a *MoveError", tc.in, err)
			continue
		}
		if me.Ply != tc.ply || me.Move != tc.move || !errors.Is(err, ReasonNotASquare) {
			t.Errorf("ParseTranscript(%q) = ply %d move %q reason %v, want ply %d move %q reason %v",
				tc.in, me.Ply, me.Move, me.Reason, tc.ply, tc.move, ReasonNotASquare)
		}
	}
}

func TestSquare(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		back, ok := ParseSquare(sq.String())
		if !ok || back != sq {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", sq.String(), back, ok, sq)
		}
	}
	if s := SquareAt(0, 0).String(); s != "a1" {
		t.Errorf("square 0 = %q, want a1", s)
	}
	if s := SquareAt(7, 7).String(); s != "h8" {
		t.Errorf("square 63 = %q, want h8", s)
	}
	if s := NoSquare.String(); s != "--" {
		t.Errorf("NoSquare = %q, want --", s)
	}
	for _, bad := range []string{"", "a", "a0", "a9", "i1", "11", "aa", "a10"} {
		if _, ok := ParseSquare(bad); ok {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

// FuzzParseTranscript checks that any text either parses to moves that format
// and parse back to the same moves, or fails with a *MoveError naming a ply
// within the text; and that replaying never panics.
func FuzzParseTranscript(f *testing.F) {
	for _, seed := range []string{"f5d6c3", "F5 D6 C3", "f5-d6-c3", "", "z9", "f5d6c", "f5f5", "\xff\x00",
		"f5d6c3d3c4f4f6f3e6e7d7g6g5c5c6f7e8h6d2c8c7b4g4h5e3b5b6f8g8c2g3d8b8h2a4f2e2b3a3c1e1d1b1b2a1a2g7h8h7a8h3a7a6h4g1b7a5g2f1h1"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		moves, err := ParseTranscript(text)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Ply < 1 || me.Ply > len(text) {
				t.Fatalf("ParseTranscript(%q): unexpected error %v", text, err)
			}
			return
		}
		again, err := ParseTranscript(FormatTranscript(moves))
		if err != nil || FormatTranscript(again) != FormatTranscript(moves) {
			t.Fatalf("round trip of %q: %v", text, err)
		}
		g, err := Replay(moves)
		if err != nil {
			var me *MoveError
			if !errors.As(err, &me) || me.Ply < 1 || me.Ply > len(moves) {
				t.Fatalf("Replay(%q): unexpected error %v", text, err)
			}
			return
		}
		if len(g.Positions) != len(moves)+1 {
			t.Fatalf("Replay(%q): %d positions for %d moves", text, len(g.Positions), len(moves))
		}
	})
}
