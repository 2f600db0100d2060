package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"outflank"
)

var _ outflank.Removals = (*DB)(nil)

// RemoveTournament keeps encode's record of the tournament with slug and
// removes it, in one transaction (outflank.Removals).
func (db *DB) RemoveTournament(ctx context.Context, slug string, encode func(*outflank.TournamentRecord) ([]byte, error)) (*outflank.Removal, error) {
	var r *outflank.Removal
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		rec, err := db.dumpIn(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := inCircuit(ctx, tx, slug); err != nil {
			return translate(err, db.path)
		}
		data, err := encode(rec)
		if err != nil {
			return err
		}
		r = &outflank.Removal{Kind: outflank.RemovedTournament, Slug: slug, At: db.now(), Actor: outflank.ActorFrom(ctx), Head: rec.Head, Record: data}
		if err := db.keepRemoval(ctx, tx, r); err != nil {
			return err
		}
		// Outflank's own write, not an outside edit (migration 15).
		for _, q := range []string{`UPDATE tournaments SET writing = 1 WHERE slug = ?`, `DELETE FROM tournaments WHERE slug = ?`, `DELETE FROM live_games WHERE tournament = ?`} {
			if _, err := tx.ExecContext(ctx, q, slug); err != nil {
				return translate(fmt.Errorf("removing tournament %s: %w", slug, err), db.path)
			}
		}
		return db.accountEvent(ctx, tx, outflank.AccountTournamentRemove, slug, outflank.RemovalSummary(rec))
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// inCircuit refuses to remove a tournament a circuit counts.
func inCircuit(ctx context.Context, tx *sql.Tx, slug string) error {
	var c string
	err := tx.QueryRowContext(ctx, `SELECT c.slug FROM circuit_tournaments t JOIN circuits c ON c.id = t.circuit WHERE t.tournament = ? ORDER BY c.slug LIMIT 1`, slug).Scan(&c)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return outflank.Errorf(outflank.ECONFLICT, "tournament %s counts in circuit %s: take it out first ('outflank circuit remove %s %s'), then remove it", slug, c, c, slug)
}

// keepRemoval stores r, setting its ID.
func (db *DB) keepRemoval(ctx context.Context, tx *sql.Tx, r *outflank.Removal) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO removals (kind, slug, at, actor, head, record) VALUES (?, ?, ?, ?, ?, CAST(? AS TEXT))`,
		r.Kind, r.Slug, r.At.Format(timeFormat), r.Actor, r.Head, r.Record)
	if err != nil {
		return translate(fmt.Errorf("keeping the record of %s: %w", r.Slug, err), db.path)
	}
	r.ID, err = res.LastInsertId()
	return translate(err, db.path)
}

// latestRemoval reads the latest record of slug of kind.
func (db *DB) latestRemoval(ctx context.Context, tx *sql.Tx, kind, slug string) (int64, []byte, error) {
	var id int64
	var record []byte
	err := tx.QueryRowContext(ctx, `SELECT id, CAST(record AS BLOB) FROM removals WHERE kind = ? AND slug = ? ORDER BY id DESC LIMIT 1`, kind, slug).Scan(&id, &record)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, outflank.Errorf(outflank.ENOTFOUND, "no removed %s %q is kept in %s: 'outflank user log' lists what was removed", kind, slug, db.path)
	}
	if err != nil {
		return 0, nil, translate(fmt.Errorf("reading the record of %s: %w", slug, err), db.path)
	}
	return id, record, nil
}

// RestoreTournament stores the tournament of the latest record of slug
// again and drops the record, in one transaction (outflank.Removals).
func (db *DB) RestoreTournament(ctx context.Context, slug string, decode func([]byte) (*outflank.TournamentRecord, error)) (*outflank.TournamentRecord, error) {
	var rec *outflank.TournamentRecord
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		id, data, err := db.latestRemoval(ctx, tx, outflank.RemovedTournament, slug)
		if err != nil {
			return err
		}
		if rec, err = decode(data); err != nil {
			return err
		}
		// Pages kept of the tournament before it was removed are older.
		rec.Tournament.Version++
		changes, err := outflank.Created(rec.Tournament)
		if err != nil {
			return err
		}
		settings, err := json.Marshal(rec.Tournament.Settings)
		if err != nil {
			return err
		}
		if err := db.restoreIn(ctx, tx, rec, changes, settings); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM removals WHERE id = ?`, id); err != nil {
			return translate(err, db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountTournamentRestore, slug,
			outflank.RestoreSummary(rec))
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// DeleteCircuit keeps a record of the circuit with slug and its log and
// deletes it, in one transaction (outflank.Removals).
func (db *DB) DeleteCircuit(ctx context.Context, slug string) (*outflank.Removal, error) {
	var r *outflank.Removal
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug)
		if err != nil {
			return translate(err, db.path)
		}
		log, err := db.circuitLogIn(ctx, tx, slug)
		if err != nil {
			return err
		}
		data, err := outflank.EncodeCircuitRecord(c, log)
		if err != nil {
			return err
		}
		r = &outflank.Removal{Kind: outflank.RemovedCircuit, Slug: slug, At: db.now(), Actor: outflank.ActorFrom(ctx), Record: data}
		if err := db.keepRemoval(ctx, tx, r); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM circuits WHERE id = ?`, id); err != nil {
			return translate(fmt.Errorf("deleting circuit %s: %w", slug, err), db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountCircuitDelete, slug, outflank.CircuitDeletionSummary(c, log))
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// RestoreDeletedCircuit stores the circuit of the latest record of slug
// again, with its log, and drops the record (outflank.Removals).
func (db *DB) RestoreDeletedCircuit(ctx context.Context, slug string) (*outflank.Circuit, error) {
	var c *outflank.Circuit
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		id, data, err := db.latestRemoval(ctx, tx, outflank.RemovedCircuit, slug)
		if err != nil {
			return err
		}
		var log []outflank.CircuitEvent
		if c, log, err = outflank.DecodeCircuitRecord(data); err != nil {
			return err
		}
		if err := db.restoreCircuitIn(ctx, tx, c, log, true); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM removals WHERE id = ?`, id); err != nil {
			return translate(err, db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountCircuitRestore, slug,
			outflank.CircuitRestoreSummary(slug, log))
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Removals lists the records kept, the latest first (outflank.Removals).
func (db *DB) Removals(ctx context.Context) ([]outflank.Removal, error) {
	var list []outflank.Removal
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		return queryRows(ctx, tx, `SELECT id, kind, slug, at, actor, head FROM removals ORDER BY id DESC`, func(rows *sql.Rows) error {
			var r outflank.Removal
			var at string
			if err := rows.Scan(&r.ID, &r.Kind, &r.Slug, &at, &r.Actor, &r.Head); err != nil {
				return err
			}
			r.At, _ = time.Parse(timeFormat, at)
			list = append(list, r)
			return nil
		})
	})
	return list, translate(err, db.path)
}
