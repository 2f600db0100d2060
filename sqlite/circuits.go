package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"outflank"
	"outflank/circuit"
)

var _ outflank.CircuitStore = (*DB)(nil)

// noCircuit is the error for a circuit slug that does not exist.
func noCircuit(slug string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no circuit %q: 'outflank circuit new %s --rules egp|bof-gp --year YYYY' creates one", slug, slug)
}

func (db *DB) CreateCircuit(ctx context.Context, c *outflank.Circuit) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO circuits (slug, name, rules, year) VALUES (?, ?, ?, ?)`, c.Slug, c.Name, string(c.Rules), c.Year)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "a circuit %q already exists: choose another slug", c.Slug)
			}
			return translate(fmt.Errorf("creating circuit %s: %w", c.Slug, err), db.path)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return translate(err, db.path)
		}
		return db.circuitEvent(ctx, tx, id, outflank.CircuitCreate,
			fmt.Sprintf("created circuit %s (%s), %s, %d", c.Slug, c.Name, outflank.CircuitRulesName(c.Rules), c.Year))
	})
}

func (db *DB) Circuit(ctx context.Context, slug string) (*outflank.Circuit, error) {
	var c *outflank.Circuit
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		c, _, err = loadCircuit(ctx, tx, slug)
		return translate(err, db.path)
	})
	return c, err
}

func (db *DB) Circuits(ctx context.Context) ([]outflank.Circuit, error) {
	var list []outflank.Circuit
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT slug FROM circuits ORDER BY year DESC, slug`)
		if err != nil {
			return translate(err, db.path)
		}
		var slugs []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				rows.Close()
				return translate(err, db.path)
			}
			slugs = append(slugs, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return translate(err, db.path)
		}
		for _, s := range slugs {
			c, _, err := loadCircuit(ctx, tx, s)
			if err != nil {
				return translate(err, db.path)
			}
			list = append(list, *c)
		}
		return nil
	})
	return list, err
}

func (db *DB) UpdateCircuit(ctx context.Context, slug, action string, change func(c *outflank.Circuit) (string, error)) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug)
		if err != nil {
			return translate(err, db.path)
		}
		before := outflank.CircuitState(c)
		summary, err := change(c)
		if err != nil {
			return err
		}
		if err := storeCircuit(ctx, tx, id, c); err != nil {
			return translate(fmt.Errorf("storing circuit %s: %w", slug, err), db.path)
		}
		return db.circuitEventBefore(ctx, tx, id, action, summary, before, 0)
	})
}

// UndoCircuit reverts the latest change of the circuit not undone yet
// (outflank.CircuitUndoTarget), with an entry of its own.
func (db *DB) UndoCircuit(ctx context.Context, slug string) (string, error) {
	var summary string
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug)
		if err != nil {
			return translate(err, db.path)
		}
		log, err := db.circuitLogIn(ctx, tx, slug)
		if err != nil {
			return err
		}
		target, err := outflank.CircuitUndoTarget(slug, log)
		if err != nil {
			return err
		}
		before := outflank.CircuitState(c)
		if err := outflank.SetCircuitState(c, target.Before); err != nil {
			return err
		}
		if err := storeCircuit(ctx, tx, id, c); err != nil {
			return translate(fmt.Errorf("storing circuit %s: %w", slug, err), db.path)
		}
		summary = outflank.CircuitUndoSummary(target)
		return db.circuitEventBefore(ctx, tx, id, outflank.CircuitUndo, summary, before, target.ID)
	})
	return summary, err
}

func (db *DB) CircuitLog(ctx context.Context, slug string) ([]outflank.CircuitEvent, error) {
	var list []outflank.CircuitEvent
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if _, _, err := loadCircuit(ctx, tx, slug); err != nil {
			return translate(err, db.path)
		}
		var err error
		list, err = db.circuitLogIn(ctx, tx, slug)
		return err
	})
	return list, err
}

