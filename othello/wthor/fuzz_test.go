package wthor

import (
	"bytes"
	"os"
	"reflect"
	"testing"
)

// FuzzReadGames checks that ReadGames never panics, that a file it accepts
// writes back byte for byte and re-reads to the same value, and that a
// reader hiding its size gets the same answer.
func FuzzReadGames(f *testing.F) {
	good := smallGameFile()
	f.Add(good)
	f.Add(good[:HeaderSize])
	f.Add(rawHeader(0, 0, 2025, 0))
	f.Add(good[:game1+20])
	f.Add(cat(good, []byte{0}))
	f.Add(edit(good, game1+8+3, 0x5A))
	f.Add(edit(good, game1+8+40, 0x2C))
	f.Add(edit(good, 12, 10))
	f.Add(cat(rawHeader(0xFFFFFFFF, 0, 2025, 8), rawGame(1, 2, 3, 64, 64, wipeout)))
	if real, err := os.ReadFile("testdata/WTH_1977.wtb"); err == nil {
		f.Add(real)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		gf, err := ReadGames(bytes.NewReader(data))
		_, err2 := ReadGames(&oneByteReader{data: data})
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
			t.Fatalf("readers disagree: %v / %v", err, err2)
		}
		if err != nil {
			if gf != nil {
				t.Fatalf("file returned with error %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteGames(&buf, gf); err != nil {
			t.Fatalf("cannot write back what was read: %v", err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("round trip differs:\n% x\n% x", buf.Bytes(), data)
		}
		again, err := ReadGames(&buf)
		if err != nil || !reflect.DeepEqual(again, gf) {
			t.Fatalf("re-read differs (%v)", err)
		}
	})
}

// FuzzReadNames checks the same properties for both kinds of name file.
func FuzzReadNames(f *testing.F) {
	for _, size := range []int{PlayerRecordSize, TournamentRecordSize} {
		good := smallNameFile(size)
		tournament := size == TournamentRecordSize
		f.Add(good, tournament)
		f.Add(good[:HeaderSize+size+3], tournament)
		f.Add(cat(good, []byte{'x'}), tournament)
		f.Add(edit(good, HeaderSize+5, 'A'), tournament)
		f.Add(edit(good, HeaderSize+4*size-1, 'y'), tournament)
		f.Add(cat(rawHeader(0, 0xFFFF, 0, 0), rawName("Tastet Marc", size)), tournament)
	}
	f.Fuzz(func(t *testing.T, data []byte, tournament bool) {
		kind := players
		if tournament {
			kind = tournaments
		}
		nf, err := readNames(bytes.NewReader(data), kind)
		_, err2 := readNames(&oneByteReader{data: data}, kind)
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) {
			t.Fatalf("readers disagree: %v / %v", err, err2)
		}
		if err != nil {
			if nf != nil {
				t.Fatalf("file returned with error %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if err := writeNames(&buf, nf, kind); err != nil {
			t.Fatalf("cannot write back what was read: %v", err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("round trip differs:\n% x\n% x", buf.Bytes(), data)
		}
		again, err := readNames(&buf, kind)
		if err != nil || !reflect.DeepEqual(again, nf) {
			t.Fatalf("re-read differs (%v)", err)
		}
	})
}
