package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"outflank/web"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestWriteAPI: the write routes' answers: 201 with the change and its
// actor, 400 with a message for bad input, 409 for a conditional write
// that lost, naming who changed the result; a browser session's write
// without its CSRF token is refused.
func TestWriteAPI(t *testing.T) {
	s := newAccessSite(t)
	status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "33-30"}`)
	if status != http.StatusCreated || !strings.Contains(body, `"actor": "td-club (token script)"`) || !strings.Contains(body, "official score 34-30") {
		t.Errorf("a result: %d %s", status, body)
	}
	for _, c := range []struct {
		path, body, want string
		status           int
	}{
		{"/api/t/club/rounds/1/results/1", `{"score": "40-24"}`, "already has a result", http.StatusConflict},
		{"/api/t/club/rounds/1/results/1", `{"score": "40-24", "replace": true, "expect": "10-54"}`, "last changed by td-club (token script)", http.StatusConflict},
		{"/api/t/club/rounds/1/results/1", `{"score": "forty"}`, `score \"forty\"`, http.StatusBadRequest},
		{"/api/t/club/rounds/1/results/1", `{"score": "40-24", "colour": "black"}`, "unknown field", http.StatusBadRequest},
		{"/api/t/club/rounds/1/results/1", ``, "no JSON body", http.StatusBadRequest},
		{"/api/t/club/rounds/1/results/9", `{"score": "40-24"}`, "has no table 9", http.StatusNotFound},
		{"/api/t/club/players", `{"name": "Ann"}`, "already has a player named", http.StatusConflict},
		{"/api/t/club/players", `{"name": "Eve\u001b[2J"}`, "control character", http.StatusBadRequest},
		{"/api/t/club/undo", `{"expect": 2}`, "the latest change of club is now", http.StatusConflict},
		{"/api/t/club/pair", `{}`, "has no result yet", http.StatusBadRequest},
	} {
		status, body := s.do("td-club (token)", "POST", c.path, c.body)
		if status != c.status || !strings.Contains(body, c.want) {
			t.Errorf("POST %s %s: %d %s; want %d and %q", c.path, c.body, status, body, c.status, c.want)
		}
	}
	// A browser session must send its CSRF token.
	sess := s.creds["td-club (session)"]
	req, _ := http.NewRequest("POST", s.srv.URL+"/api/t/club/undo", strings.NewReader(`{}`))
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: sess.cookie})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("a session's write without its CSRF token: %d", res.StatusCode)
	}
	// The log names every actor.
	log, _ := s.db.Log(context.Background(), "club")
	if last := log[len(log)-1]; last.Actor != "td-club (token script)" {
		t.Errorf("the last change's actor: %q", last.Actor)
	}
}

// TestLoginFlow: a browser logs in through the form (its cookie HttpOnly
// and SameSite=Lax), is sent where it was going, and logs out; a wrong
// password says so; the sixth failure in a minute is 429.
func TestLoginFlow(t *testing.T) {
	s := newAccessSite(t)
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	form := func() string {
		res, err := client.Get(s.srv.URL + "/login?next=/t/club")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(string(b))
		if m == nil {
			t.Fatalf("the login page has no form token:\n%s", b)
		}
		return m[1]
	}
	login := func(pw string) *http.Response {
		res, err := client.PostForm(s.srv.URL+"/login", url.Values{"name": {"td-club"}, "password": {pw}, "csrf": {form()}, "next": {"/t/club"}})
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res
	}
	res := login("a good password")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/t/club" {
		t.Fatalf("login: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	cookie := res.Header.Get("Set-Cookie")
	for _, want := range []string{"outflank_session=ofs_", "HttpOnly", "SameSite=Lax"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("the session cookie %q lacks %s", cookie, want)
		}
	}
	// Logging out ends the session on the server, not only in the browser.
	secret := regexp.MustCompile(`outflank_session=([^;]+)`).FindStringSubmatch(cookie)[1]
	csrf := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(fetchAs(t, client, s.srv.URL+"/t/club/admin"))
	if csrf == nil {
		t.Fatal("the console has no form token")
	}
	out, err := client.PostForm(s.srv.URL+"/logout", url.Values{"csrf": {csrf[1]}})
	if err != nil {
		t.Fatal(err)
	}
	out.Body.Close()
	if out.StatusCode != http.StatusSeeOther || !strings.Contains(out.Header.Get("Set-Cookie"), "outflank_session=;") {
		t.Errorf("logout: %d, cookie %q", out.StatusCode, out.Header.Get("Set-Cookie"))
	}
	req, _ := http.NewRequest("GET", s.srv.URL+"/t/club/admin", nil)
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: secret})
	if res, err := (&http.Client{CheckRedirect: client.CheckRedirect}).Do(req); err != nil || res.StatusCode == http.StatusOK {
		t.Errorf("the session after logout still opens the console: %v %v", res, err)
	}
	// Behind HTTPS (the proxy says so), the cookies are Secure.
	req, _ = http.NewRequest("GET", s.srv.URL+"/login", nil)
	req.Header.Set("X-Forwarded-Proto", "https")
	if res, err := http.DefaultClient.Do(req); err != nil || !strings.Contains(res.Header.Get("Set-Cookie"), "; Secure") {
		t.Errorf("the login form's cookie behind HTTPS: %q %v", res.Header.Get("Set-Cookie"), err)
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("over plain HTTP the session cookie is Secure, and would be lost: %q", cookie)
	}

	// A login posted without the form's token is refused.
	res, _ = http.PostForm(s.srv.URL+"/login", url.Values{"name": {"td-club"}, "password": {"a good password"}})
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("a login without the form's token: %d", res.StatusCode)
	}
	for i := range 5 {
		if res := login("a wrong password"); res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("wrong password %d: %d", i+1, res.StatusCode)
		}
	}
	if res := login("a good password"); res.StatusCode != http.StatusTooManyRequests {
		t.Errorf("the sixth attempt in a minute: %d, want 429", res.StatusCode)
	}
}

