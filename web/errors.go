package web

import (
	"net/http"
	"strings"

	"outflank/report"
)

// notFound answers a request for something that does not exist: a page
// that says what was not found and links to what exists, or, on the API,
// a JSON message.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, message string) {
	s.errorPage(w, r, http.StatusNotFound, message)
}

// errorPage answers with status and message, as HTML or, on the API, JSON.
func (s *Server) errorPage(w http.ResponseWriter, r *http.Request, status int, message string) {
	w.Header().Set("Cache-Control", "no-store")
	if strings.HasPrefix(r.URL.Path, "/api/") {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		report.WriteJSON(w, struct {
			Error  string `json:"error"`
			Status int    `json:"status"`
		}{message, status})
		return
	}
	body, err := s.pages.render("error", false, view{Title: http.StatusText(status), Data: struct {
		Status  int
		Message string
	}{status, message}})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err != nil {
		s.log.Error("rendering the error page", "err", err)
		w.Write([]byte(http.StatusText(status)))
		return
	}
	w.Write(body)
}
