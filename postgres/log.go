package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"outflank"
)

// Log returns the audit events of a tournament, oldest first.
func (db *DB) Log(ctx context.Context, slug string) ([]outflank.Event, error) {
	var events []outflank.Event
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		tid, _, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		events, err = db.events(ctx, tx, slug, tid)
		return err
	})
	return events, err
}

// Audit returns the log, the head the tournament records and the stored
// tournament, all from one snapshot.
func (db *DB) Audit(ctx context.Context, slug string) (*outflank.AuditLog, error) {
	a := &outflank.AuditLog{}
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		tid, head, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		a.Head = head
		if a.Events, err = db.events(ctx, tx, slug, tid); err != nil {
			return err
		}
		l, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		a.State = l.t
		a.Outside, err = outsideEdits(ctx, tx, tid)
		return err
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// tournamentID returns the row id of the tournament with slug, and the
// hash of its latest log entry.
func (db *DB) tournamentID(ctx context.Context, tx pgx.Tx, slug string) (int64, string, error) {
	var tid int64
	var head string
	err := tx.QueryRow(ctx, `SELECT id, log_head FROM tournaments WHERE slug = $1`, slug).Scan(&tid, &head)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", db.notFound(slug)
	}
	if err != nil {
		return 0, "", fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	return tid, head, nil
}

func (db *DB) events(ctx context.Context, tx pgx.Tx, slug string, tid int64) ([]outflank.Event, error) {
	rows, err := tx.Query(ctx, `SELECT id, at, actor, kind, summary, changes, coalesce(undoes, 0), coalesce(undone_by, 0), prev_hash, hash
		FROM events WHERE tournament_id = $1 ORDER BY id`, tid)
	if err != nil {
		return nil, fmt.Errorf("reading the log: %w", err)
	}
	defer rows.Close()
	var events []outflank.Event
	for rows.Next() {
		ev := outflank.Event{Tournament: slug}
		var changes []byte
		if err := rows.Scan(&ev.ID, &ev.At, &ev.Actor, &ev.Kind, &ev.Summary, &changes, &ev.Undoes, &ev.UndoneBy, &ev.PrevHash, &ev.Hash); err != nil {
			return nil, fmt.Errorf("reading the log: %w", err)
		}
		ev.At = ev.At.UTC()
		if err := json.Unmarshal(changes, &ev.Changes); err != nil {
			return nil, outflank.Errorf(outflank.ECONFLICT, "log entry #%d has unreadable changes: the log was altered", ev.ID)
		}
		events = append(events, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the log: %w", err)
	}
	return events, nil
}

// LastEvents returns the tournament's latest n audit events, oldest first,
// without their changes: what a web server's terminal says of a change
// (one line each), read in one indexed query however long the log.
func (db *DB) LastEvents(ctx context.Context, slug string, n int) ([]outflank.Event, error) {
	var events []outflank.Event
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		events = nil // a retried transaction starts again
		rows, err := tx.Query(ctx, `SELECT e.id, e.at, e.actor, e.kind, e.summary, coalesce(e.undoes, 0)
			FROM events e JOIN tournaments t ON t.id = e.tournament_id WHERE t.slug = $1 ORDER BY e.id DESC LIMIT $2`, slug, n)
		if err != nil {
			return fmt.Errorf("reading the log: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			ev := outflank.Event{Tournament: slug}
			if err := rows.Scan(&ev.ID, &ev.At, &ev.Actor, &ev.Kind, &ev.Summary, &ev.Undoes); err != nil {
				return fmt.Errorf("reading the log: %w", err)
			}
			ev.At = ev.At.UTC()
			events = append(events, ev)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	slices.Reverse(events)
	return events, nil
}

var _ outflank.OutsideEditor = (*DB)(nil)

// OutsideEdits implements outflank.OutsideEditor: the changes to the
// tournament's rows made outside Outflank, as the triggers of migration 9
// recorded them.
func (db *DB) OutsideEdits(ctx context.Context, slug string) ([]outflank.OutsideEdit, error) {
	var edits []outflank.OutsideEdit
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		tid, _, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		edits, err = outsideEdits(ctx, tx, tid)
		return err
	})
	return edits, err
}

// outsideEdits reads the changes made to the rows of tournament tid
// outside Outflank, oldest first.
func outsideEdits(ctx context.Context, tx pgx.Tx, tid int64) ([]outflank.OutsideEdit, error) {
	rows, err := tx.Query(ctx, `SELECT at, entity, row_key, kind FROM outside_edits WHERE tournament_id = $1 ORDER BY id`, tid)
	if err != nil {
		return nil, fmt.Errorf("reading the changes made outside Outflank: %w", err)
	}
	edits, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (outflank.OutsideEdit, error) {
		var o outflank.OutsideEdit
		err := row.Scan(&o.At, &o.Entity, &o.Key, &o.Kind)
		o.At = o.At.UTC()
		return o, err
	})
	if err != nil {
		return nil, fmt.Errorf("reading the changes made outside Outflank: %w", err)
	}
	return edits, nil
}
