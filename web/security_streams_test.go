package web_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank/web"
)

// streamFrom asks addr for a tournament's live stream from the local
// address local ("" any), with an X-Forwarded-For header when forwarded is
// not "", and returns the answer (its body unread; the connection stays
// open until the test ends).
func streamFrom(t *testing.T, addr, local, forwarded string) *http.Response {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second}
	if local != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(local)}
	}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	req := "GET /t/club/events HTTP/1.1\r\nHost: " + addr + "\r\n"
	if forwarded != "" {
		req += "X-Forwarded-For: " + forwarded + "\r\n"
	}
	io.WriteString(c, req+"\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// wantStream checks that res opened a stream.
func wantStream(t *testing.T, what string, res *http.Response) {
	t.Helper()
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%s: %d %s, want a stream", what, res.StatusCode, res.Header.Get("Content-Type"))
	}
}

// wantRefused checks that res is the 429 of a client that holds its share
// of the streams: a Retry-After, and a message that says why.
func wantRefused(t *testing.T, what string, res *http.Response, share int) {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	retry, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	if res.StatusCode != http.StatusTooManyRequests || retry < 1 ||
		!strings.Contains(string(body), "already has "+strconv.Itoa(share)+" live streams open, the most one address may have") {
		t.Errorf("%s: %d, Retry-After %q, want 429 with Retry-After and the reason:\n%.500s", what, res.StatusCode, res.Header.Get("Retry-After"), body)
	}
}

// TestStreamsPerClient: one client address holds at most its share of the
// live streams, and is told so with 429 and Retry-After; another address
// still gets one (issue 25, point 5e). An X-Forwarded-For header is ignored
// from an address that is not a trusted proxy, so it cannot escape the
// share.
func TestStreamsPerClient(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	addr, _ := s.served(web.Config{MaxStreams: 10, MaxStreamsPerClient: 3})
	for i := range 3 {
		wantStream(t, "stream "+strconv.Itoa(i+1)+" of 127.0.0.1", streamFrom(t, addr, "127.0.0.1", "198.51.100."+strconv.Itoa(i)))
	}
	wantRefused(t, "a fourth stream of 127.0.0.1", streamFrom(t, addr, "127.0.0.1", ""), 3)
	wantRefused(t, "a fourth stream of 127.0.0.1 naming another client", streamFrom(t, addr, "127.0.0.1", "198.51.100.99"), 3)
	wantStream(t, "a stream of 127.0.0.2", streamFrom(t, addr, "127.0.0.2", ""))
}

// TestStreamsPerClientBehindAProxy: behind a trusted proxy, the share is
// the forwarded client's: one client is refused beyond it while another,
// through the same proxy, still gets streams; IPv6 clients of one /64 are
// one client.
func TestStreamsPerClientBehindAProxy(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	addr, _ := s.served(web.Config{MaxStreams: 20, MaxStreamsPerClient: 2, TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	for i := range 2 {
		// The client's own address at the list's start chooses nothing.
		wantStream(t, "stream of 203.0.113.7", streamFrom(t, addr, "127.0.0.1", "10.9.9."+strconv.Itoa(i)+", 203.0.113.7"))
	}
	wantRefused(t, "a third stream of 203.0.113.7", streamFrom(t, addr, "127.0.0.1", "203.0.113.7"), 2)
	wantStream(t, "a stream of 203.0.113.8", streamFrom(t, addr, "127.0.0.1", "203.0.113.8"))
	wantStream(t, "a stream of 2001:db8:1:2::1", streamFrom(t, addr, "127.0.0.1", "2001:db8:1:2::1"))
	wantStream(t, "a stream of 2001:db8:1:2::ffff", streamFrom(t, addr, "127.0.0.1", "2001:db8:1:2::ffff"))
	wantRefused(t, "a third stream of 2001:db8:1:2::/64", streamFrom(t, addr, "127.0.0.1", "2001:db8:1:2:aaaa::1"), 2)
	wantStream(t, "a stream of 2001:db8:1:3::1", streamFrom(t, addr, "127.0.0.1", "2001:db8:1:3::1"))
}
