package outflank

import "slices"

// Clone returns a deep copy of t: changing one never changes the other.
func (t *Tournament) Clone() *Tournament {
	c := *t
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
		// A round's results, and its choices, are copied into one slice
		// each: a 5,000-player event has 32,500 results, and allocating
		// each was most of a copy's cost.
		var results, choices int
		for _, g := range r.Games {
			if g.Result != nil {
				results++
			}
			if g.Choice != nil {
				choices++
			}
		}
		resultCopies, choiceCopies := make([]Result, 0, results), make([]Choice, 0, choices)
		for j := range r.Games {
			g := &r.Games[j]
			if res := g.Result; res != nil {
				resultCopies = append(resultCopies, *res)
				copied := &resultCopies[len(resultCopies)-1]
				if res.Board != nil {
					board := *res.Board
					copied.Board = &board
				}
				g.Result = copied
			}
			if ch := g.Choice; ch != nil {
				choiceCopies = append(choiceCopies, *ch)
				g.Choice = &choiceCopies[len(choiceCopies)-1]
			}
		}
	}
	return &c
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
