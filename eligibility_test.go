package outflank_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// entryTournament is a tournament of ruleset id on date with players ps.
func entryTournament(t *testing.T, id rules.ID, date string, ps ...outflank.Player) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("e", "Entry", date, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := tour.AddPlayers(ps); err != nil {
		t.Fatal(err)
	}
	return tour
}

func gbr(name, gender, born string) outflank.Player {
	return outflank.Player{Name: name, Country: "GBR", Gender: gender, Born: born}
}

func TestCheckEntry_WOC_I_2(t *testing.T) {
	three := []outflank.Player{gbr("A", "m", "1980-01-01"), gbr("B", "m", "1980-01-01"), gbr("C", "m", "1980-01-01")}
	four := append(slices.Clone(three), gbr("D", "f", "1980-01-01"))
	tests := []struct {
		name    string
		rules   rules.ID
		contact string
		before  []outflank.Player
		entry   outflank.Player
		refused string // the rule cited, "" when accepted
	}{
		{"WOC I.2.2: 4th player, a woman", rules.WOC, "", three, gbr("D", "f", "1980-01-01"), ""},
		{"WOC I.2.2: 4th of one gender", rules.WOC, "", three, gbr("D", "m", "1980-01-01"), "WOC I.2.2"},
		{"WOC I.2.1-2.2: 5th player, not young", rules.WOC, "", four, gbr("E", "f", "1980-01-01"), "WOC I.2.1-2.2"},
		{"WOC I.2.2: young player exactly 14 on 31 December", rules.WOC, "", four, gbr("E", "m", "2005-12-31"), ""},
		{"WOC I.2.2: aged 15 on 31 December is not young", rules.WOC, "", four, gbr("E", "m", "2004-12-31"), "WOC I.2.1-2.2"},
		{"WOC I.2.2: second young player", rules.WOC, "", append(slices.Clone(four), gbr("E", "m", "2006-01-01")), gbr("F", "f", "2007-01-01"), "WOC I.2.1-2.2"},
		{"WOC I.2.2: the host's additional player is outside the team", rules.WOC, "", four, outflank.Player{Name: "E", Country: "GBR", Gender: "m", Additional: true}, ""},
		{"WOC I.2.1: contact person nation, second player", rules.WOC, "GBR", three[:1], gbr("B", "f", "1980-01-01"), "WOC I.2.1-2.2"},
		{"WOC I.2.1: contact person nation, a young player", rules.WOC, "GBR", three[:1], gbr("B", "f", "2008-01-01"), ""},
		{"WOC I.2.3: citizen", rules.WOC, "", nil, outflank.Player{Name: "X", Country: "GBR", Citizenship: "GBR"}, ""},
		{"WOC I.2.3: resident exactly 6 months", rules.WOC, "", nil, outflank.Player{Name: "X", Country: "GBR", Citizenship: "FRA", ResidentSince: "2019-05-14"}, ""},
		{"WOC I.2.3: resident a day less than 6 months", rules.WOC, "", nil, outflank.Player{Name: "X", Country: "GBR", Citizenship: "FRA", ResidentSince: "2019-05-15"}, "WOC I.2.3"},
		{"WOC I.2.3: nothing recorded is not refused", rules.WOC, "", nil, outflank.Player{Name: "X", Country: "GBR"}, ""},
		{"BOF National 12: exactly 183 days", rules.BOFNational, "", nil, outflank.Player{Name: "X", ResidentSince: "2019-05-15"}, ""},
		{"BOF National 12: 182 days", rules.BOFNational, "", nil, outflank.Player{Name: "X", ResidentSince: "2019-05-16"}, "BOF National 12"},
		{"BOF National 13: the chairman's exemption", rules.BOFNational, "", nil, outflank.Player{Name: "X", ResidentSince: "2019-10-01", Exemption: "expected to stay two years"}, ""},
		{"BOF Regional: no residence rule", rules.BOFRegional, "", nil, outflank.Player{Name: "X", ResidentSince: "2019-11-01"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tour := entryTournament(t, tt.rules, "2019-11-14", tt.before...)
			tour.Settings.ContactNations = tt.contact
			p, err := tour.AddPlayer(tt.entry)
			if err != nil {
				t.Fatal(err)
			}
			c := tour.CheckEntry(p.ID)
			switch {
			case tt.refused == "" && len(c.Refusals) > 0:
				t.Errorf("refused: %v", c.Refusals)
			case tt.refused != "" && !slices.Contains(c.Rules, tt.refused):
				t.Errorf("refusals %v cite %v; want %s", c.Refusals, c.Rules, tt.refused)
			}
			for _, r := range c.Refusals {
				if !strings.Contains(r, tt.refused) {
					t.Errorf("refusal %q does not cite %s", r, tt.refused)
				}
			}
		})
	}
}

