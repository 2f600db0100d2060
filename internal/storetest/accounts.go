package storetest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
)

// Accounts is a store of accounts under test, with the tournaments its
// grants and judge links name.
type Accounts struct {
	outflank.Accounts
	// AddTournament stores an empty tournament with slug.
	AddTournament func(t *testing.T, slug string)
}

// AccountsOpener returns fresh, empty accounts for one test.
type AccountsOpener func(t *testing.T) Accounts

// RunAccounts runs the suite of outflank.Accounts, mostly through the auth
// service that uses it.
func RunAccounts(t *testing.T, open AccountsOpener) {
	t.Run("LoginAndSessions", func(t *testing.T) { testLoginAndSessions(t, open) })
	t.Run("LoginRateLimit", func(t *testing.T) { testLoginRateLimit(t, open) })
	t.Run("LoginLimitAtOnce", func(t *testing.T) { testLoginLimitAtOnce(t, open) })
	t.Run("TokensAndJudgeLinks", func(t *testing.T) { testTokensAndJudgeLinks(t, open) })
	t.Run("WithdrawnJudgeLinkAndTheAccountsLog", func(t *testing.T) { testWithdrawnJudgeLink(t, open) })
	t.Run("UsersAndGrants", func(t *testing.T) { testUsersAndGrants(t, open) })
	t.Run("IDsNeverReused", func(t *testing.T) { testIDsNeverReused(t, open) })
}

// testIDsNeverReused (issue 25, point 5): removing the newest user, token
// or judge link does not give its id to the next one, so that "judge #2"
// in a log names one link only.
func testIDsNeverReused(t *testing.T, open AccountsOpener) {
	s, db, _ := newAuth(t, open)
	ctx := context.Background()
	users := map[string]int64{}
	for _, name := range []string{"Ann", "Ben", "Cid"} {
		u, err := s.AddUser(ctx, name, "a good password", false)
		if err != nil {
			t.Fatal(err)
		}
		users[name] = u.ID
	}
	if err := db.RemoveUser(ctx, "Cid"); err != nil {
		t.Fatal(err)
	}
	if u, err := s.AddUser(ctx, "Dee", "a good password", false); err != nil || u.ID <= users["Cid"] {
		t.Errorf("a user added after removing the newest (#%d): %+v, %v; want a higher id", users["Cid"], u, err)
	}
	tokenID := func(name string) int64 {
		t.Helper()
		list, err := db.Tokens(ctx, "Ann")
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range list {
			if tok.Name == name {
				return tok.ID
			}
		}
		t.Fatalf("no token %q", name)
		return 0
	}
	for _, name := range []string{"one", "two"} {
		if _, err := s.AddToken(ctx, "Ann", name); err != nil {
			t.Fatal(err)
		}
	}
	two := tokenID("two")
	if err := db.RemoveToken(ctx, "Ann", "two"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddToken(ctx, "Ann", "three"); err != nil {
		t.Fatal(err)
	}
	if three := tokenID("three"); three <= two {
		t.Errorf("a token added after removing the newest (#%d) is #%d; want a higher id", two, three)
	}
	var last *outflank.JudgeLink
	for _, label := range []string{"Eve", "Fay"} {
		_, link, err := s.AddJudgeLink(ctx, "club", 0, 0, label, "Ann")
		if err != nil {
			t.Fatal(err)
		}
		last = link
	}
	if err := db.RemoveJudgeLink(ctx, "club", last.ID); err != nil {
		t.Fatal(err)
	}
	if _, link, err := s.AddJudgeLink(ctx, "club", 0, 0, "Gus", "Ann"); err != nil || link.ID <= last.ID {
		t.Errorf("a judge link issued after withdrawing the newest (#%d): %+v, %v; want a higher id", last.ID, link, err)
	}
}

// newAuth returns the auth service over fresh accounts with a tournament
// "club", at a fixed time the test may move.
func newAuth(t *testing.T, open AccountsOpener) (*auth.Service, Accounts, *time.Time) {
	t.Helper()
	a := open(t)
	a.AddTournament(t, "club")
	s := auth.New(a.Accounts)
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { return now }
	return s, a, &now
}

func testLoginAndSessions(t *testing.T, open AccountsOpener) {
	s, db, now := newAuth(t, open)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Alice", "short", false); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("a short password: %v", err)
	}
	if _, err := s.AddUser(ctx, "Alice", "correct horse", false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddUser(ctx, "alice", "another password", false); outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), `a user "alice" already exists`) {
		t.Errorf("a second alice: %v", err)
	}
	u, err := db.User(ctx, "ALICE")
	if err != nil || u.Name != "Alice" {
		t.Fatalf("a user found whatever the case of its name: %+v %v", u, err)
	}
	if strings.Contains(u.PasswordHash, "correct horse") || !strings.HasPrefix(u.PasswordHash, "$argon2id$") {
		t.Errorf("stored password %q", u.PasswordHash)
	}
	secret, sess, err := s.Login(ctx, "alice", "correct horse", "10.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	p, got, err := s.SessionPrincipal(ctx, secret)
	if err != nil || p.User.Name != "Alice" || got.CSRF != sess.CSRF || len(sess.CSRF) < 40 || got.UserID != u.ID || got.JudgeID != 0 {
		t.Fatalf("session: %+v %+v %v", p, got, err)
	}
	if !got.ExpiresAt.Equal(now.Add(auth.SessionLife)) {
		t.Errorf("session expires at %v, want %v", got.ExpiresAt, now.Add(auth.SessionLife))
	}
	if _, _, err := s.SessionPrincipal(ctx, secret+"x"); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a wrong session secret: %v", err)
	}
	// Sessions end: at their expiry, at logout, when the password changes.
	*now = now.Add(auth.SessionLife + time.Second)
	if _, _, err := s.SessionPrincipal(ctx, secret); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("an expired session: %v", err)
	}
	secret, _, _ = s.Login(ctx, "Alice", "correct horse", "10.0.0.1")
	if err := s.SetPassword(ctx, "Alice", "battery staple"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPrincipal(ctx, secret); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a session after the password changed: %v", err)
	}
	secret, _, _ = s.Login(ctx, "Alice", "battery staple", "10.0.0.1")
	s.Logout(ctx, secret)
	if _, _, err := s.SessionPrincipal(ctx, secret); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a session after logout: %v", err)
	}
}

