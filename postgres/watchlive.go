package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"

	"outflank"
)

// Timings of WatchLive.
const (
	// livePollEvery is how long WatchLive waits for a notification before
	// it reads the stamps anyway: a safety net, never the usual path.
	livePollEvery = 30 * time.Second
	// liveRetryFirst is the wait before connecting again after the
	// connection was lost; it doubles with each failure, to liveRetryMax.
	liveRetryFirst = 50 * time.Millisecond
	liveRetryMax   = 5 * time.Second
	// liveReadTimeout bounds a read of the live games written since the
	// last.
	liveReadTimeout = 15 * time.Second
)

// WatchLive implements outflank.LiveGames across servers: a connection of
// its own LISTENs on liveChannel, on which every write of a live game is
// announced at its commit (UpdateLive), and each announcement makes it read
// the live games stamped since the last it saw. Announcements that come
// together are read at once. When the connection is lost (the server
// restarted, the network failed), it connects again, with waits that grow
// to liveRetryMax, until ctx ends; after each connection it reads what was
// stamped meanwhile, so no write is missed, and none is reported twice.
// An error the server answers that is not about the connection ends it,
// and so does closing the DB.
func (db *DB) WatchLive(ctx context.Context, changed func(games []outflank.LiveGame)) error {
	// Closing the DB ends it too, as it ends Watch.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-db.listen.gone:
			cancel()
		case <-ctx.Done():
		}
	}()
	w := &liveWatch{db: db, changed: changed, first: true}
	wait := liveRetryFirst
	for {
		err := w.follow(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if !unreachable(err) {
			// The server answered with an error that waiting will not
			// cure (no live_games table, a login refused): as Watch does.
			return db.translate(fmt.Errorf("postgres: watching the live games: %w", err))
		}
		if w.connected {
			wait = liveRetryFirst // it worked for a while: retry soon
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		wait = min(2*wait, liveRetryMax)
	}
}

// liveWatch is the state of one WatchLive.
type liveWatch struct {
	db      *DB
	changed func(games []outflank.LiveGame)
	// last is the stamp of the latest game reported; first is set until
	// the first call of changed, which has every game.
	last  int64
	first bool
	// connected is set once follow has listened on its connection.
	connected bool
}

// follow connects, listens, catches up and then reads after each
// notification, until the connection fails or ctx ends.
func (w *liveWatch) follow(ctx context.Context) error {
	w.connected = false
	conn, err := pgx.ConnectConfig(ctx, w.db.listenConfig())
	if err != nil {
		return fmt.Errorf("connecting: %w", err)
	}
	defer func() {
		closeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Second)
		defer cancel()
		conn.Close(closeCtx)
	}()
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{liveChannel}.Sanitize()); err != nil {
		return fmt.Errorf("listening: %w", err)
	}
	w.connected = true
	for {
		// Listening before reading: a write committed after this read is
		// announced, one committed before it is read.
		if err := w.read(ctx, conn); err != nil {
			return err
		}
		waitCtx, cancel := context.WithTimeout(ctx, livePollEvery)
		_, err := conn.WaitForNotification(waitCtx)
		cancel()
		if err != nil && (ctx.Err() != nil || waitCtx.Err() == nil) {
			return err // ctx ended, or the connection failed
		}
		// Drain what else has come meanwhile: one read serves them all.
		for {
			drainCtx, cancel := context.WithTimeout(ctx, time.Millisecond)
			_, err := conn.WaitForNotification(drainCtx)
			cancel()
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				break
			}
		}
		if conn.IsClosed() {
			return fmt.Errorf("the connection was closed")
		}
	}
}

// read reports the live games stamped since the last reported.
func (w *liveWatch) read(ctx context.Context, conn *pgx.Conn) error {
	// Bounded: on a connection that died without a word (a cut network)
	// the read fails, and WatchLive connects again, instead of waiting for
	// the system's TCP timeout.
	readCtx, cancel := context.WithTimeout(ctx, liveReadTimeout)
	defer cancel()
	games, err := queryLive(readCtx, conn, `SELECT `+liveColumns+` FROM live_games WHERE stamp > $1 ORDER BY stamp`, w.last)
	if err != nil {
		return err
	}
	if len(games) > 0 || w.first {
		if len(games) > 0 {
			w.last = games[len(games)-1].Stamp
		}
		w.first = false
		w.changed(games)
	}
	return nil
}

// liveWatcherName is the application_name of WatchLive's connection.
const liveWatcherName = "outflank live watcher"

// listenConfig is the configuration of WatchLive's connection: the pool's,
// with a context that ends a wait by a deadline on the socket, not by a
// cancel request, since WatchLive ends each wait for a notification by a
// timeout and goes on using the connection.
func (db *DB) listenConfig() *pgx.ConnConfig {
	c := db.config.ConnConfig.Copy()
	// Named for whoever reads pg_stat_activity (and for the tests, which
	// cut it).
	if c.RuntimeParams == nil {
		c.RuntimeParams = map[string]string{}
	}
	c.RuntimeParams["application_name"] = liveWatcherName
	c.BuildContextWatcherHandler = func(pgConn *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.DeadlineContextWatcherHandler{Conn: pgConn.Conn()}
	}
	return c
}
