package storetest

import (
	"context"
	"slices"
	"testing"

	"outflank"
	"outflank/rules"
)

// testAbsences: a player's absent rounds and the settings of absences and
// the .ELO header are stored, loaded, changed and undone like any field.
func testAbsences(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour, err := outflank.NewTournament("absences", "Absence Regional", "2026-03-13", rules.BOFRegional, 6)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.ELOSender, tour.Settings.ELOCountry, tour.Settings.Absence = "Geoff Hubbard", "Great-Britain", outflank.AbsenceAllow
	for _, name := range []string{"ANDERSON, Ann", "BROWN, Ben", "CLARK, Chen"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if err := tour.MarkAbsent(3, []int{2, 4}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, tour, outflank.KindImport, "absences"); err != nil {
		t.Fatal(err)
	}
	got := mustLoad(t, s, "absences")
	if !equal(got, tour) {
		t.Fatalf("loaded tournament differs:\n got %+v\nwant %+v", got, tour)
	}
	before := got
	if _, err := s.Update(ctx, "absences", "player.absent", func(tour *outflank.Tournament) (string, error) {
		return "absent", tour.MarkAbsent(1, []int{3})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "absences", "player.return", func(tour *outflank.Tournament) (string, error) {
		_, err := tour.MarkReturn(3, []int{4})
		return "return", err
	}); err != nil {
		t.Fatal(err)
	}
	got = mustLoad(t, s, "absences")
	if a, c := got.Players[0].AbsentRounds, got.Players[2].AbsentRounds; !slices.Equal(a, []int{3}) || !slices.Equal(c, []int{2}) {
		t.Errorf("absent rounds after the updates: %v and %v; want [3] and [2]", a, c)
	}
	for range 2 {
		if _, err := s.Undo(ctx, "absences", 0); err != nil {
			t.Fatal(err)
		}
	}
	if got := mustLoad(t, s, "absences"); !equal(got, before) {
		t.Errorf("after undoing both changes: %+v; want %+v", got.Players, before.Players)
	}
}
