package web_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/auth"
	"outflank/sqlite"
	"outflank/web"
)

// newEmptyConsoleSite serves a database with no tournament and one
// administrator, "chief".
func newEmptyConsoleSite(t *testing.T) *consoleSite {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "empty.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := auth.New(db).AddUser(ctx, "chief", consolePassword, true); err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(db, db, web.Config{Accounts: db})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	serveCtx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- srv.Serve(serveCtx, l) }()
	t.Cleanup(func() {
		stop()
		<-served
		db.Close()
	})
	return &consoleSite{url: "http://" + l.Addr().String(), db: db}
}

// TestBrowserCreateForm: the administrator's home says what he can do
// (create a tournament, give the role), not that "an administrator grants
// the role"; the create form fills the address from the name as it is
// typed, as the server makes it (outflank.SlugOf, checked on names with
// accents, punctuation and other scripts), until the director types his
// own; emptied, it follows the name again; the tournament is created at
// that address (issue 24, point 10).
func TestBrowserCreateForm(t *testing.T) {
	browser := newBrowserFor(t, 120*time.Second)
	site := newEmptyConsoleSite(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	login(t, tab, site, "chief", "/admin")
	home := run(t, tab, textOf("main"))
	if !strings.Contains(home, "There is no tournament yet: create one below. As an administrator you direct every tournament") || strings.Contains(home, "an administrator grants the role") {
		t.Errorf("the administrator's home:\n%s", home)
	}
	for _, width := range []int64{375, 1280} {
		if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		shoot(t, tab, dir, fmt.Sprintf("console-admin-empty-%d", width))
	}
	name, slug := `input[name="name"]`, `input[name="slug"]`
	clear := func(sel string) {
		t.Helper()
		run(t, tab, chromedp.Evaluate[bool](`(document.querySelector('`+sel+`').value = "") === ""`))
		if err := chromedp.Do(tab, chromedp.Focus(chromedp.CSS(sel))); err != nil {
			t.Fatal(err)
		}
	}
	typeName := func(text string) {
		t.Helper()
		clear(name)
		typeKeys(t, tab, text)
	}
	slugValue := func() string {
		return run(t, tab, chromedp.Evaluate[string](`document.querySelector('input[name="slug"]').value`))
	}
	for _, n := range []string{"Oadby Regional 2010", "Coupe d'Île-de-France", "Østfold Åpen — Straße", "Łódź Grand Prix", "Ünïcödé 日本 Cup",
		"The Very Long Name Of A Tournament That Goes On And On Beyond Sixty-Three"} {
		typeName(n)
		if got, want := slugValue(), outflank.SlugOf(n); got != want {
			t.Errorf("typing %q: the address is %q, the server makes %q", n, got, want)
		}
	}
	// The director's own address stays.
	clear(slug)
	typeKeys(t, tab, "my-own")
	if err := chromedp.Do(tab, chromedp.Focus(chromedp.CSS(name))); err != nil {
		t.Fatal(err)
	}
	typeKeys(t, tab, " again")
	if got := slugValue(); got != "my-own" {
		t.Errorf("the director's address became %q as the name was typed", got)
	}
	shoot(t, tab, dir, "console-admin-create-1280")
	// Emptied, it follows the name again; the tournament is made there.
	clear(slug)
	typeKeys(t, tab, "x\b")
	typeName("Spring Open 2027")
	if got := slugValue(); got != "spring-open-2027" {
		t.Errorf("after the address was emptied, typing the name gave %q", got)
	}
	if err := chromedp.Do(tab, chromedp.Submit(chromedp.CSS(name))); err != nil {
		t.Fatal(err)
	}
	waitPage(t, tab, "the new tournament's console", `location.pathname === "/t/spring-open-2027/admin"`)
}

// TestCreateWithoutAddress: a create form sent without an address (no
// script) makes it from the name as the script does; a name with no
// letter an address can use is refused, saying to give one.
func TestCreateWithoutAddress(t *testing.T) {
	s := newAccessSite(t)
	post := func(form url.Values) (int, string, string) {
		status, body := 0, ""
		req, _ := http.NewRequest("POST", s.srv.URL+"/admin/tournaments", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		c := s.creds["admin (session)"]
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
		req.Header.Set("X-CSRF-Token", c.csrf)
		res, err := s.srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var b strings.Builder
		buf := make([]byte, 8192)
		for {
			n, err := res.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		status, body = res.StatusCode, b.String()
		return status, res.Header.Get("Location"), body
	}
	if status, loc, body := post(url.Values{"name": {"Coupe d'Île-de-France 2026"}, "rules": {"custom"}}); status != http.StatusSeeOther || loc != "/t/coupe-d-ile-de-france-2026/admin" {
		t.Errorf("created without an address: %d to %q\n%.500s", status, loc, body)
	}
	if status, _, body := post(url.Values{"name": {"日本大会"}, "rules": {"custom"}}); status != http.StatusBadRequest || !strings.Contains(body, "has no letter or digit an address can use: give the address by hand") {
		t.Errorf("a name without a letter an address can use: %d\n%.2000s", status, body)
	}
	if status, _, body := post(url.Values{"name": {"Coupe d'Île-de-France 2026"}, "rules": {"custom"}}); status != http.StatusConflict || !strings.Contains(body, "choose another address") {
		t.Errorf("the same name again: %d\n%.2000s", status, body)
	}
}
