//go:build unix

package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"outflank"
)

// The tests of issue 10's "durability and honesty of the database": each
// fails on the store as it was before.

// recordsEvent creates, in d, a tournament "rec" of four players with round
// 1 paired (1-2, 3-4) and a result on table 1.
func recordsEvent(d *tdb) {
	d.t.Helper()
	d.ok("new", "rec", "--name", "Records Open", "--rules", "woc", "--rounds", "5")
	for _, name := range []string{"Ann", "Ben", "Cid", "Dee"} {
		d.ok("player", "add", "rec", "--name", name)
	}
	d.ok("round", "add", "rec", "--pair", "1-2", "--pair", "3-4", "--stage", "swiss")
	d.ok("result", "rec", "1", "1", "40-24")
}

// chmodAll sets the mode of each path, and puts the old ones back when the
// test ends.
func chmodAll(t *testing.T, mode os.FileMode, paths ...string) {
	t.Helper()
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, mode); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(p, info.Mode().Perm()) })
	}
}

// TestReadOnlyDatabaseSeesCrashedWritersLog: a database that another user
// cannot write, beside the log a crashed writer left, is read through that
// log (it used to be opened immutable, which ignores the log: stale data).
// The reader is a non-root user.
func TestReadOnlyDatabaseSeesCrashedWritersLog(t *testing.T) {
	sqliteOnly(t, "a crashed writer's -wal log read by another user")
	bin := testBinary(t)
	dir := publicDir(t)
	d := &tdb{t: t, path: filepath.Join(dir, "outflank.db")}
	recordsEvent(d)
	if code, _, stderr := reexec(t, bin, "crashed-writer", false, d.path, "rec", "1", "2", "10", "54"); code != 0 {
		t.Fatalf("crashed writer: exit %d: %s", code, stderr)
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(d.path + suffix); err != nil {
			t.Fatalf("the crashed writer left no %s: %v", suffix, err)
		}
	}
	// Another user's files: readable, not writable, in a folder he cannot
	// write (as root runs the test, the reader is "nobody"; otherwise the
	// modes alone make the files read-only).
	chmodAll(t, 0o444, d.path, d.path+"-wal", d.path+"-shm")
	chmodAll(t, 0o555, dir)
	code, stdout, stderr := reexec(t, bin, "main", true, "--db", d.path, "export", "rec", "--format", "csv")
	if code != 0 {
		t.Fatalf("export by another user: exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "10,54,normal") {
		t.Errorf("another user reading the database does not see the change in its log:\n%s", stdout)
	}
	// The reader wrote nothing: the writer's files are as they were.
	code, _, stderr = reexec(t, bin, "main", true, "--db", d.path, "result", "rec", "1", "2", "30-34", "--replace")
	if code != 1 || !strings.Contains(stderr, "read-only") {
		t.Errorf("a write by another user: exit %d, %q; want a read-only refusal", code, stderr)
	}

	// Without the WAL index (-shm) beside the log, a folder that cannot be
	// written leaves no way to read the log: said plainly, not stale data.
	chmodAll(t, 0o755, dir)
	if err := os.Rename(d.path+"-shm", filepath.Join(t.TempDir(), "shm")); err != nil {
		t.Fatal(err)
	}
	chmodAll(t, 0o555, dir)
	code, stdout, stderr = reexec(t, bin, "main", true, "--db", d.path, "export", "rec", "--format", "csv")
	if code == 0 && !strings.Contains(stdout, "10,54,normal") {
		t.Errorf("read without the -shm file showed stale data:\n%s", stdout)
	}
	if code != 0 && (code != 1 || !strings.Contains(stderr, "cannot open")) {
		t.Errorf("read without the -shm file: exit %d, %q; want the change or a plain refusal", code, stderr)
	}
}

// TestRestoredBackupBesideNewerLog: a backup copied over the database while
// a crashed writer's log is beside it is refused, and neither file is
// touched (SQLite would lay the log's pages over the older file).
func TestRestoredBackupBesideNewerLog(t *testing.T) {
	sqliteOnly(t, "a backup file beside a crashed writer's -wal log")
	bin := testBinary(t)
	d := newTDB(t)
	recordsEvent(d)
	backup := readFile(t, d.path)
	d.ok("result", "rec", "1", "2", "30-34")
	d.ok("player", "add", "rec", "--name", "Eve", "--override", "late entry")
	if code, _, stderr := reexec(t, bin, "crashed-writer", false, d.path, "rec", "1", "2", "10", "54"); code != 0 {
		t.Fatalf("crashed writer: exit %d: %s", code, stderr)
	}
	if err := os.WriteFile(d.path, backup, 0o600); err != nil {
		t.Fatal(err)
	}
	wal := readFile(t, d.path+"-wal")
	for _, args := range [][]string{{"export", "rec"}, {"list"}, {"result", "rec", "1", "2", "20-44", "--replace"}} {
		d.fail(1, "not the file its write-ahead log", args...)
	}
	if !bytes.Equal(readFile(t, d.path), backup) || !bytes.Equal(readFile(t, d.path+"-wal"), wal) {
		t.Error("a refused open changed the restored file or the log")
	}
	// Moving the log away, as the message says, gives the backup.
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Rename(d.path+suffix, filepath.Join(t.TempDir(), "old"+suffix)); err != nil {
			t.Fatal(err)
		}
	}
	if out := d.ok("export", "rec", "--format", "csv"); !strings.Contains(out, "1,swiss,2,3,Cid,4,Dee,,,,") {
		t.Errorf("the backup, once the log was moved away:\n%s", out)
	}
	// The database and its own log, as a crash leaves them, are fine.
	if code, _, stderr := reexec(t, bin, "crashed-writer", false, d.path, "rec", "1", "2", "10", "54"); code != 0 {
		t.Fatalf("crashed writer: exit %d: %s", code, stderr)
	}
	if out := d.ok("export", "rec", "--format", "csv"); !strings.Contains(out, "10,54,normal") {
		t.Errorf("the change in the database's own log:\n%s", out)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestDamagedDatabasesRefused: truncated, corrupted, foreign and empty
// files are refused by every command with a message saying what is wrong,
// and none is written to.
func TestDamagedDatabasesRefused(t *testing.T) {
	sqliteOnly(t, "damaged and foreign files")
	good := newTDB(t)
	recordsEvent(good)
	for i := range 40 {
		good.ok("player", "add", "rec", "--name", "Extra "+strings.Repeat("x", 60)+itoa(i), "--override", "late entry")
	}
	// The page damaged is the root of the players table, which every
	// command reads: the last pages of the file may be those of tables
	// no command here reads (the accounts'), and damage in a page's
	// unused middle is harmless.
	var root, pageSize int
	raw := crashOpenRaw(t, good.path)
	if err := raw.QueryRow(`SELECT rootpage, (SELECT page_size FROM pragma_page_size) FROM sqlite_master WHERE name = 'players'`).Scan(&root, &pageSize); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	whole := readFile(t, good.path)
	foreign := filepath.Join(t.TempDir(), "other.db")
	other := newTDB(t)
	other.ok("new", "x", "--name", "X", "--rules", "woc")
	for _, c := range []struct {
		name string
		data func() []byte
		want string
	}{
		{"truncated", func() []byte { return whole[:len(whole)/2] }, "truncated"},
		{"cut inside its header", func() []byte { return whole[:60] }, "cut short"},
		{"a page overwritten", func() []byte {
			data := bytes.Clone(whole)
			for i := (root - 1) * pageSize; i < root*pageSize; i++ {
				data[i] = 0xA5
			}
			return data
		}, "damaged"},
		{"text", func() []byte { return []byte("name,country\nAnn,GBR\n") }, "not an SQLite database"},
		{"empty", func() []byte { return nil }, "empty file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := newTDB(t)
			data := c.data()
			if err := os.WriteFile(d.path, data, 0o600); err != nil {
				t.Fatal(err)
			}
			for _, args := range [][]string{{"list"}, {"export", "rec"}, {"result", "rec", "1", "2", "30-34"}, {"player", "add", "rec", "--name", "Zed"}} {
				d.fail(1, c.want, args...)
			}
			if !bytes.Equal(readFile(t, d.path), data) {
				t.Error("the damaged file was written to")
			}
		})
	}
	// An SQLite database of another program is not written to either.
	if err := os.WriteFile(foreign, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db := crashOpenRaw(t, foreign)
	if _, err := db.Exec(`CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT); PRAGMA journal_mode = DELETE`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := readFile(t, foreign)
	d := &tdb{t: t, path: foreign}
	d.fail(1, "not an Outflank database (it is an SQLite database of another program)", "list")
	d.fail(1, "not an Outflank database", "new", "y", "--name", "Y", "--rules", "woc")
	if !bytes.Equal(readFile(t, foreign), before) {
		t.Error("another program's database was written to")
	}
}

// TestMissingDatabaseIsNotCreated: a mistyped --db is reported by every
// command but those that create a tournament, and no file appears.
func TestMissingDatabaseIsNotCreated(t *testing.T) {
	sqliteOnly(t, "a mistyped file name")
	dir := t.TempDir()
	d := &tdb{t: t, path: filepath.Join(dir, "outflnk.db")}
	for _, args := range [][]string{
		{"list"}, {"export", "rec"}, {"standings", "rec"}, {"crosstable", "rec"}, {"status", "rec"}, {"log", "rec"},
		{"log", "rec", "--verify"}, {"undo", "rec"}, {"pair", "rec"}, {"result", "rec", "1", "1", "40-24"},
		{"player", "add", "rec", "--name", "Ann"}, {"player", "withdraw", "rec", "1"}, {"player", "edit", "rec", "1", "--rating", "3"},
		{"round", "add", "rec", "--pair", "1-2"},
	} {
		d.fail(1, "no database at "+d.path+": 'outflank new' creates one", args...)
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("files were created: %v", names)
	}
	if code, _, stderr := d.run("new", "rec", "--name", "Records Open", "--rules", "woc"); code != 0 || !strings.Contains(stderr, "created a new database: "+d.path) {
		t.Errorf("new on a new path: exit %d, stderr %q; want it to say it created the database", code, stderr)
	}
	if _, err := os.Stat(d.path); err != nil {
		t.Errorf("new did not create the database: %v", err)
	}
	if code, _, stderr := d.run("new", "rec2", "--name", "Records Cup", "--rules", "woc"); code != 0 || strings.Contains(stderr, "created") {
		t.Errorf("new on an existing database: exit %d, stderr %q", code, stderr)
	}
}

// TestDatabasePathIsAPlainPath: "?" and "#" in --db name that very file.
func TestDatabasePathIsAPlainPath(t *testing.T) {
	sqliteOnly(t, "file names that look like URIs")
	dir := t.TempDir()
	for _, name := range []string{"club?mode=memory.db", "club#1.db", "50%25 off.db", "a&b=c?.db"} {
		d := &tdb{t: t, path: filepath.Join(dir, name)}
		d.ok("new", "rec", "--name", "Records Open", "--rules", "woc")
		d.ok("player", "add", "rec", "--name", "Ann")
		if out := d.ok("list"); !strings.Contains(out, "1 player ") {
			t.Errorf("%s: list %q", name, out)
		}
	}
	names := dirNames(t, dir)
	want := []string{"50%25 off.db", "a&b=c?.db", "club#1.db", "club?mode=memory.db"}
	if !slices.Equal(names, want) {
		t.Errorf("files %q, want exactly %q", names, want)
	}
}

// TestNewDatabaseIsPrivate: it holds birth dates and contact details.
func TestNewDatabaseIsPrivate(t *testing.T) {
	sqliteOnly(t, "the new file's permissions")
	d := newTDB(t)
	old := syscallUmask(0)
	defer syscallUmask(old)
	d.ok("new", "rec", "--name", "Records Open", "--rules", "woc")
	info, err := os.Stat(d.path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("new database has mode %v, want -rw-------", info.Mode().Perm())
	}
}

// TestConcurrentNewSameDatabase: commands creating the same new database at
// once all succeed; none reports a wait it did not make.
func TestConcurrentNewSameDatabase(t *testing.T) {
	sqliteOnly(t, "commands creating the same new file at once")
	for trial := range 15 {
		path := filepath.Join(t.TempDir(), "outflank.db")
		var wg sync.WaitGroup
		codes := make([]int, 8)
		errs := make([]string, 8)
		for i := range codes {
			wg.Go(func() {
				var stderr string
				codes[i], _, stderr = runMain(t, "", "--db", path, "new", "t"+itoa(i), "--name", "T", "--rules", "woc")
				errs[i] = stderr
			})
		}
		wg.Wait()
		for i, code := range codes {
			if code != 0 {
				t.Fatalf("trial %d: creator %d: exit %d: %s", trial, i, code, errs[i])
			}
		}
		d := &tdb{t: t, path: path}
		if out := d.ok("list"); strings.Count(out, "\n") != 8 {
			t.Fatalf("trial %d: list:\n%s", trial, out)
		}
	}
}

// TestConcurrentPairLoser: two directors pair the same round at once, with
// two commands (two processes: the writers of one process take turns, so
// the second would simply see the round paired). One is saved; the other
// is told the round was paired meanwhile (it used to wait for the lock,
// then fail on the new round's missing results).
func TestConcurrentPairLoser(t *testing.T) {
	bin := testBinary(t)
	d := newTDB(t)
	d.ok("new", "big", "--name", "Big Swiss", "--rules", "woc", "--rounds", "9")
	var csv strings.Builder
	csv.WriteString("name,rating\n")
	for i := range 1000 {
		csv.WriteString("Player " + itoa(i) + "," + itoa(1000+i) + "\n")
	}
	d.ok("player", "import", "big", writeFile(t, "p.csv", csv.String()))
	d.ok("pair", "big", "--seed", "1")
	enterAllResults(t, d.path, "big", 1)
	overlapped := false
	for trial := 0; trial < 3 && !overlapped; trial++ {
		var wg sync.WaitGroup
		codes := make([]int, 2)
		errs := make([]string, 2)
		for i := range codes {
			wg.Go(func() {
				codes[i], _, errs[i] = reexec(t, bin, "main", false, "--db", d.path, "pair", "big", "--seed", itoa(i))
			})
		}
		wg.Wait()
		if codes[0]+codes[1] != 1 {
			t.Fatalf("two pairings: exits %v, %q; want one saved and one refused", codes, errs)
		}
		loser := errs[0] + errs[1]
		switch {
		case strings.Contains(loser, "was paired meanwhile"):
			overlapped = true
		case !strings.Contains(loser, "has no result yet"):
			t.Fatalf("the refused pairing says %q", loser)
		}
		d.ok("undo", "big")
	}
	if !overlapped {
		t.Error("in 3 trials the two pairings never overlapped")
	}
}

// TestActorsInTheLog: every change names who made it; log --json uses the
// snake_case names of the rest of the JSON.
func TestActorsInTheLog(t *testing.T) {
	d := newTDB(t)
	t.Setenv("OUTFLANK_USER", "")
	d.ok("--as", "Ann TD", "new", "rec", "--name", "Records Open", "--rules", "woc")
	t.Setenv("OUTFLANK_USER", "Ben Assistant")
	d.ok("player", "add", "rec", "--name", "Ann")
	d.ok("--as", "Cid Judge", "player", "add", "rec", "--name", "Ben")
	t.Setenv("OUTFLANK_USER", "")
	d.ok("player", "add", "rec", "--name", "Cid")
	d.fail(1, "control character", "--as", "Eve\x1b[31m", "player", "add", "rec", "--name", "Dee")
	out := d.ok("log", "rec")
	for _, want := range []string{"Ann TD", "Ben Assistant", "Cid Judge"} {
		if !strings.Contains(out, want) {
			t.Errorf("log does not name %q:\n%s", want, out)
		}
	}
	var events []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(d.ok("log", "rec", "--json")), &events); err != nil {
		t.Fatal(err)
	}
	if len(events) != 4 {
		t.Fatalf("%d events, want 4", len(events))
	}
	for _, ev := range events {
		for key := range ev {
			if key != strings.ToLower(key) {
				t.Errorf("log --json has the field %q: want snake_case", key)
			}
		}
		for _, key := range []string{"id", "at", "actor", "kind", "summary", "changes", "hash", "prev_hash"} {
			if _, ok := ev[key]; !ok {
				t.Errorf("log --json event lacks %q: %v", key, ev)
			}
		}
	}
	if string(events[3]["actor"]) == `""` || string(events[2]["actor"]) != `"Cid Judge"` {
		t.Errorf("actors: %s, %s", events[2]["actor"], events[3]["actor"])
	}
}

// TestLogVerify: an intact log verifies and prints its head; each kind of
// edit behind Outflank's back is found and named.
func TestLogVerify(t *testing.T) {
	d := newTDB(t)
	recordsEvent(d)
	d.ok("result", "rec", "1", "2", "30-34")
	out := d.ok("log", "rec", "--verify")
	if !strings.Contains(out, "is intact: 8 entries, head ") {
		t.Fatalf("log --verify: %q", out)
	}
	kept := strings.TrimSpace(out[strings.Index(out, "head ")+5:])
	d.ok("player", "add", "rec", "--name", "Eve", "--override", "late entry")
	if out := d.ok("log", "rec", "--verify", "--head", kept); !strings.Contains(out, "entry #8 has the hash") || !strings.Contains(out, "1 entry follows it") {
		t.Errorf("log --verify --head: %q", out)
	}
	d.fail(1, "no entry of the log of rec has the hash", "log", "rec", "--verify", "--head", strings.Repeat("0", 64))
	// Each edit behind Outflank's back is made to a copy of the database
	// as it is now, with SQL (pgSQL on PostgreSQL, when it differs).
	cases := []struct {
		name, sql, pgSQL, want string
	}{
		{"altered", `UPDATE events SET summary = 'round 1 table 1: 24-40' WHERE id = 7`, "", "entry #7 (result.set) was altered"},
		{"removed", `DELETE FROM events WHERE id = 4`, "", "entry #5 does not follow #3"},
		{"reordered", `UPDATE events SET id = 100 WHERE id = 2; UPDATE events SET id = 2 WHERE id = 3; UPDATE events SET id = 3 WHERE id = 100`,
			`ALTER TABLE events ALTER COLUMN id DROP IDENTITY; UPDATE events SET id = 100 WHERE id = 2; UPDATE events SET id = 2 WHERE id = 3; UPDATE events SET id = 3 WHERE id = 100`,
			"entry #2 does not follow #1"},
		{"last removed", `DELETE FROM events WHERE id = 9`, "", "entries at the end were removed"},
		{"result edited", `UPDATE games SET black_discs = 20, white_discs = 44 WHERE round = 1 AND table_no = 1`, "", "game 1/1 differs from what the log says"},
		{"player added", `INSERT INTO players SELECT tournament_id, 99, 'Ghost', country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, version, absent_rounds, citizenship, resident_since, exemption FROM players WHERE id = 1`,
			`INSERT INTO players (tournament_id, id, name, country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, version, absent_rounds, citizenship, resident_since, exemption)
				SELECT tournament_id, 99, 'Ghost', country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, version, absent_rounds, citizenship, resident_since, exemption FROM players WHERE id = 1`,
			"player 99 is in the stored tournament but in no log entry"},
	}
	if onPostgres() {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				edited := &tdb{t: t, path: postgresTestURL(t)}
				edited.ok("db", "copy", "--from", d.path, "--to", edited.path)
				execPostgres(t, edited.path, cmp.Or(c.pgSQL, c.sql))
				edited.fail(1, c.want, "log", "rec", "--verify")
			})
		}
		return
	}
	clean := readFile(t, d.path)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := os.WriteFile(d.path, clean, 0o600); err != nil {
				t.Fatal(err)
			}
			os.Remove(d.path + "-wal")
			os.Remove(d.path + "-shm")
			db := crashOpenRaw(t, d.path)
			if _, err := db.Exec(c.sql); err != nil {
				t.Fatal(err)
			}
			db.Close()
			d.fail(1, c.want, "log", "rec", "--verify")
		})
	}
}

