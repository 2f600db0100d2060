package main

import (
	"io"
	"os"
	"strconv"
	"unicode/utf8"

	"golang.org/x/term"
)

// terminalWriter is the one place that keeps stored text from steering the
// terminal it is printed on. Main wraps stdout and stderr in it, so every
// command's output and every message pass through it: a name from an old
// database or a file path holding ESC [2J cannot clear the screen, retitle
// the window or hide a line, and one holding U+202E cannot print the rest
// of its line backwards.
//
// It escapes, as \u001b, the C0 control characters except newline and tab,
// DEL, the C1 controls (U+0080-U+009F), and the bidirectional controls
// (U+200E, U+200F, U+061C, U+202A-U+202E, U+2066-U+2069); and it writes a
// byte that is not UTF-8 as \xff. The \u form is also a JSON string's
// escape for the same character, so --json output stays valid JSON with
// the same meaning (encoding/json escapes the C0 controls itself, but not
// DEL or U+202E, and never writes a byte that is not UTF-8). A character
// split between two Writes is held back until its end arrives.
type terminalWriter struct {
	w   io.Writer
	tty bool // w is a terminal
	// part is the start of a character whose end the next Write brings.
	part    [utf8.UTFMax]byte
	partLen int
}

func newTerminalWriter(w io.Writer) *terminalWriter {
	return &terminalWriter{w: w, tty: terminalFile(w) != nil}
}

// Write writes p to the writer beneath, escaped.
func (t *terminalWriter) Write(p []byte) (int, error) {
	data := p
	if t.partLen > 0 {
		data = append(t.part[:t.partLen:t.partLen], p...)
		t.partLen = 0
	}
	out := make([]byte, 0, len(data)+16)
	for i := 0; i < len(data); {
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			out = append(out, c)
			i++
			continue
		}
		if c < utf8.RuneSelf {
			out = appendEscape(out, rune(c))
			i++
			continue
		}
		if !utf8.FullRune(data[i:]) {
			t.partLen = copy(t.part[:], data[i:])
			break
		}
		r, size := utf8.DecodeRune(data[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = append(out, `\x`...)
			out = appendHex(out, uint32(c), 2)
		case steers(r):
			out = appendEscape(out, r)
		default:
			out = append(out, data[i:i+size]...)
		}
		i += size
	}
	if len(out) > 0 {
		if _, err := t.w.Write(out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// Flush writes the start of a character that never got its end, as bytes
// that are not UTF-8.
func (t *terminalWriter) Flush() {
	if t.partLen == 0 {
		return
	}
	var out []byte
	for _, c := range t.part[:t.partLen] {
		out = appendHex(append(out, `\x`...), uint32(c), 2)
	}
	t.partLen = 0
	_, _ = t.w.Write(out) // nowhere left to report a closed stream
}

// steers reports whether r, valid UTF-8 from U+0080 up, is escaped: a C1
// control or a bidirectional control.
func steers(r rune) bool {
	switch {
	case r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	}
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// appendEscape appends r as \u001b.
func appendEscape(out []byte, r rune) []byte {
	return appendHex(append(out, `\u`...), uint32(r), 4)
}

// appendHex appends v in lowercase hexadecimal, zero-padded to width digits.
func appendHex(out []byte, v uint32, width int) []byte {
	s := strconv.FormatUint(uint64(v), 16)
	for i := len(s); i < width; i++ {
		out = append(out, '0')
	}
	return append(out, s...)
}

// dataOut returns where a command writes the bytes of a file on stdout
// (export): the writer beneath w when that is not a terminal, so that
// `outflank export SLUG > FILE` or a pipe gets the file exactly, byte for
// byte; w itself, escaping, when it is a terminal, where the file is read
// by a person and must not steer the terminal.
func dataOut(w io.Writer) io.Writer {
	if t, ok := w.(*terminalWriter); ok && !t.tty {
		t.Flush()
		return t.w
	}
	return w
}

// terminalFile returns the terminal w writes to, through a terminalWriter
// or not, or nil. A progress bar writes its carriage returns to it
// directly: they are Outflank's own, never a user's text.
func terminalFile(w io.Writer) *os.File {
	if t, ok := w.(*terminalWriter); ok {
		w = t.w
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return f
	}
	return nil
}
