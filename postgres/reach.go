package postgres

import (
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"outflank"
)

// reach follows whether PostgreSQL can be reached, so that a server's log
// says once that it was lost and once that it is back (issue 26, point 13),
// rather than nothing but a 503 for each request, or a line for each.
type reach struct {
	// down is read without the lock by every transaction; it changes
	// under it.
	down  atomic.Bool
	mu    sync.Mutex
	log   *slog.Logger // nil: nothing is logged
	since time.Time    // when it was lost
}

// SetLog names the logger that the loss of PostgreSQL and its return are
// written to, one warning each: serve's.
func (db *DB) SetLog(log *slog.Logger) {
	db.reach.mu.Lock()
	db.reach.log = log
	db.reach.mu.Unlock()
}

// lost notes that PostgreSQL could not be reached (err says how), and
// logs it if it was reachable until now.
func (db *DB) lost(err error) {
	r := &db.reach
	if r.down.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.down.Load() {
		return
	}
	r.down.Store(true)
	r.since = time.Now()
	if r.log != nil {
		msg := err.Error()
		if e, ok := errors.AsType[*outflank.Error](err); ok {
			msg = e.Message
		}
		r.log.Warn("PostgreSQL lost: pages and writes answer 503 with Retry-After until it is back; live pages wait for it",
			"db", db.where, "err", msg)
	}
}

// back notes that PostgreSQL answers again, and logs it if it had been
// lost; how says what showed it.
func (db *DB) back(how string) {
	r := &db.reach
	if !r.down.Load() {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.down.Load() {
		return
	}
	r.down.Store(false)
	if r.log != nil {
		r.log.Warn("PostgreSQL back: "+how, "db", db.where, "down_for", time.Since(r.since).Round(time.Millisecond))
	}
}

// answered notes that a transaction succeeded. While PostgreSQL is taken
// for lost, that shows it back, unless the LISTEN connection is being made
// again: its reconnection then says so (listenLoop), once the live pages
// can follow the changes again.
func (db *DB) answered() {
	if db.reach.down.Load() && !db.listen.reconnecting() {
		db.back("a request was answered")
	}
}
