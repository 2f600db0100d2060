package outflank

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// The address of a tournament (its slug, /t/SLUG) made from its name, for
// a director who gives the name only (issue 24: the console's create form
// did not fill the address). The console's script makes the same address
// as the name is typed (web/static/console.js, slugOf): both must agree,
// and TestSlugOfMatchesTheScript runs the script's function to check.

// slugLetters are the letters that do not decompose into a Latin letter
// and marks (NFD), written as the nearest Latin letters.
var slugLetters = map[rune]string{'ß': "ss", 'æ': "ae", 'œ': "oe", 'ø': "o", 'ł': "l", 'đ': "d", 'ð': "d", 'þ': "th", 'ı': "i"}

// maxSlug is the longest slug (slugPattern).
const maxSlug = 63

// SlugOf makes a slug of name: in lower case, accents dropped, every run
// of other characters a hyphen, at most 63 characters (cut between
// words): "Oadby Regional
// 2010" gives "oadby-regional-2010", "Coupe d'Île-de-France" gives
// "coupe-d-ile-de-france". It is "" when the name has no letter or digit
// an address can use.
func SlugOf(name string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		text := string(r)
		if s, ok := slugLetters[r]; ok {
			text = s
		}
		for _, c := range text {
			if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
				if hyphen && b.Len() > 0 {
					b.WriteByte('-')
				}
				b.WriteRune(c)
				hyphen = false
			} else {
				hyphen = true
			}
		}
	}
	s := b.String()
	if len(s) > maxSlug {
		// Cut between words where it can.
		cut := s[:maxSlug]
		if i := strings.LastIndexByte(cut, '-'); s[maxSlug] != '-' && i > 0 {
			cut = cut[:i]
		}
		s = strings.TrimRight(cut, "-")
	}
	return s
}
