package wof

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Search returns the players, in file order, whose name has every word of
// query as the start of one of its words, ignoring case and accents:
// "berg" finds "BERG, Anna" and "BERGSTRÖM, Nils", "lea dub" finds
// "DUBOIS, Léa". It is what a director types to find someone in the
// database; Find is for a name typed whole.
func (db *PlayerDB) Search(query string) []DBPlayer {
	want := FoldWords(query)
	if len(want) == 0 {
		return nil
	}
	var found []DBPlayer
	for _, p := range db.Players {
		if StartWords(want, FoldWords(p.Surname+" "+p.Firstname)) {
			found = append(found, p)
		}
	}
	return found
}

// FoldWords splits s into words (at spaces, commas, hyphens and brackets),
// each in lower case without accents: the words a search by name compares.
func FoldWords(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue // the accent of a decomposed letter
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.FieldsFunc(b.String(), func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '-' || r == '(' || r == ')'
	})
}

// StartWords reports whether each word of want starts a different word of
// words ("lea dub" finds "DUBOIS, Léa", both folded by FoldWords).
func StartWords(want, words []string) bool {
	used := make([]bool, len(words))
next:
	for _, w := range want {
		for i, word := range words {
			if !used[i] && strings.HasPrefix(word, w) {
				used[i] = true
				continue next
			}
		}
		return false
	}
	return true
}