func testLoginRateLimit(t *testing.T, open AccountsOpener) {
	s, _, now := newAuth(t, open)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Bob", "bob's password", false); err != nil {
		t.Fatal(err)
	}
	for i := range auth.MaxFailures {
		if _, _, err := s.Login(ctx, "bob", "guess "+string(rune('a'+i)), "10.0.0.2"); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	// Locked for a minute, even with the right password...
	if _, _, err := s.Login(ctx, "Bob", "bob's password", "10.0.0.9"); outflank.ErrorCode(err) != outflank.ELIMIT || !strings.Contains(err.Error(), "this account") {
		t.Errorf("the sixth attempt: %v", err)
	}
	// ...and the address too, for any account.
	if _, _, err := s.Login(ctx, "nobody", "x", "10.0.0.2"); outflank.ErrorCode(err) != outflank.ELIMIT || !strings.Contains(err.Error(), "this address") {
		t.Errorf("another account from the address: %v", err)
	}
	*now = now.Add(auth.FailureWindow + time.Second)
	if _, _, err := s.Login(ctx, "Bob", "bob's password", "10.0.0.2"); err != nil {
		t.Errorf("a minute later: %v", err)
	}
}

// testLoginLimitAtOnce: a hundred wrong passwords sent at the same moment
// are counted one after another: five are checked and refused, the other
// ninety-five are limited without a check; a right password takes its own
// count back, so that a director who logs in is not counted as a guesser.
func testLoginLimitAtOnce(t *testing.T, open AccountsOpener) {
	s, _, _ := newAuth(t, open)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Alice", "alice's password", true); err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if _, _, err := s.Login(ctx, "Alice", "alice's password", fmt.Sprintf("192.0.2.%d", i)); err != nil {
			t.Fatalf("login %d: %v", i+1, err)
		}
	}
	count := LoginsAtOnce(ctx, 100, func(i int) error {
		_, _, err := s.Login(ctx, "Alice", fmt.Sprintf("guess %d", i), "203.0.113.7")
		return err
	})
	if count[outflank.EUNAUTHORIZED] != auth.MaxFailures || count[outflank.ELIMIT] != 100-auth.MaxFailures {
		t.Errorf("100 guesses at once: %v; want %d refused after a check and the rest limited", count, auth.MaxFailures)
	}
}

