package web

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"outflank/internal/qrcode"
)

func (s *Server) registerQRRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/qr.svg", s.handleQR)
}

// handleQR draws the QR code of the tournament's page, for the projector in
// the hall: its absolute address, from the server's base URL, else from
// the address the request was sent to (its Host), as the players' phones
// on the same network reach it. The image depends on the request's Host,
// so it is drawn for each request (a fraction of a millisecond), never
// kept for others.
func (s *Server) handleQR(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	if _, ok := s.version(r.Context(), slug); !ok {
		s.noTournament(w, r, slug, false)
		return
	}
	target, ok := s.absoluteURL(r, "/t/"+slug)
	if !ok {
		s.errorPage(w, r, http.StatusBadRequest, fmt.Sprintf("The address this page was asked at (%q) is not one a phone can open: start the server with --base-url.", r.Host))
		return
	}
	code, err := qrcode.Encode(target)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	svg := code.SVG(target)
	sum := sha256.Sum256(svg)
	etag := `"qr-` + hex.EncodeToString(sum[:8]) + `"`
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", etag)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if r.Method != http.MethodHead {
		w.Write(svg)
	}
}

// absoluteURL is the address of path on this site: under the base URL
// when the server has one, else at the request's Host; false when that
// Host is not an address (a name or IP address, and a port).
func (s *Server) absoluteURL(r *http.Request, path string) (string, bool) {
	if s.baseURL != "" {
		return strings.TrimSuffix(s.baseURL, "/") + path, true
	}
	u := &url.URL{Scheme: "http", Host: r.Host, Path: path}
	if r.TLS != nil {
		u.Scheme = "https"
	}
	if check, err := url.Parse(u.Scheme + "://" + r.Host); r.Host == "" || err != nil || check.Host != r.Host || check.User != nil || check.Path != "" {
		return "", false
	}
	return u.String(), true
}
