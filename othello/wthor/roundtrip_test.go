package wthor

import (
	"bytes"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"outflank/othello"
)

func TestReadSmallGameFile(t *testing.T) {
	data := smallGameFile()
	f, err := ReadGames(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	wantHeader := Header{Century: 20, Year: 25, Month: 11, Day: 27, NumGames: 3, GamesYear: 1977, BoardSize: 8, Depth: 22}
	if f.Header != wantHeader {
		t.Errorf("header = %+v, want %+v", f.Header, wantHeader)
	}
	want := []Game{
		{Tournament: 1, Black: 346, White: 843, BlackScore: 34, TheoreticalScore: 41, Moves: transcript(t, game1977)},
		{Tournament: 7, Black: 2, White: 3, BlackScore: 64, TheoreticalScore: 64, Moves: transcript(t, wipeout)},
		{BlackScore: 32, TheoreticalScore: 32},
	}
	if !reflect.DeepEqual(f.Games, want) {
		t.Errorf("games = %+v\nwant %+v", f.Games, want)
	}
	var buf bytes.Buffer
	if err := WriteGames(&buf, f); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), data) {
		t.Errorf("round trip differs:\n% x\n% x", buf.Bytes(), data)
	}
}

// transcript parses moves such as "f5d6".
func transcript(t *testing.T, moves string) []othello.Square {
	t.Helper()
	sq, err := othello.ParseTranscript(moves)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}

// TestWriteNewGameFile writes a file built from Go values, as Outflank does
// when it hands a tournament to the federation, and checks every byte.
func TestWriteNewGameFile(t *testing.T) {
	f := &GameFile{
		Header: Header{NumGames: 99, GamesYear: 2026, BoardSize: 8, Depth: 22},
		Games: []Game{
			{Tournament: 7, Black: 2, White: 3, BlackScore: 64, TheoreticalScore: 64, Moves: transcript(t, wipeout)},
			{Tournament: 1, Black: 346, White: 843, BlackScore: 34, TheoreticalScore: 41, Moves: transcript(t, game1977)},
		},
	}
	f.SetCreationDate(time.Date(2025, time.November, 27, 12, 0, 0, 0, time.UTC))
	var buf bytes.Buffer
	if err := WriteGames(&buf, f); err != nil {
		t.Fatal(err)
	}
	want := cat(rawHeader(2, 0, 2026, 8), rawGame(7, 2, 3, 64, 64, wipeout), rawGame(1, 346, 843, 34, 41, game1977))
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("wrote\n% x\nwant\n% x", buf.Bytes(), want)
	}
	if f.NumGames != 99 {
		t.Errorf("WriteGames changed the caller's header: NumGames %d", f.NumGames)
	}
	// An empty file is a header alone.
	buf.Reset()
	if err := WriteGames(&buf, &GameFile{}); err != nil || buf.Len() != HeaderSize {
		t.Errorf("empty file: %d bytes, %v", buf.Len(), err)
	}
}

func TestCreationDate(t *testing.T) {
	var h Header
	h.SetCreationDate(time.Date(1999, time.December, 31, 23, 0, 0, 0, time.UTC))
	if h.Century != 19 || h.Year != 99 || h.Month != 12 || h.Day != 31 {
		t.Errorf("header %+v", h)
	}
	if y, m, d := h.CreationDate(); y != 1999 || m != time.December || d != 31 {
		t.Errorf("CreationDate = %d %v %d", y, m, d)
	}
	if y := (Header{Century: 20, Year: 7}).CreationYear(); y != 2007 {
		t.Errorf("CreationYear = %d", y)
	}
}

// TestMoveBytes checks the move encoding against every byte value: exactly
// the bytes with two digits 1-8 are squares, and they encode back.
func TestMoveBytes(t *testing.T) {
	squares := 0
	for b := range 256 {
		sq, ok := moveSquare(byte(b))
		row, col := b/10, b%10
		if want := b < 100 && row >= 1 && row <= 8 && col >= 1 && col <= 8; ok != want {
			t.Errorf("byte %d: square %v, want %v", b, ok, want)
		}
		if !ok {
			continue
		}
		squares++
		if sq.Col() != col-1 || sq.Row() != row-1 || moveByte(sq) != byte(b) {
			t.Errorf("byte %d: square %v, encodes to %d", b, sq, moveByte(sq))
		}
	}
	if squares != 64 {
		t.Errorf("%d bytes are squares, want 64", squares)
	}
	if sq, _ := moveSquare(11); sq.String() != "a1" {
		t.Errorf("11 is %v, want a1", sq)
	}
	if sq, _ := moveSquare(88); sq.String() != "h8" {
		t.Errorf("88 is %v, want h8", sq)
	}
}

