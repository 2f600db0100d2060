package wof

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Search returns the players, in file order, whose name has every word of
// query as the start of one of its words, ignoring case and accents:
// "berg" finds "BERG, Anna" and "BERGSTRÖM, Nils", "lea dub" finds
// "DUBOIS, Léa". Find is for a name typed whole; Rank orders the players
// a director means first.
func (db *PlayerDB) Search(query string) []DBPlayer {
	want := FoldWords(query)
	if len(want) == 0 {
		return nil
	}
	var found []DBPlayer
	sorted := slices.Sorted(slices.Values(want))
	names := db.foldedNames()
	for i, p := range db.Players {
		if names[i].current(p).match(want, sorted) >= Start {
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
	return matchWords(want, words, Start)
}

// Quality is how well the words a director typed match a player's name,
// from the worst. Every word typed must match a different word of the
// name for the player to be found at all.
type Quality int8

const (
	// NoMatch: a word typed is in no word of the name left for it.
	NoMatch Quality = iota
	// Inside: each word typed is inside a different word of the name
	// ("arcon" in "MARCONI").
	Inside
	// Start: each word typed starts a different word of the name ("marc"
	// for "MARCONI").
	Start
	// Words: each word typed is a whole word of the name ("flavio").
	Words
	// Surname: the words typed are the surname, whole ("marconi", "de
	// cicco").
	Surname
	// FullName: the words typed are the whole name, in any order
	// ("flavio marconi", "MARCONI, Flavio").
	FullName
)

// String names the quality as docs and messages say it.
func (q Quality) String() string {
	switch q {
	case Inside:
		return "inside a word"
	case Start:
		return "start of a word"
	case Words:
		return "whole words"
	case Surname:
		return "the surname"
	case FullName:
		return "the full name"
	}
	return "no match"
}

// Found is a player of the database found by Rank, with how well the words
// typed match their name.
type Found struct {
	DBPlayer
	Quality Quality
}

// Preference says which of the players who match equally well a director
// more likely means.
type Preference struct {
	// Country is where the event is held, three letters, "" when not
	// known: among the rated (and among the unrated), its players come
	// first.
	Country string
	// Active, when not nil, says whether a player played rated games
	// lately (the rating list's active players); joueurs.txt does not say,
	// so without it every player counts as active.
	Active func(id int) bool
}

// Rank returns the players whose name matches every word of query (case
// and accents ignored), the best matches first: the full name, then the
// surname, then whole words, then the starts of words, then parts of
// words (Quality). Among players who match equally well come first the
// active players, then the rated ones, then those of the event's country,
// then the higher rated, then file order. The order only helps the eye:
// players who match equally well are equally likely to be the one meant
// (Unrivalled says whether one stands out).
func (db *PlayerDB) Rank(query string, pref Preference) []Found {
	want := FoldWords(query)
	if len(want) == 0 {
		return nil
	}
	sorted := slices.Sorted(slices.Values(want))
	// The players found are sorted by a key each, small to move, and
	// their place in the file last: the same order at every search.
	type key struct {
		i                         int32
		quality                   Quality
		inactive, unrated, abroad bool
		rating                    int
	}
	var keys []key
	names := db.foldedNames()
	for i, p := range db.Players {
		if q := names[i].current(p).match(want, sorted); q != NoMatch {
			keys = append(keys, key{i: int32(i), quality: q,
				inactive: pref.Active != nil && !pref.Active(p.ID), unrated: !p.HasRating,
				abroad: pref.Country == "" || !strings.EqualFold(p.Country, pref.Country), rating: p.Rating})
		}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(
			cmp.Compare(b.quality, a.quality),
			compareBool(a.inactive, b.inactive),
			compareBool(a.unrated, b.unrated),
			compareBool(a.abroad, b.abroad),
			cmp.Compare(b.rating, a.rating),
			cmp.Compare(a.i, b.i),
		)
	})
	found := make([]Found, len(keys))
	for n, k := range keys {
		found[n] = Found{DBPlayer: db.Players[k.i], Quality: k.quality}
	}
	return found
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Unrivalled reports whether the first of found, in Rank's order, matches
// the words typed better than every other player: the one player a
// director who typed them can only mean. When several match equally well
// (every MARCONI for "marconi"), none is: the director chooses, whatever
// their ratings or countries.
func Unrivalled(found []Found) bool {
	return len(found) == 1 || len(found) > 1 && found[0].Quality > found[1].Quality
}

// MatchQuality says how well the words want (folded by FoldWords) match
// the name surname, firstname.
func MatchQuality(want []string, surname, firstname string) Quality {
	return foldName(DBPlayer{Surname: surname, Firstname: firstname}).match(want, slices.Sorted(slices.Values(want)))
}

// foldedName is a player's name as searches compare it.
type foldedName struct {
	id                 int
	surname, firstname string
	// sur are the surname's words, folded; words the whole name's, and
	// sorted the same words in order.
	sur, words, sorted []string
}

func foldName(p DBPlayer) foldedName {
	sur := FoldWords(p.Surname)
	words := slices.Concat(sur, FoldWords(p.Firstname))
	slices.Sort(sur)
	sorted := slices.Sorted(slices.Values(words))
	return foldedName{id: p.ID, surname: p.Surname, firstname: p.Firstname, sur: sur, words: words, sorted: sorted}
}

// current returns n, or p's name folded anew when p is not the player n
// was folded from (db.Players changed since).
func (n foldedName) current(p DBPlayer) foldedName {
	if n.id != p.ID || n.surname != p.Surname || n.firstname != p.Firstname {
		return foldName(p)
	}
	return n
}

// foldedNames returns the folded names of db.Players, by index, folding
// them at the first call (or when players were added since).
func (db *PlayerDB) foldedNames() []foldedName {
	db.foldMu.Lock()
	defer db.foldMu.Unlock()
	if len(db.folded) != len(db.Players) {
		db.folded = make([]foldedName, len(db.Players))
		for i, p := range db.Players {
			db.folded[i] = foldName(p)
		}
	}
	return db.folded
}

// match says how well the words want, folded, match the name; sorted are
// the same words in order.
func (n foldedName) match(want, sorted []string) Quality {
	if len(want) == len(n.words) || len(want) == len(n.sur) {
		switch {
		case slices.Equal(sorted, n.sorted):
			return FullName
		case slices.Equal(sorted, n.sur):
			return Surname
		}
	}
	if len(want) > len(n.words) || len(want) > maxWords || len(n.words) > 64 {
		return NoMatch
	}
	// For each word typed, the words of the name it equals, starts and
	// is inside, a bit each: one pass over the name for all three.
	var equal, start, inside [maxWords]uint64
	for i, w := range want {
		for j, word := range n.words {
			bit := uint64(1) << j
			switch {
			case w == word:
				equal[i] |= bit
				start[i] |= bit
				inside[i] |= bit
			case strings.HasPrefix(word, w):
				start[i] |= bit
				inside[i] |= bit
			case strings.Contains(word, w):
				inside[i] |= bit
			}
		}
		if inside[i] == 0 {
			return NoMatch
		}
	}
	for _, level := range []struct {
		q     Quality
		masks *[maxWords]uint64
	}{{Words, &equal}, {Start, &start}, {Inside, &inside}} {
		if assignable(level.masks[:len(want)]) {
			return level.q
		}
	}
	return NoMatch
}

// maxWords bounds the words of a search compared: a name has a handful,
// and a director types fewer still.
const maxWords = 8

// matchWords reports whether each word of want matches a different word of
// words at least as well as q (Words: equal; Start: a prefix; Inside: a
// part).
func matchWords(want, words []string, q Quality) bool {
	if len(want) > len(words) || len(want) > maxWords || len(words) > 64 {
		return false
	}
	var masks [maxWords]uint64
	for i, w := range want {
		for j, word := range words {
			if wordMatches(w, word, q) {
				masks[i] |= 1 << j
			}
		}
	}
	return assignable(masks[:len(want)])
}

// assignable reports whether each word typed can have a different word of
// the name, masks giving each one's candidates (a bit a word of the
// name). Every way is tried ("ann an" must not spend "anna" on "an"), the
// word with the fewest candidates first, so that a word no name word is
// left for fails at once. masks is reordered.
func assignable(masks []uint64) bool {
	for _, m := range masks {
		if m == 0 {
			return false
		}
	}
	if len(masks) > 1 {
		slices.SortFunc(masks, func(a, b uint64) int { return cmp.Compare(bits.OnesCount64(a), bits.OnesCount64(b)) })
	}
	return assign(masks, 0)
}

// assign gives each word typed, by its mask of candidates, a word of the
// name not in used (a bit a word).
func assign(masks []uint64, used uint64) bool {
	if len(masks) == 0 {
		return true
	}
	for free := masks[0] &^ used; free != 0; free &= free - 1 {
		if assign(masks[1:], used|free&-free) {
			return true
		}
	}
	return false
}

// wordMatches reports whether w matches word at least as well as q.
func wordMatches(w, word string, q Quality) bool {
	switch q {
	case Inside:
		return strings.Contains(word, w)
	case Start:
		return strings.HasPrefix(word, w)
	}
	return w == word
}
