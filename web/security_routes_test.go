package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/web"
)

// addSpoiltCredentials gives the access site the credentials that must be
// worth nothing, each under its kind's name: forged, expired, revoked,
// withdrawn, of a removed user, and a valid session without its CSRF token
// or with another's.
func (s *accessSite) addSpoiltCredentials() {
	t := s.t
	ctx := context.Background()
	a := auth.New(s.db)
	// Forged: the right shape, never issued.
	s.creds["forged token"] = cred{bearer: "oft_" + strings.Repeat("A", 43)}
	s.creds["forged session"] = cred{cookie: "ofs_" + strings.Repeat("A", 43), csrf: strings.Repeat("A", 43)}
	s.creds["a judge link's secret as a token"] = cred{bearer: s.links["judge club r1 t2"]}
	s.creds["a session's secret as a token"] = cred{bearer: s.creds["td-club (session)"].cookie}
	// Expired: made by a clock two days behind, so the session (30 days)
	// and the judge link (until midnight) ended before now.
	past := auth.New(s.db)
	past.Now = func() time.Time { return time.Now().Add(-48 * time.Hour) }
	secret, _, err := past.AddJudgeLink(ctx, "club", 0, 0, "Yesterday", "admin")
	if err != nil {
		t.Fatal(err)
	}
	sess, session, _, err := past.JudgeLogin(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	s.creds["expired judge link (every table of club)"] = cred{cookie: sess, csrf: session.CSRF}
	past.Now = func() time.Time { return time.Now().Add(-auth.SessionLife - time.Hour) }
	if sess, session, err = past.Login(ctx, "td-club", "a good password", "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	s.creds["expired session of td-club"] = cred{cookie: sess, csrf: session.CSRF}
	// Withdrawn: a judge link of club's every table, then withdrawn by the
	// director.
	secret, link, err := a.AddJudgeLink(ctx, "club", 0, 0, "Withdrawn", "admin")
	if err != nil {
		t.Fatal(err)
	}
	if sess, session, _, err = a.JudgeLogin(ctx, secret); err != nil {
		t.Fatal(err)
	}
	if err := s.db.RemoveJudgeLink(ctx, "club", link.ID); err != nil {
		t.Fatal(err)
	}
	s.creds["withdrawn judge link (every table of club)"] = cred{cookie: sess, csrf: session.CSRF}
	// A judge link of another round of club.
	if secret, _, err = a.AddJudgeLink(ctx, "club", 2, 0, "Round two", "admin"); err != nil {
		t.Fatal(err)
	}
	if sess, session, _, err = a.JudgeLogin(ctx, secret); err != nil {
		t.Fatal(err)
	}
	s.creds["judge club round 2"] = cred{cookie: sess, csrf: session.CSRF}
	// A director of club whose role was revoked, and one removed.
	for _, name := range []string{"was-td", "gone-td"} {
		if _, err := a.AddUser(ctx, name, "a good password", false); err != nil {
			t.Fatal(err)
		}
		if err := s.db.Grant(ctx, name, outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
			t.Fatal(err)
		}
		sess, session, err := a.Login(ctx, name, "a good password", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		token, err := a.AddToken(ctx, name, "script")
		if err != nil {
			t.Fatal(err)
		}
		s.creds[name+" (session)"] = cred{cookie: sess, csrf: session.CSRF}
		s.creds[name+" (token)"] = cred{bearer: token}
	}
	if err := s.db.Revoke(ctx, "was-td", outflank.Grant{Tournament: "club", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	if err := s.db.RemoveUser(ctx, "gone-td"); err != nil {
		t.Fatal(err)
	}
	// The right session, without the page's CSRF token, or with another
	// session's: what a form posted from another site carries.
	admin := s.creds["admin (session)"]
	s.creds["admin session, no CSRF token"] = cred{cookie: admin.cookie}
	s.creds["admin session, td-club's CSRF token"] = cred{cookie: admin.cookie, csrf: s.creds["td-club (session)"].csrf}
	s.creds["admin session, forged CSRF token"] = cred{cookie: admin.cookie, csrf: strings.Repeat("A", len(admin.csrf))}
}

// TestWriteRoutesRefuseEveryCredentialKind extends
// TestWriteRoutesRefuseWithoutTheRight to every kind of wrong credential
// (issue 25, point 6): every route of the router that is not public is
// sent, with a body it would accept, by forged, expired, withdrawn and
// revoked credentials, a removed user's, a judge of another round, a
// director of another tournament, an administrator's session without its
// CSRF token or with another's; each is refused (401 for a credential
// worth nothing, 403 for one without the right; a page asks a browser to
// log in) and the database is exactly as before.
func TestWriteRoutesRefuseEveryCredentialKind(t *testing.T) {
	s := newAccessSite(t)
	s.addSpoiltCredentials()
	before := s.snapshot()
	unknown := []string{"forged token", "forged session", "a judge link's secret as a token", "a session's secret as a token",
		"expired judge link (every table of club)", "expired session of td-club", "withdrawn judge link (every table of club)",
		"gone-td (session)", "gone-td (token)"}
	noRight := map[web.Access][]string{
		web.LoggedIn: nil,
		web.Judge:    {"was-td (session)", "was-td (token)", "td-other (token)", "judge other"},
		web.Director: {"was-td (session)", "was-td (token)", "td-other (token)", "judge other", "judge club r1 t2", "judge club round 2"},
		web.Admin:    {"was-td (session)", "td-club (token)", "td-club (session)", "judge club r1 t2"},
	}
	noCSRF := []string{"admin session, no CSRF token", "admin session, td-club's CSRF token", "admin session, forged CSRF token"}
	tried := 0
	for _, rt := range s.server.Routes() {
		if rt.Access == web.Public {
			continue
		}
		method, path := concrete(rt.Pattern)
		body := bodyFor[path]
		if method == "GET" || method == "HEAD" {
			body = ""
		}
		refusals := map[string][]int{}
		for _, who := range unknown {
			refusals[who] = []int{http.StatusUnauthorized, http.StatusSeeOther}
		}
		kinds := noRight[rt.Access]
		if rt.Access == web.Judge && strings.Contains(rt.Pattern, "{round}") {
			kinds = append(kinds, "judge club round 2")
		}
		for _, who := range kinds {
			refusals[who] = []int{http.StatusForbidden}
		}
		if method != "GET" && method != "HEAD" {
			for _, who := range noCSRF {
				refusals[who] = []int{http.StatusForbidden}
			}
		}
		for who, want := range refusals {
			tried++
			status, out := s.do(who, method, path, body)
			if !containsInt(want, status) {
				t.Errorf("%s as %q: %d %.200s; want %v", rt.Pattern, who, status, strings.TrimSpace(out), want)
			}
			if status == http.StatusSeeOther {
				// Only a page, read, sends a browser to log in.
				if method != "GET" {
					t.Errorf("%s as %q: a write answered 303", rt.Pattern, who)
				}
			}
			if after := s.snapshot(); after != before {
				t.Fatalf("%s as %q was refused (%d) but changed the database", rt.Pattern, who, status)
			}
		}
	}
	if tried < 300 {
		t.Fatalf("only %d refusals tried: the routes or the kinds are missing", tried)
	}
	// The credentials the refusals were for are worth something when
	// right: the administrator's session with its token writes.
	if status, out := s.do("admin (session)", "POST", "/api/t/club/players", bodyFor["/api/t/club/players"]); status != http.StatusCreated {
		t.Errorf("the administrator's session with its CSRF token: %d %s", status, out)
	}
	t.Logf("%d refusals tried", tried)
}
