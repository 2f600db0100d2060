package outflank_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestWithdrawnLeaderNeverQualifies withdraws the leader of the list
// before the last round of the main stage, at every ruleset with knockout
// stages, and plays the event to its end: a player who withdraws "may not
// qualify for any semi-finals or finals" (WOC II.8; EGP Withdrawals), nor
// for a playoff that decides who does (WOC II.3.2), so the knockout is
// drawn from the others, and the event ends (before, the semi-final was
// paired with him, and refused: "#5 withdrew after round 8 and cannot be
// paired"). His score stays in the list (WOC II.8), and he is placed once,
// after the places the knockout decides.
func TestWithdrawnLeaderNeverQualifies(t *testing.T) {
	sizes := map[rules.ID][]int{
		rules.WOC:         {8, 12, 16, 26},
		rules.EGP:         {6, 8, 10, 14},
		rules.AOF:         {6, 8, 12},
		rules.BOFNational: {8, 12},
	}
	for id, ns := range sizes {
		for _, n := range ns {
			for seed := uint64(1); seed <= 3; seed++ {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, n, seed), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(seed, uint64(n)+7))
					tour := field(t, id, n, rng)
					leader := 0
					for step := 0; !tour.Status().Done; step++ {
						if step > 3000 {
							t.Fatalf("the event does not end: %s", tour.Status().Text)
						}
						if enterOneResult(t, tour, rng) {
							continue
						}
						main := 0
						for _, r := range tour.Rounds {
							if r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin {
								main++
							}
						}
						if leader == 0 && main == tour.PlannedRounds()-1 && main > 0 {
							leader = tour.Standings(0)[0].Player
							if err := tour.Withdraw(leader, len(tour.Rounds)); err != nil {
								t.Fatal(err)
							}
						}
						if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
							t.Fatalf("pairing round %d with #%d withdrawn: %v", len(tour.Rounds)+1, leader, err)
						}
					}
					if leader == 0 {
						t.Fatal("nobody was withdrawn: the main stage has a single round")
					}
					for _, r := range tour.Rounds[tour.PlannedRounds():] {
						if r.Plays(leader) {
							t.Fatalf("withdrawn #%d plays round %d (%s)", leader, r.Number, r.Stage)
						}
					}
					places := 0
					for _, p := range tour.OrderOfFinish(rules.TitleIndividual).Places {
						if p.Player != leader {
							continue
						}
						places++
						if p.By != "list" {
							t.Errorf("withdrawn #%d placed %d by %q", leader, p.Place, p.By)
						}
					}
					if places != 1 {
						t.Errorf("withdrawn #%d placed %d times in the order of finish", leader, places)
					}
				})
			}
		}
	}
}

// TestKnockoutPlayerWithdrawsMidMatch: a semi-finalist (or finalist) who
// withdraws after the first game of his match is not paired again (WOC
// II.8, EGP Withdrawals: a BYE replaces him); the event still ends, and
// his opponent goes through.
func TestKnockoutPlayerWithdrawsMidMatch(t *testing.T) {
	firstMatch := map[rules.ID]outflank.Stage{rules.WOC: outflank.StageSemiFinal, rules.EGP: outflank.StageFinal}
	for _, id := range []rules.ID{rules.WOC, rules.EGP} {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s-seed%d", id, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 99))
				tour := field(t, id, 30, rng)
				gone, opponent, after := 0, 0, 0
				for step := 0; !tour.Status().Done; step++ {
					if step > 3000 {
						t.Fatalf("the event does not end: %s", tour.Status().Text)
					}
					if enterOneResult(t, tour, rng) {
						continue
					}
					if n := len(tour.Rounds); gone == 0 && n > 0 && tour.Rounds[n-1].Stage == firstMatch[id] {
						gone, opponent = tour.Rounds[n-1].Games[0].Black, tour.Rounds[n-1].Games[0].White
						after = n
						if err := tour.Withdraw(gone, n); err != nil {
							t.Fatal(err)
						}
						continue // the match may be over: the event too
					}
					if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
						t.Fatalf("pairing round %d with #%d withdrawn: %v (status: %s)", len(tour.Rounds)+1, gone, err, tour.Status().Text)
					}
				}
				if gone == 0 {
					t.Fatalf("no %s was played", firstMatch[id])
				}
				for _, r := range tour.Rounds[after:] {
					if r.Plays(gone) {
						t.Errorf("withdrawn #%d plays round %d (%s)", gone, r.Number, r.Stage)
					}
				}
				// His opponent won the match: he plays the final (WOC),
				// or is the winner (EGP).
				final := false
				for _, r := range tour.Rounds[after:] {
					final = final || r.Stage == outflank.StageFinal && r.Plays(opponent)
				}
				places := tour.OrderOfFinish(rules.TitleIndividual).Places
				if id == rules.WOC && !final || id == rules.EGP && places[0].Player != opponent {
					t.Errorf("#%d, whose opponent #%d withdrew during their %s, did not go through: final %v, winner #%d", opponent, gone, firstMatch[id], final, places[0].Player)
				}
				for _, p := range places {
					if p.Player == gone && (id == rules.WOC && p.Place <= 2 || id == rules.EGP && p.Place != 2) {
						t.Errorf("withdrawn #%d placed %d", gone, p.Place)
					}
				}
			})
		}
	}
}
