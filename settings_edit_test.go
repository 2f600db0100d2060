package outflank_test

import (
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestEditSettings: before round 1 the name, date, ruleset, rounds and time
// change (a new ruleset brings its settings, the draw's seed stays); an
// edit that changes nothing, or breaks a rule, is refused; after round 1
// nothing changes.
func TestEditSettings(t *testing.T) {
	tour, err := outflank.NewTournament("club", "Club", "2026-05-01", rules.EGP, 0)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.DrawSeed = 99
	what, err := tour.EditSettings(outflank.SettingsEdit{Name: "Club Open", Date: "2026-05-02", Rules: rules.AOF, Rounds: 8, Minutes: 25})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`name "Club" → "Club Open"`, "date 2026-05-01 → 2026-05-02", "rules egp → aof", "→ 8", "minutes 0 → 25"} {
		if !strings.Contains(what, want) {
			t.Errorf("%q lacks %q", what, want)
		}
	}
	if tour.Settings.Rounds != 8 || tour.Settings.RoundsByPlan || tour.Settings.BrightwellC != 8 || tour.Settings.DrawSeed != 99 || tour.Settings.ByeDiscs != [2]int{40, 24} {
		t.Errorf("settings %+v", tour.Settings)
	}
	if _, err := tour.EditSettings(outflank.SettingsEdit{Name: "Club Open", Date: "2026-05-02", Rules: rules.AOF, Rounds: 8, Minutes: 25}); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("an edit changing nothing: %v", err)
	}
	for _, bad := range []outflank.SettingsEdit{
		{Name: "", Rules: rules.AOF},
		{Name: "X", Rules: "chess"},
		{Name: "X", Rules: rules.WOC, Minutes: 5},
		{Name: "X", Rules: rules.WOC, Date: "1 May"},
		{Name: "X", Rules: rules.WOC, Rounds: -1},
	} {
		before := *tour
		if _, err := tour.EditSettings(bad); outflank.ErrorCode(err) != outflank.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
		if tour.Name != before.Name || tour.Settings != before.Settings {
			t.Errorf("%+v was refused but changed the tournament", bad)
		}
	}
	for _, n := range []string{"A", "B"} {
		tour.AddPlayer(outflank.Player{Name: n})
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := tour.EditSettings(outflank.SettingsEdit{Name: "Later", Rules: rules.AOF, Rounds: 9}); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("rounds after round 1: %v", err)
	}
	if _, err := tour.EditSettings(outflank.SettingsEdit{Name: "Later", Rules: rules.AOF, Rounds: 8, Minutes: 30}); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("minutes after round 1: %v", err)
	}
}

// TestEditSettingsAfterPlay (issue 26, point 5): the name, the date and the
// place change at any time, even after round 1 (an imported event has no
// pairing to undo); a new ruleset after play keeps the rounds, brings its
// own settings, and says which lists it moved; a knockout stage played
// under the old ruleset keeps it.
func TestEditSettingsAfterPlay(t *testing.T) {
	tour, err := outflank.NewTournament("club", "Club", "2026-05-01", rules.EGP, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Ben", "Cy"} {
		tour.AddPlayer(outflank.Player{Name: n})
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, []int{3}); err != nil {
		t.Fatal(err)
	}
	res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.SetResult(1, 1, res, outflank.ResultOptions{}); err != nil {
		t.Fatal(err)
	}
	what, err := tour.EditSettings(outflank.SettingsEdit{Name: "Club Open", Date: "2026-05-02", Rules: rules.EGP, Rounds: 3, Place: "GBR"})
	if err != nil {
		t.Fatalf("name, date and place after round 1: %v", err)
	}
	if tour.Name != "Club Open" || tour.Date != "2026-05-02" || !strings.Contains(what, `name "Club" → "Club Open"`) {
		t.Errorf("after the edit: %s, %s (%s)", tour.Name, tour.Date, what)
	}
	before := tour.Standings(0)
	what, err = tour.EditSettings(outflank.SettingsEdit{Name: "Club Open", Date: "2026-05-02", Rules: rules.BOFRegional, Rounds: 3, Place: "GBR"})
	if err != nil {
		t.Fatalf("a new ruleset after round 1: %v", err)
	}
	if tour.Settings.Rounds != 3 || tour.Settings.ByeDiscs != [2]int{44, 20} {
		t.Errorf("settings under the new ruleset: rounds %d, bye discs %v", tour.Settings.Rounds, tour.Settings.ByeDiscs)
	}
	after := tour.Standings(0)
	if before[0].Player == after[0].Player || !strings.Contains(what, "rules egp → bof-regional") ||
		!strings.Contains(what, "lists drawn up again under bof-regional: the provisional list moved 2 players") || !strings.Contains(what, "Cy 2 → 1") {
		t.Errorf("leader %d → %d; summary %q", before[0].Player, after[0].Player, what)
	}
}

