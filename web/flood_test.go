package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// TestJunkKeyFlood is issue 25's attack (point 1): requests for the
// whole crosstable of a 1,000-player event (?page=all), each with a
// parameter of its own (&junk=N), each connection closed as soon as the request is sent. Before,
// each was a page of its own, rendered to its end (2 MB, about a second of
// a core) and kept: sixty of them kept the server rendering for 38 s, a
// spectator's page of another tournament waited 18-20 s and the memory
// grew by 420 MB. Now the parameter is not part of the key: at most one
// render of the page for the whole flood; the renders that nobody waits
// for are dropped; the cache stays within its bytes, the heap within a
// few pages; and the spectator's page is answered within a few renders of
// the crosstable measured in the same test without the flood.
func TestJunkKeyFlood(t *testing.T) {
	const floodSize = 40
	const cacheBytes = 16 << 20
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "flood.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	club := storetest.CircleEvent(t, 40, 5)
	club.Slug, club.Name = "club", "Club Open"
	for _, tour := range []*outflank.Tournament{storetest.CircleEvent(t, 1000, 13), club} {
		if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(db, db, Config{CacheBytes: cacheBytes})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	// try asks for path, giving up after limit.
	try := func(path string, limit time.Duration) (time.Duration, string, error) {
		ctx, cancel := context.WithTimeout(ctx, limit)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+path, nil)
		start := time.Now()
		res, err := srv.Client().Do(req)
		if err != nil {
			return time.Since(start), "", fmt.Errorf("%s: no answer within %v: %w", path, limit, err)
		}
		defer res.Body.Close()
		if _, err := io.Copy(io.Discard, res.Body); err != nil {
			return time.Since(start), "", fmt.Errorf("%s: %w", path, err)
		}
		if res.StatusCode != http.StatusOK {
			return time.Since(start), "", fmt.Errorf("%s: %d", path, res.StatusCode)
		}
		return time.Since(start), res.Header.Get("ETag"), nil
	}
	get := func(path string, limit time.Duration) (time.Duration, string) {
		t.Helper()
		took, etag, err := try(path, limit)
		if err != nil {
			t.Fatal(err)
		}
		return took, etag
	}
	idle := func() {
		t.Helper()
		for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(10 * time.Millisecond) {
			s.cache.mu.Lock()
			busy := len(s.cache.flights) + s.cache.queued
			s.cache.mu.Unlock()
			if busy == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server still renders %d pages 2 minutes after the flood", busy)
			}
		}
	}

	// Without the flood: the crosstable rendered once (then forgotten,
	// for the flood to find it missing), the spectator's page.
	get("/t/big", time.Minute) // both tournaments loaded: the heap counts pages only
	get("/t/club", time.Minute)
	crosstable, _ := get("/t/big/crosstable?page=all", 2*time.Minute)
	s.forgetPages()
	spectator, _ := get("/t/club/players/1", time.Minute)
	t.Logf("without the flood: the crosstable rendered in %v, the spectator's page in %v", crosstable, spectator)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	renders := s.cache.rendered.Load()

	// The flood: each request sent, its connection closed at once.
	addr := strings.TrimPrefix(srv.URL, "http://")
	for i := range floodSize {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET /t/big/crosstable?page=all&junk=%d HTTP/1.1\r\nHost: %s\r\nAccept-Encoding: gzip\r\n\r\n", i, addr)
		conn.Close()
	}
	time.Sleep(100 * time.Millisecond) // the server has read them
	limit := spectator + 3*crosstable + 2*time.Second
	if during, _, err := try("/t/club/players/2", limit); err != nil {
		t.Errorf("during the flood, the spectator's page of another tournament: %v (%v without the flood)", err, spectator)
	} else {
		t.Logf("during the flood: the spectator's page in %v (limit %v)", during, limit)
	}
	idle()

	rendered := s.cache.rendered.Load() - renders
	t.Logf("%d requests: %d renders, %d dropped; %d bytes kept in %d pages", floodSize, rendered, s.cache.dropped.Load(), s.cache.bytes(), s.cache.pages.len())
	// The spectator's page, and at most one crosstable: every junk
	// request is the same page, rendered once and kept.
	if rendered > 2 {
		t.Errorf("%d renders for %d requests of one page and a spectator's, want at most 2", rendered, floodSize)
	}
	if b := s.cache.bytes(); b > cacheBytes {
		t.Errorf("the cache keeps %d bytes, over its %d", b, cacheBytes)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap: %.1f MB before the flood, %.1f MB after", float64(before.HeapAlloc)/(1<<20), float64(after.HeapAlloc)/(1<<20))
	if grown > 48<<20 {
		t.Errorf("the heap grew by %.1f MB with the flood, want at most 48 MB (the cache's 16 MB and the pages being built)", float64(grown)/(1<<20))
	}
	// The page the flood asked for is the page without its junk.
	_, plain := get("/t/big/crosstable?page=all", time.Minute)
	if _, junk := get("/t/big/crosstable?junk=x&page=all&page=2", time.Minute); junk != plain || plain == "" {
		t.Errorf("ETag %s with ?junk=x, %s without", junk, plain)
	}
}
