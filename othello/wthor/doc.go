// Package wthor reads and writes the WTHOR database files of the Fédération
// Française d'Othello: game files (.wtb), the player list (WTHOR.JOU) and the
// tournament list (WTHOR.TRN). Outflank uses it to read real games and to
// hand a tournament's games to the federation.
//
// # Layout
//
// Every file starts with a 16-byte Header; all integers are little-endian.
// A game file then holds Header.NumGames records of 68 bytes: the tournament,
// black player and white player as u16 indices into the name files, black's
// score and black's theoretical score as one byte each, and 60 move bytes.
// A move byte is 10*row + column with rows and columns counted from 1 (a1 is
// 11, h8 is 88); a 0 ends the moves early, and passes are not stored. A name
// file holds Header.NumRecords records of 20 bytes (players) or 26 bytes
// (tournaments), each a Latin-1 name ended by a NUL and padded with NULs.
//
// # Strictness
//
// Readers accept exactly what their writers produce, so any file that reads
// without error writes back byte for byte: ReadGames then WriteGames
// reproduces a game file, and likewise for names. Everything else is a
// *FormatError giving the offset of the offending byte: a file shorter than
// its header or its announced records, trailing bytes, a board size other
// than 8x8, a move byte that is not a square, a non-zero move byte after the
// 0 that ends the moves, a score above 64, a name without its NUL or with
// non-zero padding after it. The federation's files of 1977, 2004 and 2025
// (4,412 players, 463 tournaments) contain none of these, so rejecting them
// costs nothing real and guards the exact round trip. Readers check the
// layout only: whether the moves are legal is for othello.Replay to say, and
// whether a game's player and tournament indices exist in the name files is
// for the caller, who holds both files.
//
// Facts the real files show, relied on by this package's tests: the header
// counts match the file sizes; every game with fewer than 60 moves is ended
// by zeros only; game files set BoardSize 8, GameType 0 and Depth 24 and
// leave NumRecords 0; name files leave NumGames, GamesYear, BoardSize, Depth
// and Reserved 0; tournament names use Latin-1 accents (0xE9 for "é"), and
// the longest names fill their records up to the single NUL.
//
// # Numbering
//
// Error messages name games and names by their index from 0, the number
// game records use to refer to players and tournaments (Names[i] is player
// or tournament i), and name moves by their ply from 1, as othello.MoveError
// does.
package wthor

// Sizes of the fixed parts of the format, in bytes, and the move limit.
const (
	// HeaderSize is the size of the header that opens every WTHOR file.
	HeaderSize = 16
	// GameRecordSize is the size of one game in a .wtb file.
	GameRecordSize = 68
	// PlayerRecordSize is the size of one name in WTHOR.JOU.
	PlayerRecordSize = 20
	// TournamentRecordSize is the size of one name in WTHOR.TRN.
	TournamentRecordSize = 26
	// MaxMoves is the number of move bytes in a game record: at most 60
	// moves fill the 60 empty squares of the starting position.
	MaxMoves = 60
	// MaxScore is the largest disc count a score byte may hold.
	MaxScore = 64
)
