package wthor

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

// The builders below write WTHOR bytes by hand, independently of the
// package's own encoders, so that tests check the layout and not merely
// that the encoders and decoders agree with each other.

// rawHeader returns a header created 2025-11-27 with the given counts, year
// of the games and board size, depth 22.
func rawHeader(numGames uint32, numRecords, gamesYear uint16, boardSize byte) []byte {
	b := []byte{20, 25, 11, 27, 0, 0, 0, 0, 0, 0, 0, 0, boardSize, 0, 22, 0}
	binary.LittleEndian.PutUint32(b[4:], numGames)
	binary.LittleEndian.PutUint16(b[8:], numRecords)
	binary.LittleEndian.PutUint16(b[10:], gamesYear)
	return b
}

// rawGame returns a 68-byte game record. moves is a transcript such as
// "f5d6c3": each move becomes 10*row + column, both counted from 1.
func rawGame(tournament, black, white uint16, score, theoretical byte, moves string) []byte {
	b := make([]byte, GameRecordSize)
	binary.LittleEndian.PutUint16(b[0:], tournament)
	binary.LittleEndian.PutUint16(b[2:], black)
	binary.LittleEndian.PutUint16(b[4:], white)
	b[6], b[7] = score, theoretical
	for i := 0; i+1 < len(moves); i += 2 {
		b[8+i/2] = 10*(moves[i+1]-'0') + (moves[i] - 'a' + 1)
	}
	return b
}

// rawName returns a name record of size bytes holding the Latin-1 bytes
// name, NUL-padded.
func rawName(name string, size int) []byte {
	b := make([]byte, size)
	copy(b, name)
	return b
}

// cat concatenates byte slices into a new one.
func cat(parts ...[]byte) []byte {
	return bytes.Join(parts, nil)
}

// smallGameFile returns a valid game file of three games: a finished game,
// the shortest possible game (a wipe-out after 9 moves) and an empty record.
// The finished game is the first of WTH_1977.wtb.
func smallGameFile() []byte {
	return cat(
		rawHeader(3, 0, 1977, 8),
		rawGame(1, 346, 843, 34, 41, game1977),
		rawGame(7, 2, 3, 64, 64, wipeout),
		rawGame(0, 0, 0, 32, 32, ""),
	)
}

const (
	// game1977 is game 0 of WTH_1977.wtb, Inoue-Heiberg at the first World
	// Championship, which black won 34-30.
	game1977 = "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8" +
		"f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"
	// wipeout is one of the shortest games: black takes all 13 discs and
	// so, under the official count, all 64 squares.
	wipeout = "f5d6c5f4e7f6g5e6e3"
)

// smallNameFile returns a valid name file of records of size bytes: the
// "???" placeholder, an accented name in Latin-1, an empty name and the
// longest name a record can hold.
func smallNameFile(size int) []byte {
	return cat(
		rawHeader(0, 4, 0, 0),
		rawName("???", size),
		rawName("Pr\xe9qualif de Paris", size),
		rawName("", size),
		rawName(strings.Repeat("x", size-1), size),
	)
}

// wantFormatError checks that err is a *FormatError at offset off whose
// message contains every fragment.
func wantFormatError(t *testing.T, err error, off int64, fragments ...string) {
	t.Helper()
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("error = %v (%T), want a *FormatError", err, err)
	}
	if fe.Offset != off {
		t.Errorf("offset = %d, want %d (%v)", fe.Offset, off, err)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("error %q does not contain %q", err, f)
		}
	}
}
