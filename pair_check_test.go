package outflank_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// playSwiss pairs rounds of tour with PairNext and scores them at random.
func playSwiss(t *testing.T, tour *outflank.Tournament, rounds int, rng *rand.Rand) {
	t.Helper()
	for range rounds {
		paired, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64() >> 1})
		if err != nil {
			t.Fatal(err)
		}
		for i := range paired.Round.Games {
			b := 20 + rng.IntN(25)
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: b, White: 64 - b}})
			if err != nil {
				t.Fatal(err)
			}
			paired.Round.Games[i].Result = res
		}
	}
}

// TestCheckEngineRounds: every Swiss round Outflank paired, priced from the
// state before it, is the optimum: the same totals, the same pairs, and
// nothing written.
func TestCheckEngineRounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	tour := newWOC(t, 27, nil, nil)
	playSwiss(t, tour, 6, rng)
	for n := 2; n <= 6; n++ {
		c, err := tour.CheckPairing(outflank.CheckOptions{Round: n})
		if err != nil {
			t.Fatal(err)
		}
		if first, worse, _ := c.Compare(); first != -1 || len(worse) > 0 || len(c.Notes) > 0 {
			t.Errorf("round %d: differs on %d, worse on %v; notes %v", n, first, worse, c.Notes)
		}
		for i, p := range c.Given.Pairings {
			if o := c.Optimum.Pairings[i]; p.Pair != o.Pair || !slices.Equal(p.Costs, o.Costs) {
				t.Errorf("round %d table %d: %v %v, optimum %v %v", n, i+1, p.Pair, p.Costs, o.Pair, o.Costs)
			}
		}
	}
	if len(tour.Rounds) != 6 {
		t.Errorf("%d rounds after checking", len(tour.Rounds))
	}
	if _, err := tour.CheckPairing(outflank.CheckOptions{Round: 1}); err == nil || !strings.Contains(err.Error(), "round 1 is drawn") {
		t.Errorf("round 1: %v", err)
	}
	if _, err := tour.CheckPairing(outflank.CheckOptions{Round: 9}); err == nil || !strings.Contains(err.Error(), "rounds 1 to 6") {
		t.Errorf("round 9: %v", err)
	}
}

// TestCheckColoursSwapped: the same round with one table's colours swapped,
// where the colour criteria cared, loses to the optimum on the first
// criterion where the totals differ; the others are listed worse or better.
func TestCheckColoursSwapped(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	tour := newWOC(t, 30, nil, nil)
	playSwiss(t, tour, 5, rng)
	c, err := tour.CheckPairing(outflank.CheckOptions{})
	if err != nil {
		t.Fatal(err)
	}
	swapped := 0
	for table := range c.Given.Pairings {
		bad := tour.Clone()
		g := &bad.Rounds[4].Games[table]
		g.Black, g.White = g.White, g.Black
		c, err := bad.CheckPairing(outflank.CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		first, worse, better := c.Compare()
		if first == -1 {
			continue // the colours were the coin's
		}
		swapped++
		if crit := c.Given.Criteria[first]; !slices.Contains(worse, crit) || slices.Contains(better, crit) {
			t.Errorf("table %d swapped: decided by %s, worse on %v, better on %v", table+1, crit, worse, better)
		}
		if c.Round != 5 || c.Method != "swiss: woc" {
			t.Errorf("round %d, method %q", c.Round, c.Method)
		}
	}
	if swapped == 0 {
		t.Error("no table's colours mattered: the test says nothing")
	}
}

// TestCheckPlacementRounds: the placement rounds of an EGP of 10 (a Swiss
// of places 5-10 on their own points, after the round robin) are priced as
// they were paired; the round robin's rounds are not Swiss rounds.
func TestCheckPlacementRounds(t *testing.T) {
	tour, err := outflank.NewTournament("egp", "EGP", "2026-05-02", rules.EGP, 0)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 10; id++ {
		if _, err := tour.AddPlayer(outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id)}); err != nil {
			t.Fatal(err)
		}
	}
	runEvent(t, tour, lowerIDWins)
	placements := 0
	for _, r := range tour.Rounds {
		c, err := tour.CheckPairing(outflank.CheckOptions{Round: r.Number})
		if r.Stage != outflank.StagePlacement {
			if err == nil || !strings.Contains(err.Error(), "not a Swiss round") {
				t.Errorf("round %d (%s): %v", r.Number, r.Stage, err)
			}
			continue
		}
		placements++
		if err != nil {
			t.Fatal(err)
		}
		if first, _, _ := c.Compare(); first != -1 || len(c.Given.Pairings) != 3 || c.Method != "swiss: egp after the round robin" {
			t.Errorf("placement round %d: differs on %d; %d pairs; %q", r.Number, first, len(c.Given.Pairings), c.Method)
		}
	}
	if placements != 2 {
		t.Errorf("%d placement rounds", placements)
	}
}
