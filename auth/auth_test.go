package auth_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/rules"
	"outflank/sqlite"
)

func newService(t *testing.T) (*auth.Service, *sqlite.DB, *time.Time) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "a.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour, _ := outflank.NewTournament("club", "Club", "", rules.Custom, 3)
	if _, err := db.Create(ctx, tour, outflank.KindCreate, "c"); err != nil {
		t.Fatal(err)
	}
	s := auth.New(db)
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return now }
	return s, db, &now
}

func code(err error) string { return outflank.ErrorCode(err) }

func TestLoginAndSessions(t *testing.T) {
	s, db, now := newService(t)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Alice", "short", false); code(err) != outflank.EINVALID {
		t.Errorf("a short password: %v", err)
	}
	if _, err := s.AddUser(ctx, "Alice", "correct horse", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddUser(ctx, "alice", "another password", false); code(err) != outflank.ECONFLICT {
		t.Errorf("a second alice: %v", err)
	}
	u, _ := db.User(ctx, "Alice")
	if strings.Contains(u.PasswordHash, "correct horse") || !strings.HasPrefix(u.PasswordHash, "$argon2id$") {
		t.Errorf("stored password %q", u.PasswordHash)
	}
	secret, sess, err := s.Login(ctx, "alice", "correct horse", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	p, got, err := s.SessionPrincipal(ctx, secret)
	if err != nil || p.User.Name != "Alice" || got.CSRF != sess.CSRF || len(sess.CSRF) < 40 {
		t.Fatalf("session: %+v %+v %v", p, got, err)
	}
	if _, _, err := s.SessionPrincipal(ctx, secret+"x"); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a wrong session secret: %v", err)
	}
	// Sessions end: at their expiry, at logout, when the password changes.
	*now = now.Add(auth.SessionLife + time.Second)
	if _, _, err := s.SessionPrincipal(ctx, secret); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("an expired session: %v", err)
	}
	secret, _, _ = s.Login(ctx, "Alice", "correct horse", "10.0.0.1")
	if err := s.SetPassword(ctx, "Alice", "battery staple"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPrincipal(ctx, secret); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a session after the password changed: %v", err)
	}
	secret, _, _ = s.Login(ctx, "Alice", "battery staple", "10.0.0.1")
	s.Logout(ctx, secret)
	if _, _, err := s.SessionPrincipal(ctx, secret); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a session after logout: %v", err)
	}
}

