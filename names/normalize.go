package names

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The longest names, in characters (Unicode code points, counted after
// normalisation).
const (
	MaxPerson     = 100
	MaxTeam       = 100
	MaxTournament = 200
)

// Error is why Normalize refuses a name.
type Error struct {
	// Name is the name as given, which may hold the very characters
	// refused: show it with Quote.
	Name string
	// Problem says what is wrong: "contains a control character (U+001B)".
	Problem string
	// Fix says what to do: "remove it".
	Fix string
}

// Error returns `names: "NAME": PROBLEM — FIX`, NAME quoted by Quote.
func (e *Error) Error() string { return "names: " + Quote(e.Name) + ": " + e.Reason() }

// Reason returns the problem and the fix, for a message to the person who
// typed the name: "contains a control character (U+001B) — remove it".
func (e *Error) Reason() string { return e.Problem + " — " + e.Fix }

// Normalize returns name as it is stored: trimmed of white space, without
// the invisible marks of direction (U+200E, U+200F, U+061C), in Unicode NFC
// (so "é" typed as e and a combining accent equals "é" typed as one
// character), with each inner run of white space made one space. It returns
// "" for a name that is empty or only white space; the caller decides
// whether a name is required.
//
// It refuses, with an *Error, a name that holds bytes that are not UTF-8, a
// control character (C0, DEL, C1), a tab, a line break (including U+2028
// and U+2029), or a bidirectional embedding, override or isolate
// (U+202A-U+202E, U+2066-U+2069); a name with nothing visible (only
// zero-width or other default-ignorable characters, or combining marks);
// and a name longer than max characters. Normalize of a name it returned
// gives the same name.
func Normalize(name string, max int) (string, error) {
	if !utf8.ValidString(name) {
		return "", &Error{Name: name, Problem: "contains bytes that are not UTF-8 text", Fix: "retype it, or save the file it comes from as UTF-8"}
	}
	s := strings.TrimFunc(name, isSpace)
	if s == "" {
		return "", nil
	}
	for _, r := range s {
		if problem, fix := forbidden(r); problem != "" {
			return "", &Error{Name: name, Problem: problem, Fix: fix}
		}
	}
	if strings.ContainsFunc(s, isDirectionMark) {
		s = strings.Map(dropDirectionMark, s)
	}
	s = strings.Join(strings.FieldsFunc(norm.NFC.String(s), isSpace), " ")
	if !strings.ContainsFunc(s, isVisible) {
		return "", &Error{Name: name, Problem: "has no visible character", Fix: "type the name in letters"}
	}
	if n := utf8.RuneCountInString(s); n > max {
		return "", &Error{Name: name, Problem: fmt.Sprintf("is %d characters long", n), Fix: fmt.Sprintf("shorten it to at most %d", max)}
	}
	return s, nil
}

func dropDirectionMark(r rune) rune {
	if isDirectionMark(r) {
		return -1
	}
	return r
}
