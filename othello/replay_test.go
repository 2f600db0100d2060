package othello

import (
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// passGame is a real game (WTHOR 2004) with four passes that ends with one
// empty square: 61-2 on the board, 62-2 officially.
const passGame = "f5d6c5f6e6f4c6e7d3c2f8e8d8c3f7d7c4b4c8b6g5h5e3g6c7e2a6b7b5a5a4g7a8a7b8a3h4h3g4g3a2c1b3g8d1h8b1f1d2b2e1a1h7h6f3g2f2h2g1"

func TestReplayPassesAndScore(t *testing.T) {
	g, err := ReplayTranscript(passGame)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{41, 52, 53, 58}; !slices.Equal(g.Passes, want) {
		t.Errorf("passes = %v, want %v", g.Passes, want)
	}
	if !g.Finished() {
		t.Fatal("game not finished")
	}
	if b, w, e := g.Final().Discs(); b != 61 || w != 2 || e != 1 {
		t.Errorf("discs = %d-%d with %d empty, want 61-2 with 1 empty", b, w, e)
	}
	if s := g.Final().OfficialScore(); s != (Score{62, 2}) || s.Winner() != Black {
		t.Errorf("official score = %v (winner %v), want 62-2 for black", s, s.Winner())
	}
	if len(g.Positions) != len(g.Moves)+1 || g.Positions[0] != Start() {
		t.Errorf("positions: %d for %d moves", len(g.Positions), len(g.Moves))
	}
	// After a pass the side to move is the one that just moved.
	if g.Positions[41].Turn != g.Positions[40].Turn {
		t.Errorf("after the pass at ply 41 the turn is %v, want %v", g.Positions[41].Turn, g.Positions[40].Turn)
	}
}

func TestReplayErrors(t *testing.T) {
	for _, tc := range []struct {
		name, moves string
		ply         int
		move        string
		reason      Reason
	}{
		{"occupied", "f5d6d5", 3, "d5", ReasonOccupied},
		{"flips nothing", "f5a1", 2, "a1", ReasonNoFlip},
		{"legal for black, not for white", "f5e3", 2, "e3", ReasonNoFlip},
		{"after the end", passGame + "a1", 60, "a1", ReasonGameOver},
		{"empty square after the end", passGame + "h5", 60, "h5", ReasonGameOver},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReplayTranscript(tc.moves)
			var me *MoveError
			if !errors.As(err, &me) {
				t.Fatalf("error = %v, want a *MoveError", err)
			}
			if me.Ply != tc.ply || me.Move != tc.move || !errors.Is(err, tc.reason) {
				t.Errorf("got ply %d (%s): %v; want ply %d (%s): %v", me.Ply, me.Move, me.Reason, tc.ply, tc.move, tc.reason)
			}
			want := fmt.Sprintf("othello: illegal move at ply %d (%s): %s", tc.ply, tc.move, tc.reason)
			if err.Error() != want {
				t.Errorf("message %q, want %q", err.Error(), want)
			}
		})
	}
}

// A game can end with empty squares when neither side can move: the shortest
// such game, nine plies, ends with black wiping white out.
func TestReplayEarlyEnd(t *testing.T) {
	g, err := ReplayTranscript("e6f4e3f6g5d6e7f5c5")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Finished() {
		t.Fatal("game not finished")
	}
	b, w, e := g.Final().Discs()
	if w != 0 || b+e != 64 {
		t.Errorf("discs %d-%d, %d empty; want white wiped out", b, w, e)
	}
	if s := g.Final().OfficialScore(); s != (Score{64, 0}) {
		t.Errorf("official score %v, want 64-0", s)
	}
	if _, err := ReplayTranscript("e6f4e3f6g5d6e7f5c5c4"); !errors.Is(err, ReasonGameOver) {
		t.Errorf("move after the end: %v, want %v", err, ReasonGameOver)
	}
}

func TestOfficialScore(t *testing.T) {
	bits := func(n int) uint64 { return uint64(1)<<n - 1 }
	for _, tc := range []struct {
		black, white int // discs on the board, from a1 for black and after for white
		want         Score
		winner       Color
	}{
		{40, 24, Score{40, 24}, Black},
		{24, 40, Score{24, 40}, White},
		{32, 32, Score{32, 32}, Empty},
		{30, 30, Score{32, 32}, Empty}, // a draw is always 32-32
		{20, 30, Score{20, 44}, White}, // empties to the winner
		{13, 0, Score{64, 0}, Black},
		{1, 2, Score{1, 63}, White},
	} {
		p := Position{Black: bits(tc.black), White: bits(tc.white) << tc.black}
		s := p.OfficialScore()
		if s != tc.want || s.Winner() != tc.winner || s.Black+s.White != 64 {
			t.Errorf("%d-%d on the board: official %v winner %v, want %v winner %v", tc.black, tc.white, s, s.Winner(), tc.want, tc.winner)
		}
	}
}

func TestRenderGolden(t *testing.T) {
	g, err := ReplayTranscript(passGame[:2*41])
	if err != nil {
		t.Fatal(err)
	}
	got := Start().String() + "\n" + g.Final().String() + "\n" + mustReplay(t, passGame).Final().String()
	path := filepath.Join("testdata", "render.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("render differs from %s:\n%s\nwant:\n%s", path, got, want)
	}
}

func mustReplay(t *testing.T, moves string) *Game {
	t.Helper()
	g, err := ReplayTranscript(moves)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func BenchmarkReplay(b *testing.B) {
	moves, err := ParseTranscript(passGame)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Replay(moves); err != nil {
			b.Fatal(err)
		}
	}
}

// TestReplayPassesOnlyWhenForced plays thousands of random games, writes each
// as a transcript and replays it: replay must pass exactly where the side to
// move had no legal move while the other side had one, and at no other ply.
func TestReplayPassesOnlyWhenForced(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for game := 0; game < 3000; game++ {
		pos := Start()
		var moves []Square
		var forced []int
		for !pos.IsOver() {
			legal := pos.LegalMoves()
			sq := Square(bits.TrailingZeros64(legal))
			for skip := rng.IntN(bits.OnesCount64(legal)); skip > 0; skip-- {
				legal &= legal - 1
				sq = Square(bits.TrailingZeros64(legal))
			}
			pos, _ = pos.Play(sq)
			moves = append(moves, sq)
			if pos.LegalMoves() == 0 && !pos.IsOver() {
				forced = append(forced, len(moves))
				pos = pos.Pass()
			}
		}
		g, err := ReplayTranscript(FormatTranscript(moves))
		if err != nil {
			t.Fatalf("game %d: %v", game, err)
		}
		if !slices.Equal(g.Passes, forced) || !g.Finished() || g.Final() != pos {
			t.Fatalf("game %d %s: passes %v, want %v; finished %v", game, FormatTranscript(moves), g.Passes, forced, g.Finished())
		}
		for i, p := range g.Positions {
			if p.LegalMoves() == 0 && !p.IsOver() {
				t.Fatalf("game %d: position after ply %d has no move but is not over and was not passed", game, i)
			}
		}
	}
}
