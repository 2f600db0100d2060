package wthor

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"outflank/othello"
)

// edit returns a copy of data with the byte at off set to b.
func edit(data []byte, off int, b byte) []byte {
	out := bytes.Clone(data)
	out[off] = b
	return out
}

// Offsets in smallGameFile: the records start at 16, 84 and 152, and their
// moves 8 bytes later.
const (
	game0, game1, game2 = HeaderSize, HeaderSize + GameRecordSize, HeaderSize + 2*GameRecordSize
	smallGameEnd        = HeaderSize + 3*GameRecordSize
)

func TestReadGamesErrors(t *testing.T) {
	good := smallGameFile()
	withCount := func(n uint32) []byte { return cat(rawHeader(n, 0, 1977, 8), good[HeaderSize:]) }
	cases := []struct {
		name      string
		data      []byte
		off       int64
		fragments []string
	}{
		{"empty", nil, 0, []string{"empty file", "16-byte header"}},
		{"truncated header", good[:10], 10, []string{"file ends inside the 16-byte header (10 bytes)"}},
		{"partial record", good[:game2+30], game2 + 30, []string{"file ends inside game 2 (30 of its 68 bytes)", "announces 3 games"}},
		{"count mismatch", withCount(5), smallGameEnd, []string{"file ends after 3 games; the header announces 5"}},
		{"huge count", withCount(0xFFFFFFFF), smallGameEnd, []string{"after 3 games; the header announces 4294967295"}},
		{"trailing bytes", cat(good, []byte{1, 2, 3, 4, 5}), smallGameEnd, []string{"5 bytes of trailing data after the 3 games"}},
		{"trailing record", withCount(2), game2, []string{"68 bytes of trailing data after the 2 games", "room for 1 more game"}},
		{"bad move byte", edit(good, game1+8+4, 0x5A), game1 + 8 + 4,
			[]string{"game 1: move 5 is 0x5A, not a square (11-88, digits 1-8)"}},
		{"column 0", edit(good, game0+8, 50), game0 + 8, []string{"game 0: move 1 is 0x32, not a square"}},
		{"column 9", edit(good, game0+8+59, 49), game0 + 8 + 59, []string{"game 0: move 60 is 0x31, not a square"}},
		{"row 9", edit(good, game1+8, 91), game1 + 8, []string{"game 1: move 1 is 0x5B, not a square"}},
		{"move after end", edit(good, game1+8+12, 0x2C), game1 + 8 + 12,
			[]string{"game 1: move 13 is 0x2C after the 0 that ended the moves at move 10"}},
		{"move after empty", edit(good, game2+8+59, 11), game2 + 8 + 59,
			[]string{"game 2: move 60 is 0x0B after the 0 that ended the moves at move 1"}},
		{"10x10", edit(good, 12, 10), 12, []string{"board size 10", "10x10", "not supported", "8x8 only"}},
		{"board size 6", edit(good, 12, 6), 12, []string{"unknown board size 6"}},
		{"score", edit(good, game0+6, 65), game0 + 6, []string{"game 0: black's score 65 is more than 64 discs"}},
		{"theoretical score", edit(good, game2+7, 200), game2 + 7,
			[]string{"game 2: black's theoretical score 200 is more than 64 discs"}},
		{"name file", smallNameFile(PlayerRecordSize), HeaderSize, []string{"trailing data after the 0 games"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := ReadGames(bytes.NewReader(c.data))
			if f != nil {
				t.Errorf("got a file along with the error")
			}
			wantFormatError(t, err, c.off, c.fragments...)
			// The same error must come from a reader that cannot tell its
			// size and returns one byte at a time.
			_, err = ReadGames(&oneByteReader{data: c.data})
			wantFormatError(t, err, c.off, c.fragments...)
		})
	}
}

