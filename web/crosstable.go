package web

import (
	"net/http"

	"outflank"
	"outflank/report"
)

func (s *Server) registerCrosstableRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/crosstable", reads(s.handleCrosstable))
	mux.HandleFunc("GET /api/t/{slug}/crosstable", reads(s.handleCrosstableAPI))
}

// handleCrosstable is every player against every opponent, round by
// round, with colours, discs and marks.
func (s *Server) handleCrosstable(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "crosstable", func(t *outflank.Tournament) (view, error) {
		return view{Title: "Crosstable · " + t.Name, Nav: "crosstable", Data: report.CrosstableOf(t)}, nil
	})
}

// handleCrosstableAPI serves 'outflank crosstable --json'.
func (s *Server) handleCrosstableAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.CrosstableOf(t), nil
	})
}
