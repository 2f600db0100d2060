package web

import "net/http"

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