func TestReadNamesErrors(t *testing.T) {
	jou, trn := smallNameFile(PlayerRecordSize), smallNameFile(TournamentRecordSize)
	const last = HeaderSize + 3*PlayerRecordSize // the fourth player
	cases := []struct {
		name      string
		read      func(io.Reader) (*NameFile, error)
		data      []byte
		off       int64
		fragments []string
	}{
		{"empty", ReadPlayers, nil, 0, []string{"empty file: a player file starts with a 16-byte header"}},
		{"truncated header", ReadTournaments, trn[:3], 3, []string{"file ends inside the 16-byte header (3 bytes)"}},
		{"partial record", ReadPlayers, jou[:last+10], last + 10,
			[]string{"file ends inside player 3 (10 of its 20 bytes); the header announces 4 players"}},
		{"count mismatch", ReadTournaments, cat(rawHeader(0, 6, 0, 0), trn[HeaderSize:]), HeaderSize + 4*TournamentRecordSize,
			[]string{"file ends after 4 tournaments; the header announces 6"}},
		{"trailing record", ReadTournaments, cat(trn, rawName("Extra", TournamentRecordSize)), HeaderSize + 4*TournamentRecordSize,
			[]string{"26 bytes of trailing data after the 4 tournaments", "room for 1 more tournament"}},
		{"trailing byte", ReadPlayers, cat(jou, []byte{0}), HeaderSize + 4*PlayerRecordSize,
			[]string{"1 byte of trailing data after the 4 players"}},
		{"no NUL", ReadPlayers, edit(jou, last+19, 'y'), last + 19,
			[]string{`player 3: name "xxxxxxxxxxxxxxxxxxxy" has no NUL within its 20-byte record`}},
		{"junk after NUL", ReadPlayers, edit(jou, HeaderSize+5, 'A'), HeaderSize + 5,
			[]string{`player 0: name "???" is followed by byte 0x41 after its NUL`}},
		{"tournaments as players", ReadPlayers, trn, HeaderSize + TournamentRecordSize,
			[]string{`player 1: name "" is followed by byte 0x50 after its NUL`}},
		{"game file", ReadTournaments, smallGameFile(), HeaderSize,
			[]string{"204 bytes of trailing data after the 0 tournaments"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := c.read(bytes.NewReader(c.data))
			if f != nil {
				t.Errorf("got a file along with the error")
			}
			wantFormatError(t, err, c.off, c.fragments...)
			_, err = c.read(&oneByteReader{data: c.data})
			wantFormatError(t, err, c.off, c.fragments...)
		})
	}
}

