package othello

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// naiveFlips walks from sq in each of the eight directions, one square at a
// time: the obviously correct definition the bitboard kernels must match.
func naiveFlips(p, o uint64, sq Square) uint64 {
	if (p|o)&sq.Bit() != 0 {
		return 0
	}
	var flips uint64
	for _, d := range [8][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		var run uint64
		col, row := sq.Col()+d[0], sq.Row()+d[1]
		for col >= 0 && col < 8 && row >= 0 && row < 8 {
			bit := SquareAt(col, row).Bit()
			if o&bit != 0 {
				run |= bit
			} else {
				if p&bit != 0 {
					flips |= run
				}
				break
			}
			col, row = col+d[0], row+d[1]
		}
	}
	return flips
}

func naiveLegalMoves(p, o uint64) uint64 {
	var moves uint64
	for sq := Square(0); sq < 64; sq++ {
		if naiveFlips(p, o, sq) != 0 {
			moves |= sq.Bit()
		}
	}
	return moves
}

// checkKernels compares LegalMoves and Flips with the naive definitions on
// every empty square of one position.
func checkKernels(t *testing.T, p, o uint64) {
	t.Helper()
	if got, want := LegalMoves(p, o), naiveLegalMoves(p, o); got != want {
		t.Fatalf("LegalMoves(%#x, %#x) = %#x, want %#x", p, o, got, want)
	}
	for sq := Square(0); sq < 64; sq++ {
		if (p|o)&sq.Bit() != 0 {
			continue
		}
		if got, want := Flips(p, o, sq), naiveFlips(p, o, sq); got != want {
			t.Fatalf("Flips(%#x, %#x, %v) = %#x, want %#x", p, o, sq, got, want)
		}
	}
}

func TestKernelsOnRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	games := 2000
	if testing.Short() {
		games = 200
	}
	for g := 0; g < games; g++ {
		pos := Start()
		for !pos.IsOver() {
			own, other := pos.mover()
			checkKernels(t, own, other)
			if pos.MustPass() {
				pos = pos.Pass()
				continue
			}
			moves := pos.LegalMoves()
			pick := rng.IntN(bits.OnesCount64(moves))
			for ; pick > 0; pick-- {
				moves &= moves - 1
			}
			next, err := pos.Play(Square(bits.TrailingZeros64(moves)))
			if err != nil {
				t.Fatalf("Play of a legal move: %v", err)
			}
			pos = next
		}
	}
}

// Random disc patterns reach shapes that games rarely do (long runs along
// every edge, full rows), where a wrap-around bug would show.
func TestKernelsOnRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		occupied := rng.Uint64() | rng.Uint64() // about three quarters full
		p := occupied & rng.Uint64()
		checkKernels(t, p, occupied&^p)
	}
}

func TestStartMoves(t *testing.T) {
	var want uint64
	for _, s := range []string{"d3", "c4", "f5", "e6"} {
		sq, _ := ParseSquare(s)
		want |= sq.Bit()
	}
	if got := Start().LegalMoves(); got != want {
		t.Errorf("start moves = %#x, want d3 c4 f5 e6 (%#x)", got, want)
	}
}

func TestFlipsEveryDirection(t *testing.T) {
	// A black disc on d4 surrounded by white runs ending in black discs in
	// all eight directions: playing d4 must flip exactly the 14 white discs
	// of the runs and nothing else.
	board := map[string]string{
		"e4": "O", "f4": "X", // east
		"c4": "O", "b4": "O", "a4": "X", // west
		"d5": "O", "d6": "X", // south (down the drawing)
		"d3": "O", "d2": "X", // north
		"e5": "O", "f6": "O", "g7": "X", // south-east
		"c3": "O", "b2": "X", // north-west
		"e3": "O", "f2": "X", // north-east
		"c5": "O", "b6": "O", "a7": "X", // south-west
		"h4": "O", // outflanked by nothing: f4 stops the east run first
		"h8": "O", // not on any ray
	}
	var black, white, want uint64
	for s, c := range board {
		sq, _ := ParseSquare(s)
		if c == "X" {
			black |= sq.Bit()
		} else {
			white |= sq.Bit()
		}
	}
	want = white &^ (mustSquare(t, "h4").Bit() | mustSquare(t, "h8").Bit())
	if got := Flips(black, white, mustSquare(t, "d4")); got != want {
		t.Errorf("Flips = %#x, want %#x (%d discs)", got, want, bits.OnesCount64(want))
	}
}

func mustSquare(t *testing.T, s string) Square {
	t.Helper()
	sq, ok := ParseSquare(s)
	if !ok {
		t.Fatalf("bad square %q", s)
	}
	return sq
}

func BenchmarkLegalMoves(b *testing.B) {
	g, err := ReplayTranscript(passGame[:2*30]) // a real middle game
	if err != nil {
		b.Fatal(err)
	}
	own, other := g.Final().mover()
	var sink uint64
	for b.Loop() {
		sink += LegalMoves(own, other)
		own, other = other, own
	}
	_ = sink
}
