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
	switch ch.Entity {
	case EntityTournament:
		if ch.After == nil {
			return fmt.Errorf("a tournament's row cannot be deleted")
		}
		var h header
		if err := json.Unmarshal(ch.After, &h); err != nil {
			return err
		}
		t.Slug, t.Name, t.Date, t.Rules, t.Settings = h.Slug, h.Name, h.Date, rules.ID(h.Rules), h.Settings
	case EntityPlayer:
		var p Player
		if ch.After != nil {
			if err := json.Unmarshal(ch.After, &p); err != nil {
				return err
			}
		}
		id, _, err := KeyNumbers(ch.Key)
		if err != nil {
			return err
		}
		i, found := slices.BinarySearchFunc(t.Players, id, func(p Player, id int) int { return p.ID - id })
		t.Players = patchSlice(t.Players, i, found, p, ch.After != nil)
	case EntityRound:
		var h roundHeader
		if ch.After != nil {
			if err := json.Unmarshal(ch.After, &h); err != nil {
				return err
			}
		}
		n, _, err := KeyNumbers(ch.Key)
		if err != nil {
			return err
		}
		i, found := t.roundIndex(n)
		r := Round{Number: h.Number, Stage: h.Stage, Method: h.Method, Seed: h.Seed}
		if found {
			// The round's games and byes are rows of their own.
			r.Games, r.Byes = t.Rounds[i].Games, t.Rounds[i].Byes
		}
		t.Rounds = patchSlice(t.Rounds, i, found, r, ch.After != nil)
	case EntityGame:
		var g Game
		if ch.After != nil {
			if err := json.Unmarshal(ch.After, &g); err != nil {
				return err
			}
		}
		n, table, err := KeyNumbers(ch.Key)
		if err != nil {
			return err
		}
		ri, ok := t.roundIndex(n)
		if !ok {
			return fmt.Errorf("round %d is not there", n)
		}
		r := &t.Rounds[ri]
		i, found := slices.BinarySearchFunc(r.Games, table, func(g Game, table int) int { return g.Table - table })
		r.Games = patchSlice(r.Games, i, found, g, ch.After != nil)
	case EntityBye:
		n, player, err := KeyNumbers(ch.Key)
		if err != nil {
			return err
		}
		ri, ok := t.roundIndex(n)
		if !ok {
			return fmt.Errorf("round %d is not there", n)
		}
		r := &t.Rounds[ri]
		i, found := slices.BinarySearch(r.Byes, player)
		r.Byes = patchSlice(r.Byes, i, found, player, ch.After != nil)
	default:
		return fmt.Errorf("unknown entity")
	}
	return nil
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
