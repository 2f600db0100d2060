package sqlite_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// TestOutsideEditsRecorded: Outflank's own writes (an import, a result,
// an undo, a copy into another file) are never taken for changes made
// outside it, and every row a second connection inserts, updates or
// deletes is recorded, naming its row as the log does, and counts one
// more version of its tournament; deleting a tournament by hand works.
func TestOutsideEditsRecorded(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "x.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
		return "result", err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Undo(ctx, "sample", 0); err != nil {
		t.Fatal(err)
	}
	rec, err := db.Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	copied, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "copy.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	if err := copied.Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	for name, store := range map[string]*sqlite.DB{"the database": db, "its copy": copied} {
		if edits, err := store.OutsideEdits(ctx, "sample"); err != nil || len(edits) != 0 {
			t.Fatalf("%s, written only by Outflank: outside edits %+v, %v", name, edits, err)
		}
		a, err := store.Audit(ctx, "sample")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Verify(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}

	before, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{
		`UPDATE games SET black_discs = 40, white_discs = 24, outcome = 'normal' WHERE round = 1 AND table_no = 1`,
		`UPDATE tournaments SET name = 'Renamed'`,
		`INSERT INTO byes (tournament_id, round, player, version) SELECT tournament_id, 1, 5, 1 FROM players WHERE id = 5`,
		`DELETE FROM byes WHERE round = 1 AND player = 5`,
	} {
		if _, err := raw.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	edits, err := db.OutsideEdits(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	want := []outflank.OutsideEdit{{Entity: "game", Key: "1/1", Kind: "update"}, {Entity: "tournament", Key: "sample", Kind: "update"},
		{Entity: "bye", Key: "1/5", Kind: "insert"}, {Entity: "bye", Key: "1/5", Kind: "delete"}}
	if len(edits) != len(want) {
		t.Fatalf("outside edits %+v, want %+v", edits, want)
	}
	for i, e := range edits {
		if e.Entity != want[i].Entity || e.Key != want[i].Key || e.Kind != want[i].Kind || e.At.IsZero() {
			t.Errorf("outside edit %d: %+v, want %+v at a time", i, e, want[i])
		}
	}
	after, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version+4 || after.Name != "Renamed" {
		t.Errorf("after 4 outside edits: version %d (was %d), name %q", after.Version, before.Version, after.Name)
	}
	if _, err := raw.ExecContext(ctx, `DELETE FROM tournaments WHERE slug = 'sample'`); err != nil {
		t.Fatalf("deleting the tournament by hand: %v", err)
	}
	if _, err := db.Tournament(ctx, "sample"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("the tournament deleted by hand: %v", err)
	}
}
