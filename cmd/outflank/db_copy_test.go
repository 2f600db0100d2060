package main

import (
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
)

// copySource fills a SQLite file with two tournaments (one with undone
// changes) and the player database, and returns it.
func copySource(t *testing.T) *tdb {
	t.Helper()
	d := &tdb{t: t, path: filepath.Join(t.TempDir(), "source.db")}
	enterTenPlayerEvent(d)
	d.ok("--as", "judge-1", "result", "e2e", "5", "4", "--replace", "60-4")
	d.ok("undo", "e2e")
	d.ok("result", "e2e", "5", "4", "--replace", "50-14")
	d.ok("new", "second", "--name", "Second Open", "--rules", "bof-regional", "--rounds", "3", "--date", "2026-09-01")
	d.ok("player", "import", "second", writeFile(t, "second.csv", tenPlayers))
	d.ok("pair", "second")
	d.ok("playerdb", "load", shareddata.File(t, "wof", "joueurs.txt"))
	d.ok("circuit", "new", "gp", "--rules", "bof-gp", "--year", "2026")
	d.ok("--as", "gp-secretary", "circuit", "add", "gp", "second")
	d.ok("member", "add", "--name", "Smith, John", "--country", "GBR", "--paid-until", "2026-12-31")
	d.ok("member", "add", "--name", "Berg, Anna", "--country", "SWE")
	d.ok("member", "add", "--name", "Typo, Made")
	d.ok("member", "edit", "Berg, Anna", "--unwaged")
	d.ok("member", "remove", "Typo, Made")
	if code, _, stderr := runMain(t, "a long and secret password\n", "--db", d.path, "user", "add", "alice", "--admin", "--password-stdin"); code != 0 {
		t.Fatalf("user add: %s", stderr)
	}
	d.ok("user", "grant", "alice", "second")
	d.ok("token", "add", "alice", "feed")
	d.ok("judge", "add", "second", "--table", "2", "--label", "Dan", "--base-url", "https://hall.example")
	return d
}

// sameTournaments checks that export --format json, log --json and log
// --verify print the same for both databases.
func sameTournaments(t *testing.T, a, b *tdb, slugs ...string) {
	t.Helper()
	for _, slug := range slugs {
		for _, args := range [][]string{{"export", slug, "--format", "json"}, {"log", slug, "--json"}, {"log", slug}} {
			if got, want := b.ok(args...), a.ok(args...); got != want {
				t.Errorf("outflank %s differs on the copy:\n got %s\nwant %s", strings.Join(args, " "), got, want)
			}
		}
		// It fails on both alike when the rows were edited outside
		// Outflank (laterRecords).
		code, out, errOut := b.run("log", slug, "--verify")
		if wantCode, wantOut, wantErr := a.run("log", slug, "--verify"); code != wantCode || out != wantOut || errOut != wantErr {
			t.Errorf("outflank log %s --verify differs on the copy:\n got exit %d %s%s\nwant exit %d %s%s", slug, code, out, errOut, wantCode, wantOut, wantErr)
		}
	}
	for _, args := range [][]string{{"list"}, {"circuit", "standings", "gp", "--json"}, {"circuit", "log", "gp", "--json"}, {"member", "list", "--json"},
		{"member", "log", "--json"}, {"user", "list"}, {"user", "log", "--json"}, {"token", "list"}, {"judge", "list", "second"}} {
		if got, want := b.ok(args...), a.ok(args...); got != want {
			t.Errorf("outflank %s differs on the copy:\n got %s\nwant %s", strings.Join(args, " "), got, want)
		}
	}
}