// TestConditionalWrites: --expect makes a replacement or an undo happen
// only on the state the director saw, and says who changed it otherwise.
func TestConditionalWrites(t *testing.T) {
	d := newTDB(t)
	recordsEvent(d)
	d.ok("--as", "Judge Two", "result", "rec", "1", "2", "30-34")
	d.fail(1, "round 1 table 2 has 30-34, not the 34-30 expected", "result", "rec", "1", "2", "20-44", "--replace", "--expect", "34-30")
	d.fail(1, "last changed by Judge Two at", "result", "rec", "1", "2", "20-44", "--replace", "--expect", "34-30")
	d.fail(2, "--expect goes with --replace", "result", "rec", "1", "2", "20-44", "--expect", "30-34")
	if out := d.ok("result", "rec", "1", "2", "20-44", "--replace", "--expect", "30-34"); !strings.HasPrefix(out, "saved: round 1 table 2") {
		t.Errorf("replace with the right expectation: %q", out)
	}
	// undo --expect N: the latest change is #9 (the replacement) until
	// another director adds a player (#10).
	d.ok("--as", "Other TD", "player", "add", "rec", "--name", "Eve", "--override", "late entry")
	d.fail(1, "the latest change of rec is now #10 (player.add: added player #5 Eve; eligibility overridden (WOC I.2.2): late entry, by Other TD), not #9", "undo", "rec", "--expect", "9")
	if out := d.ok("undo", "rec", "--expect", "10"); !strings.Contains(out, "undid #10") {
		t.Errorf("undo --expect 10: %q", out)
	}
}

