package web

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"
)

// The live streams. A page that follows its tournament opens
// /t/{slug}/events (Server-Sent Events). When the tournament changes, the
// server sends each stream of that tournament one short event, "change",
// whose id and data are the new version; the page then fetches its new
// content (?fragment=1), which the page cache renders once per version for
// everyone and serves gzipped with an ETag. The push stays a few dozen bytes
// however large the page, so thousands of phones on one event get it at
// once.
//
// A stream costs no goroutine: the connection is taken over from the HTTP
// server (hijacked) once the request is read, and the hub (hub.go) writes
// to it when there is something to say. A browser that reconnects sends
// Last-Event-ID, and a page opening its stream the version it shows
// (?since=); if that is older than the tournament's, it gets a change event
// at once: what it missed.

const (
	heartbeatEvery = 25 * time.Second
	// retryMillis is how soon a browser reconnects after losing a stream.
	retryMillis = 2000
	// busyRetry is how long, at least, a browser waits before it asks
	// again for a stream the server had no room for (a random part is
	// added, so that they do not all come back at once).
	busyRetry = 30 * time.Second
)

func (s *Server) registerEventsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/events", s.handleEvents)
}

// handleEvents opens a tournament's live stream.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	version, ok := s.version(r.Context(), slug)
	if !ok {
		s.noTournament(w, r, slug, false)
		return
	}
	client := s.streamClient(r)
	place := s.hub.reserveFor(client)
	if place == clientFull {
		// One client holds its share of the places: an error status, so
		// that a script opening streams in a loop is told plainly (a
		// browser's page still works, without live updates).
		w.Header().Set("Retry-After", strconv.Itoa(int(busyRetry/time.Second)))
		s.errorPage(w, r, http.StatusTooManyRequests, fmt.Sprintf("Your address already has %d live streams open, the most one address may have: "+
			"close other pages of this site, then reload this one.", s.hub.perClient))
		return
	}
	conn, rw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// HTTP/2 or a test recorder: no connection to take over.
		if place == reserved {
			s.hub.releaseFor(client)
		}
		s.errorPage(w, r, http.StatusInternalServerError, "Live updates are not available on this connection.")
		return
	}
	rw.Reader.Reset(nil) // nothing more is read from a stream
	var head strings.Builder
	head.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n")
	head.WriteString("X-Content-Type-Options: nosniff\r\nX-Accel-Buffering: no\r\nConnection: close\r\n\r\n")
	if place == hubFull {
		// No room: the page still works, and its browser asks again
		// later (a stream refused with an error status would never be
		// asked for again).
		wait := busyRetry + rand.N(busyRetry)
		fmt.Fprintf(&head, "retry: %d\n\n", wait.Milliseconds())
		writeAndClose(conn, head.String())
		return
	}
	fmt.Fprintf(&head, "retry: %d\n\n", retryMillis)
	// What the browser has: the last event it got when it reconnects,
	// else the version of the page that opens the stream (?since=).
	seen := r.Header.Get("Last-Event-ID")
	if seen == "" {
		seen = r.URL.Query().Get("since")
	}
	if last, err := strconv.ParseInt(seen, 10, 64); err == nil && last < version {
		head.WriteString(changeEvent(version))
	}
	conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := conn.Write([]byte(head.String())); err != nil {
		s.hub.releaseFor(client)
		conn.Close()
		return
	}
	conn.SetWriteDeadline(time.Time{})
	if !s.hub.addReservedFor(slug, conn, followedMoves(r), client) {
		writeAndClose(conn, byeEvent)
	}
}

// streamClient is who a stream is counted under: the client's address
// (clientAddr: behind a trusted proxy, the one it forwards), and for IPv6
// its /64, which one home or phone is given whole.
func (s *Server) streamClient(r *http.Request) string {
	addr, err := netip.ParseAddr(s.clientAddr(r))
	if err != nil {
		return s.clientAddr(r)
	}
	if addr = addr.Unmap(); addr.Is6() {
		p, _ := addr.Prefix(64)
		return p.String()
	}
	return addr.String()
}

// followedMoves reads ?moves=: the live games whose moves a stream
// follows, "all" or "ROUND/TABLE" (live.go); anything else follows none.
func followedMoves(r *http.Request) string {
	m := r.URL.Query().Get("moves")
	if m == "all" {
		return m
	}
	round, table, ok := strings.Cut(m, "/")
	if !ok {
		return ""
	}
	n, err1 := strconv.Atoi(round)
	t, err2 := strconv.Atoi(table)
	if err1 != nil || err2 != nil || n < 1 || t < 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", n, t)
}

// changeEvent is the event that tells a page its tournament is at version.
func changeEvent(version int64) string {
	return "id: " + strconv.FormatInt(version, 10) + "\nevent: change\ndata: " + strconv.FormatInt(version, 10) + "\n\n"
}

// byeEvent tells a page the server is shutting down (live.js then stops
// following the stream).
const byeEvent = "event: bye\ndata: the server is shutting down\n\n"
