package othello

import (
	"strconv"
	"strings"
)

// isSeparator reports whether c may stand between moves of a transcript.
func isSeparator(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '-', ',', ';', '.':
		return true
	}
	return false
}

// ParseTranscript reads a transcript: moves as column letter and row digit, in
// either case, written together ("f5d6c3") or separated by spaces, hyphens or
// commas ("F5 D6 C3", "f5-d6-c3"). Passes are not written; Replay infers them.
// A move that is not a square is reported as a *MoveError naming its ply.
// The transcript is not checked for legality: Replay does that.
func ParseTranscript(text string) ([]Square, error) {
	// Separators are dropped first and the rest read two characters at a
	// time, so "f5 d6c3" works and a stray character is reported at its ply.
	compact := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		if !isSeparator(text[i]) {
			compact = append(compact, text[i])
		}
	}
	moves := make([]Square, 0, len(compact)/2)
	for i := 0; i < len(compact); i += 2 {
		token := string(compact[i:min(i+2, len(compact))])
		sq, ok := ParseSquare(token)
		if !ok {
			return nil, &MoveError{Ply: len(moves) + 1, Move: printable(token), Reason: ReasonNotASquare}
		}
		moves = append(moves, sq)
	}
	return moves, nil
}

// FormatTranscript writes moves as lowercase squares with nothing between
// them ("f5d6c3"), the form ParseTranscript reads and WTHOR tools exchange.
func FormatTranscript(moves []Square) string {
	var b strings.Builder
	b.Grow(2 * len(moves))
	for _, m := range moves {
		b.WriteString(m.String())
	}
	return b.String()
}

// printable returns s as written, or Go-quoted when it holds bytes that
// would garble an error message (control characters, non-ASCII).
func printable(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return strconv.Quote(s)
		}
	}
	return s
}
