package wthor

import (
	"bufio"
	"io"
	"math"
)

// GameFile is a .wtb file: its header and its games in file order.
type GameFile struct {
	Header
	Games []Game
}

// ReadGames reads a .wtb game file from r, to its end. The header's game
// count must match the records that follow exactly, and the board must be
// 8x8; see the package documentation for everything else that is checked.
// Invalid data is reported as a *FormatError; an error from r is returned
// wrapped, with its offset.
//
// The games' Moves share a few large blocks of memory; appending to one
// game's moves is safe, as it reallocates rather than overwrite another's.
func ReadGames(r io.Reader) (*GameFile, error) {
	in := newRecordReader(r)
	h, err := in.header("game")
	if err != nil {
		return nil, err
	}
	if err := checkBoardSize(h.BoardSize); err != nil {
		return nil, err
	}
	want := uint64(h.NumGames)
	f := &GameFile{Header: h, Games: make([]Game, 0, in.capacity(want, GameRecordSize))}
	var (
		rec   [GameRecordSize]byte
		arena squareArena
	)
	for i := range want {
		off := in.off
		if err := in.record(rec[:], i, want, "game"); err != nil {
			return nil, err
		}
		g, err := decodeGame(&rec, i, off, &arena)
		if err != nil {
			return nil, err
		}
		f.Games = append(f.Games, g)
	}
	if err := in.end(want, GameRecordSize, "game"); err != nil {
		return nil, err
	}
	return f, nil
}

// WriteGames writes f to w as a .wtb game file. The header is written as
// f.Header except NumGames, which is set to len(f.Games); f is not modified.
// A value the format cannot hold (a board other than 8x8, more than 60
// moves, a move that is not a square, a score above 64) is reported as a
// *FormatError before anything is written, so w never receives half a file
// because of bad data.
func WriteGames(w io.Writer, f *GameFile) error {
	if f == nil {
		return errNilFile
	}
	if err := checkBoardSize(f.BoardSize); err != nil {
		return err
	}
	if uint64(len(f.Games)) > math.MaxUint32 {
		return formatErrorf(offNumGames, "%d games, but the header's count holds at most %d", len(f.Games), uint64(math.MaxUint32))
	}
	for i := range f.Games {
		if err := checkGame(&f.Games[i], uint64(i), gameOffset(i)); err != nil {
			return err
		}
	}

	h := f.Header
	h.NumGames = uint32(len(f.Games))
	bw := bufio.NewWriterSize(w, min(32<<10, HeaderSize+GameRecordSize*len(f.Games)))
	head := h.encode()
	bw.Write(head[:]) // bufio.Writer keeps the first error and returns it from Flush.
	var rec [GameRecordSize]byte
	for i := range f.Games {
		encodeGame(&rec, &f.Games[i])
		bw.Write(rec[:])
	}
	if err := bw.Flush(); err != nil {
		return writeError(err)
	}
	return nil
}

// gameOffset returns the offset of game record i in a .wtb file.
func gameOffset(i int) int64 { return HeaderSize + GameRecordSize*int64(i) }