// TestLoginLimitBehindAProxy: behind a trusted reverse proxy, failed logins
// are counted per client (X-Forwarded-For), so one guesser does not lock
// out the hall; from anywhere else the header is ignored, so a guesser
// cannot escape the limit by writing one.
func TestLoginLimitBehindAProxy(t *testing.T) {
	s := newAccessSite(t)
	behind, err := web.New(s.db, s.db, web.Config{Accounts: s.db, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	if err != nil {
		t.Fatal(err)
	}
	proxied := httptest.NewServer(behind.Handler())
	defer proxied.Close()
	login := func(site, name, pw, forwarded string) int {
		t.Helper()
		jar, _ := cookiejar.New(nil)
		client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := client.Get(site + "/login")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		csrf := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(string(b))[1]
		req, _ := http.NewRequest("POST", site+"/login", strings.NewReader(url.Values{"name": {name}, "password": {pw}, "csrf": {csrf}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if forwarded != "" {
			req.Header.Set("X-Forwarded-For", forwarded)
		}
		res, err = client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	// Behind the proxy: a guesser at 203.0.113.7 (who also wrote an
	// address of his own at the list's start) is limited after 5 tries at
	// any account; a director at 203.0.113.8 still logs in.
	for i, name := range []string{"nobody", "td-other", "nobody", "td-other", "nobody"} {
		if got := login(proxied.URL, name, "a wrong guess", "198.51.100.1, 203.0.113.7"); got != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d", i+1, got)
		}
	}
	if got := login(proxied.URL, "admin", "a wrong guess", "198.51.100.2, 203.0.113.7"); got != http.StatusTooManyRequests {
		t.Errorf("the guesser's sixth try: %d, want 429", got)
	}
	if got := login(proxied.URL, "td-club", "a good password", "203.0.113.8"); got != http.StatusSeeOther {
		t.Errorf("another client behind the proxy: %d, want 303", got)
	}
	// Without a trusted proxy, the header changes nothing: the sixth try
	// from this address is refused whatever it claims.
	for i := range 5 {
		if got := login(s.srv.URL, "td-club", "a wrong guess", fmt.Sprintf("192.0.2.%d", i+1)); got != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d", i+1, got)
		}
	}
	if got := login(s.srv.URL, "admin", "a good password", "192.0.2.99"); got != http.StatusTooManyRequests {
		t.Errorf("a forged X-Forwarded-For escaped the limit: %d, want 429", got)
	}
}

// fetchAs returns the body of url fetched with client.
func fetchAs(t *testing.T, client *http.Client, url string) string {
	t.Helper()
	res, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

// TestWriteAnswersVersion: the answers of a director's result, a judge's
// submission and a pairing give the tournament's version after the
// change: the store's, and the id of the change event the live streams
// get for it.
func TestWriteAnswersVersion(t *testing.T) {
	s := newAccessSite(t)
	stream := newStreamReader(t, strings.TrimPrefix(s.srv.URL, "http://"), "/t/club/events")
	for deadline := time.Now().Add(5 * time.Second); s.liveClients() < 1; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the stream did not open")
		}
	}
	check := func(what string, status int, version int64) {
		t.Helper()
		stored, err := s.db.Tournament(context.Background(), "club")
		if err != nil {
			t.Fatal(err)
		}
		if status != http.StatusCreated || version == 0 || version != stored.Version {
			t.Fatalf("%s: %d, version %d; the store's is %d", what, status, version, stored.Version)
		}
		if event := fmt.Sprintf("id: %d\nevent: change\ndata: %d\n", version, version); !stream.waitFor(event, 5*time.Second) {
			t.Errorf("%s: no change event %d on the stream", what, version)
		}
	}
	var saved struct {
		ID      int64 `json:"id"`
		Version int64 `json:"version"`
	}
	status, body := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "33-30"}`)
	if err := json.Unmarshal([]byte(body), &saved); err != nil {
		t.Fatalf("%d %s", status, body)
	}
	check("a result", status, saved.Version)
	first := saved.Version

	judged, _ := json.Marshal(map[string]any{"seq": 60, "moves": readmeGame, "outcome": "normal"})
	status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/result", string(judged))
	check("a judge's submission", status, st.Version)
	if st.Result != "36-28" || st.Version != first+1 {
		t.Errorf("a judge's submission: %+v, want result 36-28 at version %d", st, first+1)
	}
	if status, again := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/result", string(judged)); status != http.StatusOK || again.Version != 0 || again.Result != "36-28" {
		t.Errorf("submitted again (no change, no version): %d %+v", status, again)
	}

	saved.Version = 0
	status, body = s.do("td-club (token)", "POST", "/api/t/club/pair", `{}`)
	if err := json.Unmarshal([]byte(body), &saved); err != nil {
		t.Fatalf("%d %s", status, body)
	}
	check("a pairing", status, saved.Version)
}
