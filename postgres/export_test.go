package postgres

import "context"

// ListenerPID returns the server process of db's LISTEN connection, 0
// while it has none.
func ListenerPID(db *DB) uint32 { return db.listen.pid.Load() }

// SetBeforeReconnect has db's LISTEN loop call f before each reconnection.
// Call it before Watch.
func SetBeforeReconnect(db *DB, f func(ctx context.Context)) { db.listen.beforeReconnect = f }
