package main

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// laterRecords adds to d what issue 26 added to a federation's records:
// the fee rates of a year, a removed tournament and a deleted circuit,
// kept to be restored, and three edits of e2e made outside Outflank (the
// rows put back, so that its log's chain holds and db copy takes it). It
// returns what 'log gone --verify' printed before gone was removed.
func laterRecords(t *testing.T, d *tdb) string {
	t.Helper()
	d.ok("--as", "treasurer", "member", "rates", "--year", "2027", "--standard", "12", "--unwaged", "6")
	d.ok("new", "gone", "--name", "Gone Open", "--rules", "woc", "--date", "2026-03-01")
	d.ok("player", "import", "gone", writeFile(t, "gone.csv", tenPlayers))
	d.ok("pair", "gone")
	verified := d.ok("log", "gone", "--verify")
	d.ok("remove", "gone", "--yes")
	d.ok("circuit", "new", "old", "--rules", "bof-gp", "--year", "2025")
	d.ok("circuit", "delete", "old", "--yes")
	raw, err := sql.Open("sqlite", "file:"+d.path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{
		`UPDATE tournaments SET name = name WHERE slug = 'e2e'`,
		`INSERT INTO byes (tournament_id, round, player, version) SELECT id, 1, 5, 1 FROM tournaments WHERE slug = 'e2e'`,
		`DELETE FROM byes WHERE round = 1 AND player = 5 AND tournament_id = (SELECT id FROM tournaments WHERE slug = 'e2e')`,
	} {
		if _, err := raw.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return verified
}

// sameLaterRecords checks that copy has what laterRecords added to orig:
// the same fee rates, members' and accounts' logs, the same edits named by
// 'log e2e --verify', and a removed tournament and circuit that restore
// there whole (which changes copy).
func sameLaterRecords(t *testing.T, orig, copy *tdb, verified string) {
	t.Helper()
	for _, args := range [][]string{{"member", "rates", "--json"}, {"member", "log", "--json"}, {"user", "log", "--json"}} {
		if got, want := copy.ok(args...), orig.ok(args...); got != want {
			t.Errorf("outflank %s differs on the copy:\n got %s\nwant %s", strings.Join(args, " "), got, want)
		}
	}
	if rates := copy.ok("member", "rates"); !strings.Contains(rates, "12") {
		t.Errorf("member rates on the copy: %s", rates)
	}
	code, out, errOut := copy.run("log", "e2e", "--verify")
	wantCode, wantOut, wantErr := orig.run("log", "e2e", "--verify")
	if code != wantCode || out != wantOut || errOut != wantErr || wantCode != 1 || strings.Count(wantErr, "outside Outflank") < 1 {
		t.Errorf("log e2e --verify on the copy: exit %d %q %q; on the original: exit %d %q %q", code, out, errOut, wantCode, wantOut, wantErr)
	}
	copy.ok("restore", "gone")
	if got := copy.ok("log", "gone", "--verify"); got != verified {
		t.Errorf("log gone --verify after restoring it on the copy: %q, want %q", got, verified)
	}
	copy.ok("circuit", "restore", "old")
	if got := copy.ok("circuit", "log", "old"); !strings.Contains(got, "old") {
		t.Errorf("circuit log old after restoring it on the copy: %q", got)
	}
}

// TestDBCopyLaterRecords (issue 26): a full db copy carries the fee rates,
// the records of what was removed and the edits made outside Outflank, and
// refuses a destination that keeps records of removals of its own.
func TestDBCopyLaterRecords(t *testing.T) {
	src := copySource(t)
	verified := laterRecords(t, src)
	dst := &tdb{t: t, path: filepath.Join(t.TempDir(), "copy.db")}
	out := src.ok("db", "copy", "--from", src.path, "--to", dst.path)
	for _, want := range []string{"copied the member records: 2 members, 6 log entries, the fee rates of 1 year",
		"copied the records of what was removed: 1 tournament, 1 circuit",
		"with the 3 edits made outside Outflank, which 'log e2e --verify' names there too"} {
		if !strings.Contains(out, want) {
			t.Errorf("db copy printed %q; want %q in it", out, want)
		}
	}
	sameLaterRecords(t, src, dst, verified)

	// A destination that keeps a removal of its own: refused, nothing
	// written.
	other := &tdb{t: t, path: filepath.Join(t.TempDir(), "other.db")}
	other.ok("new", "own", "--name", "Own", "--rules", "woc")
	other.ok("remove", "own", "--yes")
	before := other.ok("user", "log", "--json") + other.ok("list") + other.ok("member", "rates", "--json")
	other.fail(1, "already has records of removed tournaments or circuits", "db", "copy", "--from", src.path, "--to", other.path)
	if after := other.ok("user", "log", "--json") + other.ok("list") + other.ok("member", "rates", "--json"); after != before {
		t.Errorf("a refused copy changed the destination: %q, then %q", before, after)
	}
}
