package web

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPageRenderedOnce: however many requests ask at once for a page of a
// new version, it is rendered once; a request that gives up does not fail
// the others; a newer version is rendered again.
func TestPageRenderedOnce(t *testing.T) {
	c := newPageCache(1<<20, 1, maxQueued)
	var renders atomic.Int64
	release := make(chan struct{})
	render := func(version int64) func(context.Context) (*page, error) {
		return func(ctx context.Context) (*page, error) {
			renders.Add(1)
			<-release
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return newPage("/p", version, "text/html", []byte("page")), nil
		}
	}
	impatient, giveUp := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		_, err := c.page(impatient, "/p", 1, render(1))
		gaveUp <- err
	}()
	var wg sync.WaitGroup
	pages := make([]*page, 100)
	for i := range pages {
		wg.Go(func() {
			p, err := c.page(context.Background(), "/p", 1, render(1))
			if err != nil {
				t.Error(err)
			}
			pages[i] = p
		})
	}
	time.Sleep(50 * time.Millisecond) // all asking, one rendering
	giveUp()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Errorf("the request that gave up: %v", err)
	}
	close(release)
	wg.Wait()
	if n := renders.Load(); n != 1 {
		t.Errorf("%d renders for 101 requests of one version, want 1", n)
	}
	for _, p := range pages {
		if p != pages[0] || p == nil {
			t.Fatal("the requests got different pages")
		}
	}
	if p, _ := c.page(context.Background(), "/p", 1, render(1)); p != pages[0] || renders.Load() != 1 {
		t.Error("the page was not kept")
	}
	if p, _ := c.page(context.Background(), "/p", 2, render(2)); p.version != 2 || renders.Load() != 2 {
		t.Errorf("a newer version: version %d after %d renders", p.version, renders.Load())
	}
}

// TestRenderFailureIsNotKept: an error reaches every request that waited
// for it and the next request renders again; a panic is an error.
func TestRenderFailureIsNotKept(t *testing.T) {
	c := newPageCache(1<<20, 2, maxQueued)
	_, err := c.page(context.Background(), "/p", 1, func(context.Context) (*page, error) { panic("boom") })
	if err == nil {
		t.Fatal("a render that panicked gave no error")
	}
	p, err := c.page(context.Background(), "/p", 1, func(context.Context) (*page, error) {
		return newPage("/p", 1, "text/html", []byte("ok")), nil
	})
	if err != nil || string(p.bytes()) != "ok" {
		t.Fatalf("after a failure: %v", err)
	}
}