// TestDBCopy copies a SQLite file to another: the tournaments, their logs
// and the player database are the same on the copy, and a second copy is
// refused without writing anything.
func TestDBCopy(t *testing.T) {
	src := copySource(t)
	dst := &tdb{t: t, path: filepath.Join(t.TempDir(), "copy.db")}
	out := src.ok("db", "copy", "--from", src.path, "--to", dst.path)
	for _, want := range []string{"copying 2 tournaments from ", "copied e2e (End-to-End Open): 10 players, 5 rounds, ", "copied second (Second Open): 10 players, 1 round, ",
		"log verified", "player database: copied (joueurs.txt, ", "copied circuit gp (", "copied the member records: 2 members, 5 log entries",
		"copied the user accounts: 1 user, 1 token, 1 judge link, 4 log entries (not the sessions"} {
		if !strings.Contains(out, want) {
			t.Errorf("db copy printed %q; want %q in it", out, want)
		}
	}
	sameTournaments(t, src, dst, "e2e", "second")
	if got, want := dst.ok("playerdb", "show"), src.ok("playerdb", "show"); got != want {
		t.Errorf("playerdb show on the copy: %q, want %q", got, want)
	}
	if got, want := playerDBInfo(t, dst.path), playerDBInfo(t, src.path); got.Source != want.Source || got.Players != want.Players || !got.LoadedAt.Equal(want.LoadedAt) {
		t.Errorf("the copy's player database: %+v, want %+v", got, want)
	}
	// The copy goes on like the original.
	dst.ok("undo", "e2e")
	dst.ok("log", "e2e", "--verify")
	if got, want := dst.ok("member", "add", "--name", "New, Comer"), src.ok("member", "add", "--name", "New, Comer"); got != want {
		t.Errorf("a member added to the copy: %q; to the original: %q", got, want)
	}
	if out := src.ok("db", "copy", "--from", src.path, "--to", filepath.Join(t.TempDir(), "bare.db")); strings.Contains(out, "NOT copied") {
		t.Errorf("db copy of a source without accounts says %q", out)
	}

	again := &tdb{t: t, path: filepath.Join(t.TempDir(), "again.db")}
	again.ok("new", "second", "--name", "Other", "--rules", "woc")
	before := again.ok("list")
	again.fail(1, "already has tournament second: nothing was copied; copy one tournament at a time into it with --tournament SLUG", "db", "copy", "--from", src.path, "--to", again.path)
	if after := again.ok("list"); after != before {
		t.Errorf("a refused copy changed the destination: %q, then %q", before, after)
	}
	// Another database's log uses the same event ids: copied as they are
	// (an id is unique within its log; issue 26, point 11).
	third := &tdb{t: t, path: filepath.Join(t.TempDir(), "third.db")}
	third.ok("new", "third", "--name", "Third", "--rules", "woc")
	third.ok("db", "copy", "--from", third.path, "--to", dst.path)
	if got, want := dst.ok("log", "third", "--verify"), third.ok("log", "third", "--verify"); got != want {
		t.Errorf("log third --verify on the copy: %q, want %q", got, want)
	}
	src.fail(2, "usage: outflank db copy", "db", "copy", "--from", src.path)
	src.fail(2, "the same database", "db", "copy", "--from", src.path, "--to", src.path)
	src.fail(1, "no database at", "db", "copy", "--from", filepath.Join(t.TempDir(), "none.db"), "--to", filepath.Join(t.TempDir(), "x.db"))
}

// TestDBCopyPostgres copies a SQLite file to PostgreSQL and back: the
// tournaments and their logs come back the same, and so do the records
// laterRecords adds (e2e, edited outside Outflank, is compared there).
func TestDBCopyPostgres(t *testing.T) {
	src := copySource(t)
	verified := laterRecords(t, src)
	pg := &tdb{t: t, path: postgresTestURL(t)}
	back := &tdb{t: t, path: filepath.Join(t.TempDir(), "back.db")}
	src.ok("db", "copy", "--from", src.path, "--to", pg.path)
	sameTournaments(t, src, pg, "e2e", "second")
	src.ok("db", "copy", "--from", pg.path, "--to", back.path)
	sameTournaments(t, src, back, "e2e", "second")
	if got, want := playerDBInfo(t, back.path), playerDBInfo(t, src.path); got.Source != want.Source || got.Players != want.Players || !got.LoadedAt.Equal(want.LoadedAt) {
		t.Errorf("the player database after the round trip: %+v, want %+v", got, want)
	}
	// The fee rates, the records of what was removed and the edits made
	// outside Outflank, on PostgreSQL and back (issue 26).
	sameLaterRecords(t, src, pg, verified)
	sameLaterRecords(t, src, back, verified)
}

// playerDBInfo reads what the player database of the database at path is.
func playerDBInfo(t *testing.T, path string) *outflank.PlayerDBInfo {
	t.Helper()
	db, err := openStore(t.Context(), path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	info, err := db.PlayerDBInfo(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return info
}