// LoginsAtOnce runs login(0) to login(n-1) at once and counts their
// errors' codes ("" for none).
func LoginsAtOnce(ctx context.Context, n int, login func(i int) error) map[string]int {
	var wg sync.WaitGroup
	codes := make(chan string, n)
	for i := range n {
		wg.Go(func() { codes <- outflank.ErrorCode(login(i)) })
	}
	wg.Wait()
	close(codes)
	count := map[string]int{}
	for c := range codes {
		count[c]++
	}
	return count
}

func testTokensAndJudgeLinks(t *testing.T, open AccountsOpener) {
	s, db, now := newAuth(t, open)
	ctx := context.Background()
	if _, err := s.AddUser(ctx, "Carol", "carol's password", false); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	token, err := s.AddToken(ctx, "Carol", "feed")
	if err != nil || !strings.HasPrefix(token, "oft_") {
		t.Fatalf("token %q: %v", token, err)
	}
	if _, err := s.AddToken(ctx, "Carol", "feed"); outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), `already has a token named "feed"`) {
		t.Errorf("a second token of the same name: %v", err)
	}
	p, err := s.TokenPrincipal(ctx, token)
	if err != nil || !p.CanDirect("club") || p.CanDirect("other") || p.Actor() != "Carol (token feed)" {
		t.Errorf("token principal %+v: %v", p, err)
	}
	if _, err := s.TokenPrincipal(ctx, "oft_nope"); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a wrong token: %v", err)
	}
	if list, err := db.Tokens(ctx, "carol"); err != nil || len(list) != 1 || list[0].Name != "feed" || list[0].User != "Carol" || list[0].Hash != "" {
		t.Errorf("Carol's tokens: %+v %v", list, err)
	}
	if list, err := db.Tokens(ctx, "nobody"); err != nil || list != nil {
		t.Errorf("nobody's tokens: %+v %v", list, err)
	}
	secret, link, err := s.AddJudgeLink(ctx, "club", 2, 3, "Dan", "Carol")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AddJudgeLink(ctx, "nope", 0, 0, "", "Carol"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a judge link for no tournament: %v", err)
	}
	if got, err := db.JudgeLinkByID(ctx, link.ID); err != nil || got.Label != "Dan" || got.Round != 2 || got.Table != 3 || !got.ExpiresAt.Equal(link.ExpiresAt) {
		t.Errorf("link #%d read back: %+v %v", link.ID, got, err)
	}
	if list, err := db.JudgeLinks(ctx, "club"); err != nil || len(list) != 1 || list[0].ID != link.ID {
		t.Errorf("the club's judge links: %+v %v", list, err)
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
	if _, _, err := s.SessionPrincipal(ctx, sess); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a judge session the next day: %v", err)
	}
	if _, _, _, err := s.JudgeLogin(ctx, secret); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a judge link the next day: %v", err)
	}
}

