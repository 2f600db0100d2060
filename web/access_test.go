package web_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"outflank"
	"outflank/auth"
	"outflank/circuit"
	"outflank/exchange"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// accessSite is a server with accounts over two tournaments, "club" and
// "other", and a credential of each kind.
type accessSite struct {
	t      *testing.T
	db     *sqlite.DB
	srv    *httptest.Server
	server *web.Server
	// creds are ways to call: a bearer token, or a session cookie with its
	// CSRF token.
	creds map[string]cred
	// links are the judge links' secrets, by name; log is the server's.
	links map[string]string
	log   *syncBuffer
}

type cred struct {
	bearer, cookie, csrf string
}

func newAccessSite(t *testing.T) *accessSite {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "access.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, slug := range []string{"club", "other"} {
		tour, err := outflank.NewTournament(slug, "Tournament "+slug, "2026-11-23", rules.BOFRegional, 5)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
			if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	a := auth.New(db)
	s := &accessSite{t: t, db: db, creds: map[string]cred{}, links: map[string]string{}, log: &syncBuffer{}}
	user := func(name string, admin bool, td string) {
		if _, err := a.AddUser(ctx, name, "a good password", admin); err != nil {
			t.Fatal(err)
		}
		if td != "" {
			if err := db.Grant(ctx, name, outflank.Grant{Tournament: td, Role: outflank.RoleTD}); err != nil {
				t.Fatal(err)
			}
		}
		secret, sess, err := a.Login(ctx, name, "a good password", "127.0.0.1")
		if err != nil {
			t.Fatal(err)
		}
		s.creds[name+" (session)"] = cred{cookie: secret, csrf: sess.CSRF}
		token, err := a.AddToken(ctx, name, "script")
		if err != nil {
			t.Fatal(err)
		}
		s.creds[name+" (token)"] = cred{bearer: token}
	}
	user("admin", true, "")
	user("td-club", false, "club")
	user("td-other", false, "other")
	user("nobody", false, "")
	judge := func(name, slug string, round, table int) {
		secret, _, err := a.AddJudgeLink(ctx, slug, round, table, name, "admin")
		if err != nil {
			t.Fatal(err)
		}
		sess, session, _, err := a.JudgeLogin(ctx, secret)
		if err != nil {
			t.Fatal(err)
		}
		s.creds[name] = cred{cookie: sess, csrf: session.CSRF}
		s.links[name] = secret
	}
	judge("judge club r1 t2", "club", 1, 2)
	judge("judge other", "other", 0, 0)
	// A member record, which the refused writes of /admin/members must
	// leave as it is.
	if err := db.AddMember(ctx, &outflank.Member{Name: "Ann", Citizenship: "GBR", Unwaged: true}); err != nil {
		t.Fatal(err)
	}
	// A circuit of club, which the refused writes of /admin/circuits/club
	// must leave as it is.
	if err := db.CreateCircuit(ctx, &outflank.Circuit{Slug: "club", Name: "Club circuit", Rules: circuit.BOFGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	if _, err := outflank.AddCircuitTournaments(ctx, db, db, "club", []string{"club"}); err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(s.log, nil))
	server, err := web.New(db, db, web.Config{Accounts: db, Live: db, PlayerDB: db, Members: db, Log: logger, AccessLog: logger})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go server.Watch(watch)
	s.server = server
	s.srv = httptest.NewServer(server.Handler())
	t.Cleanup(s.srv.Close)
	return s
}

// do sends method path with body, as who ("" for anyone), and returns the
// status and the body.
func (s *accessSite) do(who, method, path, body string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.srv.URL+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if strings.HasPrefix(body, "{") {
		req.Header.Set("Content-Type", "application/json")
	} else if body != "" {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // a console form
	}
	if who != "" {
		c, ok := s.creds[who]
		if !ok {
			s.t.Fatalf("no credential %q", who)
		}
		if c.bearer != "" {
			req.Header.Set("Authorization", "Bearer "+c.bearer)
		}
		if c.cookie != "" {
			req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
			req.Header.Set("X-CSRF-Token", c.csrf)
		}
	}
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(res.Body)
	return res.StatusCode, b.String()
}

// snapshot is both tournaments' files, logs and live games: what must not
// change.
func (s *accessSite) snapshot() string {
	s.t.Helper()
	ctx := context.Background()
	var b bytes.Buffer
	for _, slug := range []string{"club", "other"} {
		tour, err := s.db.Tournament(ctx, slug)
		if err != nil {
			s.t.Fatal(err)
		}
		exchange.WriteJSON(&b, tour)
		log, err := s.db.Log(ctx, slug)
		if err != nil {
			s.t.Fatal(err)
		}
		for _, ev := range log {
			b.WriteString(ev.Hash + "\n")
		}
		live, err := s.db.LiveGames(ctx, slug)
		if err != nil {
			s.t.Fatal(err)
		}
		for _, g := range live {
			fmt.Fprintf(&b, "live %d/%d %d %s %s %d\n", g.Round, g.Table, g.Seq, g.Moves, g.State, g.Stamp)
		}
		links, err := s.db.JudgeLinks(ctx, slug)
		if err != nil {
			s.t.Fatal(err)
		}
		fmt.Fprintf(&b, "judge links %+v\n", links)
	}
	// The accounts too: users, roles, passwords, tokens, the accounts' log,
	// and the tournaments an administrator creates.
	users, err := s.db.Users(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, u := range users {
		tokens, err := s.db.Tokens(ctx, u.Name)
		if err != nil {
			s.t.Fatal(err)
		}
		fmt.Fprintf(&b, "user %+v tokens %+v\n", u, tokens)
	}
	accounts, err := s.db.AccountLog(ctx, 1000)
	if err != nil {
		s.t.Fatal(err)
	}
	fmt.Fprintf(&b, "accounts log %+v\n", accounts)
	list, err := s.db.Tournaments(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	fmt.Fprintf(&b, "tournaments %+v\n", list)
	members, err := s.db.MemberList(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	memberLog, err := s.db.MemberLog(ctx, 1000)
	if err != nil {
		s.t.Fatal(err)
	}
	fmt.Fprintf(&b, "members %+v log %+v\n", members, memberLog)
	circuits, err := s.db.Circuits(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, c := range circuits {
		log, err := s.db.CircuitLog(ctx, c.Slug)
		if err != nil {
			s.t.Fatal(err)
		}
		fmt.Fprintf(&b, "circuit %+v log %d\n", c, len(log))
	}
	return b.String()
}

// concrete fills a route's pattern with values naming club's round 1,
// table 1 (a game judge "club r1 t2" does not cover).
func concrete(pattern string) (method, path string) {
	method, path, _ = strings.Cut(pattern, " ")
	path = strings.NewReplacer("{slug}", "club", "{round}", "1", "{table}", "1", "{id}", "1", "{secret}", "ofj_nope",
		"{match}", "final", "{game}", "1", "{file...}", "site.css", "{name}", "nobody", "{$}", "").Replace(path)
	return method, path
}

// bodyFor is a body each write route would accept from who has the right.
var bodyFor = map[string]string{
	"/api/t/club/players":            `{"name": "Eve"}`,
	"/api/t/club/rounds/1/results/1": `{"score": "40-24"}`,
	"/api/t/club/pair":               `{}`,
	"/api/t/club/rounds":             `{"pairs": ["1-3", "2-4"], "force": true}`,
	"/api/t/club/undo":               `{}`,
	"/t/club/admin/players":          `name=Eve`,
	"/t/club/judge/1/1":              `seq=1&moves=f5`,
	"/api/t/club/judge/1/1/moves":    `{"seq": 1, "moves": "f5"}`,
	"/api/t/club/judge/1/1/result":   `{"seq": 1, "moves": "f5", "outcome": "forfeit", "loser": "white"}`,
	"/t/club/judge/settings":         `confirm=on`,
	// The console's forms.
	"/admin/tournaments":               `slug=new-one&name=New+One&rules=woc`,
	"/admin/users":                     `name=zed&password=a+good+password`,
	"/admin/users/nobody/grant":        `tournament=club`,
	"/admin/users/nobody/revoke":       `tournament=club`,
	"/admin/users/nobody/password":     `password=another+good+password`,
	"/admin/users/nobody/remove":       `confirm=1`,
	"/t/club/admin/settings":           `name=Renamed&rules=bof-regional&rounds=6`,
	"/t/club/admin/players/import":     `encoding=auto`,
	"/t/club/admin/players/1":          `name=Ann+Other`,
	"/t/club/admin/players/1/withdraw": `after_round=1`,
	"/t/club/admin/players/1/remove":   `confirm=1`,
	"/t/club/admin/pair":               `seed=1&version=1&round=2`,
	"/t/club/admin/results":            `round=1&table=1&score=40-24`,
	"/t/club/admin/undo":               `expect=1`,
	"/t/club/admin/judges":             `label=Jo&round=1`,
	"/t/club/admin/judges/1/remove":    ``,
	"/t/club/admin/players/1/absent":   `rounds=3`,
	"/t/club/admin/players/1/return":   ``,
	"/t/club/admin/round":              `pairs=1-3%0A2-4`,
	"/admin/members":                   `name=Zed+Member`,
	"/admin/members/1":                 `name=Ann+Other`,
	"/admin/members/1/remove":          ``,
	"/admin/circuits":                  `slug=gp-new&rules=bof-gp&year=2026`,
	"/admin/circuits/club/add":         `tournament=other`,
	"/admin/circuits/club/remove":      `tournament=club`,
	"/admin/circuits/club/link":        `a=Ann&b=Ben`,
	"/admin/circuits/club/decide":      `winner=Ann&reason=coin+toss`,
}

// TestWriteRoutesRefuseWithoutTheRight enumerates the router: every route
// that is not public refuses anyone, a user with no role, judges of another
// tournament or table and directors of another tournament (401 or 403; a
// page asks an anonymous browser to log in), and the database is exactly as
// before each refusal.
func TestWriteRoutesRefuseWithoutTheRight(t *testing.T) {
	s := newAccessSite(t)
	before := s.snapshot()
	checked := 0
	for _, rt := range s.server.Routes() {
		method, path := concrete(rt.Pattern)
		if rt.Access == web.Public {
			if method != "GET" && method != "HEAD" && !strings.HasPrefix(path, "/login") {
				t.Errorf("%s is public but writes (%s)", rt.Pattern, method)
			}
			continue
		}
		checked++
		refused := []string{""}
		switch rt.Access {
		case web.LoggedIn:
		case web.Judge:
			refused = append(refused, "nobody (session)", "nobody (token)", "judge other", "td-other (session)", "td-other (token)")
			if strings.Contains(rt.Pattern, "{table}") {
				// A route that names no game (the table picker) is
				// every judge's of the tournament.
				refused = append(refused, "judge club r1 t2")
			}
		case web.Director:
			refused = append(refused, "nobody (session)", "nobody (token)", "judge club r1 t2", "judge other", "td-other (session)", "td-other (token)")
		case web.Admin:
			refused = append(refused, "nobody (session)", "td-club (session)", "td-club (token)", "judge club r1 t2")
		}
		body := bodyFor[path]
		if method == "GET" || method == "HEAD" {
			body = "" // a page is read without a body
		}
		for _, who := range refused {
			status, body := s.do(who, method, path, body)
			want := []int{http.StatusForbidden}
			if who == "" {
				want = []int{http.StatusUnauthorized, http.StatusSeeOther}
			}
			if !containsInt(want, status) {
				t.Errorf("%s as %q: %d %s; want %v", rt.Pattern, who, status, strings.TrimSpace(body), want)
			}
			if after := s.snapshot(); after != before {
				t.Fatalf("%s as %q was refused (%d) but changed the database", rt.Pattern, who, status)
			}
		}
	}
	if checked < 4 {
		t.Fatalf("only %d routes that need a credential: the write routes are not all registered with their access", checked)
	}
	// The same writes from who has the right are accepted: the refusals
	// above were for the credential, not the request.
	for _, c := range []struct{ who, path, body string }{
		{"td-club (token)", "/api/t/club/players", bodyFor["/api/t/club/players"]},
		{"admin (session)", "/api/t/club/rounds/1/results/2", `{"score": "30-34", "replace": true}`},
		{"td-club (token)", "/api/t/club/rounds", bodyFor["/api/t/club/rounds"]},
	} {
		if status, out := s.do(c.who, "POST", c.path, c.body); status != http.StatusCreated {
			t.Errorf("POST %s as %s: %d %s", c.path, c.who, status, out)
		}
	}
	if status, out := s.do("judge club r1 t2", "POST", "/api/t/club/judge/1/2/moves", `{"seq": 1, "moves": "f5"}`); status != http.StatusOK {
		t.Errorf("a move at the judge's table: %d %s", status, out)
	}
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// TestSecretsNotLogged: a judge link followed, and a token or session
// pasted into an address by mistake, are not in the server's log: whoever
// reads it cannot act as the judge.
func TestSecretsNotLogged(t *testing.T) {
	s := newAccessSite(t)
	link := s.links["judge club r1 t2"]
	token := s.creds["td-club (token)"].bearer
	if status, _ := s.do("", "GET", "/j/"+link, ""); status != http.StatusOK && status != http.StatusSeeOther {
		t.Fatalf("the judge link: %d", status)
	}
	s.do("", "GET", "/t/club?x="+token, "")
	logged := s.log.String()
	if !strings.Contains(logged, "/j/ofj_[redacted]") || !strings.Contains(logged, "x=oft_[redacted]") {
		t.Errorf("the requests are not logged as redacted:\n%s", logged)
	}
	for _, secret := range []string{link, token, link[4:], token[4:]} {
		if strings.Contains(logged, secret) {
			t.Errorf("the log holds a secret:\n%s", logged)
		}
	}
}

// TestOnlyReadsBypassTheRouter: the public pages are registered on the mux
// directly, outside the enumeration above; a write registered that way
// would escape the access checks, so only GET routes (and the catch-all
// 404) may be.
func TestOnlyReadsBypassTheRouter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	direct := regexp.MustCompile(`mux\.Handle(?:Func)?\("([^"]*)"`)
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range direct.FindAllStringSubmatch(string(b), -1) {
			found++
			if m[1] != "/" && !strings.HasPrefix(m[1], "GET ") {
				t.Errorf("%s registers %q on the mux directly: register it with s.route and its access", f, m[1])
			}
		}
	}
	if found < 10 {
		t.Fatalf("found %d direct registrations: the pattern no longer matches the code", found)
	}
}
