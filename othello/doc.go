// Package othello implements the rules of Othello on an 8x8 bitboard: the
// starting position, legal moves, flips, forced passes, the end of the game
// and the official score, as the rules of the game ("This is how you play")
// and the federations' rulebooks (WOC rules IV.8, BOF general rule 9) state
// them.
//
// A Position holds one bit per square for each colour; Square 0 is a1 and 63
// is h8. Transcripts are the moves written one after another ("f5d6c3");
// passes are never written, and Replay inserts them where the side to move
// has no legal move. Perft counts the game tree for testing and benchmarking
// the move generator.
//
// The package does no I/O and has no dependencies outside the standard
// library.
package othello
