package sqlite

import (
	"errors"
	"fmt"
)

// packed reads a text in which a query packed many values (load_packed.go):
// numbers as SQLite's char() writes them, one code point each, and texts
// as their bytes, whose length came before as a number. A driver reads
// such a text as one column, where it would read every value as a column
// of its own, at a cost per column that was most of a large event's load.
//
// char() writes a value from 0 to 0x10FFFF as UTF-8 does (1 to 4 bytes),
// including the surrogates UTF-8 forbids, and U+FFFD for any other value
// (a negative number, or one too large): packed reads U+FFFD as an error,
// since it may stand for a value that could not be packed. The caller then
// reads the rows column by column. Any text that is not what char() and
// the query write is an error too, never a panic.
type packed struct {
	s   string
	err error
}

// errUnpacked says that a packed text cannot be read as packed values.
var errUnpacked = errors.New("sqlite: packed values unreadable")

// replacement is the code point char() writes for a value it cannot.
const replacement = 0xFFFD

// fail records the first error, and makes the reads that follow return 0.
func (p *packed) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("%w: %s", errUnpacked, fmt.Sprintf(format, args...))
	}
	p.s = ""
}

// int reads a number written by char().
func (p *packed) int() int {
	s := p.s
	if len(s) == 0 {
		p.fail("a number is missing")
		return 0
	}
	b := s[0]
	if b < 0x80 {
		p.s = s[1:]
		return int(b)
	}
	var n, min int
	var v rune
	switch {
	case b&0xE0 == 0xC0:
		n, min, v = 2, 0x80, rune(b&0x1F)
	case b&0xF0 == 0xE0:
		n, min, v = 3, 0x800, rune(b&0x0F)
	case b&0xF8 == 0xF0:
		n, min, v = 4, 0x10000, rune(b&0x07)
	default:
		p.fail("byte %#x cannot begin a number", b)
		return 0
	}
	if len(s) < n {
		p.fail("a number is cut short")
		return 0
	}
	for i := 1; i < n; i++ {
		c := s[i]
		if c&0xC0 != 0x80 {
			p.fail("byte %#x cannot continue a number", c)
			return 0
		}
		v = v<<6 | rune(c&0x3F)
	}
	switch {
	case int(v) < min || v > 0x10FFFF:
		p.fail("a number written in %d bytes is %#x", n, v)
		return 0
	case v == replacement:
		p.fail("a value could not be packed")
		return 0
	}
	p.s = s[n:]
	return int(v)
}

// bool reads a number that must be 0 or 1.
func (p *packed) bool() bool {
	switch v := p.int(); v {
	case 0:
		return false
	case 1:
		return true
	default:
		p.fail("%d is not 0 or 1", v)
		return false
	}
}

// text reads a text of n bytes.
func (p *packed) text(n int) string {
	if n > len(p.s) {
		p.fail("a text of %d bytes has %d", n, len(p.s))
		return ""
	}
	t := p.s[:n]
	p.s = p.s[n:]
	return t
}

// more reports whether anything is left to read.
func (p *packed) more() bool { return len(p.s) > 0 }
