package wthor

import (
	"unicode/utf8"
)

// Names are stored in ISO 8859-1 (Latin-1), where every byte is the code
// point of the same value: 0xE9 is U+00E9 "é". Decoding therefore never
// fails, and bytes 0x80-0x9F become the C1 control characters U+0080-U+009F
// rather than the Windows-1252 letters some tools put there; that keeps
// every name byte-exact through a read and a write. The real files use only
// ASCII and a few accented letters, where the two agree.

// decodeLatin1 returns the Latin-1 bytes b as a Go (UTF-8) string.
func decodeLatin1(b []byte) string {
	ascii := true
	for _, c := range b {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = utf8.AppendRune(out, rune(c))
	}
	return string(out)
}

// latin1Problem describes why a string cannot be stored in Latin-1: the
// character at Latin-1 position pos (the byte it would occupy) is r, which
// is outside Latin-1, or not valid UTF-8 when invalid is set.
type latin1Problem struct {
	pos     int
	r       rune
	invalid bool
}

// latin1Len returns the length of s in Latin-1, one byte per character, or
// the first character that Latin-1 cannot hold.
func latin1Len(s string) (int, *latin1Problem) {
	n := 0
	for i, r := range s {
		if r == utf8.RuneError {
			// U+FFFD may stand for itself or for a byte that is not UTF-8;
			// either way Latin-1 has no room for it.
			_, size := utf8.DecodeRuneInString(s[i:])
			return n, &latin1Problem{pos: n, r: r, invalid: size == 1}
		}
		if r > 0xFF {
			return n, &latin1Problem{pos: n, r: r}
		}
		n++
	}
	return n, nil
}

// appendLatin1 appends s in Latin-1 to dst. The caller has checked with
// latin1Len that s fits; characters outside Latin-1 would be dropped.
func appendLatin1(dst []byte, s string) []byte {
	for _, r := range s {
		if r <= 0xFF {
			dst = append(dst, byte(r))
		}
	}
	return dst
}
