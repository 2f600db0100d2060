package postgres

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
)

// txAttempts bounds how many times a transaction runs again after a
// serialization failure or a deadlock.
const txAttempts = 8

// retryPause is the pause before the second attempt; it doubles with each
// attempt after that, up to maxRetryPause, and is jittered.
const (
	retryPause    = 5 * time.Millisecond
	maxRetryPause = 500 * time.Millisecond
)

// Isolation levels of the transactions. A write transaction also marks
// itself as Outflank's (outflank.writer, local to it), in the statement
// that begins it: the triggers of migration 9 take a tournament's row
// written without the mark for a change made outside Outflank
// (docs/records.md). Sent without arguments, the two statements go in one
// round trip (the simple protocol).
var (
	readOptions  = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	writeOptions = pgx.TxOptions{IsoLevel: pgx.ReadCommitted, BeginQuery: `BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL outflank.writer = 'outflank'`}
)

// readTx runs fn in a read-only transaction: one consistent snapshot.
func (db *DB) readTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return db.tx(ctx, readOptions, fn)
}

// writeTx runs fn in a read-write transaction (READ COMMITTED) and commits
// it. fn makes its writes conditional on the versions it read.
func (db *DB) writeTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return db.tx(ctx, writeOptions, fn)
}

// tx runs fn in a transaction with opts and commits it. A serialization
// failure or a deadlock, in fn or at commit, runs the whole transaction
// again, up to txAttempts times, after a jittered pause; then it gives up
// with an EUNAVAILABLE error that says the database was too busy. So does
// a connection lost before the commit was sent (PostgreSQL restarting: the
// server rolled the transaction back), which usually succeeds on a new
// connection once the server is up again; one lost while committing is
// not run again, since it may have been saved. fn must have no effect
// outside tx, since it may run more than once. Errors are translated
// (errors.go).
func (db *DB) tx(ctx context.Context, opts pgx.TxOptions, fn func(tx pgx.Tx) error) error {
	pause := retryPause
	var err error
	for attempt := 1; attempt <= txAttempts; attempt++ {
		err = db.txOnce(ctx, opts, fn)
		if lost, ok := errors.AsType[*commitLost](err); ok {
			return lost.err
		}
		if err == nil {
			db.answered()
			return nil
		}
		if !retryable(err) && !lostBeforeCommit(ctx, err) {
			return db.translate(err)
		}
		if attempt == txAttempts {
			break
		}
		// A pause in [pause/2, pause), so that writers that collided do
		// not collide again in step.
		wait := pause/2 + rand.N(pause/2)
		select {
		case <-ctx.Done():
			return db.translate(ctx.Err())
		case <-time.After(wait):
		}
		pause = min(2*pause, maxRetryPause)
	}
	if lostBeforeCommit(ctx, err) {
		return db.translate(err) // "lost the connection ...: nothing was saved"
	}
	return db.tooBusy(err)
}

// lostBeforeCommit reports whether err, of one attempt of tx, is the loss
// of the connection before the commit was sent: nothing was saved, and the
// attempt may run again.
func lostBeforeCommit(ctx context.Context, err error) bool {
	if ctx.Err() != nil {
		return false
	}
	if _, committing := errors.AsType[*commitLost](err); committing {
		return false
	}
	return connectionLost(err)
}

// commitLost is the error of a commit whose answer never came: the change
// may or may not have been saved.
type commitLost struct{ err error }

func (e *commitLost) Error() string { return e.err.Error() }
func (e *commitLost) Unwrap() error { return e.err }

// txOnce is one attempt of tx.
func (db *DB) txOnce(ctx context.Context, opts pgx.TxOptions, fn func(tx pgx.Tx) error) error {
	tx, err := db.pool.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("beginning a transaction: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		_, answered := errors.AsType[*pgconn.PgError](err)
		if opts.AccessMode != pgx.ReadOnly && (!answered || connectionLost(err)) {
			// The server may have committed before the connection failed,
			// the server was shut down or the wait ended: only a look can
			// tell.
			return &commitLost{outflank.Errorf(outflank.EUNAVAILABLE, "the connection to PostgreSQL at %s failed while committing (%v): the change may or may not have been saved; reload and check it (and the log) before trying again", db.where, commitProblem(ctx, err))}
		}
		return fmt.Errorf("committing: %w", err)
	}
	return nil
}

// commitProblem says briefly why a commit got no answer.
func commitProblem(ctx context.Context, err error) string {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return "no answer in time"
	case ctx.Err() != nil:
		return "the command was stopped"
	}
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		return "the server was shutting down: " + pgErr.Message
	}
	return "the connection was lost"
}

// SQLSTATEs that mean "run the transaction again".
const (
	stateSerialization = "40001"
	stateDeadlock      = "40P01"
)

// retryable reports whether err is a serialization failure or a deadlock.
func retryable(err error) bool {
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		return pgErr.Code == stateSerialization || pgErr.Code == stateDeadlock
	}
	return false
}
