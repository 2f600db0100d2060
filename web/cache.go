package web

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"sync/atomic"

	"outflank"
)

// page is a rendered page (or fragment), kept for the tournament version
// it was rendered from.
type page struct {
	key     string
	version int64
	etag    string // of the body; the gzip's is etagGz (RFC 9110 8.8.3)
	etagGz  string
	ctype   string
	// pieces are the body as rendered (pieces.go), joined the first time
	// a request takes it unzipped (most take the gzip).
	pieces   []piece
	bodyOnce sync.Once
	body     []byte
	gz       []byte // body gzipped, nil when too small to gain
	// The Content-Length of each, written once.
	bodyLength, gzLength string

	// slug is the tournament the page shows ("" for the site's own), and
	// rerender renders it at a later version (nil: on demand only); hits
	// counts the requests it answered (prerender.go).
	slug     string
	rerender func(ctx context.Context, version int64) (*page, error)
	hits     atomic.Int64

	// size is what the page weighs in the cache, in bytes.
	size int64
}

// newPage finishes a rendered body: its ETag (the version and the key
// determine the bytes: rendering is deterministic) and its gzip.
func newPage(key string, version int64, ctype string, body []byte) *page {
	return newPageOf(key, version, ctype, []piece{{text: body}})
}

// newPageOf is newPage of a body rendered as pieces (pieces.go), whose
// gzip reuses the blocks' deflated form.
func newPageOf(key string, version int64, ctype string, pieces []piece) *page {
	size := 0
	for _, p := range pieces {
		size += p.len()
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	tag := fmt.Sprintf("v%d-%x", version, h.Sum64())
	p := &page{key: key, version: version, etag: `"` + tag + `"`, etagGz: `"` + tag + `-gz"`, ctype: ctype, pieces: pieces, bodyLength: strconv.Itoa(size)}
	if size > 1024 {
		p.gz = gzipPieces(pieces)
		p.gzLength = strconv.Itoa(len(p.gz))
	}
	p.size = pageOverhead + int64(len(key)+size+len(p.gz))
	if len(pieces) > 1 {
		p.size += int64(size) // the body joined, the first time a request takes it unzipped
	}
	return p
}

// pageOverhead is what a kept page weighs besides its key and its bytes:
// the struct, its tags and its entry in the cache.
const pageOverhead = 512

// bytes is the page's body, unzipped.
func (p *page) bytes() []byte {
	p.bodyOnce.Do(func() { p.body = joinPieces(p.pieces) })
	return p.body
}

// The bounds of a server's page caches (Config.CacheBytes): the rendered
// pages are kept in at most DefaultCacheBytes; the <main> shared by a page
// and its fragment (mains.go) and the pages of live games (live.go) in a
// quarter of that each. At most maxQueued pages wait for a render slot.
const (
	DefaultCacheBytes = 64 << 20
	maxQueued         = 256
)

// errBusy answers a request for a page to render when maxQueued are
// waiting already: 503, with Retry-After (errorPage).
var errBusy = outflank.Errorf(outflank.EUNAVAILABLE, "The server has too many pages to prepare right now: nothing was changed; try again in a few seconds.")

// errDropped is the end of a render nobody waited for any more: no
// request sees it.
var errDropped = errors.New("web: render dropped: nobody waits for it")

// pageCache keeps rendered pages by key (a path and the query parameters
// the page reads: routes.go), at most max bytes of them, forgetting the
// least recently used (lru.go).
//
// A page missing from the cache is rendered once however many requests
// ask for it at the same time: when a result is saved, every phone on the
// event fetches the new standings within the same fraction of a second,
// and they wait for the one rendering instead of each rendering it (which,
// for a 1,000-player event, took both cores for seconds). At most
// maxRenders pages are rendered at once, so that the rest of the machine
// keeps serving the pages already rendered, and the live streams.
//
// What waits for a render slot is bounded too, so that no visitor can
// queue work for everyone else to wait behind (issue 25: sixty requests
// for a 1,000-player crosstable, each connection closed at once, kept the
// server rendering for 38 s). A render waits in the queue only while a
// request waits for it: when the last one gives up (its client has gone),
// the render is dropped before it starts. One that has started runs to its
// end and is kept: stopping it half way would let a client that closes at
// once make the server start the same page over and over, never keeping
// it. Beyond maxQueued renders waiting, a request for another page is
// answered 503 (errBusy); one for a page already being rendered still
// waits for it, which costs nothing.
type pageCache struct {
	mu        sync.Mutex
	pages     *lru[*page]
	flights   map[string]*flight
	renders   chan struct{} // a slot for each render at once
	maxQueued int
	queued    int // the flights waiting for a slot

	// rendered counts the renders that took a slot, dropped those that
	// did not, nobody waiting for them any more.
	rendered, dropped atomic.Int64
}

// flight is a page being rendered, from version or later. Its fields
// other than done, p and err are guarded by the cache's mutex.
type flight struct {
	version int64
	done    chan struct{}
	p       *page
	err     error

	waiters int           // the requests waiting for it
	started bool          // it has a render slot
	dropped bool          // the last waiter left before it started
	drop    chan struct{} // closed when dropped
}

func newPageCache(maxBytes int64, maxRenders, maxQueued int) *pageCache {
	return &pageCache{pages: newLRU[*page](maxBytes), flights: map[string]*flight{}, renders: make(chan struct{}, maxRenders), maxQueued: maxQueued}
}

// get returns the page at key kept from version or later, or nil.
func (c *pageCache) get(key string, version int64) *page {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.getLocked(key, version)
}

func (c *pageCache) getLocked(key string, version int64) *page {
	if p, ok := c.pages.get(key); ok && p.version >= version {
		p.hits.Add(1)
		return p
	}
	return nil
}

// bytes is the total size of the pages kept.
func (c *pageCache) bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pages.bytes()
}

