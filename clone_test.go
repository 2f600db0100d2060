package outflank_test

import (
	"reflect"
	"testing"

	"outflank"
	"outflank/internal/storetest"
)

// TestCloneIsDeep copies a tournament with every kind of row, then changes
// everything the copy points to: the tournament copied does not change.
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
			*p.WithdrawnAfterRound += 7
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
				g.Result.BlackDiscs, g.Result.Moves = 7, "c4"
				if g.Result.Board != nil {
					g.Result.Board.Black = 7
				}
			}
			if g.Choice != nil {
				g.Choice.Player, g.Choice.Chose = 7, outflank.ChoseWhite
			}
		}
	}
	if !reflect.DeepEqual(orig, keep) {
		t.Error("changing the copy changed the tournament copied")
	}
}
