package othello_test

import (
	"fmt"

	"outflank/othello"
)

func Example() {
	g, err := othello.ReplayTranscript("F5 D6 C3 D3 C4")
	if err != nil {
		fmt.Println(err)
		return
	}
	black, white, empty := g.Final().Discs()
	fmt.Println(othello.FormatTranscript(g.Moves), black, white, empty)
	fmt.Print(g.Final())

	_, err = othello.ReplayTranscript("f5d6d5")
	fmt.Println(err)
	// Output:
	// f5d6c3d3c4 6 3 55
	//   a b c d e f g h
	// 1 . . . . . . . .
	// 2 . . . . . . . .
	// 3 . . X O . . . .
	// 4 . . X X X . . .
	// 5 . . . O X X . .
	// 6 . . . O . . . .
	// 7 . . . . . . . .
	// 8 . . . . . . . .
	// white to move
	// othello: illegal move at ply 3 (d5): the square is already occupied
}

func ExamplePerft() {
	fmt.Println(othello.Perft(othello.Start(), 6))
	// Output: 8200
}
