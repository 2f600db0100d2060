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
// first to ask builds it, the others at that version wait for it. They
// are kept in at most max bytes of <main>, the least recently used
// forgotten first (lru.go), as pageCache keeps its pages.
type mainCache struct {
	mu      sync.Mutex
	entries *lru[*mainEntry]
}

// mainEntry is a <main> being built, or built, at version.
type mainEntry struct {
	version int64
	done    chan struct{}
	m       *builtMain
	err     error
}

func newMainCache(maxBytes int64) *mainCache {
	return &mainCache{entries: newLRU[*mainEntry](maxBytes)}
}

// get returns the <main> of key at version: kept, being built, or built
// now by build. An older version than the one kept is built and not kept
// (a page asked for just as a change came).
func (c *mainCache) get(key string, version int64, build func() (*builtMain, error)) (*builtMain, error) {
	c.mu.Lock()
	e, ok := c.entries.get(key)
	switch {
	case ok && e.version == version:
		c.mu.Unlock()
		<-e.done
		return e.m, e.err
	case ok && e.version > version:
		c.mu.Unlock()
		return build()
	}
	e = &mainEntry{version: version, done: make(chan struct{})}
	c.entries.put(key, e, mainOverhead+int64(len(key))) // weighed once built
	c.mu.Unlock()
	e.m, e.err = build()
	close(e.done)
	c.mu.Lock()
	defer c.mu.Unlock()
	if kept, ok := c.entries.peek(key); !ok || kept != e {
		return e.m, e.err // forgotten or replaced meanwhile
	}
	if e.err != nil {
		c.entries.remove(key) // the next request tries again
		return e.m, e.err
	}
	size := mainOverhead + int64(len(key))
	for _, p := range e.m.main {
		size += int64(p.len())
	}
	c.entries.put(key, e, size)
	return e.m, e.err
}

// mainOverhead is what a kept <main> weighs besides its key and its
// bytes.
const mainOverhead = 512
