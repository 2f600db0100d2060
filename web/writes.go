package web

import (
	"context"
	"sync"

	"outflank"
)

// A store's change is optimistic (outflank.Store.Update): it loads the
// tournament, works the change out, and saves it only if the tournament
// is still at the version it loaded; otherwise it does all that again.
// Two changes of one tournament at once always clash, so the loser's load
// (the largest part of a write's CPU for a 200-player event) is wasted: a
// server with dozens of results in flight loaded each tournament almost
// twice per change. writeQueue lets one change of a tournament at a time
// through this server: the others wait their turn, without working
// anything out. Changes of other tournaments go on meanwhile, and other
// processes (another instance, the command line) are still kept apart by
// the store's own check.
type writeQueue struct {
	outflank.Store
	mu    sync.Mutex
	slugs map[string]*writeTurn
}

// writeTurn is a tournament's turn to change: a token to hold, and the
// number of writes holding or waiting for it.
type writeTurn struct {
	token chan struct{}
	users int
}

func newWriteQueue(store outflank.Store) *writeQueue {
	return &writeQueue{Store: store, slugs: map[string]*writeTurn{}}
}

// take waits for slug's turn, or for ctx to end; release gives it back.
func (q *writeQueue) take(ctx context.Context, slug string) (release func(), err error) {
	q.mu.Lock()
	t := q.slugs[slug]
	if t == nil {
		t = &writeTurn{token: make(chan struct{}, 1)}
		q.slugs[slug] = t
	}
	t.users++
	q.mu.Unlock()
	done := func() {
		q.mu.Lock()
		if t.users--; t.users == 0 {
			delete(q.slugs, slug)
		}
		q.mu.Unlock()
	}
	select {
	case t.token <- struct{}{}:
		return func() { <-t.token; done() }, nil
	case <-ctx.Done():
		done()
		return nil, outflank.Errorf(outflank.EUNAVAILABLE, "the request ended while it waited for the other changes of %s: nothing was saved", slug)
	}
}

// Update implements outflank.Store, one change of a tournament at a time.
func (q *writeQueue) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	release, err := q.take(ctx, slug)
	if err != nil {
		return nil, err
	}
	defer release()
	return q.Store.Update(ctx, slug, kind, change)
}

// Undo implements outflank.Store, one change of a tournament at a time.
func (q *writeQueue) Undo(ctx context.Context, slug string, expect int64) (*outflank.Event, error) {
	release, err := q.take(ctx, slug)
	if err != nil {
		return nil, err
	}
	defer release()
	return q.Store.Undo(ctx, slug, expect)
}