func syscallUmask(mask int) int { return syscall.Umask(mask) }

// enterAllResults gives every game of round n a result, in one change.
func enterAllResults(t *testing.T, path, slug string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := openStore(ctx, path, false)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Update(ctx, slug, outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		r, _ := tour.Round(n)
		for _, g := range r.Games {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
			if err != nil {
				return "", err
			}
			if _, err := tour.SetResult(n, g.Table, res, outflank.ResultOptions{}); err != nil {
				return "", err
			}
		}
		return "every result of the round", nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestOpenWhileAnotherHoldsTheWriteLock: a command opening a new database
// while another holds the write lock waits for it (SQLite refuses that lock
// at once, without waiting, to a connection that must upgrade its read
// lock; this used to be reported as a 10-second wait that never happened).
func TestOpenWhileAnotherHoldsTheWriteLock(t *testing.T) {
	sqliteOnly(t, "SQLite's write lock on the file")
	d := newTDB(t)
	if err := os.WriteFile(d.path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	raw := crashOpenRaw(t, d.path)
	defer raw.Close()
	conn, err := raw.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	go func() {
		time.Sleep(300 * time.Millisecond)
		conn.ExecContext(context.Background(), `ROLLBACK`)
		conn.Close()
	}()
	start := time.Now()
	code, _, stderr := runMain(t, "", "--db", d.path, "new", "rec", "--name", "Records Open", "--rules", "woc")
	if code != 0 {
		t.Fatalf("new while another connection held the write lock for 300 ms: exit %d after %v: %s", code, time.Since(start).Round(time.Millisecond), stderr)
	}
}

// TestDatabaseThroughSymlink: a --db that is a link to the database works
// (its log beside the real file is checked), a dangling one is refused.
func TestDatabaseThroughSymlink(t *testing.T) {
	sqliteOnly(t, "a symbolic link to the file")
	bin := testBinary(t)
	d := newTDB(t)
	recordsEvent(d)
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(d.path, link); err != nil {
		t.Fatal(err)
	}
	l := &tdb{t: t, path: link}
	if code, _, stderr := reexec(t, bin, "crashed-writer", false, link, "rec", "1", "2", "10", "54"); code != 0 {
		t.Fatalf("crashed writer: exit %d: %s", code, stderr)
	}
	if out := l.ok("export", "rec", "--format", "csv"); !strings.Contains(out, "10,54,normal") {
		t.Errorf("through the link:\n%s", out)
	}
	dangling := &tdb{t: t, path: filepath.Join(t.TempDir(), "dangling.db")}
	if err := os.Symlink(filepath.Join(t.TempDir(), "gone.db"), dangling.path); err != nil {
		t.Fatal(err)
	}
	dangling.fail(1, "symbolic link to nothing", "list")
	dangling.fail(1, "symbolic link to nothing", "new", "x", "--name", "X", "--rules", "woc")
}