// circuitLogIn reads the log of circuit slug in tx.
func (db *DB) circuitLogIn(ctx context.Context, tx *sql.Tx, slug string) ([]outflank.CircuitEvent, error) {
	var list []outflank.CircuitEvent
	rows, err := tx.QueryContext(ctx, `SELECT e.id, e.at, e.actor, e.action, e.summary, e.before, coalesce(e.undoes, 0) FROM circuit_events e
		JOIN circuits c ON c.id = e.circuit WHERE c.slug = ? ORDER BY e.id`, slug)
	if err != nil {
		return nil, translate(err, db.path)
	}
	defer rows.Close()
	for rows.Next() {
		e := outflank.CircuitEvent{Circuit: slug}
		var at, before string
		if err := rows.Scan(&e.ID, &at, &e.Actor, &e.Action, &e.Summary, &before, &e.Undoes); err != nil {
			return nil, translate(err, db.path)
		}
		e.At, _ = time.Parse(timeFormat, at)
		if before != "" {
			e.Before = []byte(before)
		}
		list = append(list, e)
	}
	return list, translate(rows.Err(), db.path)
}

// loadCircuit reads a circuit with its tournaments and links.
func loadCircuit(ctx context.Context, tx *sql.Tx, slug string) (*outflank.Circuit, int64, error) {
	c := &outflank.Circuit{Slug: slug}
	var id int64
	var rules string
	err := tx.QueryRowContext(ctx, `SELECT id, name, rules, year, winner, reason FROM circuits WHERE slug = ?`, slug).
		Scan(&id, &c.Name, &rules, &c.Year, &c.Winner, &c.Reason)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, 0, noCircuit(slug)
	}
	if err != nil {
		return nil, 0, err
	}
	c.Rules = circuit.Rules(rules)
	rows, err := tx.QueryContext(ctx, `SELECT tournament FROM circuit_tournaments WHERE circuit = ? ORDER BY seq`, id)
	if err != nil {
		return nil, 0, err
	}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return nil, 0, err
		}
		c.Tournaments = append(c.Tournaments, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	rows, err = tx.QueryContext(ctx, `SELECT from_key, to_key FROM circuit_links WHERE circuit = ? ORDER BY seq`, id)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var l outflank.CircuitLink
		if err := rows.Scan(&l.From, &l.To); err != nil {
			return nil, 0, err
		}
		c.Links = append(c.Links, l)
	}
	return c, id, rows.Err()
}

// storeCircuit writes what a change may modify: the tournaments, the links
// and the decision.
func storeCircuit(ctx context.Context, tx *sql.Tx, id int64, c *outflank.Circuit) error {
	if _, err := tx.ExecContext(ctx, `UPDATE circuits SET winner = ?, reason = ? WHERE id = ?`, c.Winner, c.Reason, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM circuit_tournaments WHERE circuit = ?`, id); err != nil {
		return err
	}
	for i, t := range c.Tournaments {
		if _, err := tx.ExecContext(ctx, `INSERT INTO circuit_tournaments (circuit, seq, tournament) VALUES (?, ?, ?)`, id, i, t); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM circuit_links WHERE circuit = ?`, id); err != nil {
		return err
	}
	for i, l := range c.Links {
		if _, err := tx.ExecContext(ctx, `INSERT INTO circuit_links (circuit, seq, from_key, to_key) VALUES (?, ?, ?, ?)`, id, i, l.From, l.To); err != nil {
			return err
		}
	}
	return nil
}

// circuitEvent records a change of a circuit, in tx, naming the actor of
// ctx.
func (db *DB) circuitEvent(ctx context.Context, tx *sql.Tx, id int64, action, summary string) error {
	return db.circuitEventBefore(ctx, tx, id, action, summary, nil, 0)
}

// circuitEventBefore records a change of a circuit with the state before
// it and the entry it undoes (0 for none).
func (db *DB) circuitEventBefore(ctx context.Context, tx *sql.Tx, id int64, action, summary string, before []byte, undoes int64) error {
	var undo any
	if undoes != 0 {
		undo = undoes
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO circuit_events (circuit, at, actor, action, summary, before, undoes) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, db.now().Format(timeFormat), outflank.ActorFrom(ctx), action, summary, string(before), undo)
	return translate(err, db.path)
}
