package wthor

import (
	"bytes"
	"io"
	"testing"
)

// BenchmarkReadGames2004 reads the 9,021 games of WTH_2004.wtb from memory.
func BenchmarkReadGames2004(b *testing.B) {
	data := readShared(b, "WTH_2004.wtb")
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadGames(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteGames2004 writes the games of WTH_2004.wtb back.
func BenchmarkWriteGames2004(b *testing.B) {
	data := readShared(b, "WTH_2004.wtb")
	f, err := ReadGames(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteGames(io.Discard, f); err != nil {
			b.Fatal(err)
		}
	}
}
