package web

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"sync"
)

// A director who saves a result and reloads the standings, or a script
// that posts a result and reads the pairings, must read its own write
// (issue 24, point 15). The site's versions come from the store's feed,
// which learns of a change a moment after it is saved (SQLite's polls,
// PostgreSQL's notifications): a page asked for in that moment was the
// version before. So every request that may write reads the versions
// again, from the store, before its answer leaves: any page asked for
// once the answer has arrived is rendered from that write or a later one.
// On another server of the same database, the feed's news is the site's
// at once (Server.Watch), without waiting for the pages to be rendered.

// versionReader is a store that reads every tournament's version at once
// (sqlite.DB, postgres.DB).
type versionReader interface {
	Versions(ctx context.Context) (map[string]int64, error)
}

// readOwnWrites makes the versions of a request that may write (any
// method but GET and HEAD) the site's before the first byte of its answer
// is written, or at its end when it writes nothing; a refusal (a 4xx
// status) wrote nothing, and reads nothing.
func (s *Server) readOwnWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if safeMethod(r.Method) {
			next.ServeHTTP(w, r)
			return
		}
		fw := &freshWriter{ResponseWriter: w}
		fw.catchUp = func() { s.catchUp(r.Context()) }
		next.ServeHTTP(fw, r)
		fw.once.Do(fw.catchUp)
	})
}

// catchUp reads every tournament's version from the store and makes them
// the site's where they are newer. A read that fails is logged: the feed
// brings the versions a moment later.
func (s *Server) catchUp(ctx context.Context) {
	vr, ok := s.feed.(versionReader)
	if !ok {
		if vr, ok = s.store.(versionReader); !ok {
			return
		}
	}
	// The tournaments the site knows before the read: each was stored
	// before it, so one the read lacks was removed (by this write, or
	// another); one created meanwhile is not among them, and stays.
	s.mu.RLock()
	known := slices.Collect(maps.Keys(s.versions))
	s.mu.RUnlock()
	versions, err := vr.Versions(context.WithoutCancel(ctx))
	if err != nil {
		s.log.Warn("reading the versions after a write", "err", err)
		return
	}
	s.advance(versions)
	for _, slug := range known {
		if _, ok := versions[slug]; !ok {
			s.forget(slug)
		}
	}
}

// freshWriter calls catchUp once, before the answer's head is written.
type freshWriter struct {
	http.ResponseWriter
	once    sync.Once
	catchUp func()
}

func (f *freshWriter) WriteHeader(status int) {
	if status >= http.StatusBadRequest && status < http.StatusInternalServerError {
		f.once.Do(func() {}) // refused: nothing was written
	}
	f.once.Do(f.catchUp)
	f.ResponseWriter.WriteHeader(status)
}

func (f *freshWriter) Write(b []byte) (int, error) {
	f.once.Do(f.catchUp)
	return f.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's controls.
func (f *freshWriter) Unwrap() http.ResponseWriter { return f.ResponseWriter }
