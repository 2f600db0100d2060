package web

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"outflank"
	"outflank/internal/storetest"
	"outflank/sqlite"
)

// slotTest is a page cache of one render slot, and renders that count
// themselves and wait to be let through.
type slotTest struct {
	t       *testing.T
	c       *pageCache
	renders sync.Map // key -> *atomic.Int64
	gates   sync.Map // key -> chan struct{}: the render waits for it, when there is one
}

func newSlotTest(t *testing.T, maxQueued int) *slotTest {
	return &slotTest{t: t, c: newPageCache(1<<20, 1, maxQueued)}
}

// gate makes the renders of key wait until the returned func is called.
func (s *slotTest) gate(key string) func() {
	ch := make(chan struct{})
	s.gates.Store(key, ch)
	return sync.OnceFunc(func() { close(ch) })
}

func (s *slotTest) count(key string) int64 {
	n, _ := s.renders.LoadOrStore(key, new(atomic.Int64))
	return n.(*atomic.Int64).Load()
}

func (s *slotTest) render(key string) func(context.Context) (*page, error) {
	return func(context.Context) (*page, error) {
		n, _ := s.renders.LoadOrStore(key, new(atomic.Int64))
		n.(*atomic.Int64).Add(1)
		if ch, ok := s.gates.Load(key); ok {
			<-ch.(chan struct{})
		}
		return newPage(key, 1, "text/html", []byte("page "+key)), nil
	}
}

// ask asks for key in the background; its answer comes on the channel.
func (s *slotTest) ask(ctx context.Context, key string) <-chan error {
	done := make(chan error, 1)
	go func() {
		p, err := s.c.page(ctx, key, 1, s.render(key))
		if err == nil && string(p.bytes()) != "page "+key {
			err = errors.New("another page: " + string(p.bytes()))
		}
		done <- err
	}()
	return done
}

// until waits, at most 5 s, for cond.
func (s *slotTest) until(what string, cond func() bool) {
	s.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			s.t.Fatalf("waited 5 s for %s", what)
		}
	}
}

// state is the cache's count of flights waiting for a slot, and whether
// key has a flight.
func (s *slotTest) state(key string) (queued int, flying bool) {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	return s.c.queued, s.c.flights[key] != nil
}

// waiters is the number of requests waiting for key's flight.
func (s *slotTest) waiters(key string) int {
	s.c.mu.Lock()
	defer s.c.mu.Unlock()
	if f := s.c.flights[key]; f != nil {
		return f.waiters
	}
	return 0
}

// occupy takes the render slot with a render of /busy until the returned
// func is called.
func (s *slotTest) occupy() func() {
	release := s.gate("/busy")
	s.ask(context.Background(), "/busy")
	s.until("the busy render to start", func() bool { return s.count("/busy") == 1 })
	return release
}

func mustGet(t *testing.T, what string, ch <-chan error) error {
	t.Helper()
	select {
	case err := <-ch:
		return err
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: no answer within 5 s", what)
		return nil
	}
}

