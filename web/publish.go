package web

import (
	"context"
	"sync"
	"time"
)

// publisher collects the changes the live pages are still to be told of.
type publisher struct {
	mu      sync.Mutex
	pending map[string]int64
	wake    chan struct{}
}

func newPublisher() *publisher {
	return &publisher{pending: map[string]int64{}, wake: make(chan struct{}, 1)}
}

// add notes changed versions, to be published.
func (p *publisher) add(changed map[string]int64) {
	if len(changed) == 0 {
		return
	}
	p.mu.Lock()
	for slug, v := range changed {
		p.pending[slug] = max(p.pending[slug], v)
	}
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// take returns the changes noted since the last take.
func (p *publisher) take() map[string]int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	changed := p.pending
	p.pending = map[string]int64{}
	return changed
}

// publish tells the live pages of the changes pub collects until ctx
// ends: the busy pages rendered anew first, then one change event per
// tournament, at most once every publishEvery (what changes meanwhile
// goes together, at its end); and prints a line for each (changes.go).
func (s *Server) publish(ctx context.Context, pub *publisher) {
	cl := newChangeLog()
	for {
		select {
		case <-ctx.Done():
			return
		case <-pub.wake:
		}
		changed := pub.take()
		started := time.Now()
		s.prerender(ctx, changed)
		for slug, v := range changed {
			s.hub.publish(slug, v)
		}
		s.logChanges(ctx, cl, changed)
		pause(ctx, publishEvery-time.Since(started))
	}
}

// publishEvery is the least time between two publications of new versions
// to the live streams (and renderings of their pages). A change is
// published at once; those that follow within publishEvery go together,
// at its end. With PostgreSQL, which reports each change as it is saved,
// a busy event (50 results a second) would otherwise cost each of its
// thousands of streams a write per result: together, 10 a second at most.
// SQLite's feed polls every 100 ms (sqlite.WatchEvery), and is not slowed.
const publishEvery = 100 * time.Millisecond

// pause waits for d, or until ctx ends.
func pause(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
