package postgres

import (
	"context"
	"sync"
)

// turns has the writers of one tournament, in this process, take turns
// before they take a connection from the pool: a writer that would only
// wait on the tournament's row lock (tournament.go's change) waits here
// instead, holding no connection. It is no lock across processes: that
// is the database's row lock.
type turns struct {
	mu    sync.Mutex
	slugs map[string]*turn
}

// turn is the turn of one tournament's writers: a token, and how many
// writers hold or wait for it (when none, the entry goes).
type turn struct {
	token   chan struct{}
	writers int
}

// wait waits for the turn of slug's writers, or for ctx to end. The
// caller calls release when its write is over.
func (ts *turns) wait(ctx context.Context, slug string) (release func(), err error) {
	ts.mu.Lock()
	if ts.slugs == nil {
		ts.slugs = map[string]*turn{}
	}
	t := ts.slugs[slug]
	if t == nil {
		t = &turn{token: make(chan struct{}, 1)}
		ts.slugs[slug] = t
	}
	t.writers++
	ts.mu.Unlock()
	leave := func() {
		ts.mu.Lock()
		if t.writers--; t.writers == 0 {
			delete(ts.slugs, slug)
		}
		ts.mu.Unlock()
	}
	select {
	case t.token <- struct{}{}:
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	}
	return func() {
		<-t.token
		leave()
	}, nil
}
