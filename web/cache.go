package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"hash/fnv"
	"sync"

	"outflank"
)

// page is a rendered page (or fragment), kept for the tournament version
// it was rendered from.
type page struct {
	version int64
	etag    string
	ctype   string
	body    []byte
	gz      []byte // body gzipped, nil when too small to gain
}

// newPage finishes a rendered body: its ETag (the version and the key
// determine the bytes: rendering is deterministic) and its gzip.
func newPage(key string, version int64, ctype string, body []byte) *page {
	h := fnv.New64a()
	h.Write([]byte(key))
	p := &page{version: version, etag: fmt.Sprintf(`"v%d-%x"`, version, h.Sum64()), ctype: ctype, body: body}
	if len(body) > 1024 {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
		zw.Write(body)
		zw.Close()
		p.gz = buf.Bytes()
	}
	return p
}

// pageCache keeps rendered pages by key (a path and its query), at most
// max of them: a page of an older version is replaced when asked for
// again; when full, the cache is emptied (a busy site refills it in a
// moment; an event's pages are a few hundred).
type pageCache struct {
	mu    sync.RWMutex
	max   int
	pages map[string]*page
}

func newPageCache(max int) *pageCache {
	return &pageCache{max: max, pages: map[string]*page{}}
}

func (c *pageCache) get(key string, version int64) *page {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if p := c.pages[key]; p != nil && p.version >= version {
		return p
	}
	return nil
}

func (c *pageCache) put(key string, p *page) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pages) >= c.max {
		clear(c.pages)
	}
	if old := c.pages[key]; old == nil || old.version <= p.version {
		c.pages[key] = p
	}
}

// tournamentCache keeps the tournaments loaded from the store, each at the
// version it was loaded at, and loads each one once however many requests
// ask for it at the same time.
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
			l.t, l.err = c.store.Tournament(context.WithoutCancel(ctx), slug)
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
