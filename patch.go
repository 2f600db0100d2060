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
// t must be in the canonical order Assemble gives. The copy's Version and
// the versions of the games it changed are left for the store to set.
func (t *Tournament) Patch(changes []Change) (*Tournament, error) {
	c := t.Clone()
	for _, ch := range changes {
		if err := c.patchRow(ch); err != nil {
			return nil, Errorf(EINTERNAL, "patching %s %s of %s: %v", ch.Entity, ch.Key, t.Slug, err)
		}
	}
	return c, nil
}

// patchRow applies one change to t, in place.
func (t *Tournament) patchRow(ch Change) error {
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
		p, err := decodeAfter[Player](ch)
		if err != nil {
			return err
		}
		i, found := slices.BinarySearchFunc(t.Players, n, func(p Player, id int) int { return p.ID - id })
		t.Players = patchSlice(t.Players, i, found, p, keep)
		return nil
	case EntityRound:
		h, err := decodeAfter[roundHeader](ch)
		if err != nil {
			return err
		}
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
		r := &t.Rounds[ri]
		if ch.Entity == EntityBye {
			i, found := slices.BinarySearch(r.Byes, m)
			r.Byes = patchSlice(r.Byes, i, found, m, keep)
			return nil
		}
		g, err := decodeAfter[Game](ch)
		if err != nil {
			return err
		}
		i, found := slices.BinarySearchFunc(r.Games, m, func(g Game, table int) int { return g.Table - table })
		r.Games = patchSlice(r.Games, i, found, g, keep)
		return nil
	}
	return fmt.Errorf("unknown entity")
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
