package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/web"
)

// TestReadOnly: the public site answers GET and HEAD; a request that
// carries a body is refused, other methods get 405 and the methods
// allowed.
func TestReadOnly(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	for _, c := range []struct {
		method, path, body string
		status             int
	}{
		{"GET", "/t/club/standings", "", 200},
		{"HEAD", "/t/club/standings", "", 200},
		{"GET", "/t/club/standings", "x=1", http.StatusRequestEntityTooLarge},
		{"GET", "/healthz", strings.Repeat("x", 1<<20), http.StatusRequestEntityTooLarge},
		{"POST", "/t/club/standings", "x=1", http.StatusMethodNotAllowed},
		{"PUT", "/api/t/club/standings", "{}", http.StatusMethodNotAllowed},
		{"DELETE", "/t/club/events", "", http.StatusMethodNotAllowed},
		{"TRACE", "/", "", http.StatusMethodNotAllowed},
	} {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		req, _ := http.NewRequest(c.method, s.srv.URL+c.path, body)
		res, err := s.srv.Client().Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", c.method, c.path, err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s %s with %d bytes: %d, want %d", c.method, c.path, len(c.body), res.StatusCode, c.status)
		}
		if c.status == http.StatusMethodNotAllowed && res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s %s: Allow %q", c.method, c.path, res.Header.Get("Allow"))
		}
		if c.method == "HEAD" && len(got) != 0 {
			t.Errorf("HEAD %s: a body of %d bytes", c.path, len(got))
		}
	}
}

// failingStore is a store whose database does not answer.
type failingStore struct{ outflank.Store }

func (failingStore) Tournaments(context.Context) ([]outflank.TournamentSummary, error) {
	return nil, errors.New("sqlite: disk I/O error")
}

// TestHealth: 200 while the database answers and the feed has given the
// versions, 503 when the database does not answer; the error's detail
// stays in the server.
func TestHealth(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.wait("/t/club") // the feed has given the versions: until then, 503
	res, body := s.get("/healthz")
	if res.StatusCode != 200 || !strings.Contains(body, `"status": "ok"`) || !strings.Contains(body, `"tournaments": 1`) {
		t.Errorf("healthy: %d %s", res.StatusCode, body)
	}
	srv, err := web.New(failingStore{s.db}, s.db, web.Config{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go srv.Watch(ctx)
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), "the database does not answer") || strings.Contains(rec.Body.String(), "disk I/O") {
		t.Errorf("database down: %d %s", rec.Code, rec.Body.String())
	}
}

// syncBuffer is a log the server writes from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestAccessLog: one structured line per request, with its method, path,
// status, size, duration and client; a live stream is logged as one.
func TestAccessLog(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	var log syncBuffer
	addr, stop := s.served(web.Config{AccessLog: slog.New(slog.NewJSONHandler(&log, nil))})
	res, err := http.Get("http://" + addr + "/t/club/standings?list=ifrl")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	openStream(t, addr, "/t/club/events")
	stop()
	// A stream's handler hands its connection over (the server stops
	// tracking it) and logs on return, which may come just after the stream's
	// head reached the client, and after Serve returned: wait for it.
	var lines []map[string]any
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		lines = nil
		for line := range strings.Lines(log.String()) {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("not a JSON line: %q", line)
			}
			if m["msg"] == "request" {
				lines = append(lines, m)
			}
		}
		if len(lines) >= 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(lines) != 2 {
		t.Fatalf("%d request lines:\n%s", len(lines), log.String())
	}
	page, stream := lines[0], lines[1]
	if page["method"] != "GET" || page["path"] != "/t/club/standings?list=ifrl" || page["status"] != 200.0 ||
		page["bytes"].(float64) <= 0 || page["duration"] == nil || !strings.HasPrefix(page["remote"].(string), "127.0.0.1:") {
		t.Errorf("the page's line: %v", page)
	}
	if stream["path"] != "/t/club/events" || stream["status"] != 200.0 || stream["stream"] != true {
		t.Errorf("the stream's line: %v", stream)
	}
}

// TestAccessLogClientBehindProxy (issue 26, point 13): behind a proxy
// named by --trusted-proxy, the access log names the client its
// X-Forwarded-For gives; from any other address the header is not
// believed, and the client is the connection's address.
func TestAccessLogClientBehindProxy(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	for _, c := range []struct {
		name    string
		proxies []netip.Prefix
		want    string
	}{
		{"behind a trusted proxy", []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, "203.0.113.7"},
		{"no proxy trusted", nil, "127.0.0.1"},
		{"another proxy trusted", []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}, "127.0.0.1"},
	} {
		var log syncBuffer
		addr, stop := s.served(web.Config{AccessLog: slog.New(slog.NewJSONHandler(&log, nil)), TrustedProxies: c.proxies})
		req, _ := http.NewRequest("GET", "http://"+addr+"/t/club/standings", nil)
		req.Header.Set("X-Forwarded-For", "198.51.100.1, 203.0.113.7")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		stop()
		var line map[string]any
		if err := json.Unmarshal([]byte(strings.TrimSpace(log.String())), &line); err != nil {
			t.Fatalf("%s: not one JSON line: %q", c.name, log.String())
		}
		if line["client"] != c.want || !strings.HasPrefix(line["remote"].(string), "127.0.0.1:") {
			t.Errorf("%s: client %v, remote %v; want client %s", c.name, line["client"], line["remote"], c.want)
		}
	}
}
