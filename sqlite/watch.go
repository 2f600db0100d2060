package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"time"

	"outflank"
)

var _ outflank.Feed = (*DB)(nil)

// WatchEvery is how often Watch looks for changes: pages follow a change
// made by any process within this much, plus the time to push it, and a
// server shows a write made through another server of the same file as
// late as this (issue 24: a read after a write must show it as soon as
// possible). A look is one PRAGMA, a few microseconds.
const WatchEvery = 100 * time.Millisecond

// Watch implements outflank.Feed. One connection of its own asks SQLite's
// PRAGMA data_version, which changes when another connection (of this
// process or another) commits, every WatchEvery; only then does it read the
// tournaments' versions, and it calls changed when they differ from the
// last ones. One watcher serves every page of a server, however many.
func (db *DB) Watch(ctx context.Context, changed func(versions map[string]int64)) error {
	var last map[string]int64
	return db.onCommits(ctx, "watching", func(*sql.Conn) error {
		versions, err := db.versions(ctx)
		if err != nil {
			return err
		}
		if last == nil || !maps.Equal(versions, last) {
			changed(versions)
			last = versions
		}
		return nil
	})
}

// onCommits calls read at once, then each time a connection (of this
// process or another) has committed, as PRAGMA data_version tells a
// connection of its own, asked every WatchEvery, until ctx ends. An error
// of read ends it, unless ctx ended meanwhile.
func (db *DB) onCommits(ctx context.Context, what string, read func(conn *sql.Conn) error) error {
	conn, err := db.db.Conn(ctx)
	if err != nil {
		return translate(fmt.Errorf("%s: %w", what, err), db.path)
	}
	defer conn.Close()
	lastData := int64(-1)
	tick := time.NewTicker(WatchEvery)
	defer tick.Stop()
	for {
		var data int64
		if err := conn.QueryRowContext(ctx, `PRAGMA data_version`).Scan(&data); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return translate(fmt.Errorf("%s: %w", what, err), db.path)
		}
		if data != lastData {
			if err := read(conn); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
			lastData = data
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// Versions reads every tournament's version now: a web server reads them
// after its own write, so that the pages it serves next show that write
// without waiting for Watch's next look.
func (db *DB) Versions(ctx context.Context) (map[string]int64, error) { return db.versions(ctx) }

// versions reads every tournament's version.
func (db *DB) versions(ctx context.Context) (map[string]int64, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT slug, version FROM tournaments`)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the versions: %w", err), db.path)
	}
	defer rows.Close()
	v := map[string]int64{}
	for rows.Next() {
		var slug string
		var n int64
		if err := rows.Scan(&slug, &n); err != nil {
			return nil, translate(err, db.path)
		}
		v[slug] = n
	}
	return v, translate(rows.Err(), db.path)
}
