package postgres

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
)

// changesChannel is the NOTIFY channel of tournament changes. A payload is
// "slug version": the tournament's version after the change.
const changesChannel = "outflank_changes"

// Reconnection pauses of the LISTEN connection: the first, and the most.
const (
	reconnectPause    = 50 * time.Millisecond
	maxReconnectPause = 5 * time.Second
)

// Liveness of the LISTEN connection: after listenIdle without a
// notification it must answer a ping within pingTimeout, or it is taken
// for dead (a cut network shows no error until TCP gives up, in minutes)
// and made again.
const (
	listenIdle  = 30 * time.Second
	pingTimeout = 5 * time.Second
)

// watcherName is the application_name of the LISTEN connection, for
// whoever reads pg_stat_activity.
const watcherName = "outflank watcher"

// notify queues, in the write transaction tx, the notification that the
// tournament slug is now at version. PostgreSQL delivers it to every
// listener when tx commits, and never if it does not.
func notify(ctx context.Context, tx pgx.Tx, slug string, version int64) error {
	if _, err := tx.Exec(ctx, notifyQuery, changesChannel, notice(slug, version)); err != nil {
		return err
	}
	return nil
}

// queueNotify queues in batch the notification notify sends.
func queueNotify(batch *pgx.Batch, slug string, version int64) {
	batch.Queue(notifyQuery, changesChannel, notice(slug, version))
}

const notifyQuery = `SELECT pg_notify($1, $2)`

// notice is the payload of a notification: "slug version".
func notice(slug string, version int64) string { return slug + " " + strconv.FormatInt(version, 10) }

// listener runs a DB's one LISTEN connection while something watches, and
// fans its notifications out to the watchers.
type listener struct {
	mu       sync.Mutex
	watchers map[*watcher]struct{}
	// stop ends the running loop, and done is closed when it has ended;
	// both nil when no loop runs.
	stop   context.CancelFunc
	done   chan struct{}
	closed bool
	// gone is closed by close: watchers return.
	gone chan struct{}

	// pid is the server process of the LISTEN connection, 0 while there
	// is none (for tests, which cut it).
	pid atomic.Uint32
	// beforeReconnect, when set (by tests), runs before each reconnection.
	beforeReconnect func(ctx context.Context)
	// idle, pingTimeout and readTimeout are listenIdle, pingTimeout and
	// versionsTimeout, shorter in tests.
	idle, pingTimeout, readTimeout time.Duration
}

// watcher is one Watch call's mailbox: the versions notified since it last
// looked, or that it must read them all again (resync).
type watcher struct {
	mu      sync.Mutex
	pending map[string]int64
	resync  bool
	wake    chan struct{}
}

func (l *listener) init() {
	l.idle, l.pingTimeout, l.readTimeout = listenIdle, pingTimeout, versionsTimeout
	l.watchers = map[*watcher]struct{}{}
	l.gone = make(chan struct{})
}

// subscribe adds a watcher, starting the loop if it is the first.
func (l *listener) subscribe(db *DB) (*watcher, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil, false
	}
	w := &watcher{pending: map[string]int64{}, wake: make(chan struct{}, 1)}
	l.watchers[w] = struct{}{}
	if l.stop == nil {
		ctx, stop := context.WithCancel(context.Background())
		l.stop, l.done = stop, make(chan struct{})
		go db.listenLoop(ctx, l.done)
	}
	return w, true
}

// unsubscribe removes a watcher, stopping the loop if it was the last.
func (l *listener) unsubscribe(w *watcher) {
	l.mu.Lock()
	delete(l.watchers, w)
	var done chan struct{}
	if len(l.watchers) == 0 && l.stop != nil {
		l.stop()
		done = l.done
		l.stop, l.done = nil, nil
	}
	l.mu.Unlock()
	if done != nil {
		<-done
	}
}

// close stops the loop for good.
func (l *listener) close() {
	l.mu.Lock()
	if !l.closed {
		close(l.gone)
	}
	l.closed = true
	done := l.done
	if l.stop != nil {
		l.stop()
	}
	l.stop, l.done = nil, nil
	l.mu.Unlock()
	if done != nil {
		<-done
	}
}

