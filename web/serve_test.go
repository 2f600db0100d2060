package web_test

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank/web"
)

// served runs a server of s's database with cfg through Serve, as outflank
// serve does, until the returned stop is called; stop returns Serve's
// error.
func (s *site) served(cfg web.Config) (addr string, stop func() error) {
	s.t.Helper()
	srv, err := web.New(s.db, s.db, cfg)
	if err != nil {
		s.t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		s.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, l) }()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(15 * time.Second):
			s.t.Fatal("Serve did not return within 15 s of its end")
		}
		return nil
	}
	s.t.Cleanup(func() { stop() })
	return l.Addr().String(), stop
}

// openStream opens a live stream of path and returns what it reads.
func openStream(t *testing.T, addr, path string) *bufio.Reader {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: "+addr+"\r\n\r\n")
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	return br
}

// TestShutdownEndsStreams: when the server stops (SIGINT or SIGTERM for
// outflank serve), each open stream gets the "bye" event, then its end,
// and Serve returns.
func TestShutdownEndsStreams(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	addr, stop := s.served(web.Config{})
	streams := []*bufio.Reader{openStream(t, addr, "/t/club/events"), openStream(t, addr, "/t/club/events")}
	healthy := func() bool {
		res, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return strings.Contains(string(b), `"live_clients": 2`)
	}
	for deadline := time.Now().Add(5 * time.Second); !healthy(); {
		if time.Now().After(deadline) {
			t.Fatal("the server does not count the 2 streams")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := stop(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	for i, br := range streams {
		rest, err := io.ReadAll(br)
		if err != nil {
			t.Errorf("stream %d: %v (want the end of the stream)", i, err)
		}
		if !strings.Contains(string(rest), "event: bye\n") || !strings.HasSuffix(string(rest), "\n\n") {
			t.Errorf("stream %d ended with %q, want the bye event", i, rest)
		}
	}
	if _, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		t.Error("the server still takes connections after its end")
	}
}

// TestStreamsBeyondTheBound: a browser asking for a stream the server has
// no room for is told to come back in 30 s or more, and the stream ends.
func TestStreamsBeyondTheBound(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	addr, _ := s.served(web.Config{MaxStreams: 1})
	openStream(t, addr, "/t/club/events")
	br := openStream(t, addr, "/t/club/events")
	rest, err := io.ReadAll(br)
	if err != nil {
		t.Fatal(err)
	}
	retry, ok := strings.CutPrefix(string(rest), "retry: ")
	ms, _ := strconv.Atoi(strings.TrimSpace(retry))
	if !ok || ms < 30000 || strings.Contains(string(rest), "event:") {
		t.Errorf("the stream beyond the bound got %q", rest)
	}
}