func TestWriteGamesErrors(t *testing.T) {
	valid := func() *GameFile {
		f, err := ReadGames(bytes.NewReader(smallGameFile()))
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	cases := []struct {
		name      string
		change    func(f *GameFile)
		off       int64
		fragments []string
	}{
		{"10x10", func(f *GameFile) { f.BoardSize = 10 }, 12, []string{"10x10", "not supported"}},
		{"board size 9", func(f *GameFile) { f.BoardSize = 9 }, 12, []string{"unknown board size 9"}},
		{"61 moves", func(f *GameFile) { f.Games[1].Moves = make([]othello.Square, 61) }, game1 + 8,
			[]string{"game 1: 61 moves, but a record holds at most 60"}},
		{"no square", func(f *GameFile) { f.Games[0].Moves[2] = othello.NoSquare }, game0 + 8 + 2,
			[]string{"game 0: move 3 is -1, not a square of the board (0-63)"}},
		{"square 64", func(f *GameFile) { f.Games[2].Moves = []othello.Square{64} }, game2 + 8,
			[]string{"game 2: move 1 is 64, not a square"}},
		{"score", func(f *GameFile) { f.Games[1].BlackScore = 65 }, game1 + 6, []string{"game 1: black's score 65 is more than 64 discs"}},
		{"theoretical", func(f *GameFile) { f.Games[0].TheoreticalScore = 255 }, game0 + 7,
			[]string{"game 0: black's theoretical score 255 is more than 64 discs"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := valid()
			c.change(f)
			var buf bytes.Buffer
			wantFormatError(t, WriteGames(&buf, f), c.off, c.fragments...)
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
	if err := WriteGames(io.Discard, nil); !errors.Is(err, errNilFile) {
		t.Errorf("WriteGames(nil) = %v", err)
	}
}

func TestWriteNamesErrors(t *testing.T) {
	names := func(n ...string) *NameFile { return &NameFile{Names: n} }
	cases := []struct {
		name      string
		write     func(io.Writer, *NameFile) error
		file      *NameFile
		off       int64
		fragments []string
	}{
		{"player too long", WritePlayers, names("a", "b", strings.Repeat("z", 20)), HeaderSize + 2*PlayerRecordSize,
			[]string{`player 2: name "zzzzzzzzzzzzzzzzzzzz" is 20 bytes in Latin-1, but a 20-byte record holds at most 19 and a NUL`}},
		{"accented player too long", WritePlayers, names(strings.Repeat("é", 20)), HeaderSize,
			[]string{"player 0: name", "is 20 bytes in Latin-1"}},
		{"tournament too long", WriteTournaments, names(strings.Repeat("t", 26)), HeaderSize,
			[]string{"tournament 0: name", "is 26 bytes in Latin-1, but a 26-byte record holds at most 25 and a NUL"}},
		{"not Latin-1", WritePlayers, names("Tastet Marc", "Ōshima Ken"), HeaderSize + PlayerRecordSize,
			[]string{`player 1: name "Ōshima Ken": character 'Ō' (U+014C) is not in Latin-1`}},
		{"emoji", WriteTournaments, names("Open ♛ Paris"), HeaderSize + 5,
			[]string{`tournament 0: name "Open ♛ Paris": character '♛' (U+265B) is not in Latin-1`}},
		{"invalid UTF-8", WritePlayers, names("ab\xffc"), HeaderSize + 2,
			[]string{`player 0: name "ab\xffc" is not valid UTF-8 at character 3`}},
		{"NUL", WritePlayers, names("", "a\x00b"), HeaderSize + PlayerRecordSize + 1,
			[]string{`player 1: name "a\x00b" contains a NUL`}},
		{"too many", WritePlayers, &NameFile{Names: make([]string, 65536)}, 8,
			[]string{"65536 players, but the header's count holds at most 65535"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			wantFormatError(t, c.write(&buf, c.file), c.off, c.fragments...)
			if buf.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", buf.Len())
			}
		})
	}
	if err := WriteTournaments(io.Discard, nil); !errors.Is(err, errNilFile) {
		t.Errorf("WriteTournaments(nil) = %v", err)
	}
}

// oneByteReader returns its data one byte per Read and hides its size, as
// a slow network stream would.
type oneByteReader struct {
	data []byte
}

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0], r.data = r.data[0], r.data[1:]
	return 1, nil
}

// failingReader returns its data, then err.
type failingReader struct {
	data []byte
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// failingWriter accepts n bytes, then fails with err.
type failingWriter struct {
	n   int
	err error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		n := w.n
		w.n = 0
		return n, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

// TestIOErrors checks that errors of the reader and writer are passed on,
// wrapped, and not mistaken for format errors.
func TestIOErrors(t *testing.T) {
	boom := errors.New("boom")
	data := smallGameFile()
	for _, at := range []int{0, 5, HeaderSize, game1 + 3, len(data)} {
		_, err := ReadGames(&failingReader{data: data[:at], err: boom})
		var fe *FormatError
		if !errors.Is(err, boom) || errors.As(err, &fe) {
			t.Errorf("games, failing at %d: error %v", at, err)
		}
		_, err = ReadPlayers(&failingReader{data: smallNameFile(PlayerRecordSize)[:min(at, 60)], err: boom})
		if !errors.Is(err, boom) || errors.As(err, &fe) {
			t.Errorf("players, failing at %d: error %v", at, err)
		}
	}
	f, err := ReadGames(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteGames(&failingWriter{n: 100, err: boom}, f); !errors.Is(err, boom) {
		t.Errorf("WriteGames to a failing writer: %v", err)
	}
	if err := WritePlayers(&failingWriter{n: 0, err: boom}, &NameFile{Names: []string{"x"}}); !errors.Is(err, boom) {
		t.Errorf("WritePlayers to a failing writer: %v", err)
	}
}
