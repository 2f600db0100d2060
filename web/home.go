package web

import (
	"bytes"
	"context"
	"net/http"
	"strings"

	"outflank"
	"outflank/report"
)

func (s *Server) registerHomeRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", reads(s.handleHome))
	mux.HandleFunc("GET /api/tournaments", reads(s.handleTournamentsAPI))
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

// homeGroup is a part of the home page: the tournaments in one state.
type homeGroup struct {
	Title       string
	Tournaments []report.TournamentLine
}

// handleHome lists the tournaments: in play, upcoming, finished.
func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	// Circuits change apart from tournaments: their slugs and names are
	// part of the page's cache key.
	circuits := s.circuitLinks(r.Context())
	var extra strings.Builder
	for _, c := range circuits {
		extra.WriteString("|" + c.Slug + "|" + c.Name)
	}
	s.sitePage(w, r, extra.String(), "text/html; charset=utf-8", func(doc report.Tournaments) ([]byte, error) {
		groups := []homeGroup{{Title: "In play"}, {Title: "Upcoming"}, {Title: "Finished"}}
		for _, t := range doc.Tournaments {
			i := map[string]int{report.StateInPlay: 0, report.StateUpcoming: 1, report.StateFinished: 2}[t.State]
			groups[i].Tournaments = append(groups[i].Tournaments, t)
		}
		data := struct {
			Groups   []homeGroup
			Ratings  bool
			Circuits []outflank.Circuit
		}{groups, s.ratings != nil, circuits}
		return s.pages.render("home", r.URL.Query().Has("fragment"), view{Title: "Tournaments", Nav: "home", Data: data})
	})
}

// handleTournamentsAPI serves 'outflank list --json'.
func (s *Server) handleTournamentsAPI(w http.ResponseWriter, r *http.Request) {
	s.sitePage(w, r, "", "application/json", func(doc report.Tournaments) ([]byte, error) {
		var buf bytes.Buffer
		err := report.WriteJSON(&buf, doc)
		return buf.Bytes(), err
	})
}

// sitePage serves a page about every tournament, rendered once per site
// version from the list of tournaments; extra is what else the page shows
// that the versions do not follow, made part of its cache key.
func (s *Server) sitePage(w http.ResponseWriter, r *http.Request, extra, ctype string, render func(report.Tournaments) ([]byte, error)) {
	s.ready(r.Context())
	version := s.siteVersion()
	key := cacheKey(r) + extra
	p, err := s.cache.page(r.Context(), key, version, func(ctx context.Context) (*page, error) {
		list, err := s.store.Tournaments(ctx)
		if err != nil {
			return nil, err
		}
		doc, err := report.TournamentsOf(ctx, list, func(ctx context.Context, slug string) (*outflank.Tournament, error) {
			v, _ := s.version(ctx, slug)
			return s.tours.get(ctx, slug, v)
		})
		if err != nil {
			return nil, err
		}
		body, err := render(doc)
		if err != nil {
			return nil, err
		}
		return newPage(key, version, ctype, body), nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, p)
}
