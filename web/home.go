package web

import (
	"context"
	"net/http"

	"outflank"
)

func (s *Server) registerHomeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", s.handleHome)
}

// siteVersion is a number that grows with every change of any tournament:
// the version of the pages about them all.
func (s *Server) siteVersion() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var sum int64
	for _, v := range s.versions {
		sum += v
	}
	return sum
}

// handleHome lists the tournaments.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	s.ready(r.Context())
	version := s.siteVersion()
	key := cacheKey(r)
	fragment := r.URL.Query().Has("fragment")
	p, err := s.cache.page(r.Context(), key, version, func(ctx context.Context) (*page, error) {
		list, err := s.store.Tournaments(ctx)
		if err != nil {
			return nil, err
		}
		if list == nil {
			list = []outflank.TournamentSummary{}
		}
		body, err := s.pages.render("home", fragment, view{Title: "Tournaments", Nav: "home", Data: list})
		if err != nil {
			return nil, err
		}
		return newPage(key, version, "text/html; charset=utf-8", body), nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, p)
}
