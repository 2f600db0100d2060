package names

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Clean returns name made acceptable to Normalize, for names read from old
// files that cannot be sent back to be fixed: tabs and line breaks become
// spaces; other control characters, bidirectional controls and bytes that
// are not UTF-8 are dropped; a name longer than max characters is cut to
// max. It returns "" when nothing visible is left, and Normalize's result
// for a name Normalize accepts.
func Clean(name string, max int) string {
	if s, err := Normalize(name, max); err == nil {
		return s
	}
	s, err := Normalize(strings.Map(cleanRune, strings.ToValidUTF8(name, "")), math.MaxInt)
	if err != nil || s == "" {
		return "" // nothing visible
	}
	if utf8.RuneCountInString(s) > max {
		if s, err = Normalize(cut(s, max), max); err != nil {
			return ""
		}
	}
	return s
}

// cleanRune turns a character Normalize refuses into a space (a tab or a
// line break, which separated words) or drops it.
func cleanRune(r rune) rune {
	if r == '\t' || isLineBreak(r) {
		return ' '
	}
	if problem, _ := forbidden(r); problem != "" {
		return -1
	}
	return r
}

// cut returns the first n characters of s.
func cut(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
