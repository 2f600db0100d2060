package outflank_test

import (
	"reflect"
	"testing"

	"outflank"
	"outflank/internal/storetest"
)

// TestCloneIsDeep copies a tournament with every kind of row, then changes
// everything the copy holds the way the tournament's methods do: values
// in its slices changed in place, and a game's Result (and Board) and
// Choice and a player's WithdrawnAfterRound, which Clone shares, replaced.
// The tournament copied does not change.
func TestCloneIsDeep(t *testing.T) {
	orig := storetest.EveryRowKind(t)
	keep := storetest.EveryRowKind(t)
	c := orig.Clone()
	if !reflect.DeepEqual(c, orig) {
		t.Fatal("the copy differs")
	}
	for i := range c.Players {
		p := &c.Players[i]
		p.Name += "!"
		if p.WithdrawnAfterRound != nil {
			n := *p.WithdrawnAfterRound + 7
			p.WithdrawnAfterRound = &n
		}
		for j := range p.AbsentRounds {
			p.AbsentRounds[j] += 7
		}
	}
	for i := range c.Rounds {
		r := &c.Rounds[i]
		for j := range r.Byes {
			r.Byes[j] += 7
		}
		for j := range r.Games {
			g := &r.Games[j]
			g.Table += 7
			if g.Result != nil {
				res := *g.Result
				res.BlackDiscs, res.Moves = 7, "c4"
				if res.Board != nil {
					res.Board = &outflank.Discs{Black: 7, White: res.Board.White}
				}
				g.Result = &res
			}
			if g.Choice != nil {
				g.Choice = &outflank.Choice{Player: 7, Chose: outflank.ChoseWhite}
			}
		}
	}
	if !reflect.DeepEqual(orig, keep) {
		t.Error("changing the copy changed the tournament copied")
	}
}
