// Package postgres stores Outflank's tournaments in a PostgreSQL server
// (github.com/jackc/pgx/v5 with pgxpool), for several Outflank processes
// sharing one database. It implements outflank.Store and outflank.Feed
// with the semantics of package sqlite.
//
// Transactions: each exported method is one transaction, run by db.tx
// (readTx and writeTx). Reads run at REPEATABLE READ, READ ONLY: one
// snapshot. A change of a tournament (Update, Undo) is one write
// transaction at READ COMMITTED (tournament.go's change): its first
// statement locks the tournament's row (SELECT ... FOR NO KEY UPDATE), and
// the queries that read the tournament's rows go in the same round trip;
// each of them starts after the lock is granted, so it sees every change
// committed before: the tournament as it is. The change is then worked out
// in memory, once, and the difference written with its audit event in two
// more round trips before the commit. Every writer of a tournament locks
// its row first, so writers of one tournament take turns, and never redo
// their work because another one was saved meanwhile; writers of
// different tournaments never wait for each other; and the audit chain
// (events.prev_hash, tournaments.log_head) is extended by one writer at a
// time. Writes still name the version of every row they change, and fail
// rather than overwrite a row changed without that lock. Within one
// process, the writers of one tournament also take turns before they take
// a pooled connection (turns.go), so that the writers waiting for a busy
// tournament do not hold the connections that readers and the writers of
// other tournaments need; across processes, the row lock alone orders
// them. A change holds the lock while it is worked out: pairing thousands
// of players holds up the other writers of that tournament for as long.
//
// Retries: a transaction that fails with a serialization failure (SQLSTATE
// 40001) or a deadlock (40P01) runs again, whole, up to txAttempts times
// with a jittered, growing pause; then the caller gets an EUNAVAILABLE error
// saying the database was too busy. A function run by db.tx must therefore
// have no effect outside the transaction.
//
// Live updates: each committing write calls notify, which queues a NOTIFY
// on the channel outflank_changes carrying "slug version"; PostgreSQL
// delivers it at commit, to every instance, and never for a rollback. Each
// DB holds one dedicated LISTEN connection (listen.go, not taken from the
// pool) while something watches, and fans its notifications out to its
// watchers (watch.go). When that connection drops, or stays silent and
// then fails a ping (a cut network), it is made again with a growing,
// jittered pause, and every watcher then reads all versions again: a
// change made while nobody listened is still reported.
//
// Migrations: numbered scripts embedded from migrations/, recorded in
// schema_migrations. Open applies the pending ones in one transaction
// holding pg_advisory_xact_lock(migrationLock), so instances starting
// together apply each exactly once. Driver errors become domain errors in
// one place, errors.go.
package postgres

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"outflank/internal/memo"
)

// connectTimeout bounds connecting when the URL sets no connect_timeout.
const connectTimeout = 10 * time.Second

// DB is a PostgreSQL database holding tournaments.
type DB struct {
	pool *pgxpool.Pool
	// config is the pool's configuration; the LISTEN connection is made
	// from a copy of its connection configuration.
	config *pgxpool.Config
	// where names the server and database in messages: user@host:port/db,
	// never the password.
	where string

	// Now returns the time recorded in audit events; tests may replace it.
	Now func() time.Time

	// listen is the LISTEN connection's state (listen.go).
	listen listener
	// reach is whether PostgreSQL answers, to log its loss and return
	// (reach.go).
	reach reach

	// turns has this process's writers of one tournament take turns
	// (turns.go).
	turns turns
	// memo keeps the tournaments last read or written (load.go).
	memo *memo.Memo

	// repreparations counts the changes prepared again (tournament.go),
	// for the benchmarks.
	repreparations atomic.Int64

	closeOnce sync.Once
}

// Open connects to the database at url (postgres://user:password@host:port/
// database?sslmode=...), checks that it answers, and brings its schema up
// to date. Errors name the server and database, never the password, and
// say what to do.
func Open(ctx context.Context, url string) (*DB, error) {
	config, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, badURL(url, err)
	}
	if config.ConnConfig.ConnectTimeout == 0 {
		config.ConnConfig.ConnectTimeout = connectTimeout
	}
	// A pooled connection that died without a word (a cut network) fails
	// its ping and is replaced, instead of hanging the caller.
	if config.PingTimeout == 0 {
		config.PingTimeout = pingTimeout
	}
	db := &DB{config: config, where: describe(config), Now: time.Now, memo: memo.New(memo.DefaultMax)}
	db.listen.init()
	db.pool, err = pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		return nil, db.translate(fmt.Errorf("connecting: %w", err))
	}
	if err := db.pool.Ping(ctx); err != nil {
		db.pool.Close()
		return nil, db.translate(fmt.Errorf("connecting: %w", err))
	}
	if err := db.migrate(ctx); err != nil {
		db.pool.Close()
		return nil, err
	}
	return db, nil
}

// describe names the server and database of config for messages.
func describe(config *pgxpool.Config) string {
	c := config.ConnConfig
	return fmt.Sprintf("%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}

// Where names the server and database (user@host:port/database), without
// the password: for messages.
func (db *DB) Where() string { return db.where }

// Close stops the LISTEN connection and closes the pool. It waits for the
// connections in use to be returned.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		db.listen.close()
		db.pool.Close()
	})
	return nil
}

// now is the time of an event, to the microsecond PostgreSQL keeps.
func (db *DB) now() time.Time { return db.Now().UTC().Truncate(time.Microsecond) }
