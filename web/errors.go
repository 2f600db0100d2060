package web

import (
	"net/http"
	"strings"

	"outflank/report"
)

// link is a link a page offers: an address and its text.
type link struct {
	Href, Text string
}

// missing is a request for something of a tournament that does not exist
// (a round, a player): what was not found, and links to what exists.
type missing struct {
	message string
	links   []link
}

func (m *missing) Error() string { return m.message }

// notFound answers a request for something that does not exist: a page
// that says what was not found and links to what exists, or, on the API,
// a JSON message.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request, message string, links ...link) {
	s.errorPage(w, r, http.StatusNotFound, message, links...)
}

// errorPage answers with status and message, as HTML or, on the API, JSON.
func (s *Server) errorPage(w http.ResponseWriter, r *http.Request, status int, message string, links ...link) {
	w.Header().Set("Cache-Control", "no-store")
	if status == http.StatusServiceUnavailable {
		// The database is restarting or out of reach: a client may try
		// again shortly (RFC 9110 10.2.3).
		w.Header().Set("Retry-After", "5")
	}
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
		Links   []link
	}{status, message, links}})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	if err != nil {
		s.log.Error("rendering the error page", "err", err)
		w.Write([]byte(http.StatusText(status)))
		return
	}
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
