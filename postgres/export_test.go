package postgres

import (
	"context"
	"time"
)

// ListenerPID returns the server process of db's LISTEN connection, 0
// while it has none.
func ListenerPID(db *DB) uint32 { return db.listen.pid.Load() }

// SetBeforeReconnect has db's LISTEN loop call f before each reconnection.
// Call it before Watch.
func SetBeforeReconnect(db *DB, f func(ctx context.Context)) { db.listen.beforeReconnect = f }

// SetWatchTimes shortens the LISTEN connection's idle wait and ping
// timeout and the bound of Watch's reads. Call it before Watch.
func SetWatchTimes(db *DB, idle, ping, read time.Duration) {
	db.listen.idle, db.listen.pingTimeout, db.listen.readTimeout = idle, ping, read
}

// Repreparations returns how many times db has prepared a change again
// since it was opened.
func Repreparations(db *DB) int64 { return db.repreparations.Load() }

// BackendPID returns the server process of one of db's pooled connections.
func BackendPID(ctx context.Context, db *DB) (int, error) {
	var pid int
	err := db.pool.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid)
	return pid, err
}
