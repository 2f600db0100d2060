package main

import (
	"bufio"
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"
)

// TestMain lets the test binary be the file server too, as the load
// generator runs itself.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == fileServerMode {
		os.Exit(runFileServer(os.Args[2:]))
	}
	// The servers the tests start compare each tournament they serve
	// from memory with a full load (internal/memo).
	if _, set := os.LookupEnv("OUTFLANK_VERIFY_MEMO"); !set {
		os.Setenv("OUTFLANK_VERIFY_MEMO", "1")
	}
	os.Exit(m.Run())
}

var load = flag.Bool("load", false, "run a small measurement of outflank serve (builds it; about a minute)")

func TestReadResponse(t *testing.T) {
	for _, c := range []struct {
		in      string
		status  int
		length  int64
		etag    string
		gz, cls bool
		err     string
	}{
		{in: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: \"v3-ab-gz\"\r\nContent-Encoding: gzip\r\n\r\nhello", status: 200, length: 5, etag: `"v3-ab-gz"`, gz: true},
		{in: "HTTP/1.1 304 Not Modified\r\nconnection: close\r\n\r\n", status: 304, length: -1, cls: true},
		{in: "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nretry: 2000\n\n", status: 200, length: -1},
		{in: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", err: "chunked"},
		{in: "HTTP/1.0 200 OK\r\n\r\n", err: "not an HTTP/1.1 answer"},
		{in: "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n", err: "Content-Length"},
		{in: "HTTP/1.1 200 OK\r\nno colon\r\n\r\n", err: "header line"},
	} {
		r, err := readResponse(bufio.NewReader(strings.NewReader(c.in)))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || r.status != c.status || r.length != c.length || r.etag != c.etag || r.gzip != c.gz || r.close != c.cls {
			t.Errorf("%q: %+v %v", c.in, r, err)
		}
	}
}

func TestFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-duration", "2m"},
		{"-streams", "20001"},
		{"-only", "everything"},
		{"-conns", "0"},
		{"extra"},
	} {
		var out, errOut bytes.Buffer
		if code := run(args, &out, &errOut); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errOut.String())
		}
	}
}

func TestDialsLoopbackOnly(t *testing.T) {
	if _, err := dialLoopback("192.0.2.1:80", 0); err == nil || !strings.Contains(err.Error(), "not a loopback address") {
		t.Errorf("a remote address: %v", err)
	}
}

// TestSmallRun measures a small event briefly, end to end (go test
// ./cmd/outflank-load -load).
func TestSmallRun(t *testing.T) {
	if !*load {
		t.Skip("a measurement: run with -load")
	}
	var out, errOut bytes.Buffer
	code := run([]string{"-players", "40", "-duration", "1s", "-warmup", "200ms", "-turns", "1", "-rate", "200",
		"-results-every", "300ms", "-streams", "200", "-updates", "2"}, &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{"ratio", "open loop", "200 opened at once", "200 of 200 streams had the change event", "200 streams got the bye event, 200 then the end"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in:\n%s", want, out.String())
		}
	}
}
