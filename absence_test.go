package outflank

import (
	"slices"
	"strings"
	"testing"

	"outflank/rules"
)

// absenceEvent returns a tournament under ruleset id with n players
// (ids 1..n, rated so that 1 is best) and rounds rounds.
func absenceEvent(t *testing.T, id rules.ID, n, rounds int) *Tournament {
	t.Helper()
	tour, err := NewTournament("absent", "Absence Open", "2026-08-01", id, rounds)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := tour.AddPlayer(Player{Name: "Player " + itoa(i+1), Rating: 2000 - 10*i}); err != nil {
			t.Fatal(err)
		}
	}
	return tour
}

// playRound gives every game of the last round a result: the lower id
// wins 40-24.
func playRound(t *testing.T, tour *Tournament) {
	t.Helper()
	r := &tour.Rounds[len(tour.Rounds)-1]
	for i := range r.Games {
		g := &r.Games[i]
		score := Discs{Black: 40, White: 24}
		if g.White < g.Black {
			score = Discs{Black: 24, White: 40}
		}
		res, err := tour.Settings.ScoreResult(ResultInput{Outcome: OutcomeNormal, Score: &score})
		if err != nil {
			t.Fatal(err)
		}
		g.Result = res
	}
}

func pairNext(t *testing.T, tour *Tournament) *Round {
	t.Helper()
	p, err := tour.PairNext(PairOptions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	return p.Round
}

// TestAbsenceByRuleset: a temporary absence is refused where the rulebook
// forbids re-entry (WOC II.8, EGP Withdrawals, AOF Appendix A) and allowed
// by BOF general rule 11 and in custom events; the setting overrides both.
func TestAbsenceByRuleset(t *testing.T) {
	for _, tc := range []struct {
		rules   rules.ID
		setting string
		allowed bool
		cite    string
	}{
		{rules.WOC, "", false, "WOC II.8"},
		{rules.EGP, "", false, "EGP Withdrawals"},
		{rules.AOF, "", false, "AOF Appendix A"},
		{rules.BOFRegional, "", true, ""},
		{rules.BOFNational, "", true, ""},
		{rules.Custom, "", true, ""},
		{rules.WOC, AbsenceAllow, true, ""},
		{rules.BOFRegional, AbsenceForbid, false, "settings forbid"},
	} {
		tour := absenceEvent(t, tc.rules, 6, 5)
		tour.Settings.Absence = tc.setting
		err := tour.MarkAbsent(3, []int{2})
		switch {
		case tc.allowed && err != nil:
			t.Errorf("%s %q: %v", tc.rules, tc.setting, err)
		case !tc.allowed && (err == nil || !strings.Contains(err.Error(), tc.cite) || !strings.Contains(err.Error(), "player withdraw")):
			t.Errorf("%s %q: error %v, want a refusal citing %q and naming 'player withdraw'", tc.rules, tc.setting, err, tc.cite)
		}
	}
}

// TestAbsentPlayerNotPairedNoBye: in a Swiss round the absent player is
// left out, the bye goes to another player, and after the return the
// player is paired again.
func TestAbsentPlayerNotPairedNoBye(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 6, 6)
	pairNext(t, tour)
	playRound(t, tour)
	// Player 6 is the lowest-rated: the bye would be theirs (BOF Swiss 7).
	if err := tour.MarkAbsent(6, []int{2, 3}); err != nil {
		t.Fatal(err)
	}
	for n := 2; n <= 3; n++ {
		r := pairNext(t, tour)
		if r.Plays(6) {
			t.Fatalf("round %d: the absent player is paired: %+v", n, r)
		}
		if len(r.Byes) != 1 || len(r.Games) != 2 {
			t.Fatalf("round %d: %d games and byes %v; want 2 games and one bye for the 5 present", n, len(r.Games), r.Byes)
		}
		playRound(t, tour)
	}
	if _, err := tour.MarkReturn(6, nil); err == nil {
		t.Error("return with no absence to come: no error")
	}
	r := pairNext(t, tour)
	if !r.Plays(6) {
		t.Errorf("round 4: the player is back but not paired: %+v", r)
	}
	if got := tour.Players[5].AbsentRounds; !slices.Equal(got, []int{2, 3}) {
		t.Errorf("absent rounds %v after the rounds were played; want [2 3] kept as the record", got)
	}
}

// TestReturnCancelsAbsence: 'player return' before the round brings the
// player back into the pairing.
func TestReturnCancelsAbsence(t *testing.T) {
	tour := absenceEvent(t, rules.Custom, 4, 3)
	if err := tour.MarkAbsent(2, []int{1, 2}); err != nil {
		t.Fatal(err)
	}
	back, err := tour.MarkReturn(2, []int{1})
	if err != nil || !slices.Equal(back, []int{1}) {
		t.Fatalf("MarkReturn = %v, %v", back, err)
	}
	if r := pairNext(t, tour); !r.Plays(2) || len(r.Byes) != 0 {
		t.Errorf("round 1 after the return: %+v", r)
	}
	if !tour.Players[1].AbsentIn(2) {
		t.Error("the absence in round 2 was cancelled too")
	}
}

