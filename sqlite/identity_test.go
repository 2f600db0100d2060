package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// addPlayer is a change that registers a player named name.
func addPlayer(name string) func(*outflank.Tournament) (string, error) {
	return func(t *outflank.Tournament) (string, error) {
		_, err := t.AddPlayer(outflank.Player{Name: name})
		return "added " + name, err
	}
}

// withSample returns the path of a database holding the sample tournament,
// and the database open on it.
func withSample(t *testing.T) (string, *sqlite.DB) {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "outflank.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	return path, db
}

// TestDeletedWhileChanging: a database deleted while a change is prepared
// is not written to, and the change is not reported saved.
func TestDeletedWhileChanging(t *testing.T) {
	path, db := withSample(t)
	ctx := context.Background()
	_, err := db.Update(ctx, "sample", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		return addPlayer("Gus Late")(tour)
	})
	if err == nil || !strings.Contains(err.Error(), "was deleted while this command ran: nothing was saved") {
		t.Fatalf("Update after the file was deleted: %v", err)
	}
}

// TestReplacedWhileChanging: a database replaced by another file (a copy
// moved over it) while a change is prepared is not written to; the file now
// at the path does not get the change either.
func TestReplacedWhileChanging(t *testing.T) {
	path, db := withSample(t)
	ctx := context.Background()
	copyPath := filepath.Join(filepath.Dir(path), "copy.db")
	if _, err := db.Update(ctx, "sample", outflank.KindPlayer, addPlayer("Hal Early")); err != nil {
		t.Fatal(err)
	}
	_, err := db.Update(ctx, "sample", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(copyPath, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(copyPath, path); err != nil {
			t.Fatal(err)
		}
		return addPlayer("Gus Late")(tour)
	})
	if err == nil || !strings.Contains(err.Error(), "was replaced by another file while this command ran: nothing was saved") {
		t.Fatalf("Update after the file was replaced: %v", err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var n int
	if err := raw.QueryRow(`SELECT count(*) FROM players WHERE name = 'Gus Late'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Error("the change reached the file that replaced the database")
	}
}

// TestReplacedByOlderCopyInPlace: a database overwritten in place by an
// older copy of itself while it is open is not written to.
func TestReplacedByOlderCopyInPlace(t *testing.T) {
	path, db := withSample(t)
	ctx := context.Background()
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Hal Early", "Ida Later"} {
		if _, err := db.Update(ctx, "sample", outflank.KindPlayer, addPlayer(name)); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = db.Update(ctx, "sample", outflank.KindPlayer, addPlayer("Gus Late"))
	if err == nil || !strings.Contains(err.Error(), "was replaced by an older copy while Outflank had it open") {
		t.Fatalf("Update on a file overwritten by an older copy: %v", err)
	}
}

// TestImportWritesItsRecordOnce: an import's event, whose record holds
// every row of the tournament, is written once, sealed with its hash as it
// is inserted. Inserting it and then writing the hash rewrote the record
// and left as much free space in the file. The event ids stay those
// AUTOINCREMENT gives, past deleted events too, and the log checks.
func TestImportWritesItsRecordOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "outflank.db")
	db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, storetest.CircleEvent(t, 400, 7), outflank.KindImport, "import"); err != nil {
		t.Fatal(err)
	}
	second := storetest.CircleEvent(t, 40, 3)
	second.Slug = "second"
	if _, err := db.Create(ctx, second, outflank.KindImport, "import"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var free, pages int
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`PRAGMA freelist_count`).Scan(&free); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`PRAGMA page_count`).Scan(&pages); err != nil {
		t.Fatal(err)
	}
	// A record rewritten would free about as many pages as it takes.
	if free*20 > pages {
		t.Errorf("%d of %d pages free after the imports", free, pages)
	}
	// The second tournament's event deleted by hand: the next id is
	// still 3, as AUTOINCREMENT gives it, not the largest id plus one.
	if _, err := raw.Exec(`DELETE FROM events WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err = sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ev, err := db.Update(ctx, "big", "player add", addPlayer("Late Comer"))
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID != 3 {
		t.Errorf("the event after a deleted one got id %d, want 3", ev.ID)
	}
	audit, err := db.Audit(ctx, "big")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.Verify(); err != nil {
		t.Fatal(err)
	}
}
