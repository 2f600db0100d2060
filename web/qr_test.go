package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"outflank/internal/qrcode"
	"outflank/web"
)

// TestQRCode: /t/{slug}/qr.svg is the QR code of the event page's absolute
// address: at the request's Host, or under the base URL.
func TestQRCode(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	want := func(url string) string {
		c, err := qrcode.Encode(url)
		if err != nil {
			t.Fatal(err)
		}
		return string(c.SVG(url))
	}
	res, body := s.get("/t/club/qr.svg")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || body != want(s.srv.URL+"/t/club") {
		t.Errorf("qr.svg: %d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	again, _ := s.get("/t/club/qr.svg", "If-None-Match: "+res.Header.Get("ETag"))
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match of its ETag: %d", again.StatusCode)
	}
	if res, _ := s.get("/t/nope/qr.svg"); res.StatusCode != 404 {
		t.Errorf("the QR code of no tournament: %d", res.StatusCode)
	}

	srv, err := web.New(s.db, s.db, web.Config{BaseURL: "https://live.example.org/"})
	if err != nil {
		t.Fatal(err)
	}
	go srv.Watch(t.Context())
	for _, c := range []struct {
		host   string
		status int
		url    string
	}{
		{"192.168.1.23:8080", 200, "https://live.example.org/t/club"}, // the base URL, whatever the Host
		{"evil.example/x y", 200, "https://live.example.org/t/club"},
	} {
		req := httptest.NewRequest("GET", "/t/club/qr.svg", nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, req)
		if rec.Code != c.status || rec.Body.String() != want(c.url) {
			t.Errorf("Host %q with a base URL: %d, want the code of %s", c.host, rec.Code, c.url)
		}
	}
	hostOnly, err := web.New(s.db, s.db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	go hostOnly.Watch(t.Context())
	for _, c := range []struct {
		host   string
		status int
	}{
		{"192.168.1.23:8080", 200},
		{"[fe80::1]:8080", 200},
		{"evil.example/x", 400},
		{"user@evil.example", 400},
		{"", 400},
	} {
		req := httptest.NewRequest("GET", "/t/club/qr.svg", nil)
		req.Host = c.host
		rec := httptest.NewRecorder()
		hostOnly.Handler().ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("Host %q: %d, want %d", c.host, rec.Code, c.status)
		}
		if c.status == 200 && rec.Body.String() != want("http://"+c.host+"/t/club") {
			t.Errorf("Host %q: not the code of its page", c.host)
		}
		if c.status == 400 && !strings.Contains(rec.Body.String(), "--base-url") {
			t.Errorf("Host %q: %s", c.host, rec.Body.String())
		}
	}
}
