package web

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// registerRoutes registers every resource's routes (each in its own file)
// and, last, the 404 page for everything else.
func (s *Server) registerRoutes(mux *http.ServeMux) {
	for _, register := range []func(*http.ServeMux){
		s.registerHomeRoutes,
		s.registerLoginRoutes,
		s.registerWriteRoutes,
		s.registerConsoleRoutes,
		s.registerStandingsRoutes,
		s.registerTournamentRoutes,
		s.registerPairingsRoutes,
		s.registerCrosstableRoutes,
		s.registerPlayersRoutes,
		s.registerKnockoutRoutes,
		s.registerGamesRoutes,
		s.registerLiveRoutes,
		s.registerJudgeRoutes,
		s.registerJudgingRoutes,
		s.registerEventsRoutes,
		s.registerHealthRoutes,
		s.registerQRRoutes,
		s.registerRatingsRoutes,
		s.registerMembersRoutes,
		s.registerCircuitRoutes,
		s.registerTeamRoutes,
	} {
		register(mux)
	}
	mux.HandleFunc("GET /static/{file...}", s.handleStatic)
	mux.HandleFunc("GET /favicon.ico", s.handleFavicon)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			s.errorPage(w, r, http.StatusMethodNotAllowed, "This address can only be read.")
			return
		}
		s.notFound(w, r, "There is no page at "+r.URL.Path+".")
	})
}

// reads declares the query parameters a page reads: it wraps the page's
// handler so that the handler sees only those parameters, each with its
// first value, those without a value left out, plus ?fragment (what
// live.js fetches, read by the pipeline of every page: render.go) as
// fragment=1; in a canonical order. The page cache's key and the page's
// ETag are made from that query (cacheKey, mainKey), so a parameter the
// page does not read, or a second value, changes neither: the same bytes,
// the same ETag, one render per version whatever a visitor adds (issue 25:
// ?junk=N made as many renders and pages kept as there were values of N).
// A handler can read no parameter it has not declared, so a page cannot
// show what its key does not name.
//
// Every route whose page is kept in the cache (tournamentPage,
// tournamentJSON, sitePage, livePage) is registered through reads. For a
// page to read one more parameter (?page= for a page of a long list), add
// its name to its route, and nothing else:
//
//	mux.HandleFunc("GET /t/{slug}/crosstable", reads(s.handleCrosstable, "page"))
//
// A handler must read a declared parameter with Get (a missing one is
// given as empty, as a value left empty is).
func reads(h http.HandlerFunc, params ...string) http.HandlerFunc {
	names := append([]string{"fragment"}, params...)
	slices.Sort(names)
	names = slices.Compact(names)
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if q := readQuery(r.URL.RawQuery, names); q != r.URL.RawQuery {
				u := *r.URL
				u.RawQuery = q
				r2 := new(http.Request)
				*r2 = *r // as Request.WithContext does: the handler may not change r
				r2.URL = &u
				r = r2
			}
		}
		h(w, r)
	}
}

// readQuery is the query raw with only the parameters names (sorted), as
// reads gives it to a handler.
func readQuery(raw string, names []string) string {
	values, _ := url.ParseQuery(raw) // what cannot be read is left out, as URL.Query does
	var b strings.Builder
	for _, name := range names {
		v, ok := values[name]
		switch {
		case !ok:
			continue
		case name == "fragment":
			v = []string{"1"}
		case v[0] == "":
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('&')
		}
		b.WriteString(url.QueryEscape(name) + "=" + url.QueryEscape(v[0]))
	}
	return b.String()
}
