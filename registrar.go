package outflank

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Registrar registers players in bulk, in time linear in their number (an
// import of 50,000 players): it indexes the tournament's players once, by
// name (ignoring case), WOF id and id, so that each Add checks the new
// player against the index rather than against every player. Add applies
// exactly AddPlayer's rules and gives its messages.
//
// Players added or removed behind its back are noticed (the index is
// rebuilt); players renamed in place while it is in use are not.
type Registrar struct {
	t *Tournament
	// names maps a folded name (foldName) to the index of the first player
	// with that name; wofIDs does the same for WOF ids other than 0.
	names  map[string]int
	wofIDs map[int]int
	ids    map[int]struct{}
	nextID int // the id the next player gets unless it has one
	// indexed is how many of t.Players the maps hold.
	indexed int
}

// Registrar returns a Registrar for t's players.
func (t *Tournament) Registrar() *Registrar {
	r := &Registrar{t: t}
	r.rebuild()
	return r
}

// rebuild indexes every player of the tournament.
func (r *Registrar) rebuild() {
	n := len(r.t.Players)
	r.names, r.wofIDs, r.ids = make(map[string]int, n), make(map[int]int, n), make(map[int]struct{}, n)
	r.nextID, r.indexed = 1, 0
	for r.indexed < n {
		r.index()
	}
}

// index adds the next player of the tournament to the index.
func (r *Registrar) index() {
	i := r.indexed
	p := &r.t.Players[i]
	if _, dup := r.wofIDs[p.WOFID]; p.WOFID != 0 && !dup {
		r.wofIDs[p.WOFID] = i
	}
	key := foldName(p.Name)
	if _, dup := r.names[key]; !dup {
		r.names[key] = i
	}
	r.ids[p.ID] = struct{}{}
	r.nextID = max(r.nextID, p.ID+1)
	r.indexed++
}

// Add registers p as AddPlayer does and returns it. The pointer is valid
// until the next player is added.
func (r *Registrar) Add(p Player) (*Player, error) {
	t := r.t
	if len(t.Players) != r.indexed {
		r.rebuild()
	}
	if err := p.validate(); err != nil {
		return nil, err
	}
	// AddPlayer's rule reports the first player in order that has p's WOF
	// id or name, the WOF id first when one player has both.
	w, sameWOF := r.wofIDs[p.WOFID]
	sameWOF = sameWOF && p.WOFID != 0
	n, sameName := r.names[foldName(p.Name)]
	switch {
	case sameWOF && (!sameName || w <= n):
		q := &t.Players[w]
		return nil, Errorf(ECONFLICT, "%s already has WOF player %d (#%d %s)", t.Slug, p.WOFID, q.ID, q.Name)
	case sameName:
		q := &t.Players[n]
		return nil, Errorf(ECONFLICT, "%s already has a player named %q (#%d): add a distinguishing detail to the name", t.Slug, q.Name, q.ID)
	}
	if p.ID < 0 {
		return nil, Errorf(EINVALID, "player id %d: ids are positive", p.ID)
	}
	if _, taken := r.ids[p.ID]; taken {
		return nil, Errorf(ECONFLICT, "player id %d is used twice", p.ID)
	}
	if p.ID == 0 {
		p.ID = r.nextID
	}
	// Withdrawals and absences are entered through Withdraw and MarkAbsent,
	// which check them against the rounds.
	p.WithdrawnAfterRound, p.AbsentRounds = nil, nil
	t.Players = append(t.Players, p)
	r.index()
	return &t.Players[len(t.Players)-1], nil
}

// AddPlayers registers ps in order by AddPlayer's rules, in time linear in
// the number of players: all of them, or none when one is refused. The
// error then names that player by its position in ps, from 1, and its name
// as given: "player 3 (Berg, Anna): ...".
func (t *Tournament) AddPlayers(ps []Player) error {
	before := len(t.Players)
	t.Players = slices.Grow(t.Players, len(ps))
	r := t.Registrar()
	for i, p := range ps {
		if _, err := r.Add(p); err != nil {
			clear(t.Players[before:])
			t.Players = t.Players[:before]
			return Errorf(ErrorCode(err), "player %d (%s): %s", i+1, p.Name, ErrorMessage(err))
		}
	}
	return nil
}

// foldName returns s with each character replaced by the smallest of its
// case variants (the orbit of unicode.SimpleFold), and invalid UTF-8 by
// U+FFFD, so that foldName(a) == foldName(b) exactly when
// strings.EqualFold(a, b): names that differ only in case fold alike.
func foldName(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || 'a' <= c && c <= 'z' {
			var b strings.Builder
			b.Grow(len(s))
			b.WriteString(s[:i]) // ASCII without lower case: folded already
			for _, c := range s[i:] {
				b.WriteRune(foldRune(c))
			}
			return b.String()
		}
	}
	return s
}

// foldRune returns the smallest rune that case-folds to c.
func foldRune(c rune) rune {
	if c < utf8.RuneSelf {
		if 'a' <= c && c <= 'z' {
			return c - 'a' + 'A'
		}
		return c
	}
	least := c
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}
