package outflank

import "slices"

// Clone returns a copy of t to change: changing one never changes the
// other. The values a tournament's methods replace but never change in
// place are shared: a game's Result (and its Board) and Choice, a player's
// WithdrawnAfterRound. Copying every result took most of a change's time
// at a 5,000-player event (32,500 of them). The copy is not sealed (Seal),
// whether t is or not.
func (t *Tournament) Clone() *Tournament {
	c := t.unsealed()
	c.Players = slices.Clone(t.Players)
	for i := range c.Players {
		c.Players[i].AbsentRounds = slices.Clone(c.Players[i].AbsentRounds)
	}
	c.Rounds = slices.Clone(t.Rounds)
	for i := range c.Rounds {
		r := &c.Rounds[i]
		r.Byes = slices.Clone(r.Byes)
		r.Games = slices.Clone(r.Games)
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
