package web

import (
	"context"
	"net/http"
	"time"

	"outflank/report"
)

func (s *Server) registerHealthRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.handleHealth)
}

// handleHealth says whether the site can serve: the store answers and its
// feed has given the tournaments' versions. 503 when not.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	type health struct {
		Status      string `json:"status"`
		Tournaments int    `json:"tournaments"`
		LiveClients int    `json:"live_clients"`
		Error       string `json:"error,omitempty"`
	}
	h := health{Status: "ok", LiveClients: s.hub.count()}
	status := http.StatusOK
	list, err := s.store.Tournaments(ctx)
	select {
	case <-s.watched:
	default:
		if err == nil {
			err = context.DeadlineExceeded
		}
	}
	if err != nil {
		h.Status, h.Error, status = "unavailable", "the database does not answer", http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
	}
	h.Tournaments = len(list)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	report.WriteJSON(w, h)
}
