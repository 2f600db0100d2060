package viewcheck_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/viewcheck"
	"outflank/rules"
	"outflank/sqlite"
)

// absentEvent is a BOF Regional of four players, two rounds: #4 absent
// in round 1 (a game not played: 20 discs, BOF general rule 11), #3 with
// the bye there.
func absentEvent(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("absent", "Absent Regional", "2026-03-01", rules.BOFRegional, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	for i, round := range [][]outflank.Pair{{{Black: 1, White: 2}}, {{Black: 1, White: 3}, {Black: 4, White: 2}}} {
		var byes []int
		if i == 0 {
			byes = []int{3}
		}
		if _, err := tour.AddRound(outflank.StageSwiss, round, byes); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := tour.MarkAbsent(4, []int{1}); err != nil {
				t.Fatal(err)
			}
		}
		for table := range round {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tour.SetResult(i+1, table+1, res, outflank.ResultOptions{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tour
}

// TestCheckFindsWhatDisagrees: the views of an event agree; a crosstable
// page whose disc count leaves out an absence (as before issue 24) does
// not, and Check names the view, the player and both figures; a view not
// rendered is reported.
func TestCheckFindsWhatDisagrees(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "check.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tour := absentEvent(t)
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	site, err := viewcheck.Site(ctx, db, db)
	if err != nil {
		t.Fatal(err)
	}
	tour, err = db.Tournament(ctx, "absent")
	if err != nil {
		t.Fatal(err)
	}
	v, err := viewcheck.Gather(site, nil, tour)
	if err != nil {
		t.Fatal(err)
	}
	if err := viewcheck.Check(tour, v); err != nil {
		t.Fatalf("the views of a sound event: %v", err)
	}
	// Dee: 40 discs in round 2 and 20 for round 1; the page says 40.
	wrong := v
	row := []byte(`<td class="num">60</td></tr>`)
	if bytes.Count(v.HTMLCrosstable, row) != 1 {
		t.Fatalf("Dee's crosstable line does not end with 60 discs:\n%s", v.HTMLCrosstable)
	}
	wrong.HTMLCrosstable = bytes.Replace(v.HTMLCrosstable, row, []byte(`<td class="num">40</td></tr>`), 1)
	err = viewcheck.Check(tour, wrong)
	if err == nil || !strings.Contains(err.Error(), "HTML crosstable: #4 Dee has 40 discs; by hand over the crosstable's rounds: 60") {
		t.Errorf("a crosstable without the absence's discs: %v", err)
	}
	wrong = v
	wrong.APIStandings = nil
	if err := viewcheck.Check(tour, wrong); err == nil || !strings.Contains(err.Error(), "API standings: not rendered") {
		t.Errorf("without the API's standings: %v", err)
	}
}
