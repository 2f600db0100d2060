package web_test

import (
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"outflank/web"
)

// TestConsoleLateEntryWords: a player registered in the console after
// round 1 is paired gets the late entry's note in the console's words:
// the player's page and its “Mark absent”, never "run 'outflank player
// absent ...'" (issue 24, point 8).
func TestConsoleLateEntryWords(t *testing.T) {
	s := newAccessSite(t)
	c := s.creds["td-club (session)"]
	post := func(path string, form url.Values) *http.Response {
		req, _ := http.NewRequest("POST", s.srv.URL+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
		req.Header.Set("X-CSRF-Token", c.csrf)
		res, err := s.srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	res := post("/t/club/admin/players", url.Values{"name": {"Eve Late"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("registering a late entry: %d", res.StatusCode)
	}
	req, _ := http.NewRequest("GET", s.srv.URL+res.Header.Get("Location"), nil)
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
	for _, ck := range res.Cookies() {
		req.AddCookie(ck)
	}
	page, err := s.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(page.Body)
	page.Body.Close()
	body := string(b)
	flash := body[strings.Index(body, `class="flash"`):]
	flash = flash[:strings.Index(flash, "</p>")]
	if !strings.Contains(flash, "late entry") || !strings.Contains(flash, "Mark absent") {
		t.Errorf("the late entry's note is not said: %s", flash)
	}
	if strings.Contains(flash, "outflank ") || strings.Contains(flash, "--rounds") {
		t.Errorf("the console tells the director to run a command: %s", flash)
	}
}

// TestConsolePagesNameNoCommand fetches every page of the console (each
// GET route of the router that is not public, as an administrator, with
// a late entry registered and the National's team page among them) and
// checks that none names a command line in its text: the messages shown
// go through the console's words, wherever they come from.
func TestConsolePagesNameNoCommand(t *testing.T) {
	s := newAccessSite(t)
	s.addNational()
	admin := s.as("admin (session)")
	admin.follow(admin.post("/t/club/admin/players", url.Values{"name": {"Eve Late"}}))
	command := regexp.MustCompile(`outflank [a-z]|(^|\s)--[a-z]`)
	fetched := 0
	for _, rt := range s.server.Routes() {
		method, path := concrete(rt.Pattern)
		if method != "GET" || rt.Access == web.Public || strings.Contains(path, "/export/") {
			continue
		}
		for _, p := range []string{path, strings.Replace(path, "/t/club/", "/t/nat/", 1)} {
			a := admin.get(p)
			fetched++
			if m := command.FindString(text(a.body)); m != "" {
				body := text(a.body)
				i := strings.Index(body, m)
				t.Errorf("GET %s (%d) names a command line: %q", p, a.status, body[max(0, i-120):min(len(body), i+80)])
			}
		}
	}
	if fetched < 30 {
		t.Errorf("only %d console pages fetched", fetched)
	}
}