// page returns the page at key rendered from version or later: from the
// cache, or from render, called once for all the requests that ask for it
// meanwhile. render's context is ctx without its end: a request that gives
// up does not fail the others. When every request that asked has given
// up before the render started, it is dropped.
func (c *pageCache) page(ctx context.Context, key string, version int64, render func(ctx context.Context) (*page, error)) (*page, error) {
	c.mu.Lock()
	if p := c.getLocked(key, version); p != nil {
		c.mu.Unlock()
		return p, nil
	}
	f := c.flights[key]
	if f == nil || f.version < version {
		if c.queued >= c.maxQueued {
			c.mu.Unlock()
			return nil, errBusy
		}
		f = &flight{version: version, done: make(chan struct{}), drop: make(chan struct{})}
		c.flights[key] = f
		c.queued++
		go c.fly(context.WithoutCancel(ctx), key, f, render)
	}
	f.waiters++
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.p, f.err
	case <-ctx.Done():
		c.leave(key, f)
		return nil, ctx.Err()
	}
}

// leave is a request giving up on f: the last one drops it if it has not
// started.
func (c *pageCache) leave(key string, f *flight) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f.waiters--
	if f.waiters > 0 || f.started || f.dropped {
		return
	}
	f.dropped = true
	close(f.drop)
	c.queued--
	if c.flights[key] == f {
		delete(c.flights, key)
	}
}

// fly waits for a render slot, unless f is dropped meanwhile, then renders
// f's page, keeps it and tells those waiting.
func (c *pageCache) fly(ctx context.Context, key string, f *flight, render func(ctx context.Context) (*page, error)) {
	defer close(f.done)
	select {
	case c.renders <- struct{}{}:
	case <-f.drop:
		f.err = errDropped
		c.dropped.Add(1)
		return
	}
	c.mu.Lock()
	if f.dropped { // as the slot came
		c.mu.Unlock()
		<-c.renders
		f.err = errDropped
		c.dropped.Add(1)
		return
	}
	f.started = true
	c.queued--
	c.mu.Unlock()
	defer func() { <-c.renders }()
	c.rendered.Add(1)
	func() {
		defer func() {
			if v := recover(); v != nil {
				f.err = fmt.Errorf("web: rendering %s: panic: %v", key, v)
			}
		}()
		f.p, f.err = render(ctx)
	}()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.flights[key] == f {
		delete(c.flights, key)
	}
	if f.err == nil {
		c.putLocked(key, f.p)
	}
}

func (c *pageCache) putLocked(key string, p *page) {
	if old, ok := c.pages.peek(key); ok && old.version > p.version {
		return
	}
	c.pages.put(key, p, p.size)
}

// tournamentCache keeps the tournaments loaded from the store, each at the
// version it was loaded at, and loads each one once however many requests
// ask for it at the same time. The pages only read them: from a store that
// keeps its tournaments in memory (outflank.SharedReader), it takes them
// as kept, sealed, without a copy, and the lists drawn up from one are
// drawn up once for every page (and inherited by the next version when a
// change leaves them as they were: a result of the round in play).
type tournamentCache struct {
	store outflank.Store
	mu    sync.Mutex
	tours map[string]*loading
}

// loading is a tournament being loaded, or loaded.
type loading struct {
	done chan struct{}
	t    *outflank.Tournament
	err  error
}

func newTournamentCache(store outflank.Store) *tournamentCache {
	return &tournamentCache{store: store, tours: map[string]*loading{}}
}

// get returns the tournament with slug at version or later.
func (c *tournamentCache) get(ctx context.Context, slug string, version int64) (*outflank.Tournament, error) {
	c.mu.Lock()
	l := c.tours[slug]
	if l != nil {
		select {
		case <-l.done:
			if l.err != nil || l.t.Version < version {
				l = nil // failed, or stale: load again
			}
		default: // being loaded: wait for it
		}
	}
	if l == nil {
		l = &loading{done: make(chan struct{})}
		c.tours[slug] = l
		go func() {
			l.t, l.err = c.load(context.WithoutCancel(ctx), slug)
			close(l.done)
		}()
	}
	c.mu.Unlock()
	select {
	case <-l.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if l.err != nil {
		return nil, l.err
	}
	if l.t.Version < version {
		// Loaded before the change that made version: once more.
		return c.get(ctx, slug, version)
	}
	return l.t, nil
}

// load reads the tournament with slug: shared, when the store can.
func (c *tournamentCache) load(ctx context.Context, slug string) (*outflank.Tournament, error) {
	if s, ok := c.store.(outflank.SharedReader); ok {
		return s.SharedTournament(ctx, slug)
	}
	return c.store.Tournament(ctx, slug)
}