// TestAbsentRoundScored: an absence counts as a game not played: no point,
// the unplayed-game discs (BOF 11: 20; WOC IV.8 for custom: 0), and an
// unplayed round in the Brightwell quotient (32 + C x own points).
func TestAbsentRoundScored(t *testing.T) {
	for _, tc := range []struct {
		rules rules.ID
		discs int
	}{{rules.BOFRegional, 20}, {rules.Custom, 0}} {
		tour := absenceEvent(t, tc.rules, 4, 3)
		if err := tour.MarkAbsent(4, []int{1}); err != nil {
			t.Fatal(err)
		}
		// Round 1: 1-2, 3 has the bye (4 is absent).
		if _, err := tour.AddRound(StageSwiss, []Pair{{Black: 1, White: 2}}, []int{3}); err != nil {
			t.Fatal(err)
		}
		playRound(t, tour)
		tot := tour.Totals(0)[4]
		if tot.Points != 0 || tot.Discs != tc.discs || tot.Absent != 1 || tot.Games != 0 || tot.Byes != 0 {
			t.Errorf("%s: absent player's totals %+v; want 0 points, %d discs, 1 absence", tc.rules, tot, tc.discs)
		}
		for _, row := range tour.Standings(0) {
			if row.Player == 4 && (row.Points != 0 || row.BQ != 32 || row.Discs != tc.discs) {
				t.Errorf("%s: absent player's standing %+v; want 0 points, BQ 32 (32 + C x 0) and the %d discs of the totals", tc.rules, row, tc.discs)
			}
		}
	}
}

// TestAbsenceInRoundRobin: an absent player's opponent of the round robin
// gets the bye (WOC II.8's BYE), an absent player's own bye is nobody's,
// and a player absent in round 1 stays in the round robin.
func TestAbsenceInRoundRobin(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 5, 5) // 5 players: 5 rounds, one bye each
	if err := tour.MarkAbsent(1, []int{1}); err != nil {
		t.Fatal(err)
	}
	r := pairNext(t, tour)
	if r.Stage != StageRoundRobin || r.Plays(1) {
		t.Fatalf("round 1: %+v", r)
	}
	if len(r.Games)+len(r.Byes) != 3 {
		t.Errorf("round 1 of 4 present players (one opponent of the absent one): %+v", r)
	}
	playRound(t, tour)
	for n := 2; n <= 5; n++ {
		r := pairNext(t, tour)
		if r.Stage != StageRoundRobin {
			t.Fatalf("round %d: stage %s", n, r.Stage)
		}
		if !r.Plays(1) {
			t.Errorf("round %d: the player absent in round 1 is not in the round robin: %+v", n, r)
		}
		playRound(t, tour)
	}
}

func TestMarkAbsentRefuses(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 5, 5)
	if _, err := tour.AddRound(StageSwiss, []Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, []int{5}); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw(4, 1); err != nil {
		t.Fatal(err)
	}
	if err := tour.MarkAbsent(1, []int{3}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		id     int
		rounds []int
		want   string
	}{
		{1, []int{1}, "outflank result absent 1 1 --outcome unplayed --loser black"},
		{5, []int{1}, "had the bye in round 1"},
		{4, []int{2}, "withdrew after round 1"},
		{1, []int{3}, "already marked absent in round 3"},
		{1, []int{6}, "rounds 1 to 5"},
		{1, []int{0}, "rounds 1 to 5"},
		{1, nil, "give the rounds"},
		{9, []int{2}, "no player with id 9"},
	} {
		before := slices.Clone(tour.Players[0].AbsentRounds)
		err := tour.MarkAbsent(tc.id, tc.rounds)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("MarkAbsent(%d, %v) = %v; want %q", tc.id, tc.rounds, err, tc.want)
		}
		if !slices.Equal(before, tour.Players[0].AbsentRounds) {
			t.Errorf("MarkAbsent(%d, %v) changed the absences to %v", tc.id, tc.rounds, tour.Players[0].AbsentRounds)
		}
	}
	if _, err := tour.AddRound(StageSwiss, []Pair{{Black: 1, White: 2}, {Black: 3, White: 5}}, nil); err != nil {
		t.Fatal(err)
	}
	_, err := tour.AddRound(StageSwiss, []Pair{{Black: 1, White: 2}}, nil)
	if err == nil || !strings.Contains(err.Error(), "marked absent in round 3") || !strings.Contains(err.Error(), "player return absent 1") {
		t.Errorf("pairing an absent player by hand: %v", err)
	}
}

// TestWithdrawDropsLaterAbsences: a withdrawal makes absences after it moot.
func TestWithdrawDropsLaterAbsences(t *testing.T) {
	tour := absenceEvent(t, rules.Custom, 4, 5)
	if err := tour.MarkAbsent(2, []int{1, 4}); err != nil {
		t.Fatal(err)
	}
	if _, err := tour.AddRound(StageSwiss, []Pair{{Black: 1, White: 3}}, []int{4}); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw(2, 1); err != nil {
		t.Fatal(err)
	}
	if got := tour.Players[1].AbsentRounds; !slices.Equal(got, []int{1}) {
		t.Errorf("absent rounds after withdrawing after round 1: %v; want [1]", got)
	}
	c := tour.Clone()
	c.Players[1].AbsentRounds[0] = 9
	if tour.Players[1].AbsentRounds[0] != 1 {
		t.Error("Clone shares the absent rounds")
	}
}
