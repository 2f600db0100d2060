package outflank

import "slices"

// Clone returns a deep copy of t: changing one never changes the other.
// The copy is not sealed (Seal), whether t is or not.
func (t *Tournament) Clone() *Tournament {
	c := t.unsealed()
	c.Players = slices.Clone(t.Players)
	for i := range c.Players {
		if w := c.Players[i].WithdrawnAfterRound; w != nil {
			n := *w
			c.Players[i].WithdrawnAfterRound = &n
		}
		c.Players[i].AbsentRounds = slices.Clone(c.Players[i].AbsentRounds)
	}
	c.Rounds = slices.Clone(t.Rounds)
	for i := range c.Rounds {
		r := &c.Rounds[i]
		r.Byes = slices.Clone(r.Byes)
		r.Games = slices.Clone(r.Games)
		for j := range r.Games {
			if res := r.Games[j].Result; res != nil {
				copied := *res
				if res.Board != nil {
					board := *res.Board
					copied.Board = &board
				}
				r.Games[j].Result = &copied
			}
			if c := r.Games[j].Choice; c != nil {
				copied := *c
				r.Games[j].Choice = &copied
			}
		}
	}
	return &c
}

// unsealed is a shallow copy of t that is not sealed: a copy to change
// must not share what t worked out (Seal).
func (t *Tournament) unsealed() Tournament {
	c := *t
	c.derived = nil
	return c
}

// Created lists every row of t as a creation, in writing order: the audit
// record of a tournament created or imported whole.
func Created(t *Tournament) ([]Change, error) {
	var changes []Change
	err := t.eachRow(func(entity, key string, data []byte) {
		changes = append(changes, Change{Entity: entity, Key: key, After: data})
	})
	if err != nil {
		return nil, err
	}
	sortChanges(changes)
	return changes, nil
}
