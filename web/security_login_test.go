package web_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestLoginFormTokenIsSigned: the login form's CSRF check takes only a
// token this server issued for the browser's cookie (issue 25, point 5b).
// An equal cookie and field, both empty, either missing, a genuine token
// under another form's cookie, and a token signed with another key are all
// refused with 403, and log no one in; the genuine pair logs in.
func TestLoginFormTokenIsSigned(t *testing.T) {
	s := newAccessSite(t)
	// A genuine form: its cookie and its field.
	issue := func() (cookie, field string) {
		t.Helper()
		res, err := http.Get(s.srv.URL + "/login")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		for _, c := range res.Cookies() {
			if c.Name == "outflank_login" {
				cookie = c.Value
			}
		}
		m := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(b)
		if cookie == "" || m == nil {
			t.Fatalf("the login page gave no cookie or no token:\n%s", b)
		}
		return cookie, string(m[1])
	}
	post := func(cookie *string, field *string) (int, string) {
		t.Helper()
		form := url.Values{"name": {"td-club"}, "password": {"a good password"}, "next": {"/t/club"}}
		if field != nil {
			form.Set("csrf", *field)
		}
		req, _ := http.NewRequest("POST", s.srv.URL+"/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if cookie != nil {
			req.AddCookie(&http.Cookie{Name: "outflank_login", Value: *cookie})
		}
		res, err := s.srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		for _, c := range res.Cookies() {
			if c.Name == "outflank_session" && c.Value != "" {
				return res.StatusCode, "logged in: " + string(b)
			}
		}
		return res.StatusCode, string(b)
	}
	p := func(v string) *string { return &v }
	cookie, field := issue()
	otherCookie, _ := issue()
	forgedKey := hmac.New(sha256.New, []byte("a key that is not the server's"))
	fmt.Fprintf(forgedKey, "outflank login\x00%s\x00%d", cookie, time.Now().Unix())
	forged := fmt.Sprintf("%d.%s", time.Now().Unix(), base64.RawURLEncoding.EncodeToString(forgedKey.Sum(nil)))
	for _, c := range []struct {
		what          string
		cookie, field *string
	}{
		{"an equal cookie and field of the attacker's", p("attackers-own-value-0123456789"), p("attackers-own-value-0123456789")},
		{"the cookie's value copied into the field", p(cookie), p(cookie)},
		{"the field's value copied into the cookie", p(field), p(field)},
		{"both empty", p(""), p("")},
		{"no cookie", nil, p(field)},
		{"no field", p(cookie), nil},
		{"neither", nil, nil},
		{"a genuine token under another form's cookie", p(otherCookie), p(field)},
		{"a token signed with another key", p(cookie), p(forged)},
		{"a token whose time was changed", p(cookie), p(fmt.Sprint(time.Now().Unix()-1) + field[strings.Index(field, ".")+1:])},
	} {
		status, body := post(c.cookie, c.field)
		if status != http.StatusForbidden || strings.HasPrefix(body, "logged in") || !strings.Contains(body, "The login form had expired") {
			t.Errorf("%s: %d, want 403 \"The login form had expired\" and no session:\n%.300s", c.what, status, body)
		}
	}
	if status, body := post(&cookie, &field); status != http.StatusSeeOther || !strings.HasPrefix(body, "logged in") {
		t.Errorf("the genuine form: %d %.300s", status, body)
	}
	// A browser following the form logs in as before.
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Get(s.srv.URL + "/login")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	token := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindSubmatch(b)[1]
	res, err = client.PostForm(s.srv.URL+"/login", url.Values{"name": {"td-club"}, "password": {"a good password"}, "csrf": {string(token)}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("a browser's login: %d", res.StatusCode)
	}
}
