package main

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"outflank"
	"outflank/othello"
	"outflank/rules"
	"outflank/simulate"
)

// messy is a simulated event where things go wrong as they do in a hall:
// players withdraw, miss rounds and come back (where the ruleset allows
// it), enter late; games end by forfeit, time default, penalty or not
// played; odd fields give byes.
type messy struct {
	rules   rules.ID
	players int
	absence bool // allow absences (the settings' "allow")
	late    bool // a late entry after round 2
}

// TestViewsAgreeOnMessyEvents plays messy events of every ruleset through
// their main stage and knockout stages and checks, after each round, in
// the middle of a round and at the end, that every view says the same
// points, discs and tie-break of every player (viewsAgree: the API, the
// pages, the command line's standings and crosstable, the exports).
func TestViewsAgreeOnMessyEvents(t *testing.T) {
	events := []messy{
		{rules.BOFRegional, 8, true, false},  // a round robin, byes from absences
		{rules.BOFRegional, 11, true, true},  // a Swiss, byes, a late entry
		{rules.Custom, 9, true, true},        // 0-64 absences, byes
		{rules.WOC, 10, false, false},        // a round robin, playoffs, side titles
		{rules.WOC, 17, false, false},        // a modified Swiss, a bye
		{rules.EGP, 9, false, false},         // placement rounds (EGP II.2)
		{rules.BOFNational, 14, true, false}, // the play-offs
		{rules.AOF, 7, false, true},
	}
	seeds := []uint64{1, 2}
	if testing.Short() {
		seeds = seeds[:1]
	}
	// seen counts what the events went through, so that the test says
	// when it stops covering a case.
	seen := map[string]int{}
	for _, e := range events {
		for _, seed := range seeds {
			t.Run(fmt.Sprintf("%s-%d-seed%d", e.rules, e.players, seed), func(t *testing.T) {
				d := newTDB(t)
				checks := 0
				check := func(tour *outflank.Tournament, when string) {
					t.Helper()
					c := tour.Clone()
					checks++
					c.Slug = fmt.Sprintf("e%d", checks)
					d.importTournament(c)
					if err := d.viewsAgree(c.Slug); err != nil {
						t.Fatalf("%s: %v", when, err)
					}
				}
				tally(seen, e.play(t, seed, check))
				seen["events"]++
			})
		}
	}
	if seen["events"] < len(events)*len(seeds) {
		return // some events left out (-run) or failed
	}
	for _, what := range []string{"bye", "absence", "withdrawal", "late entry", "forfeit", "unplayed", "time-default", "penalty", "placement", "playoff", "final"} {
		if seen[what] == 0 {
			t.Errorf("none of the events had what this test is about: %s (%v)", what, seen)
		}
	}
}

// tally counts what happened in tour.
func tally(seen map[string]int, tour *outflank.Tournament) {
	for _, r := range tour.Rounds {
		seen["bye"] += len(r.Byes)
		seen["absence"] += len(tour.Missed(r.Number))
		for _, g := range r.Games {
			seen[string(g.Result.Outcome)]++
		}
		if r.Stage == outflank.StagePlacement || r.Stage == outflank.StagePlayoff || r.Stage == outflank.StageFinal {
			seen[string(r.Stage)]++
		}
	}
	for _, p := range tour.Players {
		if p.WithdrawnAfterRound != nil {
			seen["withdrawal"]++
		}
		if !tour.Rounds[0].Plays(p.ID) && !p.AbsentIn(1) && p.WithdrawnAfterRound == nil {
			seen["late entry"]++
		}
	}
}

