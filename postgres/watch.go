package postgres

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
)

var _ outflank.Feed = (*DB)(nil)

// rereadPause is how long Watch waits before reading the versions again
// after a read failed (the server restarting, say).
const rereadPause = time.Second

// versionsTimeout bounds a read of the versions: on a connection that died
// without a word (a cut network) it fails and is tried again on another,
// instead of waiting minutes for TCP to give up.
const versionsTimeout = 15 * time.Second

// Watch implements outflank.Feed. It calls changed with every tournament's
// version at once, then each time the DB's LISTEN connection (listen.go)
// hears of a change, made by this process or another, until ctx ends. After
// the connection was lost and made again it reads every version, so a
// change made meanwhile is reported too. A read that fails because the
// server cannot be reached is tried again; any other failure ends Watch,
// and so does closing the DB.
func (db *DB) Watch(ctx context.Context, changed func(versions map[string]int64)) error {
	w, ok := db.listen.subscribe(db)
	if !ok {
		return fmt.Errorf("postgres: watching %s after it was closed", db.where)
	}
	defer db.listen.unsubscribe(w)
	var last map[string]int64
	mustRead := true
	var reread <-chan time.Time
	for {
		if mustRead && reread == nil {
			versions, err := db.versions(ctx)
			switch {
			case ctx.Err() != nil:
				return nil
			case err != nil && !unreachable(err):
				return db.translate(fmt.Errorf("watching: %w", err))
			case err != nil:
				reread = time.After(rereadPause)
			default:
				mustRead = false
				if last == nil || !maps.Equal(versions, last) {
					last = versions
					changed(maps.Clone(last))
				}
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-db.listen.gone:
			return nil
		case <-reread:
			reread = nil
		case <-w.wake:
			pending, resync := w.take()
			if resync {
				mustRead = true
				continue
			}
			if mustRead {
				continue // a full read is due anyway
			}
			next := maps.Clone(last)
			for slug, v := range pending {
				if v > next[slug] {
					next[slug] = v
				}
			}
			if !maps.Equal(next, last) {
				last = next
				changed(maps.Clone(last))
			}
		}
	}
}

// Versions reads every tournament's version now: a web server reads them
// after its own write, so that the pages it serves next show that write
// without waiting for the notification.
func (db *DB) Versions(ctx context.Context) (map[string]int64, error) {
	v, err := db.versions(ctx)
	if err != nil {
		return nil, db.translate(err)
	}
	return v, nil
}

// versions reads every tournament's version. Its errors are the driver's,
// untranslated, for unreachable to judge.
func (db *DB) versions(ctx context.Context) (map[string]int64, error) {
	ctx, cancel := context.WithTimeout(ctx, db.listen.readTimeout)
	defer cancel()
	v := map[string]int64{}
	err := db.txOnce(ctx, readOptions, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT slug, version FROM tournaments`)
		if err != nil {
			return fmt.Errorf("reading the versions: %w", err)
		}
		defer rows.Close()
		clear(v)
		for rows.Next() {
			var slug string
			var n int64
			if err := rows.Scan(&slug, &n); err != nil {
				return fmt.Errorf("reading the versions: %w", err)
			}
			v[slug] = n
		}
		return rows.Err()
	})
	return v, err
}

// unreachable reports whether err says the server could not be reached or
// went away (a connection error, or an SQLSTATE of class 08 or 57), rather
// than that it answered with an error.
func unreachable(err error) bool {
	if _, ok := errors.AsType[*outflank.Error](err); ok {
		return false
	}
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57")
	}
	return true // not an answer of the server: the connection failed
}
