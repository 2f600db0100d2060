package exchange

import (
	"bytes"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestPlanSettingsRoundTrip: a tournament whose rounds are still to be set
// by its format, and one with a time control, come back from the file as
// they were; a file that gives C keeps it even when the rounds change.
func TestPlanSettingsRoundTrip(t *testing.T) {
	tour, err := outflank.NewTournament("plan", "Plan", "2026-01-01", rules.AOF, 0)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.Minutes = 25
	var b bytes.Buffer
	if err := WriteJSON(&b, tour); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"rounds_by_plan": true`, `"brightwell_c_by_rules": true`, `"minutes": 25`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the file lacks %s", want)
		}
	}
	back, err := ReadJSON(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings != tour.Settings {
		t.Errorf("settings came back as %+v, want %+v", back.Settings, tour.Settings)
	}
	// A file written by hand, with C and without the flags.
	hand := `{"format": "outflank/1", "name": "Hand", "slug": "hand", "rules": "aof", "settings": {"rounds": 5, "brightwell_c": 9}}`
	got, err := ReadJSON(strings.NewReader(hand))
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Settings; s.RoundsByPlan || s.BrightwellCByRules || s.BrightwellC != 9 || s.Rounds != 5 {
		t.Errorf("hand-written settings read as %+v", s)
	}
	// A time control below the ruleset's minimum is refused.
	low := strings.Replace(hand, `"brightwell_c": 9`, `"minutes": 15`, 1)
	if _, err := ReadJSON(strings.NewReader(low)); err == nil || !strings.Contains(err.Error(), "AOF 2.1") {
		t.Errorf("15 minutes under AOF rules: %v", err)
	}
}

// TestRatedSettingsRoundTrip_BOFRatings1: the settings that decide whether the games
// are rated (BOF Ratings 1-3) come back from the file as they were, and a
// file without them takes the ruleset's (the UK for the BOF's).
func TestRatedSettingsRoundTrip_BOFRatings1(t *testing.T) {
	tour, err := outflank.NewTournament("rated", "Rated", "2026-01-01", rules.BOFRegional, 7)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.Place, tour.Settings.Clocks, tour.Settings.Told, tour.Settings.Minutes = "FRA", outflank.No, outflank.No, 20
	var b bytes.Buffer
	if err := WriteJSON(&b, tour); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"place": "FRA"`, `"clocks": "no"`, `"told_rated": "no"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the file lacks %s", want)
		}
	}
	back, err := ReadJSON(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings != tour.Settings {
		t.Errorf("settings came back as %+v, want %+v", back.Settings, tour.Settings)
	}
	if len(back.Unrated()) != 3 {
		t.Errorf("unrated for %v, want place, clocks and told", back.Unrated())
	}
	hand := `{"format": "outflank/1", "name": "Hand", "slug": "hand", "rules": "bof-national", "settings": {"rounds": 9}}`
	got, err := ReadJSON(strings.NewReader(hand))
	if err != nil {
		t.Fatal(err)
	}
	if c := got.RatingConditions(); c.Place != "GBR" || !c.Clocks || !c.Told || len(got.Unrated()) != 0 {
		t.Errorf("a BOF file without the settings: %+v, unrated for %v", c, got.Unrated())
	}
	bad := strings.Replace(hand, `"rounds": 9`, `"rounds": 9, "clocks": "maybe"`, 1)
	if _, err := ReadJSON(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "clocks") {
		t.Errorf("clocks maybe: %v", err)
	}
}

// TestSystemRoundTrip: the system a director chose comes back from the
// tournament file (a Swiss for 6 players, a round robin whose rounds
// follow the field), and a file without it leaves it to the ruleset.
func TestSystemRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		system string
		rounds int
	}{{outflank.SystemSwiss, 5}, {outflank.SystemRoundRobin, 0}} {
		tour, err := outflank.NewTournament("sys", "System", "2026-01-01", rules.Custom, tc.rounds)
		if err != nil {
			t.Fatal(err)
		}
		if err := tour.ChooseSystem(tc.system, tc.rounds != 0); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, tour); err != nil {
			t.Fatal(err)
		}
		if want := `"system": "` + tc.system + `"`; !strings.Contains(b.String(), want) {
			t.Errorf("the file lacks %s", want)
		}
		back, err := ReadJSON(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if back.Settings != tour.Settings {
			t.Errorf("settings came back as %+v, want %+v", back.Settings, tour.Settings)
		}
	}
	got, err := ReadJSON(strings.NewReader(`{"format": "outflank/1", "name": "Hand", "slug": "hand", "rules": "custom", "settings": {"rounds": 6}}`))
	if err != nil || got.Settings.System != "" {
		t.Errorf("a file without a system: %v, %q", err, got.Settings.System)
	}
	if _, err := ReadJSON(strings.NewReader(`{"format": "outflank/1", "name": "W", "slug": "w", "rules": "woc", "settings": {"rounds": 13, "system": "swiss"}}`)); err == nil || !strings.Contains(err.Error(), "WOC II.2") {
		t.Errorf("a WOC file with a Swiss chosen: %v", err)
	}
}
