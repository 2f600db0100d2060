package exchange

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

func TestTextReader(t *testing.T) {
	for _, tc := range []struct {
		name, in, encoding string
		want, used         string
	}{
		{"ASCII", "name\nSmith, John\n", "auto", "name\nSmith, John\n", ""},
		{"UTF-8", "name\nDubois, L\u00e9a\n", "auto", "name\nDubois, L\u00e9a\n", EncodingUTF8},
		{"Latin-1", "name\nDubois, L\xe9a\nM\xfcller, Hans\n", "auto", "name\nDubois, L\u00e9a\nM\u00fcller, Hans\n", EncodingLatin1},
		{"Windows-1252 quote", "name\nO\x92Brien, Sean\n", "auto", "name\nO\u2019Brien, Sean\n", EncodingLatin1},
		{"Latin-1 at the very end", "x\xe9", "auto", "x\u00e9", EncodingLatin1},
		{"UTF-8 forced", "L\u00e9a", "utf-8", "L\u00e9a", EncodingUTF8},
		{"Latin-1 forced on UTF-8", "L\u00e9a", "latin-1", "L\u00c3\u00a9a", EncodingLatin1},
		{"Latin-1 forced on ASCII", "Lea", "latin1", "Lea", EncodingLatin1},
		{"UTF-8 byte order mark", "\ufeffname\n", "", "\ufeffname\n", EncodingUTF8},
	} {
		for _, one := range []bool{false, true} {
			r, err := NewTextReader(strings.NewReader(tc.in), tc.encoding)
			if err != nil {
				t.Fatal(err)
			}
			var got []byte
			if one {
				got, err = io.ReadAll(iotest.OneByteReader(r))
			} else {
				got, err = io.ReadAll(r)
			}
			if err != nil || string(got) != tc.want || r.Encoding() != tc.used {
				t.Errorf("%s (one byte at a time: %v): %q as %q, %v; want %q as %q", tc.name, one, got, r.Encoding(), err, tc.want, tc.used)
			}
		}
	}
	if _, err := NewTextReader(strings.NewReader(""), "ebcdic"); err == nil || !strings.Contains(err.Error(), "use auto, utf-8 or latin-1") {
		t.Errorf("unknown encoding: %v", err)
	}
}

// TestReadPlayersCSVLatin1: a players CSV saved in Latin-1 (as Excel
// does) imports with its accents.
func TestReadPlayersCSVLatin1(t *testing.T) {
	r, err := NewTextReader(strings.NewReader("name,country\n\"Dubois, L\xe9a\",FRA\n\"M\xfcller, J\xfcrgen\",GER\n"), EncodingAuto)
	if err != nil {
		t.Fatal(err)
	}
	players, err := ReadPlayersCSV(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(players) != 2 || players[0].Name != "Dubois, L\u00e9a" || players[1].Name != "M\u00fcller, J\u00fcrgen" {
		t.Errorf("players %+v", players)
	}
}

// FuzzTextReader: the output is UTF-8 whenever the input was read as
// Latin-1, and the input itself when it was valid UTF-8; reading a byte at
// a time gives the same.
func FuzzTextReader(f *testing.F) {
	for _, s := range []string{"", "abc", "L\u00e9a", "L\xe9a", "\xe9", "\xc3", "a\xc3\xa9\xe9", "\ufeff", "\xef\xbf\xbd"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		r, err := NewTextReader(bytes.NewReader(in), EncodingAuto)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		switch r.Encoding() {
		case EncodingLatin1:
			if !utf8.Valid(got) {
				t.Errorf("%q read as Latin-1 gave %q, not UTF-8", in, got)
			}
		default:
			if !bytes.Equal(got, in) {
				t.Errorf("%q read as %q gave %q", in, r.Encoding(), got)
			}
		}
		if utf8.Valid(in) && r.Encoding() == EncodingLatin1 {
			t.Errorf("valid UTF-8 %q read as Latin-1", in)
		}
		again, _ := NewTextReader(bytes.NewReader(in), EncodingAuto)
		one, err := io.ReadAll(iotest.OneByteReader(again))
		if err != nil || !bytes.Equal(one, got) {
			t.Errorf("%q a byte at a time: %q, %v; want %q", in, one, err, got)
		}
	})
}
