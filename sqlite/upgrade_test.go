package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"outflank"
	"outflank/sqlite"
)

// TestUpgradeSealsOldLog opens a database written by the Outflank before
// the audit chain (testdata/v2.db: a tournament, four players, a round,
// two results, an undo): the upgrade chains its log as it is, the chain
// verifies, and the next change extends it with its actor.
func TestUpgradeSealsOldLog(t *testing.T) {
	data, err := os.ReadFile("testdata/v2.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v2.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := outflank.WithActor(context.Background(), "Upgrader")
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	verify := func(want int) string {
		t.Helper()
		a, err := db.Audit(ctx, "legacy")
		if err != nil {
			t.Fatal(err)
		}
		head, err := a.Verify()
		if err != nil {
			t.Fatalf("the upgraded log does not verify: %v", err)
		}
		if len(a.Events) != want {
			t.Fatalf("%d events, want %d", len(a.Events), want)
		}
		return head
	}
	before := verify(9)
	ev, err := db.Update(ctx, "legacy", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		_, err := tour.AddPlayer(outflank.Player{Name: "Eve"})
		return "added Eve", err
	})
	if err != nil {
		t.Fatal(err)
	}
	if ev.PrevHash != before || ev.Actor != "Upgrader" {
		t.Errorf("the first new entry follows %q as %q; want %q as Upgrader", ev.PrevHash, ev.Actor, before)
	}
	if head := verify(10); head != ev.Hash {
		t.Errorf("head %s, want the new entry's %s", head, ev.Hash)
	}
}

// TestUpgradeKeepsEventNumbers: migration 19 makes an event's id unique
// within its log (issue 26, point 11) by rebuilding the events table; the
// ids, hashes and undo links stay as they were, and the next event is
// numbered after the highest id the database ever gave, also one whose
// event was deleted since (sqlite_sequence, as AUTOINCREMENT kept it).
func TestUpgradeKeepsEventNumbers(t *testing.T) {
	data, err := os.ReadFile("testdata/v2.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v2.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`UPDATE sqlite_sequence SET seq = 20 WHERE name = 'events'`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := db.Audit(ctx, "legacy")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Verify(); err != nil || len(a.Events) != 9 || a.Events[8].ID != 9 {
		t.Fatalf("the upgraded log: %d events, the last #%d, %v", len(a.Events), a.Events[len(a.Events)-1].ID, err)
	}
	ev, err := db.Update(ctx, "legacy", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		_, err := tour.AddPlayer(outflank.Player{Name: "Eve"})
		return "added Eve", err
	})
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID != 21 {
		t.Errorf("the first event after the upgrade is #%d; want #21, after the highest id given", ev.ID)
	}
}
