package names

import (
	"strconv"
	"unicode/utf8"
)

// quoteMax is how many characters of a name Quote shows.
const quoteMax = 60

// Quote returns name for a message: in double quotes, with Go's escapes for
// every character that is not printable (control characters as \x1b,
// bidirectional and other format characters as \u202e, bytes that are not
// UTF-8 as \xff), and cut after 60 characters with "...". A message that
// quotes a refused name so never passes the refused characters on to a
// terminal.
func Quote(name string) string {
	if utf8.RuneCountInString(name) <= quoteMax {
		return strconv.Quote(name)
	}
	q := strconv.Quote(cut(name, quoteMax-3))
	return q[:len(q)-1] + `..."`
}