// reconnecting reports whether a LISTEN loop runs without a connection:
// it is making one again.
func (l *listener) reconnecting() bool {
	if l.pid.Load() != 0 {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stop != nil
}

// each calls f on every watcher and wakes it.
func (l *listener) each(f func(w *watcher)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for w := range l.watchers {
		w.mu.Lock()
		f(w)
		w.mu.Unlock()
		select {
		case w.wake <- struct{}{}:
		default:
		}
	}
}

// dispatch hands a notification's payload to every watcher. One it cannot
// read makes them read all versions.
func (l *listener) dispatch(payload string) {
	slug, v, ok := strings.Cut(payload, " ")
	version, err := strconv.ParseInt(v, 10, 64)
	if !ok || err != nil {
		l.each(func(w *watcher) { w.resync = true })
		return
	}
	l.each(func(w *watcher) { w.pending[slug] = max(w.pending[slug], version) })
}

// take returns and clears the watcher's mailbox.
func (w *watcher) take() (map[string]int64, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	pending, resync := w.pending, w.resync
	w.pending, w.resync = map[string]int64{}, false
	return pending, resync
}

// listenLoop keeps a LISTEN connection until ctx ends: it connects, listens,
// has every watcher read all versions (a catch-up: what changed while it
// was not listening), then hands on notifications until the connection
// drops, and starts again after a growing, jittered pause.
func (db *DB) listenLoop(ctx context.Context, done chan struct{}) {
	defer close(done)
	l := &db.listen
	pause := reconnectPause
	for first := true; ; first = false {
		if !first {
			wait := pause/2 + rand.N(pause/2+1)
			select {
			case <-ctx.Done():
				return
			case <-time.After(wait):
			}
			pause = min(2*pause, maxReconnectPause)
			if l.beforeReconnect != nil {
				l.beforeReconnect(ctx)
			}
		}
		conn, err := pgx.ConnectConfig(ctx, db.watchConfig())
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			db.lost(db.translate(err)) // logged once, however many attempts follow
			continue
		}
		listenCtx, cancel := context.WithTimeout(ctx, l.pingTimeout)
		_, err = conn.Exec(listenCtx, "LISTEN "+changesChannel)
		cancel()
		if err == nil {
			pause = reconnectPause
			l.pid.Store(conn.PgConn().PID())
			db.back("listening for changes again (LISTEN reconnected): the live pages catch up")
			l.each(func(w *watcher) { w.resync = true })
			l.follow(ctx, conn)
			l.pid.Store(0)
		}
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
		if ctx.Err() != nil {
			return
		}
	}
}

// follow hands on the notifications of conn until it fails, stops
// answering or ctx ends.
func (l *listener) follow(ctx context.Context, conn *pgx.Conn) {
	for {
		waitCtx, cancel := context.WithTimeout(ctx, l.idle)
		n, err := conn.WaitForNotification(waitCtx)
		idle := waitCtx.Err() != nil && ctx.Err() == nil
		cancel()
		switch {
		case err == nil:
			if n != nil && n.Channel == changesChannel {
				l.dispatch(n.Payload)
			}
		case !idle || conn.IsClosed():
			return // ctx ended, or the connection failed
		default:
			pingCtx, cancel := context.WithTimeout(ctx, l.pingTimeout)
			err := conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return
			}
		}
	}
}

// watchConfig is the configuration of the LISTEN connection: the pool's,
// named watcherName, with a context that ends a wait by a deadline on the
// socket rather than by a cancel request, since follow ends each idle wait
// that way and goes on using the connection.
func (db *DB) watchConfig() *pgx.ConnConfig {
	c := db.config.ConnConfig.Copy()
	if c.RuntimeParams == nil {
		c.RuntimeParams = map[string]string{}
	}
	c.RuntimeParams["application_name"] = watcherName
	c.BuildContextWatcherHandler = func(pgConn *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.DeadlineContextWatcherHandler{Conn: pgConn.Conn()}
	}
	return c
}
