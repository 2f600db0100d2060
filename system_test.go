package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

// TestSystemSaid: the system an event plays is said with its field, its
// rounds and the rule that decides it. A custom event of 6 players and 6
// rounds, which played a round robin without a word, says so, and plays
// a Swiss when the director chooses one.
func TestSystemSaid(t *testing.T) {
	for _, tc := range []struct {
		id      rules.ID
		players int
		rounds  int
		system  string
		want    string
	}{
		{rules.BOFRegional, 8, 0, "", "8 players, 7 rounds: a single round robin (BOF general rule 8; Regionals 1)"},
		{rules.BOFRegional, 12, 0, "", "12 players, 7 rounds: a Swiss system (BOF general rule 8; Regionals 1)"},
		{rules.WOC, 8, 0, "", "8 players, 14 rounds: a double round robin (WOC II.2 a)"},
		{rules.WOC, 20, 0, "", "20 players, 13 rounds: a modified Swiss system (WOC II.2 c)"},
		{rules.EGP, 8, 0, "", "8 players, 11 rounds: a single round robin (7 rounds), then 4 Swiss rounds (EGP II.2)"},
		{rules.AOF, 6, 0, "", "6 players, 5 rounds: a single round robin (AOF 1.2 a)"},
		{rules.Custom, 6, 6, "", "6 players, 6 rounds: a single round robin (5 rounds), then 1 Swiss round (a custom event plays a round robin when its rounds allow one"},
		{rules.Custom, 6, 5, SystemSwiss, "6 players, 5 rounds: a Swiss system (the director's choice)"},
		{rules.Custom, 10, 0, SystemRoundRobin, "10 players, 9 rounds: a single round robin (the director's choice)"},
		{rules.AOF, 8, 0, SystemRoundRobin, "8 players, 7 rounds: a single round robin (the director's choice: AOF 1.2 has the TD decide the system)"},
		{rules.BOFRegional, 8, 0, SystemSwiss, "8 players, 7 rounds: a Swiss system (the director's choice: BOF general rule 8"},
		{rules.Custom, 10, 7, SystemRoundRobin, "a round robin of 10 players needs 9 rounds and the event has 7: give it 9 rounds or more, or choose the Swiss system"},
		{rules.Custom, 6, 6, SystemSwiss, "6 players can play only 5 rounds of a Swiss without meeting twice"},
	} {
		tour := absenceEvent(t, tc.id, tc.players, tc.rounds)
		if err := tour.ChooseSystem(tc.system, tc.rounds != 0); err != nil {
			t.Fatal(err)
		}
		if got := tour.System().String(); !strings.Contains(got, tc.want) {
			t.Errorf("%s, %d players, %d rounds, system %q:\n%s\nwant %s", tc.id, tc.players, tc.rounds, tc.system, got, tc.want)
		}
	}
	// Before anyone registers, the ruleset's table.
	empty, _ := NewTournament("e", "Empty", "", rules.WOC, 0)
	if got := empty.System().String(); !strings.Contains(got, "no players yet: the system follows the field when round 1 is paired: up to 8 players a double round robin") {
		t.Errorf("no players: %s", got)
	}
}

// TestSystemChosenIsPlayed: the custom event of 6 players and 6 rounds
// plays a round robin by default, a Swiss when chosen; a round robin
// chosen without the rounds for it is refused when round 1 is paired.
func TestSystemChosenIsPlayed(t *testing.T) {
	byDefault := absenceEvent(t, rules.Custom, 6, 6)
	if r := pairNext(t, byDefault); r.Stage != StageRoundRobin {
		t.Errorf("by default: round 1 is %s, want a round robin's", r.Stage)
	}
	swiss := absenceEvent(t, rules.Custom, 6, 3)
	if err := swiss.ChooseSystem(SystemSwiss, true); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if r := pairNext(t, swiss); r.Stage != StageSwiss {
			t.Fatalf("Swiss chosen: round %d is %s", r.Number, r.Stage)
		}
		playRound(t, swiss)
	}
	short := absenceEvent(t, rules.Custom, 10, 7)
	if err := short.ChooseSystem(SystemRoundRobin, true); err != nil {
		t.Fatal(err)
	}
	if _, err := short.PairNext(PairOptions{}); err == nil || !strings.Contains(err.Error(), "needs 9 rounds and the event has 7") {
		t.Errorf("a round robin of 10 in 7 rounds: %v", err)
	}
	for _, id := range []rules.ID{rules.WOC, rules.EGP} {
		tour := absenceEvent(t, id, 8, 0)
		if err := tour.ChooseSystem(SystemSwiss, false); err == nil || !strings.Contains(err.Error(), "II.2") {
			t.Errorf("%s with a Swiss chosen: %v", id, err)
		}
	}
}

