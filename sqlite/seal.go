package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"outflank"
)

// sealLogs chains the log entries written before the log was a hash chain
// (migration 3): each tournament's entries in order, as they are. The chain
// proves nothing about what happened to them before this migration; it
// shows every change made to them since.
func (db *DB) sealLogs(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT id, slug FROM tournaments ORDER BY id`)
	if err != nil {
		return err
	}
	type tournament struct {
		id   int64
		slug string
	}
	var list []tournament
	for rows.Next() {
		var t tournament
		if err := rows.Scan(&t.id, &t.slug); err != nil {
			rows.Close()
			return err
		}
		list = append(list, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range list {
		events, err := db.events(ctx, tx, t.slug, t.id)
		if err != nil {
			return err
		}
		prev := ""
		for i := range events {
			ev := &events[i]
			hash, err := outflank.ChainHash(prev, ev)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE events SET prev_hash = ?, hash = ? WHERE tournament_id = ? AND id = ?`, prev, hash, t.id, ev.ID); err != nil {
				return fmt.Errorf("sealing event %d: %w", ev.ID, err)
			}
			prev = hash
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET log_head = ? WHERE id = ?`, prev, t.id); err != nil {
			return fmt.Errorf("sealing the log of %s: %w", t.slug, err)
		}
	}
	return nil
}
