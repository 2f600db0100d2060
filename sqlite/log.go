package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"outflank"
)

// Log returns the audit events of a tournament, oldest first.
func (db *DB) Log(ctx context.Context, slug string) ([]outflank.Event, error) {
	var events []outflank.Event
	err := db.readTx(ctx, func(tx *sql.Tx) error {
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
	err := db.readTx(ctx, func(tx *sql.Tx) error {
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
		a.Outside, err = db.outsideEdits(ctx, tx, tid)
		return err
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// tournamentID returns the row id of the tournament with slug, and the
// hash of its latest log entry.
func (db *DB) tournamentID(ctx context.Context, tx *sql.Tx, slug string) (int64, string, error) {
	var tid int64
	var head string
	err := tx.QueryRowContext(ctx, `SELECT id, log_head FROM tournaments WHERE slug = ?`, slug).Scan(&tid, &head)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.path)
	}
	if err != nil {
		return 0, "", translate(err, db.path)
	}
	return tid, head, nil
}

func (db *DB) events(ctx context.Context, tx *sql.Tx, slug string, tid int64) ([]outflank.Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, at, actor, kind, summary, changes, coalesce(undoes, 0), coalesce(undone_by, 0), prev_hash, hash
		FROM events WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
	}
	defer rows.Close()
	var events []outflank.Event
	for rows.Next() {
		ev := outflank.Event{Tournament: slug}
		var at, changes string
		if err := rows.Scan(&ev.ID, &at, &ev.Actor, &ev.Kind, &ev.Summary, &changes, &ev.Undoes, &ev.UndoneBy, &ev.PrevHash, &ev.Hash); err != nil {
			return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
		}
		if ev.At, err = time.Parse(timeFormat, at); err != nil {
			return nil, outflank.Errorf(outflank.ECONFLICT, "log entry #%d has an unreadable time %q: the log was altered", ev.ID, at)
		}
		if err := json.Unmarshal([]byte(changes), &ev.Changes); err != nil {
			return nil, outflank.Errorf(outflank.ECONFLICT, "log entry #%d has unreadable changes: the log was altered", ev.ID)
		}
		events = append(events, ev)
	}
	return events, translate(rows.Err(), db.path)
}

// LastEvents returns the tournament's latest n audit events, oldest first,
// without their changes: what a web server's terminal says of a change
// (one line each), read in one indexed query however long the log.
func (db *DB) LastEvents(ctx context.Context, slug string, n int) ([]outflank.Event, error) {
	var events []outflank.Event
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT e.id, e.at, e.actor, e.kind, e.summary, coalesce(e.undoes, 0)
			FROM events e JOIN tournaments t ON t.id = e.tournament_id WHERE t.slug = ? ORDER BY e.id DESC LIMIT ?`, slug, n)
		if err != nil {
			return translate(fmt.Errorf("reading the log: %w", err), db.path)
		}
		defer rows.Close()
		for rows.Next() {
			ev := outflank.Event{Tournament: slug}
			var at string
			if err := rows.Scan(&ev.ID, &at, &ev.Actor, &ev.Kind, &ev.Summary, &ev.Undoes); err != nil {
				return translate(fmt.Errorf("reading the log: %w", err), db.path)
			}
			if ev.At, err = time.Parse(timeFormat, at); err != nil {
				return outflank.Errorf(outflank.ECONFLICT, "log entry #%d has an unreadable time %q: the log was altered", ev.ID, at)
			}
			events = append(events, ev)
		}
		return translate(rows.Err(), db.path)
	})
	slices.Reverse(events)
	return events, err
}

var _ outflank.OutsideEditor = (*DB)(nil)

// OutsideEdits implements outflank.OutsideEditor.
func (db *DB) OutsideEdits(ctx context.Context, slug string) ([]outflank.OutsideEdit, error) {
	var edits []outflank.OutsideEdit
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		tid, _, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		edits, err = db.outsideEdits(ctx, tx, tid)
		return err
	})
	return edits, err
}

// outsideTimeFormat is how the triggers of migration 15 write the time of
// an outside edit (strftime's %f: seconds to the millisecond).
const outsideTimeFormat = "2006-01-02T15:04:05.000Z"

// outsideEdits returns the changes made to the rows of tournament tid
// outside Outflank, as the triggers of migration 15 recorded them.
func (db *DB) outsideEdits(ctx context.Context, tx *sql.Tx, tid int64) ([]outflank.OutsideEdit, error) {
	rows, err := tx.QueryContext(ctx, `SELECT at, entity, row_key, kind FROM outside_edits WHERE tournament_id = ? ORDER BY id`, tid)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the changes made outside Outflank: %w", err), db.path)
	}
	defer rows.Close()
	var edits []outflank.OutsideEdit
	for rows.Next() {
		var o outflank.OutsideEdit
		var at string
		if err := rows.Scan(&at, &o.Entity, &o.Key, &o.Kind); err != nil {
			return nil, translate(fmt.Errorf("reading the changes made outside Outflank: %w", err), db.path)
		}
		o.At, _ = time.Parse(outsideTimeFormat, at) // a time edited by hand reads as zero
		edits = append(edits, o)
	}
	return edits, translate(rows.Err(), db.path)
}
