package storetest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"outflank"
	"outflank/rules"
)

// CircleEvent returns a WOC event of n players (n even) with rounds
// rounds paired by the circle method (no one meets twice), every game
// played but those of the last round, which is paired: a large event as
// its last round is being played.
func CircleEvent(tb testing.TB, n, rounds int) *outflank.Tournament {
	tb.Helper()
	t, err := outflank.NewTournament("big", "Big Open", "2026-11-27", rules.WOC, rounds)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(n), uint64(rounds)))
	countries := []string{"GBR", "FRA", "JPN", "USA", "NED", "ITA", "CHN", "SWE", "DEN", "CZE"}
	reg := t.Registrar() // in time linear in n, where AddPlayer one by one is quadratic
	for i := 1; i <= n; i++ {
		p := outflank.Player{Name: fmt.Sprintf("Player %04d", i), Country: countries[i%len(countries)], Rating: 1000 + rng.IntN(1500), Gender: "m", Born: "1990-01-01"}
		if i%3 == 0 {
			p.Gender = "f"
		}
		if _, err := reg.Add(p); err != nil {
			tb.Fatal(err)
		}
	}
	for r := 1; r <= rounds; r++ {
		// The circle method: player n stays, the others turn.
		var pairs []outflank.Pair
		at := func(k int) int { return (r+k-1)%(n-1) + 1 }
		pairs = append(pairs, outflank.Pair{Black: at(0), White: n})
		for k := 1; k < n/2; k++ {
			pairs = append(pairs, outflank.Pair{Black: at(k), White: at(n - 1 - k)})
		}
		if _, err := t.AddRound(outflank.StageSwiss, pairs, nil); err != nil {
			tb.Fatal(err)
		}
		if r == rounds {
			break
		}
		for table := 1; table <= n/2; table++ {
			b := 10 + rng.IntN(45)
			if _, err := t.SetResult(r, table, &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: b, WhiteDiscs: 64 - b}, outflank.ResultOptions{}); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return t
}
