package web

import (
	"context"
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
	return p
}

// bytes is the page's body, unzipped.
func (p *page) bytes() []byte {
	p.bodyOnce.Do(func() { p.body = joinPieces(p.pieces) })
	return p.body
}

// pageCache keeps rendered pages by key (a path and its query), at most
// max of them: a page of an older version is replaced when asked for
// again; when full, the cache is emptied (a busy site refills it in a
// moment; an event's pages are a few hundred).
//
// A page missing from the cache is rendered once however many requests
// ask for it at the same time: when a result is saved, every phone on the
// event fetches the new standings within the same fraction of a second,
// and they wait for the one rendering instead of each rendering it (which,
// for a 1,000-player event, took both cores for seconds). At most
// maxRenders pages are rendered at once, so that the rest of the machine
// keeps serving the pages already rendered, and the live streams.
type pageCache struct {
	mu      sync.RWMutex
	max     int
	pages   map[string]*page
	flights map[string]*flight
	renders chan struct{} // a slot for each render at once
}

// flight is a page being rendered, from version or later.
type flight struct {
	version int64
	done    chan struct{}
	p       *page
	err     error
}

func newPageCache(max, maxRenders int) *pageCache {
	return &pageCache{max: max, pages: map[string]*page{}, flights: map[string]*flight{}, renders: make(chan struct{}, maxRenders)}
}

func (c *pageCache) get(key string, version int64) *page {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if p := c.pages[key]; p != nil && p.version >= version {
		p.hits.Add(1)
		return p
	}
	return nil
}

// page returns the page at key rendered from version or later: from the
// cache, or from render, called once for all the requests that ask for it
// meanwhile. render's context is ctx without its end: a request that gives
// up does not fail the others.
func (c *pageCache) page(ctx context.Context, key string, version int64, render func(ctx context.Context) (*page, error)) (*page, error) {
	if p := c.get(key, version); p != nil {
		return p, nil
	}
	c.mu.Lock()
	if p := c.pages[key]; p != nil && p.version >= version {
		c.mu.Unlock()
		return p, nil
	}
	f := c.flights[key]
	if f == nil || f.version < version {
		f = &flight{version: version, done: make(chan struct{})}
		c.flights[key] = f
		go c.fly(context.WithoutCancel(ctx), key, f, render)
	}
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.p, f.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// fly renders f's page in a slot, keeps it and tells those waiting.
func (c *pageCache) fly(ctx context.Context, key string, f *flight, render func(ctx context.Context) (*page, error)) {
	defer close(f.done)
	c.renders <- struct{}{}
	defer func() { <-c.renders }()
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
	if len(c.pages) >= c.max {
		clear(c.pages)
	}
	if old := c.pages[key]; old == nil || old.version <= p.version {
		c.pages[key] = p
	}
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