// TestSystemSwitch: a late entry into a BOF round robin is refused with
// the way out; the round robin becomes a Swiss before round 2 is paired
// (BOF general rule 8), the late entry joins and is paired; after round
// 2 the system is fixed. A WOC or EGP round robin takes no late entry and
// cannot become a Swiss (II.2).
func TestSystemSwitch(t *testing.T) {
	tour := absenceEvent(t, rules.BOFRegional, 8, 0)
	pairNext(t, tour)
	playRound(t, tour)
	late, err := tour.AddPlayer(Player{Name: "Late Comer"})
	if err != nil {
		t.Fatal(err)
	}
	err = tour.LateEntryRefused([]int{late.ID})
	if err == nil || !strings.Contains(err.Error(), "cannot join: the round robin began in round 1 with its 8 players") ||
		!strings.Contains(err.Error(), "'outflank settings absent --system swiss', allowed until round 2 is paired: BOF general rule 8") {
		t.Fatalf("a late entry into the round robin: %v", err)
	}
	swiss := SystemSwiss
	edit := SettingsEdit{Name: tour.Name, Date: tour.Date, Rules: tour.Rules, Rounds: tour.Settings.Rounds, System: &swiss}
	if what, err := tour.EditSettings(edit); err != nil || what != "system by the rules → swiss" {
		t.Fatalf("the switch to a Swiss before round 2: %q, %v", what, err)
	}
	if err := tour.LateEntryRefused([]int{late.ID}); err != nil {
		t.Errorf("a late entry into the Swiss: %v", err)
	}
	r := pairNext(t, tour)
	if r.Stage != StageSwiss || !r.Plays(late.ID) {
		t.Errorf("round 2 after the switch: %s, late entry paired %v", r.Stage, r.Plays(late.ID))
	}
	if got := tour.System().String(); !strings.Contains(got, "a Swiss system (the director's choice") {
		t.Errorf("after the switch: %s", got)
	}
	back := ""
	if _, err := tour.EditSettings(SettingsEdit{Name: tour.Name, Date: tour.Date, Rules: tour.Rules, Rounds: tour.Settings.Rounds, System: &back}); ErrorCode(err) != ECONFLICT {
		t.Errorf("a switch after round 2 is paired: %v", err)
	}

	// After round 2 of a BOF round robin: no way out but to stay.
	fixed := absenceEvent(t, rules.BOFRegional, 8, 0)
	for range 2 {
		pairNext(t, fixed)
		playRound(t, fixed)
	}
	if err := fixed.LateEntryRefused([]int{1}); err == nil || !strings.Contains(err.Error(), "nor can the event become a Swiss now: round 2 is paired") {
		t.Errorf("a late entry after round 2: %v", err)
	}
	for _, id := range []rules.ID{rules.WOC, rules.EGP} {
		rr := absenceEvent(t, id, 8, 0)
		pairNext(t, rr)
		if err := rr.LateEntryRefused([]int{1}); err == nil || !strings.Contains(err.Error(), "rules set the system by the number of players at the start") {
			t.Errorf("%s: a late entry into the round robin: %v", id, err)
		}
	}

	// A round robin that cannot be completed may become a Swiss at any
	// time (the way out of TestRoundRobinNoCompletion).
	stuck := absenceEvent(t, rules.BOFRegional, 6, 0)
	for _, pairs := range [][]Pair{{{1, 2}, {3, 4}, {5, 6}}, {{1, 3}, {2, 5}, {4, 6}}, {{1, 6}, {2, 4}, {3, 5}}} {
		if _, err := stuck.AddRound(StageRoundRobin, pairs, nil); err != nil {
			t.Fatal(err)
		}
		playRound(t, stuck)
	}
	if ok, why := stuck.SystemSwitchAllowed(); !ok {
		t.Errorf("a round robin that cannot be completed cannot become a Swiss: %s", why)
	}
}

