package pairing

import (
	"math/rand/v2"
	"testing"
)

// TestReverseRematchColours: in Part Two of an EGP of 8 players every pair
// has met once, and a pair that meets again gets its colours reversed (EGP
// II.2), whatever the colour criteria would prefer; nobody meets anyone a
// second time within Part Two.
func TestReverseRematchColours(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := range 200 {
		const n = 8
		players := make([]Player, n)
		for i := range players {
			players[i] = Player{ID: i + 1, Rank: i, Score: float64(rng.IntN(8)), Met: map[int]int{}, LastColourAgainst: map[int]Colour{}}
		}
		// A random round robin's colours: each pair met once.
		for i := range n {
			for j := i + 1; j < n; j++ {
				c := Colour(1 + rng.IntN(2))
				a, b := &players[i], &players[j]
				a.Met[b.ID], b.Met[a.ID] = 1, 1
				a.LastColourAgainst[b.ID], b.LastColourAgainst[a.ID] = c, c.Opposite()
				a.Colours, b.Colours = append(a.Colours, c), append(b.Colours, c.Opposite())
			}
		}
		for round := range 4 {
			res, err := Swiss(players, EGPSwiss.AfterRoundRobin(1), Options{Seed: uint64(trial*10 + round)})
			if err != nil {
				t.Fatalf("trial %d round %d: %v", trial, round, err)
			}
			byID := map[int]*Player{}
			for i := range players {
				byID[players[i].ID] = &players[i]
			}
			for _, p := range res.Pairings {
				black, white := byID[p.Black], byID[p.White]
				if black.Met[white.ID] != 1 {
					t.Fatalf("trial %d round %d: %d and %d meet a third time", trial, round, p.Black, p.White)
				}
				if black.LastColourAgainst[white.ID] != White {
					t.Fatalf("trial %d round %d: %d had black against %d last time and has it again", trial, round, p.Black, p.White)
				}
				black.Met[white.ID]++
				white.Met[black.ID]++
				black.LastColourAgainst[white.ID], white.LastColourAgainst[black.ID] = Black, White
				black.Colours, white.Colours = append(black.Colours, Black), append(white.Colours, White)
			}
		}
	}
}

// TestForcedColourOnlyForRematches: without a previous game, or without
// the rule, the colour criteria decide.
func TestForcedColourOnlyForRematches(t *testing.T) {
	a := &Player{ID: 1, Met: map[int]int{2: 1}, LastColourAgainst: map[int]Colour{2: Black}}
	b := &Player{ID: 2, Met: map[int]int{1: 1}, LastColourAgainst: map[int]Colour{1: White}}
	c := &Player{ID: 3, Met: map[int]int{}}
	for _, tc := range []struct {
		rules Rules
		x, y  *Player
		want  Colour
	}{
		{EGPSwiss.AfterRoundRobin(1), a, b, White},
		{EGPSwiss.AfterRoundRobin(1), b, a, Black},
		{EGPSwiss.AfterRoundRobin(1), a, c, NoColour},
		{EGPSwiss, a, b, NoColour},
	} {
		if got := tc.rules.forcedColour(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: %d against %d: forced %v, want %v", tc.rules.Name, tc.x.ID, tc.y.ID, got, tc.want)
		}
	}
}
