package director_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"outflank"
	"outflank/director"
	"outflank/rules"
	"outflank/sqlite"
)

func openStore(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "d.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestProposeThenPublish: a proposal saves nothing; publishing it with the
// same seed and fixes saves the very same round; a proposal made before a
// change (a late entry) is refused, and nothing is saved.
func TestProposeThenPublish(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	if _, _, err := director.CreateTournament(ctx, db, director.NewTournament{Slug: "club", Name: "Club", Rules: rules.EGP, Rounds: 5}); err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if _, err := director.AddPlayer(ctx, db, "club", outflank.Player{Name: fmt.Sprintf("Player %d", i+1), Rating: 2000 - 10*i}, "", false); err != nil {
			t.Fatal(err)
		}
	}
	tour, err := db.Tournament(ctx, "club")
	if err != nil {
		t.Fatal(err)
	}
	req := director.PairRequest{Round: 1, Seed: 42, Fix: []string{"1-2"}}
	proposed, _, err := director.Propose(tour, req)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := db.Tournament(ctx, "club"); len(again.Rounds) != 0 || len(tour.Rounds) != 0 {
		t.Fatal("a proposal saved a round")
	}
	if g := proposed.Round.Games[0]; g.Black != 1 || g.White != 2 {
		t.Errorf("the fixed pair is not table 1: %+v", g)
	}
	saved, err := director.PairAsProposed(ctx, db, "club", req, tour.Version)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Paired.Round.Games, proposed.Round.Games) || !reflect.DeepEqual(saved.Paired.Round.Byes, proposed.Round.Byes) {
		t.Errorf("published %+v, proposed %+v", saved.Paired.Round.Games, proposed.Round.Games)
	}
	// Round 2's proposal, then a result replaced meanwhile.
	for _, g := range saved.Paired.Round.Games {
		req, _ := director.ResultFields{Round: 1, Table: g.Table, Score: "40-24"}.Request()
		if _, err := director.EnterResult(ctx, db, "club", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	tour, _ = db.Tournament(ctx, "club")
	if _, err := director.AddPlayer(ctx, db, "club", outflank.Player{Name: "Late"}, "", false); err != nil {
		t.Fatal(err)
	}
	_, err = director.PairAsProposed(ctx, db, "club", director.PairRequest{Round: 2, Seed: 1}, tour.Version)
	if outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Fatalf("publishing a stale proposal: %v", err)
	}
	if again, _ := db.Tournament(ctx, "club"); len(again.Rounds) != 1 {
		t.Error("a stale proposal was saved")
	}
}

// TestEditSettingsSaved: the console's settings change is one audited
// change, which undo reverts.
func TestEditSettingsSaved(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	if _, _, err := director.CreateTournament(ctx, db, director.NewTournament{Slug: "club", Name: "Club", Rules: rules.WOC}); err != nil {
		t.Fatal(err)
	}
	ev, err := director.EditSettings(ctx, db, "club", outflank.SettingsEdit{Name: "Club Open", Rules: rules.WOC, Rounds: 9, Minutes: 25})
	if err != nil {
		t.Fatal(err)
	}
	if ev.Kind != outflank.KindSettings {
		t.Errorf("kind %q", ev.Kind)
	}
	if _, err := director.Undo(ctx, db, "club", ev.ID); err != nil {
		t.Fatal(err)
	}
	if tour, _ := db.Tournament(ctx, "club"); tour.Name != "Club" || tour.Settings.Minutes != 0 {
		t.Errorf("after undo: %q %+v", tour.Name, tour.Settings)
	}
}