func TestCheckEntryAfterRound1_WOC_I_2_2(t *testing.T) {
	tour := entryTournament(t, rules.WOC, "2019-11-14", gbr("A", "m", ""), gbr("B", "m", ""))
	if _, err := tour.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	p, err := tour.AddPlayer(outflank.Player{Name: "Late", Country: "FRA"})
	if err != nil {
		t.Fatal(err)
	}
	if c := tour.CheckEntry(p.ID); !slices.Contains(c.Rules, "WOC I.2.2") || !strings.Contains(c.Refusals[0], "round 1 is paired") {
		t.Errorf("a change after round 1: %+v", c)
	}
}

// TestNationalPlayoffBestTwoEligible_BOFNational13: a player the chairman
// exempted from the 183-day rule wins the Swiss, but the play-off for the
// British title goes to the best two eligible players, 2nd and 3rd; the
// status says who is left out and why.
func TestNationalPlayoffBestTwoEligible_BOFNational13(t *testing.T) {
	var ps []outflank.Player
	for i := 1; i <= 10; i++ {
		ps = append(ps, outflank.Player{Name: fmt.Sprintf("P%02d", i)})
	}
	ps[0].Exemption = "to live in Cambridge from January"
	tour := entryTournament(t, rules.BOFNational, "2019-11-14", ps...)
	runEvent(t, tour, lowerIDWins)
	var final, third []int
	for _, r := range tour.Rounds {
		for _, g := range r.Games {
			switch r.Stage {
			case outflank.StageFinal:
				final = append(final, g.Black, g.White)
			case outflank.StageThirdPlace:
				third = append(third, g.Black, g.White)
			}
		}
	}
	slices.Sort(final)
	if !slices.Equal(final, []int{2, 3}) {
		t.Errorf("the play-off for the British title is between %v; want 2 and 3", final)
	}
	if slices.Contains(third, 1) {
		t.Errorf("the exempt player plays the 3rd/4th play-off: %v", third)
	}
	order := tour.FinalOrder()
	if len(order) < 3 || order[0] != 2 || order[1] != 3 || order[2] != 1 {
		t.Errorf("order of finish %v; want the play-off's 2 and 3 first, then the exempt 1", order)
	}
	if text := tour.Status().Text; !strings.Contains(text, "#1 P01") || !strings.Contains(text, "BOF National 13") {
		t.Errorf("status does not say who is left out of the play-off:\n%s", text)
	}
}

func TestNationalPlayoffUnchangedWithoutExemption_BOFNational4(t *testing.T) {
	var ps []outflank.Player
	for i := 1; i <= 10; i++ {
		ps = append(ps, outflank.Player{Name: fmt.Sprintf("P%02d", i)})
	}
	tour := entryTournament(t, rules.BOFNational, "2019-11-14", ps...)
	runEvent(t, tour, lowerIDWins)
	if order := tour.FinalOrder(); len(order) < 2 || order[0] != 1 || order[1] != 2 {
		t.Errorf("order of finish %v; want 1 and 2 first", order)
	}
}

// TestCheckEdit_WOC_I_2_2: after round 1 a correction of the nation is
// refused, one of the name is not; before it, a correction that breaks the
// team is.
func TestCheckEdit_WOC_I_2_2(t *testing.T) {
	tour := entryTournament(t, rules.WOC, "2019-11-14", gbr("A", "m", ""), gbr("B", "m", ""), gbr("C", "m", ""), gbr("D", "f", ""))
	edit := func(id int, e outflank.PlayerEdit) outflank.EntryCheck {
		t.Helper()
		p, _ := tour.Player(id)
		before := *p
		if _, err := tour.EditPlayer(id, e); err != nil {
			t.Fatal(err)
		}
		return tour.CheckEdit(id, before)
	}
	m, fra, name := "m", "FRA", "A, Ann"
	if c := edit(4, outflank.PlayerEdit{Gender: &m}); !slices.Contains(c.Rules, "WOC I.2.2") {
		t.Errorf("a 4th man by correction: %+v", c)
	}
	if _, err := tour.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if c := edit(1, outflank.PlayerEdit{Name: &name}); len(c.Refusals) > 0 {
		t.Errorf("a name corrected after round 1: %+v", c)
	}
	if c := edit(2, outflank.PlayerEdit{Country: &fra}); !slices.Contains(c.Rules, "WOC I.2.2") {
		t.Errorf("a nation changed after round 1: %+v", c)
	}
}
