package web

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
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
// server (hijacked) once the headers are sent, and the hub writes to it
// when there is something to say, with a short deadline, and a comment
// every heartbeatEvery, which finds the connections the browser closed. A
// browser that reconnects sends Last-Event-ID; if its version is older than
// the tournament's, it gets a change event at once: what it missed.

const (
	heartbeatEvery = 25 * time.Second
	writeTimeout   = 2 * time.Second
	// retryMillis is how soon a browser reconnects after losing a stream.
	retryMillis = 2000
)

// hub keeps the open streams, by tournament.
type hub struct {
	log     *slog.Logger
	mu      sync.Mutex
	streams map[string]map[net.Conn]struct{}
	closed  bool
	stop    chan struct{}
}

func newHub(log *slog.Logger) *hub {
	h := &hub{log: log, streams: map[string]map[net.Conn]struct{}{}, stop: make(chan struct{})}
	go h.heartbeats()
	return h
}

func (s *Server) registerEventsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/events", s.handleEvents)
}

// handleEvents opens a tournament's live stream.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	version, ok := s.version(r.Context(), slug)
	if !ok {
		s.notFound(w, r, fmt.Sprintf("There is no tournament %q.", slug))
		return
	}
	conn, rw, err := http.NewResponseController(w).Hijack()
	if err != nil {
		// HTTP/2 or a test recorder: no connection to take over.
		s.errorPage(w, r, http.StatusInternalServerError, "Live updates are not available on this connection.")
		return
	}
	var head strings.Builder
	head.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n")
	head.WriteString("X-Content-Type-Options: nosniff\r\nX-Accel-Buffering: no\r\nConnection: close\r\n\r\n")
	fmt.Fprintf(&head, "retry: %d\n\n", retryMillis)
	if last, err := strconv.ParseInt(r.Header.Get("Last-Event-ID"), 10, 64); err == nil && last < version {
		head.WriteString(changeEvent(version))
	}
	rw.Reader.Reset(nil) // nothing more is read from a stream
	conn.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := conn.Write([]byte(head.String())); err != nil {
		conn.Close()
		return
	}
	if !s.hub.add(slug, conn) {
		conn.Close()
	}
}

// changeEvent is the event that tells a page its tournament is at version.
func changeEvent(version int64) string {
	return fmt.Sprintf("id: %d\nevent: change\ndata: %d\n\n", version, version)
}

// add registers a stream of slug; false once the hub is closed.
func (h *hub) add(slug string, conn net.Conn) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	if h.streams[slug] == nil {
		h.streams[slug] = map[net.Conn]struct{}{}
	}
	h.streams[slug][conn] = struct{}{}
	return true
}

// count returns the number of open streams.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, conns := range h.streams {
		n += len(conns)
	}
	return n
}

// publish tells every stream of slug that it is now at version.
func (h *hub) publish(slug string, version int64) {
	h.send(slug, []byte(changeEvent(version)))
}

// send writes msg to every stream of slug (every stream when slug is ""),
// and drops those that cannot take it.
func (h *hub) send(slug string, msg []byte) {
	h.mu.Lock()
	var conns []net.Conn
	for s, set := range h.streams {
		if slug != "" && s != slug {
			continue
		}
		for c := range set {
			conns = append(conns, c)
		}
	}
	h.mu.Unlock()
	deadline := time.Now().Add(writeTimeout)
	var dead []net.Conn
	for _, c := range conns {
		c.SetWriteDeadline(deadline)
		if _, err := c.Write(msg); err != nil {
			dead = append(dead, c)
		}
	}
	if len(dead) > 0 {
		h.remove(dead)
	}
}

func (h *hub) remove(conns []net.Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, c := range conns {
		for _, set := range h.streams {
			delete(set, c)
		}
		c.Close()
	}
}

// heartbeats sends a comment to every stream now and then: proxies keep
// the connection open, and closed connections are found and dropped.
func (h *hub) heartbeats() {
	t := time.NewTicker(heartbeatEvery)
	defer t.Stop()
	for {
		select {
		case <-h.stop:
			return
		case <-t.C:
			h.send("", []byte(":\n\n"))
		}
	}
}

// closeAll ends every stream cleanly (a last "bye" event, then the end of
// the connection) and refuses new ones: the server is shutting down.
func (h *hub) closeAll() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	close(h.stop)
	h.mu.Unlock()
	h.send("", []byte("event: bye\ndata: the server is shutting down\n\n"))
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.streams {
		for c := range set {
			c.Close()
		}
	}
	h.streams = map[string]map[net.Conn]struct{}{}
}
