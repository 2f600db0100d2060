package web

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"
)

// When a tournament changes, its pages are rendered anew before the site
// moves to the new version: visitors meanwhile get the version before,
// whole and at once, instead of waiting for a render (tens of milliseconds
// for a 1,000-player event, on a busy machine more) all at the same
// moment; and the live pages, told of the change only then, fetch pages
// that are ready. Only the pages asked for since they were last rendered
// are rendered in advance, the busiest first, at most prerenderMax of
// them and for at most prerenderBudget (what is left is rendered when
// asked for, as before).
const (
	prerenderMax    = 16
	prerenderBudget = time.Second
)

// prerender renders anew the busy pages of the tournaments that changed,
// at their new versions, and returns when they are ready or the budget is
// spent.
func (s *Server) prerender(ctx context.Context, changed map[string]int64) {
	hot := s.cache.hot(changed, prerenderMax)
	if len(hot) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, prerenderBudget)
	defer cancel()
	var wg sync.WaitGroup
	for _, p := range hot {
		version := changed[p.slug]
		wg.Go(func() {
			s.cache.page(ctx, p.key, version, func(ctx context.Context) (*page, error) {
				return p.rerender(ctx, version)
			})
		})
	}
	wg.Wait()
}

// hot lists, busiest first, at most max pages of the tournaments in
// changed, older than their new versions, that can be rendered again and
// were asked for since they were rendered.
func (c *pageCache) hot(changed map[string]int64, max int) []*page {
	if len(changed) == 0 {
		return nil
	}
	type hotPage struct {
		p    *page
		hits int64
	}
	var list []hotPage
	c.mu.Lock()
	for p := range c.pages.all {
		if v, ok := changed[p.slug]; ok && p.slug != "" && p.version < v && p.rerender != nil {
			if hits := p.hits.Load(); hits > 0 {
				list = append(list, hotPage{p, hits})
			}
		}
	}
	c.mu.Unlock()
	slices.SortFunc(list, func(a, b hotPage) int { return cmp.Compare(b.hits, a.hits) })
	var pages []*page
	for _, h := range list[:min(len(list), max)] {
		pages = append(pages, h.p)
	}
	return pages
}
