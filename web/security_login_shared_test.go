package web_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"outflank/auth"
	"outflank/sqlite"
	"outflank/web"
)

// TestLoginFormSharedByServers: behind a load balancer (docs/deploy.md: three
// processes on one database), the login form shown by one server process is
// posted to another. Its token is signed with the database's key, shared by
// every process on it, so the login goes through; a process on another
// database refuses it, as it refuses any token it did not sign.
func TestLoginFormSharedByServers(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	open := func(name string) *sqlite.DB {
		db, err := sqlite.Open(ctx, filepath.Join(dir, name), sqlite.Options{Create: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	}
	serve := func(db *sqlite.DB) *httptest.Server {
		s, err := web.New(db, db, web.Config{Accounts: db})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(s.Handler())
		t.Cleanup(srv.Close)
		return srv
	}
	shared := open("shared.db")
	if _, err := auth.New(shared).AddUser(ctx, "td", "a good password", true); err != nil {
		t.Fatal(err)
	}
	// Two processes' connections to one file: two handles, two servers.
	first, second := serve(shared), serve(open("shared.db"))
	other := open("other.db")
	if _, err := auth.New(other).AddUser(ctx, "td", "a good password", true); err != nil {
		t.Fatal(err)
	}
	elsewhere := serve(other)

	res, err := http.Get(first.URL + "/login")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var cookie string
	for _, c := range res.Cookies() {
		if c.Name == "outflank_login" {
			cookie = c.Value
		}
	}
	m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(page)
	if cookie == "" || m == nil {
		t.Fatalf("the login page gave no cookie or no token:\n%s", page)
	}
	post := func(srv *httptest.Server) (int, bool) {
		t.Helper()
		form := url.Values{"name": {"td"}, "password": {"a good password"}, "csrf": {string(m[1])}}
		req, _ := http.NewRequest("POST", srv.URL+"/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: "outflank_login", Value: cookie})
		res, err := srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		for _, c := range res.Cookies() {
			if c.Name == "outflank_session" && c.Value != "" {
				return res.StatusCode, true
			}
		}
		return res.StatusCode, false
	}
	if status, in := post(second); status != http.StatusSeeOther || !in {
		t.Errorf("the form of one server posted to another on the same database: %d, logged in %v; want 303 and a session", status, in)
	}
	if status, in := post(elsewhere); status != http.StatusForbidden || in {
		t.Errorf("the form posted to a server on another database: %d, logged in %v; want 403 and no session", status, in)
	}
}
