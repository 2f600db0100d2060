package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
)

// DumpRemovals reads the records of what was removed, oldest first, with
// the records themselves (outflank.RecordsArchive).
func (db *DB) DumpRemovals(ctx context.Context) ([]outflank.Removal, error) {
	var list []outflank.Removal
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, kind, slug, at, actor, head, record FROM removals ORDER BY id`)
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.Removal, error) {
			var m outflank.Removal
			var record string
			err := r.Scan(&m.ID, &m.Kind, &m.Slug, &m.At, &m.Actor, &m.Head, &record)
			m.At, m.Record = m.At.UTC(), []byte(record)
			return m, err
		})
		return err
	})
	return list, err
}

// RestoreRemovals stores records of what was removed, copied from another
// store with their ids, into a store that keeps none, and moves the ids
// given past them (outflank.RecordsArchive).
func (db *DB) RestoreRemovals(ctx context.Context, list []outflank.Removal) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE removals IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("locking the removal records: %w", err)
		}
		var n int64
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM removals`).Scan(&n); err != nil {
			return fmt.Errorf("counting the removal records: %w", err)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already keeps records of removed tournaments or circuits: nothing was copied", db.where)
		}
		for _, r := range list {
			if _, err := tx.Exec(ctx, `INSERT INTO removals (id, kind, slug, at, actor, head, record) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				r.ID, r.Kind, r.Slug, r.At, r.Actor, r.Head, string(r.Record)); err != nil {
				return fmt.Errorf("copying the record of removed %s %s: %w", r.Kind, r.Slug, err)
			}
		}
		return moveSequence(ctx, tx, "removals")
	})
}