// play runs the event, calling check at its checkpoints, and returns it.
func (e messy) play(t *testing.T, seed uint64, check func(*outflank.Tournament, string)) *outflank.Tournament {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 77))
	tour, err := outflank.NewTournament("messy", "Messy Open", "2026-08-01", e.rules, 0)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.DrawSeed = rng.Uint64()
	if e.absence {
		tour.Settings.Absence = outflank.AbsenceAllow
	}
	field, err := simulate.Field(rng, e.players+1)
	if err != nil {
		t.Fatal(err)
	}
	// The ids a federation gives new players: the .ELO file needs them.
	for i := range field {
		field[i].WOFID, field[i].NewToWOF = 100001+i, true
	}
	late := field[e.players]
	if err := tour.AddPlayers(field[:e.players]); err != nil {
		t.Fatal(err)
	}
	withdrawals, midRound := 0, false
	for guard := 0; !tour.Status().Done; guard++ {
		if guard > 200 {
			t.Fatalf("the event does not end: %s", tour.Status().Text)
		}
		main := tour.PlannedRounds() > len(tour.Rounds)
		if main && len(tour.Rounds) > 0 {
			next := len(tour.Rounds) + 1
			// The last of the list withdraws now and then (a player who
			// could reach the knockout stages would stop them: WOC II.8).
			if list := tour.Standings(0); withdrawals < 2 && len(list) > 0 && rng.IntN(4) == 0 {
				if tour.Withdraw(list[len(list)-1].Player, len(tour.Rounds)) == nil {
					withdrawals++
				}
			}
			for _, p := range tour.Players {
				if e.absence && p.Available(next) && rng.IntN(12) == 0 {
					tour.MarkAbsent(p.ID, []int{next})
				}
			}
			if e.late && len(tour.Rounds) == 2 {
				if _, err := tour.AddPlayer(late); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
			t.Fatalf("round %d: %v", len(tour.Rounds)+1, err)
		}
		for ri := range tour.Rounds {
			r := tour.Rounds[ri]
			for i, g := range r.Games {
				if g.Result != nil {
					continue
				}
				res := e.result(t, tour, rng, r, g)
				if _, err := tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{}); err != nil {
					t.Fatalf("round %d table %d: %v", r.Number, g.Table, err)
				}
				if !midRound && i == len(r.Games)/2 && r.Number > 2 && main {
					midRound = true
					check(tour, fmt.Sprintf("round %d in play", r.Number))
				}
			}
		}
		if last := tour.Rounds[len(tour.Rounds)-1]; last.Number%3 == 0 || !main {
			check(tour, fmt.Sprintf("after round %d (%s)", last.Number, last.Stage))
		}
	}
	check(tour, "at the end")
	return tour
}

// result plays game g of round r: in the main stage, one game in four ends
// otherwise than normally; knockout games are played out (their rules
// decide who goes on).
func (e messy) result(t *testing.T, tour *outflank.Tournament, rng *rand.Rand, r outflank.Round, g outflank.Game) *outflank.Result {
	t.Helper()
	main := r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin
	side := []outflank.Side{outflank.Black, outflank.White}[rng.IntN(2)]
	var in outflank.ResultInput
	switch k := rng.IntN(16); {
	case !main || k >= 4:
		res, err := simulate.PlayResult(tour, rng, r.Number, g.Table)
		if err != nil {
			t.Fatal(err)
		}
		return res
	case k == 0:
		in = outflank.ResultInput{Outcome: outflank.OutcomeForfeit, Loser: side}
	case k == 1:
		in = outflank.ResultInput{Outcome: outflank.OutcomeUnplayed, Loser: side}
	case k == 2:
		moves := othello.FormatTranscript(simulate.PlayGame(rng, 1500, 1500))
		in = outflank.ResultInput{Outcome: outflank.OutcomeTimeDefault, Defaulter: side, Moves: moves}
		if rng.IntN(2) == 0 {
			in = outflank.ResultInput{Outcome: outflank.OutcomeTimeDefault, Defaulter: side, DefaulterFlags: 2}
		}
	default:
		b := 20 + rng.IntN(25)
		in = outflank.ResultInput{Outcome: outflank.OutcomePenalty, Score: &outflank.Discs{Black: b, White: 64 - b}, Reason: "a phone rang"}
	}
	res, err := tour.Settings.ScoreResult(in)
	if err != nil {
		t.Fatalf("%+v: %v", in, err)
	}
	return res
}
