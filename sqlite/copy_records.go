package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"outflank"
)

var _ outflank.RecordsArchive = (*DB)(nil)

// RestoreCircuit stores a circuit copied from another store, with its log.
func (db *DB) RestoreCircuit(ctx context.Context, c *outflank.Circuit, log []outflank.CircuitEvent) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO circuits (slug, name, rules, year) VALUES (?, ?, ?, ?)`, c.Slug, c.Name, string(c.Rules), c.Year)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "a circuit %q already exists in %s: nothing was copied", c.Slug, db.path)
			}
			return translate(fmt.Errorf("copying circuit %s: %w", c.Slug, err), db.path)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return translate(err, db.path)
		}
		if err := storeCircuit(ctx, tx, id, c); err != nil {
			return translate(fmt.Errorf("copying circuit %s: %w", c.Slug, err), db.path)
		}
		for _, e := range log {
			_, err := tx.ExecContext(ctx, `INSERT INTO circuit_events (id, circuit, at, actor, action, summary) VALUES (?, ?, ?, ?, ?, ?)`,
				e.ID, id, e.At.UTC().Format(timeFormat), e.Actor, e.Action, e.Summary)
			if err != nil {
				if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
					return outflank.Errorf(outflank.ECONFLICT, "entry #%d of the log of circuit %s is already used by another circuit's log in %s: circuit %s was not copied", e.ID, c.Slug, db.path, c.Slug)
				}
				return translate(fmt.Errorf("copying the log of circuit %s: %w", c.Slug, err), db.path)
			}
		}
		return nil
	})
}

// RestoreMembers stores member records copied from another store, with
// their log, into a store that has none.
func (db *DB) RestoreMembers(ctx context.Context, members []outflank.Member, log []outflank.MemberEvent) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM member_events)`).Scan(&n); err != nil {
			return translate(fmt.Errorf("counting member records: %w", err), db.path)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has member records or a members' log: nothing was copied", db.path)
		}
		for _, m := range members {
			if _, err := tx.ExecContext(ctx, `INSERT INTO members (id, wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				m.ID, m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil); err != nil {
				return translate(fmt.Errorf("copying member #%d: %w", m.ID, err), db.path)
			}
		}
		for _, e := range log {
			if _, err := tx.ExecContext(ctx, `INSERT INTO member_events (id, at, actor, action, member, summary) VALUES (?, ?, ?, ?, ?, ?)`,
				e.ID, e.At.UTC().Format(timeFormat), e.Actor, e.Action, e.Member, e.Summary); err != nil {
				return translate(fmt.Errorf("copying the members' log: %w", err), db.path)
			}
		}
		return nil
	})
}
