package wof

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"strings"
	"unicode/utf8"
)

// Limits that bound the memory a read can take.
const (
	// MaxFileSize is the largest input Read and ReadPlayerDB accept. Real
	// .ELO files are under 30 KB and joueurs.txt under 1 MB.
	MaxFileSize = 32 << 20
	// MaxLineLength is the longest line read; longer lines are skipped
	// with a warning. Real lines are under 200 bytes.
	MaxLineLength = 4096
)

// utf8BOM is the byte order mark some editors put at the start of UTF-8 text.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// text is an input read whole and checked to be text, before decoding.
type text struct {
	data []byte // without a byte order mark
	// utf8 is set when data is valid UTF-8 and so decoded as UTF-8;
	// anything else is Latin-1: Latin-1 text with accents is almost never
	// valid UTF-8 by accident, and every byte is a Latin-1 character, so
	// the choice never fails.
	utf8 bool
}

// readText reads all of r, at most MaxFileSize bytes, and checks that it
// is text: not empty, without NUL bytes. A leading byte order mark is
// dropped. what names the input in errors. When r tells how many bytes it
// holds (a Len method, as bytes.Reader has), the buffer is allocated once.
func readText(r io.Reader, what string) (*text, error) {
	if r == nil {
		return nil, fmt.Errorf("wof: no %s to read", what)
	}
	var buf bytes.Buffer
	if l, ok := r.(interface{ Len() int }); ok {
		buf.Grow(min(l.Len(), MaxFileSize+1) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, MaxFileSize+1)); err != nil {
		return nil, fmt.Errorf("wof: reading %s: %w", what, err)
	}
	data := buf.Bytes()
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("wof: %s is larger than %d MiB", what, MaxFileSize>>20)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("wof: %s is empty", what)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return nil, fmt.Errorf("wof: %s is not text: NUL byte at offset %d", what, i)
	}
	return &text{data: data, utf8: utf8.Valid(data)}, nil
}

// lines yields the lines of t, numbered from 1, each decoded on its own so
// that what a reader keeps of a line holds on to that line only. Lines end
// at "\n", "\r\n" or a lone "\r" (old Macintosh files), and no line keeps
// its end; a last line without an end is a line too.
func (t *text) lines() iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		rest := t.data
		cr := bytes.IndexByte(rest, '\r') >= 0
		for n := 1; len(rest) > 0; n++ {
			var i int
			if cr {
				i = bytes.IndexAny(rest, "\r\n")
			} else {
				i = bytes.IndexByte(rest, '\n')
			}
			line := rest
			if i < 0 {
				rest = nil
			} else {
				line = rest[:i]
				if rest[i] == '\r' && i+1 < len(rest) && rest[i+1] == '\n' {
					i++
				}
				rest = rest[i+1:]
			}
			var s string
			if t.utf8 {
				s = string(line)
			} else {
				s = decodeLatin1(line)
			}
			if !yield(n, s) {
				return
			}
		}
	}
}

// decodeLatin1 returns the Latin-1 bytes b as a Go string: every byte is the
// code point of the same value (0xE9 is "é"), so the bytes come back exactly
// when written in Latin-1. Bytes 0x80-0x9F become C1 control characters, not
// the Windows-1252 letters some tools put there.
func decodeLatin1(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		sb.WriteRune(rune(c))
	}
	return sb.String()
}

// encodeText returns s, valid UTF-8 text, as the bytes Write puts out: in
// Latin-1 when every character fits in it (the WOF's historical encoding,
// and plain ASCII for the usual unaccented names), else in UTF-8. Latin-1
// bytes that happen to be valid UTF-8 would be read back as UTF-8 and so
// change, so such text is written in UTF-8 too: Read of the result always
// gives back s.
func encodeText(s string) []byte {
	latin := make([]byte, 0, len(s))
	ascii := true
	for _, r := range s {
		if r > 0xFF || r == utf8.RuneError {
			return []byte(s)
		}
		if r >= utf8.RuneSelf {
			ascii = false
		}
		latin = append(latin, byte(r))
	}
	if !ascii && utf8.Valid(latin) {
		return []byte(s)
	}
	return latin
}
