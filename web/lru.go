package web

// lru maps keys to values of a known size in bytes, at most max bytes in
// all: when a value added goes over, the values least recently used are
// forgotten until the total is back under max. The page caches use it
// (cache.go, mains.go) so that what a visitor can make the server keep is
// bounded by bytes, whatever the pages weigh (issue 25: the cache held
// 4,096 pages, and a 1,000-player crosstable alone is 2 MB).
//
// An lru is not safe for concurrent use: its owner's mutex guards it.
type lru[V any] struct {
	max, total int64
	byKey      map[string]*lruEntry[V]
	// ring is the list of entries, most recently used first: ring.next
	// is the newest, ring.prev the oldest; ring itself holds no value.
	ring lruEntry[V]
}

// lruEntry is a value in an lru, linked to the ones used just before and
// just after it.
type lruEntry[V any] struct {
	key        string
	value      V
	size       int64
	prev, next *lruEntry[V]
}

// newLRU returns an empty lru of at most max bytes.
func newLRU[V any](max int64) *lru[V] {
	l := &lru[V]{max: max, byKey: map[string]*lruEntry[V]{}}
	l.ring.next, l.ring.prev = &l.ring, &l.ring
	return l
}

// get returns the value at key and marks it as the most recently used.
func (l *lru[V]) get(key string) (V, bool) {
	e := l.byKey[key]
	if e == nil {
		var zero V
		return zero, false
	}
	if l.ring.next != e {
		l.unlink(e)
		l.pushFront(e)
	}
	return e.value, true
}

// peek returns the value at key without marking it used.
func (l *lru[V]) peek(key string) (V, bool) {
	if e := l.byKey[key]; e != nil {
		return e.value, true
	}
	var zero V
	return zero, false
}

// put sets the value at key, of size bytes, as the most recently used,
// and forgets the least recently used values while the total is over max.
// A value larger than max is not kept (and the one it replaces is
// forgotten): it reports whether the value was kept.
func (l *lru[V]) put(key string, value V, size int64) bool {
	l.remove(key)
	if size > l.max {
		return false
	}
	e := &lruEntry[V]{key: key, value: value, size: size}
	l.byKey[key] = e
	l.pushFront(e)
	l.total += size
	for l.total > l.max {
		l.remove(l.ring.prev.key)
	}
	return true
}

// remove forgets the value at key, if there is one.
func (l *lru[V]) remove(key string) {
	e := l.byKey[key]
	if e == nil {
		return
	}
	l.unlink(e)
	delete(l.byKey, key)
	l.total -= e.size
}

// all yields every value, the most recently used first.
func (l *lru[V]) all(yield func(V) bool) {
	for e := l.ring.next; e != &l.ring; e = e.next {
		if !yield(e.value) {
			return
		}
	}
}

// len is the number of values kept, bytes their total size.
func (l *lru[V]) len() int     { return len(l.byKey) }
func (l *lru[V]) bytes() int64 { return l.total }

func (l *lru[V]) unlink(e *lruEntry[V]) {
	e.prev.next, e.next.prev = e.next, e.prev
	e.prev, e.next = nil, nil
}

func (l *lru[V]) pushFront(e *lruEntry[V]) {
	e.prev, e.next = &l.ring, l.ring.next
	l.ring.next.prev = e
	l.ring.next = e
}
