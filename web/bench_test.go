package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
	"outflank/sqlite"
)

// The figures of a whole server under load, over loopback, come from
// cmd/outflank-load (docs/web.md); these benchmarks measure its parts in
// one process.

// bigEvent returns a server of a simulated 1,000-player, 13-round WOC,
// following its store.
func bigEvent(b *testing.B) (*Server, string) {
	b.Helper()
	t, err := simulate.Event(simulate.Options{Rules: rules.WOC, Players: 1000, Rounds: 13, Seed: 12})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), sqlite.Options{Create: true})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, t, outflank.KindImport, "benchmark"); err != nil {
		b.Fatal(err)
	}
	s, err := New(db, db, Config{})
	if err != nil {
		b.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	b.Cleanup(stop)
	go s.Watch(watch)
	return s, t.Slug
}

// forgetPages empties the caches of rendered pages and of their <main>.
func (s *Server) forgetPages() {
	s.cache.mu.Lock()
	s.cache.pages = newLRU[*page](s.cache.pages.max)
	s.cache.mu.Unlock()
	s.mains.mu.Lock()
	s.mains.entries = newLRU[*mainEntry](s.mains.entries.max)
	s.mains.mu.Unlock()
}

// discard is a ResponseWriter that keeps nothing.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(p []byte) (int, error) { return len(p), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkStandingsPage serves the standings of a 1,000-player event from
// the cache, as a browser asks for them (gzip), through every middleware;
// and renders them anew.
func BenchmarkStandingsPage(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	s, slug := bigEvent(b)
	h := s.Handler()
	req := httptest.NewRequest("GET", "/t/"+slug+"/standings", nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	h.ServeHTTP(&discard{h: http.Header{}}, req) // rendered once
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			w := &discard{h: http.Header{}}
			for pb.Next() {
				clear(w.h)
				h.ServeHTTP(w, req)
			}
		})
	})
	b.Run("render", func(b *testing.B) {
		// The caches emptied each time: a page the cache has not seen (a
		// parameter of its own no longer makes one: routes.go, reads).
		b.ReportAllocs()
		w := &discard{h: http.Header{}}
		for b.Loop() {
			clear(w.h)
			s.forgetPages()
			h.ServeHTTP(w, httptest.NewRequest("GET", "/t/"+slug+"/standings", nil))
		}
	})
}

// BenchmarkPublish sends a change event to 1,000 open streams, each a
// loopback connection whose browser reads it.
func BenchmarkPublish(b *testing.B) {
	const streams = 1000
	h := newHub(nil, 0)
	defer h.closeAll()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	var readers sync.WaitGroup
	for range streams {
		browser, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		server, err := l.Accept()
		if err != nil {
			b.Fatal(err)
		}
		h.add("bench", server)
		readers.Go(func() {
			defer browser.Close()
			io.Copy(io.Discard, bufio.NewReader(browser))
		})
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		h.publish("bench", int64(i))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/streams, "ns/stream")
	if n := h.count(); n != streams {
		b.Errorf("%d streams left of %d", n, streams)
	}
}

// BenchmarkStreamMemory opens live streams on the server as browsers do
// and reports the Go heap each one keeps once open (the connection, the
// hub's entry; and here the browser's end of the connection too): the rest of a server's memory per stream (cmd/outflank-load
// measures its whole resident memory) is the kernel's and the garbage
// collector's room.
func BenchmarkStreamMemory(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	s, slug := bigEvent(b)
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	const streams = 500
	var before, after runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		var conns []net.Conn
		for range streams {
			c, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			io.WriteString(c, "GET /t/"+slug+"/events HTTP/1.1\r\nHost: x\r\n\r\n")
			conns = append(conns, c)
		}
		for deadline := time.Now().Add(10 * time.Second); s.hub.count() < streams; {
			if time.Now().After(deadline) {
				b.Fatalf("%d streams open of %d", s.hub.count(), streams)
			}
			time.Sleep(time.Millisecond)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		for _, c := range conns {
			c.Close()
		}
		s.hub.remove(s.hub.snapshot(""))
	}
	// The browsers' ends are in this process too: counted in, the figure
	// is a bound.
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/streams, "heap-bytes/stream")
}
