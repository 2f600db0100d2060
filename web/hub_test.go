//go:build unix

package web

import (
	"bufio"
	"log/slog"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// tcpPair returns the two ends of a loopback TCP connection: the server's
// (as a stream is, once taken over) and the browser's.
func tcpPair(t *testing.T) (server, browser net.Conn) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, _ := l.Accept()
		accepted <- c
	}()
	browser, err = net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server = <-accepted
	if server == nil {
		t.Fatal("no connection accepted")
	}
	t.Cleanup(func() { server.Close(); browser.Close() })
	return server, browser
}

// TestSlowStreamDoesNotDelayOthers: a browser that stops reading is closed
// once its socket is full, without slowing the events to a browser that
// reads.
func TestSlowStreamDoesNotDelayOthers(t *testing.T) {
	h := newHub(slog.New(slog.DiscardHandler), 0)
	defer h.closeAll()
	stuckServer, stuck := tcpPair(t)
	stuckServer.(*net.TCPConn).SetWriteBuffer(4096)
	stuck.(*net.TCPConn).SetReadBuffer(4096)
	readingServer, reading := tcpPair(t)
	h.add("club", stuckServer)
	h.add("club", readingServer)
	var got atomic.Int64
	go func() {
		sc := bufio.NewScanner(reading)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "id: ") {
				got.Add(1)
			}
		}
	}()
	// 800 KB in all, far more than a socket holds; in batches that the
	// reading browser keeps up with.
	const events, batch = 20000, 200
	var slowest time.Duration
	for v := int64(1); v <= events; v++ {
		start := time.Now()
		h.publish("club", v)
		slowest = max(slowest, time.Since(start))
		if v%batch == 0 {
			deadline := time.Now().Add(5 * time.Second)
			for got.Load() < v && time.Now().Before(deadline) {
				time.Sleep(time.Millisecond)
			}
		}
	}
	if slowest > 100*time.Millisecond {
		t.Errorf("an event took %s to send to two streams", slowest)
	}
	if n := h.count(); n != 1 {
		t.Errorf("%d streams open after the stuck one filled; want 1 (the reading one)", n)
	}
	if got.Load() != events {
		t.Errorf("the reading browser got %d events of %d", got.Load(), events)
	}
}

// TestOpenFindsClosedBrowser: the heartbeat's check tells a stream whose
// browser left from one still held, without waiting.
func TestOpenFindsClosedBrowser(t *testing.T) {
	server, browser := tcpPair(t)
	if !open(server) {
		t.Fatal("an open stream reported closed")
	}
	browser.Write([]byte("junk"))
	time.Sleep(20 * time.Millisecond)
	if !open(server) {
		t.Fatal("a stream whose browser sent bytes reported closed")
	}
	browser.Close()
	deadline := time.Now().Add(2 * time.Second)
	for open(server) {
		if time.Now().After(deadline) {
			t.Fatal("a stream whose browser closed it still reported open after 2 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestFanOut: every stream once, in parallel for many, the failures
// returned.
func TestFanOut(t *testing.T) {
	for _, n := range []int{0, 1, fanOutChunk, 5*fanOutChunk + 3} {
		list := make([]*stream, n)
		for i := range list {
			list[i] = &stream{slug: string(rune('a' + i%3))}
		}
		var calls atomic.Int64
		failed := fanOut(list, func(s *stream) bool {
			calls.Add(1)
			return s.slug != "b"
		})
		if calls.Load() != int64(n) {
			t.Errorf("%d streams: %d calls", n, calls.Load())
		}
		want := 0
		for _, s := range list {
			if s.slug == "b" {
				want++
			}
		}
		if len(failed) != want {
			t.Errorf("%d streams: %d failed, want %d", n, len(failed), want)
		}
	}
}

// TestReserveKeepsTheBound: streams arriving together take places up to
// the bound and no further, and a place given back can be taken again.
func TestReserveKeepsTheBound(t *testing.T) {
	h := newHub(slog.New(slog.DiscardHandler), 10)
	defer h.closeAll()
	var taken atomic.Int32
	done := make(chan struct{})
	for range 50 {
		go func() {
			if h.reserve() {
				taken.Add(1)
			}
			done <- struct{}{}
		}()
	}
	for range 50 {
		<-done
	}
	if taken.Load() != 10 || h.count() != 10 {
		t.Fatalf("%d places taken, %d counted, with a bound of 10", taken.Load(), h.count())
	}
	h.release()
	if !h.reserve() || h.reserve() {
		t.Fatal("a place given back could not be taken again exactly once")
	}
}
