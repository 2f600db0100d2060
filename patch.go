package outflank

import (
	"encoding/json"
	"fmt"
	"slices"

	"outflank/rules"
)

// Patch returns a copy of t with changes applied row by row: the
// tournament a store that wrote them would load back, since a store writes
// each row from the JSON the change carries. Unlike Apply, it does not
// compare each row with the change's Before (the store's versions did) and
// it costs the changed rows, not the whole tournament: it is how a store
// keeps the tournament in memory up to date (internal/memo).
//
// The copy shares with t every slice no change touches (the players, a
// round's games or byes), and copies each one a change touches before
// changing it: t is never changed, and the copy must not be changed in
// place either (a store's kept states never are; Clone gives a copy to
// change). A result at a 5,000-player event copies the games of one round
// instead of the whole event's. The copy of a sealed tournament is sealed,
// with the lists the changes cannot have changed (Seal).
//
// t must be in the canonical order Assemble gives. The copy's Version and
// the versions of the games it changed are left for the store to set
// (those games are in slices Patch copied).
func (t *Tournament) Patch(changes []Change) (*Tournament, error) {
	c := t.unsealed()
	p := patcher{t: &c, games: map[int]bool{}, byes: map[int]bool{}}
	for _, ch := range changes {
		if err := p.row(ch); err != nil {
			return nil, Errorf(EINTERNAL, "patching %s %s of %s: %v", ch.Entity, ch.Key, t.Slug, err)
		}
	}
	if t.derived != nil {
		c.derived = t.derived.carry(t, &c, changes)
	}
	return &c, nil
}

// patcher applies changes to a shallow copy of a tournament, copying each
// slice before it changes it the first time: the players, the rounds, and
// the games and byes of the rounds numbered in games and byes.
type patcher struct {
	t               *Tournament
	players, rounds bool
	games, byes     map[int]bool
}

// row applies one change to p.t.
func (p *patcher) row(ch Change) error {
	t := p.t
	keep := ch.After != nil
	if ch.Entity == EntityTournament {
		if !keep {
			return fmt.Errorf("a tournament's row cannot be deleted")
		}
		h, err := decodeAfter[header](ch)
		if err != nil {
			return err
		}
		t.Slug, t.Name, t.Date, t.Rules, t.Settings = h.Slug, h.Name, h.Date, rules.ID(h.Rules), h.Settings
		return nil
	}
	// Every other key is a number, or a round's number and another.
	n, m, err := KeyNumbers(ch.Key)
	if err != nil {
		return err
	}
	switch ch.Entity {
	case EntityPlayer:
		pl, err := decodeAfter[Player](ch)
		if err != nil {
			return err
		}
		if !p.players {
			t.Players, p.players = slices.Clone(t.Players), true
		}
		i, found := slices.BinarySearchFunc(t.Players, n, func(p Player, id int) int { return p.ID - id })
		t.Players = patchSlice(t.Players, i, found, pl, keep)
		return nil
	case EntityRound:
		h, err := decodeAfter[roundHeader](ch)
		if err != nil {
			return err
		}
		p.copyRounds()
		i, found := t.roundIndex(n)
		r := Round{Number: h.Number, Stage: h.Stage, Method: h.Method, Seed: h.Seed}
		if found {
			// The round's games and byes are rows of their own.
			r.Games, r.Byes = t.Rounds[i].Games, t.Rounds[i].Byes
		}
		t.Rounds = patchSlice(t.Rounds, i, found, r, keep)
		return nil
	case EntityGame, EntityBye:
		ri, ok := t.roundIndex(n)
		if !ok {
			return fmt.Errorf("round %d is not there", n)
		}
		p.copyRounds()
		r := &t.Rounds[ri]
		if ch.Entity == EntityBye {
			if !p.byes[n] {
				r.Byes, p.byes[n] = slices.Clone(r.Byes), true
			}
			i, found := slices.BinarySearch(r.Byes, m)
			r.Byes = patchSlice(r.Byes, i, found, m, keep)
			return nil
		}
		g, err := decodeAfter[Game](ch)
		if err != nil {
			return err
		}
		if !p.games[n] {
			r.Games, p.games[n] = slices.Clone(r.Games), true
		}
		i, found := slices.BinarySearchFunc(r.Games, m, func(g Game, table int) int { return g.Table - table })
		r.Games = patchSlice(r.Games, i, found, g, keep)
		return nil
	}
	return fmt.Errorf("unknown entity")
}

// copyRounds copies the rounds (their headers; their games and byes are
// shared until changed) the first time a change touches one.
func (p *patcher) copyRounds() {
	if !p.rounds {
		p.t.Rounds, p.rounds = slices.Clone(p.t.Rounds), true
	}
}

// decodeAfter decodes a change's After (the zero value for a deletion).
func decodeAfter[T any](ch Change) (T, error) {
	var v T
	if ch.After == nil {
		return v, nil
	}
	err := json.Unmarshal(ch.After, &v)
	return v, err
}

// roundIndex finds round n among t's rounds, in number order.
func (t *Tournament) roundIndex(n int) (int, bool) {
	return slices.BinarySearchFunc(t.Rounds, n, func(r Round, n int) int { return r.Number - n })
}

// patchSlice puts v at i (replacing the element there when found) or,
// when keep is false, removes the element at i. A slice left empty is nil,
// as a store loads it.
func patchSlice[T any](s []T, i int, found bool, v T, keep bool) []T {
	switch {
	case keep && found:
		s[i] = v
	case keep:
		s = slices.Insert(s, i, v)
	case found:
		s = slices.Delete(s, i, i+1)
	}
	if len(s) == 0 {
		return nil
	}
	return s
}
