package wof

import (
	"bytes"
	"fmt"
	"io"
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

// readText reads all of r as text and returns it as a Go string, decoding
// the bytes as UTF-8 when they are valid UTF-8 and as Latin-1 otherwise:
// Latin-1 text with accents is almost never valid UTF-8 by accident, and
// every byte is a Latin-1 character, so the choice never fails. A leading
// byte order mark is dropped. what names the input in errors.
func readText(r io.Reader, what string) (string, error) {
	if r == nil {
		return "", fmt.Errorf("wof: no %s to read", what)
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return "", fmt.Errorf("wof: reading %s: %w", what, err)
	}
	if len(data) > MaxFileSize {
		return "", fmt.Errorf("wof: %s is larger than %d MiB", what, MaxFileSize>>20)
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if len(bytes.TrimSpace(data)) == 0 {
		return "", fmt.Errorf("wof: %s is empty", what)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return "", fmt.Errorf("wof: %s is not text: NUL byte at offset %d", what, i)
	}
	if utf8.Valid(data) {
		return string(data), nil
	}
	return decodeLatin1(data), nil
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

// splitLines splits s into lines ended by "\n", "\r\n" or a lone "\r" (old
// Macintosh files), so that no line keeps a carriage return.
func splitLines(s string) []string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
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
