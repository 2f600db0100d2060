package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"outflank"
)

// Log returns the audit events of a tournament, oldest first.
func (db *DB) Log(ctx context.Context, slug string) ([]outflank.Event, error) {
	tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, translate(fmt.Errorf("beginning a read: %w", err), db.path)
	}
	defer tx.Rollback()
	var tid int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM tournaments WHERE slug = ?`, slug).Scan(&tid); err != nil {
		if err == sql.ErrNoRows {
			return nil, outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.path)
		}
		return nil, translate(err, db.path)
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, at, kind, summary, changes, coalesce(undoes, 0), coalesce(undone_by, 0)
		FROM events WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
	}
	defer rows.Close()
	var events []outflank.Event
	for rows.Next() {
		ev := outflank.Event{Tournament: slug}
		var at, changes string
		if err := rows.Scan(&ev.ID, &at, &ev.Kind, &ev.Summary, &changes, &ev.Undoes, &ev.UndoneBy); err != nil {
			return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
		}
		if ev.At, err = time.Parse(timeFormat, at); err != nil {
			return nil, fmt.Errorf("sqlite: event %d time %q: %w", ev.ID, at, err)
		}
		if err := json.Unmarshal([]byte(changes), &ev.Changes); err != nil {
			return nil, fmt.Errorf("sqlite: event %d: %w", ev.ID, err)
		}
		events = append(events, ev)
	}
	return events, translate(rows.Err(), db.path)
}
