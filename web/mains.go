package web

import "sync"

// builtMain is a page's view and its <main> rendered (as pieces:
// pieces.go), at one version.
type builtMain struct {
	v    view
	main []piece
}

// mainCache keeps, for each page (mainKey), the <main> of the latest
// version rendered, so that a page and its fragment build it once: the
// first to ask builds it, the others at that version wait for it. At most
// max are kept; when full, the cache is emptied, as pageCache is.
type mainCache struct {
	mu      sync.Mutex
	max     int
	entries map[string]*mainEntry
}

// mainEntry is a <main> being built, or built, at version.
type mainEntry struct {
	version int64
	done    chan struct{}
	m       *builtMain
	err     error
}

func newMainCache(max int) *mainCache {
	return &mainCache{max: max, entries: map[string]*mainEntry{}}
}

// get returns the <main> of key at version: kept, being built, or built
// now by build. An older version than the one kept is built and not kept
// (a page asked for just as a change came).
func (c *mainCache) get(key string, version int64, build func() (*builtMain, error)) (*builtMain, error) {
	c.mu.Lock()
	e := c.entries[key]
	switch {
	case e != nil && e.version == version:
		c.mu.Unlock()
		<-e.done
		return e.m, e.err
	case e != nil && e.version > version:
		c.mu.Unlock()
		return build()
	}
	e = &mainEntry{version: version, done: make(chan struct{})}
	if len(c.entries) >= c.max {
		clear(c.entries)
	}
	c.entries[key] = e
	c.mu.Unlock()
	e.m, e.err = build()
	close(e.done)
	if e.err != nil {
		c.mu.Lock()
		if c.entries[key] == e {
			delete(c.entries, key) // the next request tries again
		}
		c.mu.Unlock()
	}
	return e.m, e.err
}
