package outflank_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestMissingDetails_WOC_III_3_4: at a WOC (women's and young players'
// lists, III.3-4) a player without a gender or a birth date is listed, as
// players registered from the WOF database are, with what it costs (the
// lists, the I.2.2 team check); a withdrawn player is not; an EGP event,
// with no such lists, lists nobody.
func TestMissingDetails_WOC_III_3_4(t *testing.T) {
	players := []outflank.Player{
		{Name: "MARCONI, Flavio", Country: "ITA", WOFID: 3066, Rating: 1050},
		gbr("Ann", "f", ""),
		gbr("Bo", "", "1990-01-01"),
		gbr("Cy", "m", "1990-01-01"),
	}
	tour := entryTournament(t, rules.WOC, "2026-11-05", players...)
	got := tour.MissingDetails()
	want := []outflank.MissingDetails{{ID: 1, Name: "MARCONI, Flavio"}, {ID: 2, Name: "Ann", Gender: "f"}, {ID: 3, Name: "Bo", Born: "1990-01-01"}}
	if !slices.Equal(got, want) {
		t.Errorf("MissingDetails = %+v; want %+v", got, want)
	}
	for id, words := range map[int][]string{
		1: {"no gender and no birth date recorded for #1 MARCONI, Flavio", "women's list and the young players' list (WOC II.5-6, III.3-4)", "WOC I.2.2"},
		2: {"no birth date recorded for #2 Ann", "young players' list (WOC II.6, III.4)", "a young player aged 14 or less"},
		3: {"no gender recorded for #3 Bo", "women's list (WOC II.5, III.3)", "no more than three players of one gender"},
		4: nil,
	} {
		w := tour.MissingWarning(id)
		if words == nil && w != "" {
			t.Errorf("player %d, nothing missing: %q", id, w)
		}
		for _, word := range words {
			if !strings.Contains(w, word) {
				t.Errorf("player %d: %q lacks %q", id, w, word)
			}
		}
	}
	if s := tour.MissingSummary([]int{1, 2, 3, 4}); !strings.Contains(s, "no gender recorded for 2 players (MARCONI, Flavio, Bo); no birth date recorded for 2 players (MARCONI, Flavio, Ann)") {
		t.Errorf("MissingSummary: %q", s)
	}
	if err := tour.Withdraw(1, 0); err != nil {
		t.Fatal(err)
	}
	if got := tour.MissingDetails(); len(got) != 2 {
		t.Errorf("after a withdrawal: %+v", got)
	}
	egp := entryTournament(t, rules.EGP, "2026-11-05", players...)
	if got := egp.MissingDetails(); got != nil || egp.MissingWarning(1) != "" {
		t.Errorf("an EGP event lists %+v", got)
	}
}

// TestAdditionalOdd_WOC_II_2: the additional player is entered to prevent
// a bye when the field would otherwise be odd (WOC II.2, I.2.1): one who
// makes the field odd is pointed out, until round 1 is paired; one who
// makes it even is not.
func TestAdditionalOdd_WOC_II_2(t *testing.T) {
	var field []outflank.Player
	for i := range 6 {
		field = append(field, gbr(fmt.Sprintf("P%d", i+1), "m", "1990-01-01"))
	}
	extra := outflank.Player{Name: "Host, Extra", Country: "FRA", Additional: true}
	even := entryTournament(t, rules.WOC, "2026-11-05", append(slices.Clone(field), extra)...)
	if note := even.AdditionalOdd(); !strings.Contains(note, "#7 Host, Extra is the additional player, and with them the field is odd (7 players)") || !strings.Contains(note, "WOC II.2") {
		t.Errorf("an additional player making 7: %q", note)
	}
	odd := entryTournament(t, rules.WOC, "2026-11-05", append(slices.Clone(field[:5]), extra)...)
	if note := odd.AdditionalOdd(); note != "" {
		t.Errorf("an additional player making 6: %q", note)
	}
	none := entryTournament(t, rules.WOC, "2026-11-05", field[:5]...)
	if note := none.AdditionalOdd(); note != "" {
		t.Errorf("no additional player: %q", note)
	}
	if _, err := even.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if note := even.AdditionalOdd(); note != "" {
		t.Errorf("after round 1 is paired: %q", note)
	}
}

// TestEditSeededAdditional_WOC_II_7_1: group A and the additional player
// can be corrected after registration, and the log says so; group A only
// until round 1 is paired (it decides only the first round's draw, WOC
// II.7.1), after which a change is refused and nothing changes.
func TestEditSeededAdditional_WOC_II_7_1(t *testing.T) {
	var field []outflank.Player
	for i := range 16 {
		field = append(field, outflank.Player{Name: fmt.Sprintf("P%02d", i+1)})
	}
	tour := entryTournament(t, rules.Custom, "2026-11-05", field...)
	yes, no := true, false
	what, err := tour.EditPlayer(3, outflank.PlayerEdit{Seeded: &yes, Additional: &yes})
	if err != nil || what != "group A (seeded, WOC II.7.1) no → yes; additional player (WOC II.2) no → yes" {
		t.Fatalf("EditPlayer = %q, %v", what, err)
	}
	if p, _ := tour.Player(3); !p.Seeded || !p.Additional {
		t.Errorf("player 3 after the edit: %+v", p)
	}
	if _, err := tour.EditPlayer(3, outflank.PlayerEdit{Seeded: &yes}); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("an edit changing nothing: %v", err)
	}
	if _, err := tour.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	_, err = tour.EditPlayer(3, outflank.PlayerEdit{Seeded: &no})
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "WOC II.7.1") || !strings.Contains(err.Error(), "round 1") {
		t.Errorf("group A changed after round 1: %v", err)
	}
	if p, _ := tour.Player(3); !p.Seeded {
		t.Errorf("the refused edit changed the player: %+v", p)
	}
	if what, err := tour.EditPlayer(3, outflank.PlayerEdit{Additional: &no}); err != nil || !strings.Contains(what, "additional player (WOC II.2) yes → no") {
		t.Errorf("the additional player after round 1 (a custom event): %q, %v", what, err)
	}
}

// TestCheckEditLateDetails_WOC_I_2_2: a gender or a birth date recorded
// after round 1 changes no team, so it is not refused for coming late
// (the team rules still apply); a change of the additional player is.
func TestCheckEditLateDetails_WOC_I_2_2(t *testing.T) {
	tour := entryTournament(t, rules.WOC, "2026-11-05", gbr("A", "", ""), gbr("B", "m", ""), gbr("C", "f", ""), gbr("D", "f", ""))
	if _, err := tour.PairNext(outflank.PairOptions{Seed: 1}); err != nil {
		t.Fatal(err)
	}
	edit := func(id int, e outflank.PlayerEdit) outflank.EntryCheck {
		t.Helper()
		p, _ := tour.Player(id)
		before := *p
		if _, err := tour.EditPlayer(id, e); err != nil {
			t.Fatal(err)
		}
		return tour.CheckEdit(id, before)
	}
	m, born, yes := "m", "1990-02-03", true
	if c := edit(1, outflank.PlayerEdit{Gender: &m, Born: &born}); len(c.Refusals) > 0 {
		t.Errorf("a gender and a birth date recorded after round 1: %+v", c)
	}
	if c := edit(2, outflank.PlayerEdit{Additional: &yes}); !slices.Contains(c.Rules, "WOC I.2.2") {
		t.Errorf("an additional player designated after round 1: %+v", c)
	}
}