// TestMovesDoNotAlias checks that the games' moves, which share memory, can
// be appended to without touching each other.
func TestMovesDoNotAlias(t *testing.T) {
	f, err := ReadGames(bytes.NewReader(smallGameFile()))
	if err != nil {
		t.Fatal(err)
	}
	before := othello.FormatTranscript(f.Games[1].Moves)
	f.Games[0].Moves = append(f.Games[0].Moves, 0, 0, 0)
	if after := othello.FormatTranscript(f.Games[1].Moves); after != before {
		t.Errorf("appending to game 0 changed game 1: %s became %s", before, after)
	}
	if f.Games[2].Moves != nil {
		t.Errorf("a game without moves has Moves %v, want nil", f.Games[2].Moves)
	}
}

func TestNameFilesRoundTrip(t *testing.T) {
	for _, kind := range []nameKind{players, tournaments} {
		t.Run(kind.what, func(t *testing.T) {
			data := smallNameFile(kind.size)
			f, err := readNames(bytes.NewReader(data), kind)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{"???", "Préqualif de Paris", "", strings.Repeat("x", kind.size-1)}
			if !reflect.DeepEqual(f.Names, want) || f.NumRecords != 4 {
				t.Errorf("names %q, header count %d", f.Names, f.NumRecords)
			}
			var buf bytes.Buffer
			if err := writeNames(&buf, f, kind); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), data) {
				t.Errorf("round trip differs:\n% x\n% x", buf.Bytes(), data)
			}
		})
	}
}

// TestWriteNewNames writes names from Go strings: accents take one Latin-1
// byte each, so a name of 19 accented letters fits a player record though
// it takes 38 bytes in UTF-8; and every Latin-1 character survives.
func TestWriteNewNames(t *testing.T) {
	var all strings.Builder
	for r := rune(1); r <= 0xFF; r++ {
		all.WriteRune(r)
	}
	long := strings.Repeat("é", 19)
	var latin1 []string
	for s := all.String(); s != ""; {
		n := min(25, len([]rune(s)))
		latin1 = append(latin1, string([]rune(s)[:n]))
		s = string([]rune(s)[n:])
	}
	cases := []struct {
		kind  nameKind
		names []string
	}{
		{players, []string{"Müller Jörg", long, "Ç'est ça"}},
		{tournaments, latin1},
	}
	for _, c := range cases {
		f := &NameFile{Names: c.names}
		var buf bytes.Buffer
		if err := writeNames(&buf, f, c.kind); err != nil {
			t.Fatal(err)
		}
		if want := HeaderSize + c.kind.size*len(c.names); buf.Len() != want {
			t.Errorf("%s: wrote %d bytes, want %d", c.kind.what, buf.Len(), want)
		}
		if c.kind == players && !bytes.Equal(buf.Bytes()[HeaderSize:HeaderSize+PlayerRecordSize], rawName("M\xfcller J\xf6rg", PlayerRecordSize)) {
			t.Errorf("first record % x", buf.Bytes()[HeaderSize:HeaderSize+PlayerRecordSize])
		}
		back, err := readNames(&buf, c.kind)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back.Names, c.names) {
			t.Errorf("%s: read back %q, want %q", c.kind.what, back.Names, c.names)
		}
	}
}

func TestNameLookup(t *testing.T) {
	f := &NameFile{Names: []string{"???", "Tastet Marc"}}
	if name, ok := f.Name(1); !ok || name != "Tastet Marc" {
		t.Errorf("Name(1) = %q, %v", name, ok)
	}
	if name, ok := f.Name(2); ok || name != "" {
		t.Errorf("Name(2) = %q, %v", name, ok)
	}
	if _, ok := (*NameFile)(nil).Name(0); ok {
		t.Errorf("nil file has name 0")
	}
}

// TestHugeCountFailsFast checks that a header claiming four billion games
// is refused after the few records that exist, without allocating for the
// claim, whether or not the reader can tell its size.
func TestHugeCountFailsFast(t *testing.T) {
	data := cat(rawHeader(0xFFFFFFFF, 0, 2025, 8), rawGame(1, 2, 3, 64, 64, wipeout))
	for _, hidden := range []bool{false, true} {
		var ms0, ms1 runtime.MemStats
		runtime.ReadMemStats(&ms0)
		var err error
		if hidden {
			_, err = ReadGames(&oneByteReader{data: data})
		} else {
			_, err = ReadGames(bytes.NewReader(data))
		}
		runtime.ReadMemStats(&ms1)
		wantFormatError(t, err, HeaderSize+GameRecordSize, "after 1 game; the header announces 4294967295")
		if alloc := ms1.TotalAlloc - ms0.TotalAlloc; alloc > 1<<20 {
			t.Errorf("size hidden %v: allocated %d bytes", hidden, alloc)
		}
	}
}