// TestRenderDroppedWhenNobodyWaits: a render waiting for its slot is
// dropped when every request that asked for it has given up, and never
// runs; one still wanted by a request runs; one that has started runs to
// its end and is kept; the queue is bounded, beyond it a new page is
// refused with a 503 that says nothing was changed, while a page already
// queued can still be waited for.
func TestRenderDroppedWhenNobodyWaits(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(t *testing.T, s *slotTest)
	}{
		{"the only request gives up: dropped, never rendered", func(t *testing.T, s *slotTest) {
			release := s.occupy()
			ctx, cancel := context.WithCancel(context.Background())
			asked := s.ask(ctx, "/p")
			s.until("the request to wait", func() bool { return s.waiters("/p") == 1 })
			cancel()
			if err := mustGet(t, "the request that gave up", asked); !errors.Is(err, context.Canceled) {
				t.Errorf("the request that gave up: %v", err)
			}
			if queued, flying := s.state("/p"); queued != 0 || flying {
				t.Errorf("after the drop: %d queued, flight kept %v", queued, flying)
			}
			release()
			s.until("the drop to be counted", func() bool { return s.c.dropped.Load() == 1 })
			if err := mustGet(t, "the page asked for again", s.ask(context.Background(), "/other")); err != nil {
				t.Fatal(err)
			}
			if n := s.count("/p"); n != 0 {
				t.Errorf("/p rendered %d times, nobody waiting for it", n)
			}
			if n := s.c.rendered.Load(); n != 2 {
				t.Errorf("%d renders, want 2 (/busy and /other)", n)
			}
		}},
		{"one of two requests gives up: rendered for the other", func(t *testing.T, s *slotTest) {
			release := s.occupy()
			ctx, cancel := context.WithCancel(context.Background())
			gone := s.ask(ctx, "/p")
			stays := s.ask(context.Background(), "/p")
			s.until("both requests to wait", func() bool { return s.waiters("/p") == 2 })
			cancel()
			if err := mustGet(t, "the request that gave up", gone); !errors.Is(err, context.Canceled) {
				t.Errorf("the request that gave up: %v", err)
			}
			release()
			if err := mustGet(t, "the request that stayed", stays); err != nil {
				t.Errorf("the request that stayed: %v", err)
			}
			if n := s.count("/p"); n != 1 || s.c.dropped.Load() != 0 {
				t.Errorf("/p rendered %d times, %d dropped; want 1 render, none dropped", n, s.c.dropped.Load())
			}
		}},
		{"started, then nobody waits: runs to its end and is kept", func(t *testing.T, s *slotTest) {
			release := s.gate("/p")
			ctx, cancel := context.WithCancel(context.Background())
			asked := s.ask(ctx, "/p")
			s.until("the render to start", func() bool { return s.count("/p") == 1 })
			cancel()
			if err := mustGet(t, "the request that gave up", asked); !errors.Is(err, context.Canceled) {
				t.Errorf("the request that gave up: %v", err)
			}
			later := s.ask(context.Background(), "/p") // joins the render under way
			s.until("the later request to wait", func() bool { return s.waiters("/p") == 1 })
			release()
			if err := mustGet(t, "the later request", later); err != nil {
				t.Fatal(err)
			}
			if p := s.c.get("/p", 1); p == nil {
				t.Error("the page rendered for a request that gave up was not kept")
			}
			if n := s.count("/p"); n != 1 {
				t.Errorf("/p rendered %d times, want 1", n)
			}
		}},
		{"asked for again after the drop: rendered", func(t *testing.T, s *slotTest) {
			release := s.occupy()
			ctx, cancel := context.WithCancel(context.Background())
			s.ask(ctx, "/p")
			s.until("the request to wait", func() bool { return s.waiters("/p") == 1 })
			cancel()
			s.until("the drop", func() bool { _, flying := s.state("/p"); return !flying })
			again := s.ask(context.Background(), "/p")
			release()
			if err := mustGet(t, "the request again", again); err != nil {
				t.Fatal(err)
			}
			if n := s.count("/p"); n != 1 {
				t.Errorf("/p rendered %d times, want 1", n)
			}
		}},
		{"the queue is full: a new page refused, one queued joined", func(t *testing.T, s *slotTest) {
			release := s.occupy()
			first := s.ask(context.Background(), "/a")
			second := s.ask(context.Background(), "/b")
			s.until("two renders queued", func() bool { q, _ := s.state("/a"); return q == 2 })
			err := mustGet(t, "a third page", s.ask(context.Background(), "/c"))
			if outflank.ErrorCode(err) != outflank.EUNAVAILABLE {
				t.Errorf("a third page with the queue full: %v, want a 503 (unavailable)", err)
			}
			joined := s.ask(context.Background(), "/a")
			s.until("the request to join /a", func() bool { return s.waiters("/a") == 2 })
			release()
			for what, ch := range map[string]<-chan error{"/a": first, "/b": second, "/a joined": joined} {
				if err := mustGet(t, what, ch); err != nil {
					t.Errorf("%s: %v", what, err)
				}
			}
			if s.count("/c") != 0 || s.count("/a") != 1 {
				t.Errorf("/c rendered %d times, /a %d; want 0 and 1", s.count("/c"), s.count("/a"))
			}
		}},
		{"a dropped render leaves the queue", func(t *testing.T, s *slotTest) {
			release := s.occupy()
			defer release()
			ctx, cancel := context.WithCancel(context.Background())
			s.ask(ctx, "/a")
			s.ask(context.Background(), "/b")
			s.until("two renders queued", func() bool { q, _ := s.state("/a"); return q == 2 })
			cancel()
			s.until("/a dropped", func() bool { q, _ := s.state("/a"); return q == 1 })
			s.ask(context.Background(), "/c")
			s.until("/c queued", func() bool { q, _ := s.state("/c"); return q == 2 })
			if _, flying := s.state("/c"); !flying {
				t.Error("/c was refused with room in the queue")
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { tc.run(t, newSlotTest(t, 2)) })
	}
}

// TestCacheKeepsItsBytes: the page cache keeps at most its bytes,
// forgetting the pages least recently asked for; a page larger than the
// whole cache is served and not kept.
func TestCacheKeepsItsBytes(t *testing.T) {
	body := make([]byte, 900) // under the gzip threshold: a page weighs its body, key and overhead
	one := newPage("/p00", 1, "text/html", body).size
	c := newPageCache(10*one, 1, maxQueued)
	get := func(key string, body []byte) *page {
		t.Helper()
		p, err := c.page(context.Background(), key, 1, func(context.Context) (*page, error) {
			return newPage(key, 1, "text/html", body), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for i := range 30 {
		get("/p"+string(rune('0'+i/10))+string(rune('0'+i%10)), body)
		if i == 5 || i == 15 {
			get("/p00", body) // asked for again: recent
		}
		if c.bytes() > 10*one {
			t.Fatalf("after %d pages: %d bytes kept, over %d", i+1, c.bytes(), 10*one)
		}
	}
	if c.get("/p00", 1) != nil {
		t.Error("/p00, not asked for in the last 10 pages, is still kept")
	}
	if c.get("/p29", 1) == nil || c.get("/p20", 1) == nil {
		t.Error("the 10 pages asked for last are not all kept")
	}
	big := get("/big", make([]byte, 20*int(one)))
	if len(big.bytes()) != 20*int(one) || c.get("/big", 1) != nil {
		t.Error("a page larger than the cache: not served whole, or kept")
	}
}

// TestBusyAnswers503: a page that would have to wait for a render beyond
// the bounded queue is answered 503 with Retry-After and a message that
// says nothing was changed and to try again, as HTML and on the API.
func TestBusyAnswers503(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "busy.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Create(ctx, storetest.CircleEvent(t, 8, 2), outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s, err := New(db, db, Config{})
	if err != nil {
		t.Fatal(err)
	}
	s.cache = newPageCache(DefaultCacheBytes, 1, 0) // no room to wait: every render refused
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go s.Watch(watch)
	srv := httptest.NewServer(s.Handler())
	t.Cleanup(srv.Close)
	for _, path := range []string{"/t/big/standings", "/api/t/big/standings"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s: %d, Retry-After %q; want 503 with Retry-After", path, res.StatusCode, res.Header.Get("Retry-After"))
		}
		if !strings.Contains(string(body), "nothing was changed") || !strings.Contains(string(body), "try again") {
			t.Errorf("%s: the message does not say nothing was changed and to try again:\n%s", path, body)
		}
	}
}
