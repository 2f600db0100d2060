package names

import (
	"fmt"
	"unicode"
)

// forbidden returns what is wrong with r in a name and what to do about it,
// or "" when r may appear inside a name. Spaces at either end of a name are
// trimmed before any character is checked, so a name typed with a trailing
// newline is not refused.
func forbidden(r rune) (problem, fix string) {
	switch {
	case r == '\t':
		return "contains a tab " + codePoint(r), "replace it with a space"
	case isLineBreak(r):
		return "contains a line break " + codePoint(r), "write the name on one line"
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return "contains a control character " + codePoint(r), "remove it"
	case isBidiControl(r):
		return "contains a bidirectional text control " + codePoint(r) + ", which can show text in a misleading order", "remove it"
	}
	return "", ""
}

// isLineBreak reports whether r ends a line: the C0 breaks, NEL and the
// Unicode line and paragraph separators.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\v', '\f', '\r', 0x85, 0x2028, 0x2029:
		return true
	}
	return false
}

// isBidiControl reports whether r is one of the bidirectional embeddings,
// overrides and isolates (U+202A-U+202E, U+2066-U+2069). Each opens or
// closes a span whose direction it sets, so one left open in a name
// reverses the text printed after it: "gpj.exe" after an RLO (U+202E)
// shows as "exe.jpg".
func isBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// isDirectionMark reports whether r is one of the three invisible marks of
// direction: LEFT-TO-RIGHT MARK (U+200E), RIGHT-TO-LEFT MARK (U+200F) and
// ARABIC LETTER MARK (U+061C). Unlike the controls above they open no span
// and reorder nothing beyond their neighbours, and keyboards and word
// processors put them into right-to-left names unseen, so refusing them
// would refuse names their writers cannot see anything wrong with.
// Normalize drops them instead: the name looks the same without them, two
// names that look the same stay equal, and a name cannot tip the direction
// of the text printed around it. Displays that mix directions isolate each
// name themselves (HTML's <bdi>).
func isDirectionMark(r rune) bool {
	return r == 0x200e || r == 0x200f || r == 0x061c
}

// isIgnorable reports whether r is a Default_Ignorable_Code_Point: a
// character that shows nothing by itself (zero-width spaces and joiners,
// soft hyphen, variation selectors, Hangul fillers, tags). The property is
// derived as Unicode's DerivedCoreProperties.txt derives it, from tables
// the standard library has.
func isIgnorable(r rune) bool {
	if !unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) && !unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Variation_Selector, r) {
		return false
	}
	switch {
	case unicode.Is(unicode.White_Space, r), unicode.Is(unicode.Prepended_Concatenation_Mark, r):
		return false
	case r >= 0xfff9 && r <= 0xfffb: // interlinear annotation characters
		return false
	case r >= 0x13430 && r <= 0x1345f: // Egyptian hieroglyph format controls
		return false
	}
	return true
}

// isVisible reports whether r shows something by itself: a letter, digit,
// punctuation mark or symbol that is not default-ignorable. A combining
// mark alone, a space or a format character does not.
func isVisible(r rune) bool {
	return unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) && !isIgnorable(r)
}

// isSpace reports whether r is white space: trimmed at the ends of a name
// and, inside it, one of a run collapsed into a single space.
func isSpace(r rune) bool { return unicode.IsSpace(r) }

// codePoint writes r as "(U+001B)".
func codePoint(r rune) string { return fmt.Sprintf("(U+%04X)", r) }
