package sqlite_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/sqlite"
)

// TestUpgradeKeepsCredentials: migration 16 rebuilds the accounts' tables
// with AUTOINCREMENT, keeping every row and id (users, grants, tokens,
// judge links, sessions, the accounts' log), and foreign keys that name
// the tables as before: a user's and a judge's session still resolve, and
// removing a user still removes their tokens.
func TestUpgradeKeepsCredentials(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "v15.db")
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	names, err := filepath.Glob("migrations/*.sql")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	exec(`CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`)
	for i, name := range names[:15] {
		script, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		exec(string(script))
		exec(`INSERT INTO migrations VALUES (?, ?, '2026-11-01T00:00:00.000000Z')`, i+1, filepath.Base(name))
	}
	exec(`PRAGMA application_id = 0x4F464C4B`)
	expires := time.Now().Add(time.Hour).UTC().Format("2006-01-02T15:04:05.000000Z")
	exec(`INSERT INTO users (id, name, password, admin, created_at) VALUES (1, 'Ann', 'x', 1, '2026-11-01T00:00:00.000000Z'), (2, 'Ben', 'x', 0, '2026-11-01T00:00:00.000000Z')`)
	exec(`INSERT INTO grants VALUES (2, 'club', 'td')`)
	exec(`INSERT INTO tokens (id, user_id, name, hash, created_at) VALUES (1, 1, 'feed', 'h1', '2026-11-01T00:00:00.000000Z'), (2, 2, 'feed', 'h2', '2026-11-01T00:00:00.000000Z')`)
	exec(`INSERT INTO judge_links (id, tournament, created_by, expires_at, hash) VALUES (1, 'club', 'Ann', ?, 'j1'), (2, 'club', 'Ann', ?, 'j2')`, expires, expires)
	exec(`INSERT INTO sessions (id_hash, user_id, judge_id, csrf, expires_at) VALUES ('s1', 2, NULL, 'c', ?), ('s2', NULL, 2, 'c', ?)`, expires, expires)
	exec(`INSERT INTO account_events (id, at, actor, action, subject, summary) VALUES (1, '2026-11-01T00:00:00.000000Z', 'Ann', 'user.add', 'Ben', 'added Ben')`)
	raw.Close()

	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range []struct {
		hash      string
		user, jid int64
	}{{"s1", 2, 0}, {"s2", 0, 2}} {
		s, err := db.Session(ctx, c.hash, time.Now())
		if err != nil || s.UserID != c.user || s.JudgeID != c.jid {
			t.Errorf("session %s after the upgrade: %+v, %v", c.hash, s, err)
		}
	}
	if u, err := db.User(ctx, "ben"); err != nil || u.ID != 2 || len(u.Grants) != 1 {
		t.Errorf("Ben after the upgrade: %+v, %v", u, err)
	}
	if tok, err := db.TokenByHash(ctx, "h2"); err != nil || tok.ID != 2 || tok.User != "Ben" {
		t.Errorf("Ben's token after the upgrade: %+v, %v", tok, err)
	}
	if log, err := db.AccountLog(ctx, 10); err != nil || len(log) != 1 {
		t.Errorf("the accounts' log after the upgrade: %+v, %v", log, err)
	}
	if err := db.RemoveUser(ctx, "Ben"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.TokenByHash(ctx, "h2"); outflank.ErrorCode(err) != outflank.ENOTFOUND && outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("Ben's token once Ben is removed: %v", err)
	}
	if s, err := db.Session(ctx, "s1", time.Now()); err == nil {
		t.Errorf("Ben's session once Ben is removed: %+v", s)
	}
	if err := db.RemoveJudgeLink(ctx, "club", 2); err != nil {
		t.Fatal(err)
	}
	club, err := outflank.NewTournament("club", "Club", "2026-11-28", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, club, outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	j := &outflank.JudgeLink{Tournament: "club", CreatedBy: "Ann", ExpiresAt: time.Now().Add(time.Hour), Hash: "j3"}
	if err := db.AddJudgeLink(ctx, j); err != nil || j.ID != 3 {
		t.Errorf("the link issued after withdrawing #2: #%d, %v; want #3", j.ID, err)
	}
	u := &outflank.User{Name: "Cid", PasswordHash: "x"}
	if err := db.AddUser(ctx, u); err != nil || u.ID != 3 {
		t.Errorf("the user added after removing #2: #%d, %v; want #3", u.ID, err)
	}
}
