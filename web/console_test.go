package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	stdhtml "html"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"outflank"
)

// browser is a console user's browser in the handler tests: its session
// cookie (and whatever cookies the site sets), and the session's CSRF
// token, which its forms carry as the field "csrf".
type browser struct {
	t      *testing.T
	site   *accessSite
	client *http.Client
	csrf   string
}

// as returns the browser of credential who (a session), not following
// redirects.
func (s *accessSite) as(who string) *browser {
	s.t.Helper()
	c, ok := s.creds[who]
	if !ok || c.cookie == "" {
		s.t.Fatalf("no session %q", who)
	}
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(s.srv.URL)
	jar.SetCookies(u, []*http.Cookie{{Name: "outflank_session", Value: c.cookie, Path: "/"}})
	return &browser{t: s.t, site: s, csrf: c.csrf, client: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// answer is a response read whole.
type answer struct {
	status   int
	body     string
	location string
	header   http.Header
}

func (b *browser) do(req *http.Request) answer {
	b.t.Helper()
	res, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: string(body), location: res.Header.Get("Location"), header: res.Header}
}

func (b *browser) get(path string) answer {
	b.t.Helper()
	req, _ := http.NewRequest("GET", b.site.srv.URL+path, nil)
	return b.do(req)
}

// getJSON asks for path as console.js does.
func (b *browser) getJSON(path string, v any) answer {
	b.t.Helper()
	req, _ := http.NewRequest("GET", b.site.srv.URL+path, nil)
	req.Header.Set("Accept", "application/json")
	a := b.do(req)
	if v != nil {
		if err := json.Unmarshal([]byte(a.body), v); err != nil {
			b.t.Fatalf("GET %s: %v\n%s", path, err, a.body)
		}
	}
	return a
}

// post sends a form as the browser does, with the session's token.
func (b *browser) post(path string, form url.Values) answer {
	b.t.Helper()
	form.Set("csrf", b.csrf)
	req, _ := http.NewRequest("POST", b.site.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

// postJSON sends a form as console.js does, and reads its JSON answer.
func (b *browser) postJSON(path string, form url.Values, v any) answer {
	b.t.Helper()
	form.Set("csrf", b.csrf)
	req, _ := http.NewRequest("POST", b.site.srv.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	a := b.do(req)
	if err := json.Unmarshal([]byte(a.body), v); err != nil {
		b.t.Fatalf("POST %s: %v\n%s", path, err, a.body)
	}
	return a
}

// follow reads the page a change redirected to, with its message.
func (b *browser) follow(a answer) answer {
	b.t.Helper()
	if a.status != http.StatusSeeOther {
		b.t.Fatalf("want a redirect after a change, got %d:\n%s", a.status, text(a.body))
	}
	return b.get(a.location)
}

var tags = regexp.MustCompile(`<[^>]*>`)

// text is a page's text without its tags, spaces squeezed, for checks.
func text(page string) string {
	return strings.Join(strings.Fields(stdhtml.UnescapeString(tags.ReplaceAllString(page, " "))), " ")
}

// mustContain checks that a page's text holds each of wants.
func mustContain(t *testing.T, what string, a answer, wants ...string) {
	t.Helper()
	body := text(a.body)
	for _, w := range wants {
		if !strings.Contains(body, w) && !strings.Contains(a.body, w) {
			t.Errorf("%s (%d) lacks %q:\n%s", what, a.status, w, body)
		}
	}
}

// tournament reads a tournament of the site's store.
func (s *accessSite) tournament(slug string) *outflank.Tournament {
	s.t.Helper()
	t, err := s.db.Tournament(context.Background(), slug)
	if err != nil {
		s.t.Fatal(err)
	}
	return t
}

// multipartBody is a CSV file upload with the session's token, and more
// form fields given as name, value pairs.
func multipartBody(t *testing.T, csrf, name, content string, fields ...string) (string, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("csrf", csrf)
	mw.WriteField("encoding", "auto")
	for i := 0; i+1 < len(fields); i += 2 {
		mw.WriteField(fields[i], fields[i+1])
	}
	fw, err := mw.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	fw.Write([]byte(content))
	mw.Close()
	return mw.FormDataContentType(), &buf
}
