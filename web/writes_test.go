package web

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"outflank"
)

// slowStore is a store whose changes take a while, and which counts the
// changes of each tournament running at once.
type slowStore struct {
	outflank.Store
	mu      sync.Mutex
	running map[string]int
	most    map[string]int
	started chan string
	// release, when not nil, holds each change until it is closed.
	release chan struct{}
}

func (s *slowStore) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	s.mu.Lock()
	s.running[slug]++
	s.most[slug] = max(s.most[slug], s.running[slug])
	s.mu.Unlock()
	if s.started != nil {
		s.started <- slug
	}
	if s.release != nil {
		<-s.release
	} else {
		time.Sleep(5 * time.Millisecond)
	}
	s.mu.Lock()
	s.running[slug]--
	s.mu.Unlock()
	return &outflank.Event{Tournament: slug}, nil
}

func (s *slowStore) Undo(ctx context.Context, slug string, expect int64) (*outflank.Event, error) {
	return s.Update(ctx, slug, outflank.KindUndo, nil)
}

// TestWriteQueue: the changes of one tournament go through one at a time,
// those of two tournaments side by side; a request that ends while it
// waits gives up, and the queue forgets a tournament nobody writes.
func TestWriteQueue(t *testing.T) {
	store := &slowStore{running: map[string]int{}, most: map[string]int{}}
	q := newWriteQueue(store)
	ctx := context.Background()
	var wg sync.WaitGroup
	var failed atomic.Int64
	for i := range 20 {
		slug := []string{"a", "b"}[i%2]
		wg.Go(func() {
			var err error
			if i%4 < 2 {
				_, err = q.Update(ctx, slug, outflank.KindResult, nil)
			} else {
				_, err = q.Undo(ctx, slug, 0)
			}
			if err != nil {
				failed.Add(1)
			}
		})
	}
	wg.Wait()
	if failed.Load() != 0 || store.most["a"] != 1 || store.most["b"] != 1 {
		t.Errorf("%d failed; at most %d changes of a and %d of b at once, want 1", failed.Load(), store.most["a"], store.most["b"])
	}
	if len(q.slugs) != 0 {
		t.Errorf("the queue still keeps %d tournaments", len(q.slugs))
	}

	// A change waiting for its turn gives up when its request ends.
	store.started, store.release = make(chan string, 1), make(chan struct{})
	done := make(chan error)
	go func() {
		_, err := q.Update(ctx, "a", outflank.KindResult, nil)
		done <- err
	}()
	<-store.started
	waiting, cancel := context.WithCancel(ctx)
	go func() { time.Sleep(time.Millisecond); cancel() }()
	if _, err := q.Update(waiting, "a", outflank.KindResult, nil); outflank.ErrorCode(err) != outflank.EUNAVAILABLE {
		t.Errorf("a change whose request ended while it waited: %v", err)
	}
	close(store.release)
	if err := <-done; err != nil {
		t.Error(err)
	}
	if len(q.slugs) != 0 {
		t.Errorf("the queue still keeps %d tournaments", len(q.slugs))
	}
}