// TestHandStage is issue 24's third case: a round entered by hand takes
// the event's format when no stage is named: a round robin's rounds while
// it lasts, Swiss after it (EGP II.2 Part Two) or in a Swiss system, and
// the previous round's after the main stage.
func TestHandStage(t *testing.T) {
	bof := absenceEvent(t, rules.BOFRegional, 8, 0)
	if got := bof.HandStage(); got != StageRoundRobin {
		t.Errorf("an 8-player BOF regional's round 1 by hand: %s", got)
	}
	if _, err := bof.AddRound(bof.HandStage(), []Pair{{1, 2}, {3, 4}, {5, 6}, {7, 8}}, nil); err != nil {
		t.Fatal(err)
	}
	playRound(t, bof)
	if got := bof.HandStage(); got != StageRoundRobin {
		t.Errorf("round 2 by hand: %s", got)
	}
	if got := absenceEvent(t, rules.BOFRegional, 20, 0).HandStage(); got != StageSwiss {
		t.Errorf("a 20-player BOF regional: %s", got)
	}
	egp := absenceEvent(t, rules.EGP, 8, 0)
	for range 7 {
		pairNext(t, egp)
		playRound(t, egp)
	}
	if got := egp.HandStage(); got != StageSwiss {
		t.Errorf("an 8-player EGP after its round robin (Part Two): %s", got)
	}
	over := absenceEvent(t, rules.Custom, 4, 1)
	if err := over.ChooseSystem(SystemSwiss, true); err != nil {
		t.Fatal(err)
	}
	pairNext(t, over)
	playRound(t, over)
	if _, err := over.AddRound(StagePlayoff, []Pair{{1, 2}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := over.HandStage(); got != StagePlayoff {
		t.Errorf("after the main stage and a playoff: %s", got)
	}
}

// TestSystemTableCountsTheEventsRounds: before the field is known, a BOF
// event says which fields its own rounds allow a round robin for: a
// Regional set to 6 Swiss rounds (BOF Regionals 1 allows it) takes a round
// robin of 6 players at most, not the 8 of the usual 7 rounds.
func TestSystemTableCountsTheEventsRounds(t *testing.T) {
	for _, tc := range []struct {
		id     rules.ID
		rounds int
		want   string
	}{
		{rules.BOFRegional, 6, "a round robin when the 6 rounds allow one (6 players or fewer)"},
		{rules.BOFRegional, 7, "a round robin when the 7 rounds allow one (8 players or fewer)"},
		{rules.BOFRegional, 0, "a round robin when the 7 rounds allow one (8 players or fewer)"},
		{rules.BOFNational, 9, "a round robin when the 9 rounds allow one (10 players or fewer)"},
		{rules.BOFNational, 11, "a round robin when the 11 rounds allow one (12 players or fewer)"},
	} {
		if got := systemTable(tc.id, tc.rounds); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s, %d rounds: %q, want %q...", tc.id, tc.rounds, got, tc.want)
		}
	}
	for rounds := 1; rounds <= 15; rounds++ {
		n := largestRoundRobin(rounds)
		if roundsPerCycle(n) > rounds || roundsPerCycle(n+1) <= rounds {
			t.Errorf("%d rounds: %d players is not the largest round robin they allow", rounds, n)
		}
	}
}