// TestEventConcerns: the audit log's filters find a change by the round
// and the players it touched.
func TestEventConcerns(t *testing.T) {
	before := &outflank.Tournament{Slug: "x", Name: "X", Rules: rules.WOC}
	for _, n := range []string{"A", "B", "C"} {
		before.AddPlayer(outflank.Player{Name: n})
	}
	after := before.Clone()
	if _, err := after.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, []int{3}); err != nil {
		t.Fatal(err)
	}
	changes, err := outflank.Diff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	pairing := outflank.Event{Changes: changes}
	for _, c := range []struct {
		round, player int
		want          bool
	}{{0, 0, true}, {1, 0, true}, {2, 0, false}, {1, 1, true}, {1, 3, true}, {0, 2, true}, {2, 1, false}} {
		if got := pairing.Concerns(c.round, c.player); got != c.want {
			t.Errorf("round %d player %d: %v", c.round, c.player, got)
		}
	}
	again := after.Clone()
	again.AddPlayer(outflank.Player{Name: "D"})
	changes, _ = outflank.Diff(after, again)
	added := outflank.Event{Changes: changes}
	if !added.Concerns(0, 4) || added.Concerns(0, 1) || added.Concerns(1, 0) {
		t.Error("a registration concerns its player only, and no round")
	}
}

// TestEditRatedSettings_BOFRatings1: the place, clocks and whether the players were
// told (BOF Ratings 1 a-c) change through EditSettings, even after round 1,
// since they change neither pairings nor scores; a place is stored in three
// letters.
func TestEditRatedSettings_BOFRatings1(t *testing.T) {
	tour, err := outflank.NewTournament("reg", "Regional", "2026-05-01", rules.BOFRegional, 7)
	if err != nil {
		t.Fatal(err)
	}
	if why := tour.Unrated(); len(why) != 0 {
		t.Fatalf("a new BOF Regional is unrated: %v", why)
	}
	edit := outflank.SettingsEdit{Name: "Regional", Date: "2026-05-01", Rules: rules.BOFRegional, Rounds: 7, Place: "fr", Clocks: "no"}
	what, err := tour.EditSettings(edit)
	if err != nil {
		t.Fatal(err)
	}
	if what != "place the ruleset's → FRA; clocks yes → no" {
		t.Errorf("changed: %s", what)
	}
	if why := tour.Unrated(); len(why) != 2 || why[0].Rule != "BOF Ratings 1 a" || why[1].Rule != "BOF Ratings 1 b" {
		t.Errorf("unrated for %v", why)
	}
	for _, n := range []string{"A", "B"} {
		tour.AddPlayer(outflank.Player{Name: n})
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, nil); err != nil {
		t.Fatal(err)
	}
	edit.Place, edit.Clocks, edit.Told = "UK", "", "no"
	if what, err = tour.EditSettings(edit); err != nil || what != "place FRA → GBR; clocks no → yes; told rated yes → no" {
		t.Errorf("after round 1: %q, %v", what, err)
	}
	if why := tour.Unrated(); len(why) != 1 || why[0].Condition != rules.CondTold {
		t.Errorf("unrated for %v", why)
	}
	edit.Clocks = "maybe"
	if _, err := tour.EditSettings(edit); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("clocks maybe: %v", err)
	}
	edit.Clocks, edit.Rounds = "", 9
	if _, err := tour.EditSettings(edit); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("rounds after round 1: %v", err)
	}
}