// testWithdrawnJudgeLink: a withdrawn link ends the judge's session at
// once and cannot log in again; every change of the accounts is in their
// log, naming who made it, and no secret is.
func testWithdrawnJudgeLink(t *testing.T, open AccountsOpener) {
	s, db, _ := newAuth(t, open)
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
	if err := db.RemoveJudgeLink(carol, "other", link.ID); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("withdrawing a link of another tournament: %v", err)
	}
	if err := db.RemoveJudgeLink(carol, "club", link.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionPrincipal(ctx, sess); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("the session of a withdrawn link: %v", err)
	}
	if _, _, _, err := s.JudgeLogin(ctx, secret); outflank.ErrorCode(err) != outflank.EUNAUTHORIZED {
		t.Errorf("a withdrawn link logs in: %v", err)
	}
	if err := db.RemoveToken(ctx, "Carol", "feed"); err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveToken(ctx, "Carol", "feed"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a token removed twice: %v", err)
	}
	if err := s.SetPassword(ctx, "Carol", "another password"); err != nil {
		t.Fatal(err)
	}
	if err := db.Revoke(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := db.Revoke(ctx, "Carol", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("a role revoked twice: %v", err)
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
	if n, _ := db.AccountLog(ctx, -1); len(n) != len(want) {
		t.Errorf("a negative limit is none: %d changes", len(n))
	}
}

// testUsersAndGrants: users are listed by name whatever its case, with
// their grants; a grant names an existing tournament and user; removing a
// user takes their grants, sessions and tokens.
func testUsersAndGrants(t *testing.T, open AccountsOpener) {
	db := open(t)
	db.AddTournament(t, "club")
	db.AddTournament(t, "open")
	ctx := context.Background()
	if users, err := db.Users(ctx); err != nil || users != nil {
		t.Errorf("no users yet: %+v %v", users, err)
	}
	for _, name := range []string{"bob", "Alice", "carol"} {
		if err := db.AddUser(ctx, &outflank.User{Name: name, PasswordHash: "h", Admin: name == "Alice"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Grant(ctx, "BOB", outflank.Grant{Tournament: "open", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "bob", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := db.Grant(ctx, "bob", outflank.Grant{Tournament: "nope", Role: outflank.RoleTD}); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a grant on no tournament: %v", err)
	}
	if err := db.Grant(ctx, "dave", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a grant to no user: %v", err)
	}
	users, err := db.Users(ctx)
	if err != nil || len(users) != 3 {
		t.Fatalf("users: %+v %v", users, err)
	}
	var names []string
	for _, u := range users {
		names = append(names, u.Name)
	}
	if strings.Join(names, " ") != "Alice bob carol" {
		t.Errorf("users in the order %v, want Alice bob carol", names)
	}
	if !users[0].Admin || users[1].Admin || len(users[0].Grants) != 0 || users[0].Grants == nil {
		t.Errorf("Alice: %+v", users[0])
	}
	if g := users[1].Grants; len(g) != 2 || g[0].Tournament != "club" || g[1].Tournament != "open" {
		t.Errorf("bob's grants: %+v", g)
	}
	byID, err := db.UserByID(ctx, users[1].ID)
	if err != nil || byID.Name != "bob" || len(byID.Grants) != 2 || !byID.CreatedAt.Equal(users[1].CreatedAt) {
		t.Errorf("UserByID: %+v %v", byID, err)
	}
	if _, err := db.UserByID(ctx, 999); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("no user #999: %v", err)
	}
	if err := db.AddToken(ctx, &outflank.Token{User: "bob", Name: "feed", Hash: "h1"}); err != nil {
		t.Fatal(err)
	}
	if err := db.AddSession(ctx, outflank.Session{IDHash: "s1", UserID: users[1].ID, CSRF: "c", ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveUser(ctx, "Bob"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.User(ctx, "bob"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a removed user: %v", err)
	}
	if _, err := db.TokenByHash(ctx, "h1"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a removed user's token: %v", err)
	}
	if _, err := db.Session(ctx, "s1", time.Now()); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a removed user's session: %v", err)
	}
	if err := db.RemoveUser(ctx, "bob"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("a user removed twice: %v", err)
	}
	// Names differ by the case of ASCII letters only (SQLite's NOCASE):
	// Émile and émile are two users.
	for _, name := range []string{"Émile", "émile"} {
		if err := db.AddUser(ctx, &outflank.User{Name: name, PasswordHash: "h"}); err != nil {
			t.Errorf("adding %s: %v", name, err)
		}
	}
	if u, err := db.User(ctx, "éMILE"); err != nil || u.Name != "émile" {
		t.Errorf("éMILE is %+v, %v", u, err)
	}
}
