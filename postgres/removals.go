package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
)

var _ outflank.Removals = (*DB)(nil)

// RemoveTournament keeps encode's record of the tournament with slug and
// removes it, in one transaction (outflank.Removals).
func (db *DB) RemoveTournament(ctx context.Context, slug string, encode func(*outflank.TournamentRecord) ([]byte, error)) (*outflank.Removal, error) {
	var r *outflank.Removal
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		// The tournament's row locked first: a change of it at once comes
		// before the record is read, or finds it removed.
		if _, err := tx.Exec(ctx, `SELECT id FROM tournaments WHERE slug = $1 FOR UPDATE`, slug); err != nil {
			return fmt.Errorf("removing tournament %s: %w", slug, err)
		}
		rec, err := db.dumpIn(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := inCircuit(ctx, tx, slug); err != nil {
			return err
		}
		data, err := encode(rec)
		if err != nil {
			return err
		}
		r = &outflank.Removal{Kind: outflank.RemovedTournament, Slug: slug, At: db.now(), Actor: outflank.ActorFrom(ctx), Head: rec.Head, Record: data}
		if err := keepRemoval(ctx, tx, r); err != nil {
			return err
		}
		// Games and byes first: their players' rows, which the tournament's
		// removal deletes, are named by keys that do not cascade.
		tid := `(SELECT id FROM tournaments WHERE slug = $1)`
		for _, q := range []string{`DELETE FROM games WHERE tournament_id = ` + tid, `DELETE FROM byes WHERE tournament_id = ` + tid,
			`UPDATE events SET undoes = NULL, undone_by = NULL WHERE tournament_id = ` + tid + ` AND (undoes IS NOT NULL OR undone_by IS NOT NULL)`,
			`DELETE FROM tournaments WHERE slug = $1`, `DELETE FROM live_games WHERE tournament = $1`} {
			if _, err := tx.Exec(ctx, q, slug); err != nil {
				return fmt.Errorf("removing tournament %s: %w", slug, err)
			}
		}
		if err := db.accountEvent(ctx, tx, outflank.AccountTournamentRemove, slug, outflank.RemovalSummary(rec)); err != nil {
			return err
		}
		// A notice no watcher can read makes each read every version
		// again, and so find the tournament gone: notices only raise
		// versions.
		_, err = tx.Exec(ctx, notifyQuery, changesChannel, slug+" removed")
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// inCircuit refuses to remove a tournament a circuit counts.
func inCircuit(ctx context.Context, tx pgx.Tx, slug string) error {
	var c string
	err := tx.QueryRow(ctx, `SELECT c.slug FROM circuit_tournaments t JOIN circuits c ON c.id = t.circuit WHERE t.tournament = $1 ORDER BY c.slug LIMIT 1`, slug).Scan(&c)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	return outflank.Errorf(outflank.ECONFLICT, "tournament %s counts in circuit %s: take it out first ('outflank circuit remove %s %s'), then remove it", slug, c, c, slug)
}

// keepRemoval stores r, setting its ID.
func keepRemoval(ctx context.Context, tx pgx.Tx, r *outflank.Removal) error {
	err := tx.QueryRow(ctx, `INSERT INTO removals (kind, slug, at, actor, head, record) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		r.Kind, r.Slug, r.At, r.Actor, r.Head, string(r.Record)).Scan(&r.ID)
	if err != nil {
		return fmt.Errorf("keeping the record of %s: %w", r.Slug, err)
	}
	return nil
}

// latestRemoval reads the latest record of slug of kind, locking it.
func (db *DB) latestRemoval(ctx context.Context, tx pgx.Tx, kind, slug string) (int64, []byte, error) {
	var id int64
	var record string
	err := tx.QueryRow(ctx, `SELECT id, record FROM removals WHERE kind = $1 AND slug = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`, kind, slug).Scan(&id, &record)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, outflank.Errorf(outflank.ENOTFOUND, "no removed %s %q is kept in %s: 'outflank user log' lists what was removed", kind, slug, db.where)
	}
	if err != nil {
		return 0, nil, fmt.Errorf("reading the record of %s: %w", slug, err)
	}
	return id, []byte(record), nil
}

// RestoreTournament stores the tournament of the latest record of slug
// again and drops the record, in one transaction (outflank.Removals).
func (db *DB) RestoreTournament(ctx context.Context, slug string, decode func([]byte) (*outflank.TournamentRecord, error)) (*outflank.TournamentRecord, error) {
	var rec *outflank.TournamentRecord
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
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
		if _, err := tx.Exec(ctx, `DELETE FROM removals WHERE id = $1`, id); err != nil {
			return err
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
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug, true)
		if err != nil {
			return err
		}
		log, err := circuitLogIn(ctx, tx, slug, id)
		if err != nil {
			return err
		}
		data, err := outflank.EncodeCircuitRecord(c, log)
		if err != nil {
			return err
		}
		r = &outflank.Removal{Kind: outflank.RemovedCircuit, Slug: slug, At: db.now(), Actor: outflank.ActorFrom(ctx), Record: data}
		if err := keepRemoval(ctx, tx, r); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM circuits WHERE id = $1`, id); err != nil {
			return fmt.Errorf("deleting circuit %s: %w", slug, err)
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
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
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
		if _, err := tx.Exec(ctx, `DELETE FROM removals WHERE id = $1`, id); err != nil {
			return err
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
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, kind, slug, at, actor, head FROM removals ORDER BY id DESC`)
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.Removal, error) {
			var m outflank.Removal
			err := r.Scan(&m.ID, &m.Kind, &m.Slug, &m.At, &m.Actor, &m.Head)
			m.At = m.At.UTC()
			return m, err
		})
		return err
	})
	return list, err
}
