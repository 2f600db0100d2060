package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/circuit"
)

var _ outflank.CircuitStore = (*DB)(nil)

// noCircuit is the error for a circuit slug that does not exist.
func noCircuit(slug string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no circuit %q: 'outflank circuit new %s --rules egp|bof-gp --year YYYY' creates one", slug, slug)
}

func (db *DB) CreateCircuit(ctx context.Context, c *outflank.Circuit) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO circuits (slug, name, rules, year) VALUES ($1, $2, $3, $4) RETURNING id`,
			c.Slug, c.Name, string(c.Rules), c.Year).Scan(&id)
		if isUnique(err) {
			return outflank.Errorf(outflank.ECONFLICT, "a circuit %q already exists: choose another slug", c.Slug)
		}
		if err != nil {
			return fmt.Errorf("creating circuit %s: %w", c.Slug, err)
		}
		return db.circuitEvent(ctx, tx, id, outflank.CircuitCreate,
			fmt.Sprintf("created circuit %s (%s), %s, %d", c.Slug, c.Name, outflank.CircuitRulesName(c.Rules), c.Year))
	})
}

func (db *DB) Circuit(ctx context.Context, slug string) (*outflank.Circuit, error) {
	var c *outflank.Circuit
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		c, _, err = loadCircuit(ctx, tx, slug, false)
		return err
	})
	return c, err
}

func (db *DB) Circuits(ctx context.Context) ([]outflank.Circuit, error) {
	var list []outflank.Circuit
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		list = nil // a retried transaction starts afresh
		rows, err := tx.Query(ctx, `SELECT slug FROM circuits ORDER BY year DESC, slug`)
		if err != nil {
			return err
		}
		slugs, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, s := range slugs {
			c, _, err := loadCircuit(ctx, tx, s, false)
			if err != nil {
				return err
			}
			list = append(list, *c)
		}
		return nil
	})
	return list, err
}

// UpdateCircuit implements outflank.CircuitStore. The circuit's row is
// locked as it is read, so two changes of a circuit at once come one after
// the other, each from the state the other left.
func (db *DB) UpdateCircuit(ctx context.Context, slug, action string, change func(c *outflank.Circuit) (string, error)) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug, true)
		if err != nil {
			return err
		}
		before := outflank.CircuitState(c)
		summary, err := change(c)
		if err != nil {
			return err
		}
		if err := storeCircuit(ctx, tx, id, c); err != nil {
			return fmt.Errorf("storing circuit %s: %w", slug, err)
		}
		return db.circuitEventBefore(ctx, tx, id, action, summary, before, 0)
	})
}

// UndoCircuit reverts the latest change of the circuit not undone yet
// (outflank.CircuitUndoTarget), with an entry of its own.
func (db *DB) UndoCircuit(ctx context.Context, slug string) (string, error) {
	var summary string
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		c, id, err := loadCircuit(ctx, tx, slug, true)
		if err != nil {
			return err
		}
		log, err := circuitLogIn(ctx, tx, slug, id)
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
			return fmt.Errorf("storing circuit %s: %w", slug, err)
		}
		summary = outflank.CircuitUndoSummary(target)
		return db.circuitEventBefore(ctx, tx, id, outflank.CircuitUndo, summary, before, target.ID)
	})
	return summary, err
}

func (db *DB) CircuitLog(ctx context.Context, slug string) ([]outflank.CircuitEvent, error) {
	var list []outflank.CircuitEvent
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		_, id, err := loadCircuit(ctx, tx, slug, false)
		if err != nil {
			return err
		}
		list, err = circuitLogIn(ctx, tx, slug, id)
		return err
	})
	return list, err
}

// circuitLogIn reads the log of circuit slug (row id) in tx.
func circuitLogIn(ctx context.Context, tx pgx.Tx, slug string, id int64) ([]outflank.CircuitEvent, error) {
	rows, err := tx.Query(ctx, `SELECT id, at, actor, action, summary, before, coalesce(undoes, 0) FROM circuit_events WHERE circuit = $1 ORDER BY id`, id)
	if err != nil {
		return nil, err
	}
	return collect(rows, func(r pgx.CollectableRow) (outflank.CircuitEvent, error) {
		e := outflank.CircuitEvent{Circuit: slug}
		var before string
		err := r.Scan(&e.ID, &e.At, &e.Actor, &e.Action, &e.Summary, &before, &e.Undoes)
		e.At = e.At.UTC()
		if before != "" {
			e.Before = []byte(before)
		}
		return e, err
	})
}

// loadCircuit reads a circuit with its tournaments and links, locking its
// row when forUpdate is set.
func loadCircuit(ctx context.Context, tx pgx.Tx, slug string, forUpdate bool) (*outflank.Circuit, int64, error) {
	c := &outflank.Circuit{Slug: slug}
	var id int64
	var rules string
	query := `SELECT id, name, rules, year, winner, reason FROM circuits WHERE slug = $1`
	if forUpdate {
		query += ` FOR UPDATE`
	}
	err := tx.QueryRow(ctx, query, slug).Scan(&id, &c.Name, &rules, &c.Year, &c.Winner, &c.Reason)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, 0, noCircuit(slug)
	}
	if err != nil {
		return nil, 0, err
	}
	c.Rules = circuit.Rules(rules)
	rows, err := tx.Query(ctx, `SELECT tournament FROM circuit_tournaments WHERE circuit = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, 0, err
	}
	if c.Tournaments, err = collect(rows, pgx.RowTo[string]); err != nil {
		return nil, 0, err
	}
	rows, err = tx.Query(ctx, `SELECT from_key, to_key FROM circuit_links WHERE circuit = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, 0, err
	}
	c.Links, err = collect(rows, func(r pgx.CollectableRow) (outflank.CircuitLink, error) {
		var l outflank.CircuitLink
		err := r.Scan(&l.From, &l.To)
		return l, err
	})
	if err != nil {
		return nil, 0, err
	}
	return c, id, nil
}

// storeCircuit writes what a change may modify: the tournaments, the links
// and the decision.
func storeCircuit(ctx context.Context, tx pgx.Tx, id int64, c *outflank.Circuit) error {
	if _, err := tx.Exec(ctx, `UPDATE circuits SET winner = $1, reason = $2 WHERE id = $3`, c.Winner, c.Reason, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `DELETE FROM circuit_tournaments WHERE circuit = $1`, id); err != nil {
		return err
	}
	for i, t := range c.Tournaments {
		if _, err := tx.Exec(ctx, `INSERT INTO circuit_tournaments (circuit, seq, tournament) VALUES ($1, $2, $3)`, id, i, t); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM circuit_links WHERE circuit = $1`, id); err != nil {
		return err
	}
	for i, l := range c.Links {
		if _, err := tx.Exec(ctx, `INSERT INTO circuit_links (circuit, seq, from_key, to_key) VALUES ($1, $2, $3, $4)`, id, i, l.From, l.To); err != nil {
			return err
		}
	}
	return nil
}

// circuitEvent records a change of a circuit, in tx, naming the actor of
// ctx.
func (db *DB) circuitEvent(ctx context.Context, tx pgx.Tx, id int64, action, summary string) error {
	return db.circuitEventBefore(ctx, tx, id, action, summary, nil, 0)
}

// circuitEventBefore records a change of a circuit with the state before
// it and the entry it undoes (0 for none).
func (db *DB) circuitEventBefore(ctx context.Context, tx pgx.Tx, id int64, action, summary string, before []byte, undoes int64) error {
	var undo *int64
	if undoes != 0 {
		undo = &undoes
	}
	_, err := tx.Exec(ctx, `INSERT INTO circuit_events (circuit, at, actor, action, summary, before, undoes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		id, db.now(), outflank.ActorFrom(ctx), action, summary, string(before), undo)
	return err
}
