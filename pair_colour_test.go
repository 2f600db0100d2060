package outflank

import (
	"fmt"
	"slices"
	"testing"

	"outflank/pairing"
	"outflank/rules"
)

// TestColoursOfUnplayedGames: a game not played gives neither player a
// colour, like a bye (BOF general rule 11); a forfeit or a time default was
// begun and counts.
func TestColoursOfUnplayedGames(t *testing.T) {
	tour, err := NewTournament("c", "Colours", "", rules.BOFRegional, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 6; i++ {
		if _, err := tour.AddPlayer(Player{Name: fmt.Sprintf("P%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(StageSwiss, []Pair{{1, 2}, {3, 4}, {5, 6}}, nil); err != nil {
		t.Fatal(err)
	}
	outcomes := []ResultInput{
		{Outcome: OutcomeUnplayed, Loser: White},
		{Outcome: OutcomeForfeit, Loser: Black},
		{Outcome: OutcomeNormal, Score: &Discs{Black: 40, White: 24}},
	}
	for i, in := range outcomes {
		res, err := tour.Settings.ScoreResult(in)
		if err != nil {
			t.Fatal(err)
		}
		tour.Rounds[0].Games[i].Result = res
	}
	var active []*Player
	for i := range tour.Players {
		active = append(active, &tour.Players[i])
	}
	want := map[int]pairing.Colour{1: pairing.NoColour, 2: pairing.NoColour, 3: pairing.Black, 4: pairing.White, 5: pairing.Black, 6: pairing.White}
	for _, p := range tour.pairingPlayers(active, StageSwiss) {
		if !slices.Equal(p.Colours, []pairing.Colour{want[p.ID]}) {
			t.Errorf("player %d: colours %v, want [%v]", p.ID, p.Colours, want[p.ID])
		}
	}
}
