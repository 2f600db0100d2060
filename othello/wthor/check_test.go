package wthor

import (
	"bytes"
	"os"
	"testing"

	"outflank/internal/shareddata"
	"outflank/othello"
)

func TestCheckCounts(t *testing.T) {
	parse := func(text string) []othello.Square {
		moves, err := othello.ParseTranscript(text)
		if err != nil {
			t.Fatal(err)
		}
		return moves
	}
	wipeout := parse("e6f4e3f6g5d6e7f5c5") // black wins 13-0 with 51 empty: 64-0
	games := []Game{
		{BlackScore: 64, Moves: wipeout},
		{BlackScore: 13, Moves: wipeout},             // the board count, not the official score
		{BlackScore: 64, Moves: parse("f5d6d5")},     // occupied
		{BlackScore: 64, Moves: parse("f5a1")},       // flips nothing
		{BlackScore: 40, Moves: parse("f5d6c3d3c4")}, // unfinished
		{BlackScore: 64, Moves: append(wipeout, 26)}, // a move after the end
		{BlackScore: 64, Moves: parse("e6f4e3f6g5d6e7f5c5")},
	}
	r := Check(games, 2)
	want := Report{Games: 7, Legal: 4, Illegal: 3, Finished: 3, Unfinished: 1, Mismatches: 1}
	if r.Games != want.Games || r.Legal != want.Legal || r.Illegal != want.Illegal || r.Finished != want.Finished ||
		r.Unfinished != want.Unfinished || r.Mismatches != want.Mismatches {
		t.Errorf("Check = %+v, want %+v", r, want)
	}
	if len(r.Problems) != 2 || r.Problems[0].Game != 1 || r.Problems[0].Problem != "recorded score 13-51, official score 64-0" ||
		r.Problems[1].Game != 2 || r.Problems[1].Problem != "illegal move at ply 3 (d5): the square is already occupied" {
		t.Errorf("problems = %+v", r.Problems)
	}
}

// BenchmarkCheck2004 reads and checks the 9,021 games of 2004 from memory:
// what `outflank game wthor --check` spends on them.
func BenchmarkCheck2004(b *testing.B) {
	data, err := os.ReadFile(shareddata.File(b, "wthor", "WTH_2004.wtb"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		f, err := ReadGames(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if r := Check(f.Games, 10); r.Legal != 9021 || r.Mismatches != 0 {
			b.Fatalf("Check = %+v", r)
		}
	}
}