func TestLoginRateLimit(t *testing.T) {
	s, _, now := newService(t)
	ctx := context.Background()
	s.AddUser(ctx, "Bob", "bob's password", false)
	for i := range auth.MaxFailures {
		if _, _, err := s.Login(ctx, "bob", "guess "+string(rune('a'+i)), "10.0.0.2"); code(err) != outflank.EUNAUTHORIZED {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	// Locked for a minute, even with the right password...
	if _, _, err := s.Login(ctx, "Bob", "bob's password", "10.0.0.9"); code(err) != outflank.ELIMIT || !strings.Contains(err.Error(), "this account") {
		t.Errorf("the sixth attempt: %v", err)
	}
	// ...and the address too, for any account.
	if _, _, err := s.Login(ctx, "nobody", "x", "10.0.0.2"); code(err) != outflank.ELIMIT || !strings.Contains(err.Error(), "this address") {
		t.Errorf("another account from the address: %v", err)
	}
	*now = now.Add(auth.FailureWindow + time.Second)
	if _, _, err := s.Login(ctx, "Bob", "bob's password", "10.0.0.2"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

func TestTokensAndJudgeLinks(t *testing.T) {
	s, db, now := newService(t)
	ctx := context.Background()
	s.AddUser(ctx, "Carol", "carol's password", false)
	db.Grant(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD})
	token, err := s.AddToken(ctx, "Carol", "feed")
	if err != nil || !strings.HasPrefix(token, "oft_") {
		t.Fatalf("token %q: %v", token, err)
	}
	p, err := s.TokenPrincipal(ctx, token)
	if err != nil || !p.CanDirect("club") || p.CanDirect("other") || p.Actor() != "Carol (token feed)" {
		t.Errorf("token principal %+v: %v", p, err)
	}
	if _, err := s.TokenPrincipal(ctx, "oft_nope"); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a wrong token: %v", err)
	}
	secret, link, err := s.AddJudgeLink(ctx, "club", 2, 3, "Dan", "Carol")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AddJudgeLink(ctx, "nope", 0, 0, "", "Carol"); code(err) != outflank.ENOTFOUND {
		t.Errorf("a judge link for no tournament: %v", err)
	}
	sess, _, _, err := s.JudgeLogin(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	jp, _, err := s.SessionPrincipal(ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		slug         string
		round, table int
		want         bool
	}{{"club", 2, 3, true}, {"club", 2, 4, false}, {"club", 1, 3, false}, {"other", 2, 3, false}} {
		if got := jp.CanJudge(c.slug, c.round, c.table, *now); got != c.want {
			t.Errorf("judge of %s may judge %s r%d t%d: %v", link.Scope(), c.slug, c.round, c.table, got)
		}
	}
	if jp.CanDirect("club") || jp.Actor() != "judge #1 Dan (round 2, table 3)" {
		t.Errorf("judge %q directs: %v", jp.Actor(), jp.CanDirect("club"))
	}
	*now = time.Date(2026, 11, 24, 0, 0, 1, 0, time.UTC) // the next day
	if _, _, err := s.SessionPrincipal(ctx, sess); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a judge session the next day: %v", err)
	}
	if _, _, _, err := s.JudgeLogin(ctx, secret); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a judge link the next day: %v", err)
	}
}

// TestWithdrawnJudgeLinkAndTheAccountsLog: a withdrawn link ends the
// judge's session at once and cannot log in again; every change of the
// accounts is in their log, naming who made it, and no secret is.
func TestWithdrawnJudgeLinkAndTheAccountsLog(t *testing.T) {
	s, db, _ := newService(t)
	ctx := outflank.WithActor(context.Background(), "Alice")
	if _, err := s.AddUser(ctx, "Carol", "carol's password", false); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err) // granted twice: nothing changes, and nothing is logged
	}
	token, err := s.AddToken(ctx, "Carol", "feed")
	if err != nil {
		t.Fatal(err)
	}
	carol := outflank.WithActor(context.Background(), "Carol")
	secret, link, err := s.AddJudgeLink(carol, "club", 0, 2, "Dan", "Carol")
	if err != nil {
		t.Fatal(err)
	}
	sess, _, _, err := s.JudgeLogin(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveJudgeLink(carol, "other", link.ID); code(err) != outflank.ENOTFOUND {
		t.Errorf("withdrawing a link of another tournament: %v", err)
	}
	if err := db.RemoveJudgeLink(carol, "club", link.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPrincipal(ctx, sess); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("the session of a withdrawn link: %v", err)
	}
	if _, _, _, err := s.JudgeLogin(ctx, secret); code(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a withdrawn link logs in: %v", err)
	}
	if err := db.RemoveToken(ctx, "Carol", "feed"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPassword(ctx, "Carol", "another password"); err != nil {
		t.Fatal(err)
	}
	if err := db.Revoke(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveUser(ctx, "Carol"); err != nil {
		t.Fatal(err)
	}
	log, err := db.AccountLog(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ actor, action, summary string }{
		{"Alice", outflank.AccountUserRemove, "removed user Carol"},
		{"Alice", outflank.AccountRevoke, "revoked the role td on club from Carol"},
		{"Alice", outflank.AccountUserPasswd, "changed the password of Carol"},
		{"Alice", outflank.AccountTokenRemove, `removed the token "feed" of Carol`},
		{"Carol", outflank.AccountJudgeRemove, "withdrew judge link #1 (Dan)"},
		{"Carol", outflank.AccountJudgeAdd, "issued judge link #1 for Dan: table 2"},
		{"Alice", outflank.AccountTokenAdd, `issued the token "feed" of Carol`},
		{"Alice", outflank.AccountGrant, "granted Carol the role td on club"},
		{"Alice", outflank.AccountUserAdd, "added user Carol"},
	}
	if len(log) != len(want) {
		t.Fatalf("%d changes logged, want %d: %+v", len(log), len(want), log)
	}
	for i, w := range want {
		e := log[i]
		if e.Actor != w.actor || e.Action != w.action || !strings.HasPrefix(e.Summary, w.summary) {
			t.Errorf("change %d: %s by %q: %q; want %s by %q: %q...", i, e.Action, e.Actor, e.Summary, w.action, w.actor, w.summary)
		}
		for _, secret := range []string{token, secret, token[4:], secret[4:], auth.Hash(token), auth.Hash(secret)} {
			if strings.Contains(e.Summary, secret) {
				t.Errorf("change %d holds a secret: %q", i, e.Summary)
			}
		}
	}
	if n, _ := db.AccountLog(ctx, 3); len(n) != 3 || n[0].ID != log[0].ID {
		t.Errorf("the latest 3: %+v", n)
	}
}

// TestLoginLimitAtOnce: a hundred wrong passwords sent at the same moment
// are counted one after another: five are checked and refused, the other
// ninety-five are limited without a check; a right password takes its own
// count back, so that a director who logs in is not counted as a guesser.
func TestLoginLimitAtOnce(t *testing.T) {
	s, _, _ := newService(t)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Alice", "alice's password", true); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, _, err := s.Login(ctx, "Alice", "alice's password", fmt.Sprintf("192.0.2.%d", i)); err != nil {
			t.Fatalf("login %d: %v", i+1, err)
		}
	}
	var wg sync.WaitGroup
	codes := make(chan string, 100)
	for i := range 100 {
		wg.Go(func() {
			_, _, err := s.Login(ctx, "Alice", fmt.Sprintf("guess %d", i), "203.0.113.7")
			codes <- code(err)
		})
	}
	wg.Wait()
	close(codes)
	count := map[string]int{}
	for c := range codes {
		count[c]++
	}
	if count[outflank.EUNAUTHORIZED] != auth.MaxFailures || count[outflank.ELIMIT] != 100-auth.MaxFailures {
		t.Errorf("100 guesses at once: %v; want %d refused after a check and the rest limited", count, auth.MaxFailures)
	}
}
