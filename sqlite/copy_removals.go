package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"outflank"
)

// DumpRemovals reads the records of what was removed, oldest first, with
// the records themselves (outflank.RecordsArchive).
func (db *DB) DumpRemovals(ctx context.Context) ([]outflank.Removal, error) {
	var list []outflank.Removal
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		list = nil
		return queryRows(ctx, tx, `SELECT id, kind, slug, at, actor, head, CAST(record AS BLOB) FROM removals ORDER BY id`, func(rows *sql.Rows) error {
			var r outflank.Removal
			var at string
			if err := rows.Scan(&r.ID, &r.Kind, &r.Slug, &at, &r.Actor, &r.Head, &r.Record); err != nil {
				return err
			}
			r.At, _ = time.Parse(timeFormat, at)
			list = append(list, r)
			return nil
		})
	})
	return list, translate(err, db.path)
}

// RestoreRemovals stores records of what was removed, copied from another
// store with their ids, into a store that keeps none
// (outflank.RecordsArchive).
func (db *DB) RestoreRemovals(ctx context.Context, list []outflank.Removal) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM removals`).Scan(&n); err != nil {
			return translate(fmt.Errorf("counting the removal records: %w", err), db.path)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already keeps records of removed tournaments or circuits: nothing was copied", db.path)
		}
		for _, r := range list {
			if _, err := tx.ExecContext(ctx, `INSERT INTO removals (id, kind, slug, at, actor, head, record) VALUES (?, ?, ?, ?, ?, ?, CAST(? AS TEXT))`,
				r.ID, r.Kind, r.Slug, r.At.UTC().Format(timeFormat), r.Actor, r.Head, r.Record); err != nil {
				return translate(fmt.Errorf("copying the record of removed %s %s: %w", r.Kind, r.Slug, err), db.path)
			}
		}
		return nil
	})
}
