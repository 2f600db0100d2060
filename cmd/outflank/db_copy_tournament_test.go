package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDBCopyTournament (issue 26, point 11): a hall's copy of one
// tournament of a server's database (SQLite here, PostgreSQL in
// TestDBCopyTournamentPostgres) comes back with db copy --tournament.
func TestDBCopyTournament(t *testing.T) {
	copyBack(t, &tdb{t: t, path: filepath.Join(t.TempDir(), "server.db")})
}

// TestDBCopyTournamentPostgres is TestDBCopyTournament with the server's
// database on PostgreSQL.
func TestDBCopyTournamentPostgres(t *testing.T) {
	copyBack(t, &tdb{t: t, path: postgresTestURL(t)})
}

// copyBack plays the round trip of docs/deploy.md: the server's database
// is copied to a hall's laptop, where the event goes on while the server's
// other tournaments go on too (their new events take the ids the hall's
// take); the hall's tournament then comes back whole, appended to the
// server's log, which verifies, and the server's site shows it. A second
// copy changes nothing and says so; a tournament new in the hall is
// added; a copy after both sides changed the tournament is refused,
// naming the first change that differs on each side, and writes nothing.
func copyBack(t *testing.T, server *tdb) {
	server.ok("new", "club", "--name", "Club Open", "--rules", "bof-regional", "--rounds", "3", "--date", "2026-09-01")
	server.ok("player", "import", "club", writeFile(t, "club.csv", tenPlayers))
	server.ok("pair", "club")
	server.ok("new", "other", "--name", "Other Open", "--rules", "woc", "--rounds", "3", "--date", "2026-08-01")
	if code, _, stderr := runMain(t, "a long and secret password\n", "--db", server.path, "user", "add", "alice", "--admin", "--password-stdin"); code != 0 {
		t.Fatalf("user add: %s", stderr)
	}
	hall := &tdb{t: t, path: filepath.Join(t.TempDir(), "hall.db")}
	server.ok("db", "copy", "--from", server.path, "--to", hall.path)

	// The hall plays on: results (one undone and entered again, which
	// marks an event of before the copy), round 2, a judge link.
	hall.ok("judge", "add", "club", "--table", "1", "--label", "Dan", "--base-url", "https://hall.example")
	for table, score := range []string{"40-24", "33-31", "20-44", "32-32", "64-0"} {
		hall.ok("--as", "judge-1", "result", "club", "1", itoa(table+1), score)
	}
	hall.ok("--as", "td:hall", "undo", "club")
	hall.ok("--as", "td:hall", "result", "club", "1", "5", "60-4")
	hall.ok("--as", "td:hall", "pair", "club")
	// Meanwhile the server's other tournament takes the same event ids.
	server.ok("player", "import", "other", writeFile(t, "other.csv", tenPlayers))
	server.ok("pair", "other")
	for table := range 5 {
		server.ok("result", "other", "1", itoa(table+1), "33-31")
	}
	site := freshSite(t, server.path)
	before, _ := pageVersion(t, site, "/t/club")
	otherLog := server.ok("log", "other", "--json")
	users := server.ok("user", "list")

	out := hall.ok("db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "club")
	for _, want := range []string{"brought club (Club Open) up to date in ", ": 8 events added after event #", "by judge-1, td:hall", "log verified, head ",
		"NOT copied: 1 judge link of club in "} {
		if !strings.Contains(out, want) {
			t.Errorf("db copy --tournament printed %q; want %q in it", out, want)
		}
	}
	for _, args := range [][]string{{"export", "club", "--format", "json"}, {"log", "club", "--json"}, {"log", "club", "--verify"}, {"standings", "club", "--json"}} {
		if got, want := server.ok(args...), hall.ok(args...); got != want {
			t.Errorf("outflank %s differs on the server after the copy back:\n got %s\nwant %s", strings.Join(args, " "), got, want)
		}
	}
	server.ok("log", "other", "--verify")
	if got := server.ok("log", "other", "--json"); got != otherLog {
		t.Errorf("the copy back changed another tournament's log")
	}
	if got := server.ok("user", "list"); got != users {
		t.Errorf("a copy of one tournament changed the accounts: %q, then %q", users, got)
	}
	// The server's site shows the round the hall paired.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if v, _ := pageVersion(t, site, "/t/club"); v > before {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server's site still shows version %d of club", before)
		}
	}
	if _, body := pageVersion(t, site, "/t/club/pairings/2"); !strings.Contains(body, "Round 2") {
		t.Errorf("the server's site shows no round 2 of club:\n%s", body)
	}
	sameAPI(t, server, site, "club")

	// Copied again: nothing to do. The server goes on: still nothing.
	logBefore := server.ok("log", "club", "--json")
	if out := hall.ok("db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "club"); !strings.Contains(out, "club: "+server.nameInMessages()+" already has it as ") || !strings.Contains(out, "nothing to copy") {
		t.Errorf("a second copy printed %q", out)
	}
	server.ok("--as", "td:server", "result", "club", "2", "1", "36-28")
	if out := hall.ok("db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "club"); !strings.Contains(out, "has every event of ") || !strings.Contains(out, "and 1 event more (the latest #") {
		t.Errorf("a copy to a server that went on printed %q", out)
	}
	if got := server.ok("log", "club", "--json"); got == logBefore || !strings.Contains(got, "td:server") {
		t.Errorf("the server's log after its own change: %s", got)
	}

	// Both sides changed it: refused, naming the changes, nothing written.
	hall.ok("--as", "judge-2", "result", "club", "2", "2", "10-54")
	logBefore = server.ok("log", "club", "--json")
	server.fail(1, "club was changed in both ", "db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "club")
	_, _, stderr := runMain(t, "", "db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "club")
	for _, want := range []string{": nothing was copied", "first change that differs, event 12 of each log:", "in " + hall.path + ": #", " by judge-2: round 2 table 2",
		"in " + server.nameInMessages() + ": #", " by td:server: round 2 table 1", "outflank remove club"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the refusal says %q; want %q in it", stderr, want)
		}
	}
	if got := server.ok("log", "club", "--json"); got != logBefore {
		t.Errorf("a refused copy changed the server's log")
	}
	server.ok("log", "club", "--verify")

	// A tournament new in the hall: added whole, its event ids shared
	// with the server's other logs.
	hall.ok("new", "junior", "--name", "Junior Open", "--rules", "woc", "--rounds", "2", "--date", "2026-09-02")
	hall.ok("player", "import", "junior", writeFile(t, "junior.csv", tenPlayers))
	if out := hall.ok("db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "junior"); !strings.Contains(out, "new there") || !strings.Contains(out, "copied junior (Junior Open): 10 players, 0 rounds, 2 events; log verified") {
		t.Errorf("copying a new tournament printed %q", out)
	}
	for _, args := range [][]string{{"export", "junior", "--format", "json"}, {"log", "junior", "--json"}, {"log", "junior", "--verify"}} {
		if got, want := server.ok(args...), hall.ok(args...); got != want {
			t.Errorf("outflank %s differs on the server:\n got %s\nwant %s", strings.Join(args, " "), got, want)
		}
	}
	// And the server goes on with it after every id it has.
	server.ok("pair", "junior")
	server.ok("log", "junior", "--verify")

	hall.fail(1, `no tournament "nope" in `, "db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "nope")
	// Two tournaments of one slug, made apart: refused, nothing written.
	server.ok("new", "dup", "--name", "Server's", "--rules", "woc")
	hall.ok("new", "dup", "--name", "Hall's", "--rules", "woc")
	hall.fail(1, "are different tournaments (their logs differ from the first event): nothing was copied", "db", "copy", "--from", hall.path, "--to", server.path, "--tournament", "dup")
	if got := server.ok("list"); !strings.Contains(got, "Server's") || strings.Contains(got, "Hall's") {
		t.Errorf("after a refused copy of dup: %s", got)
	}
}

// nameInMessages is how db copy names the database: its path, or its URL
// without the password.
func (d *tdb) nameInMessages() string { return redactURL(d.path) }
