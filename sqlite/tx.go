package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"

	"outflank"
)

// readTx runs fn in a read transaction: one consistent snapshot.
func (db *DB) readTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	var before fileState
	if db.immutable {
		var err error
		if before, err = db.immutableState(); err != nil {
			return err
		}
	}
	tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return translate(fmt.Errorf("beginning a read: %w", err), db.path)
	}
	defer tx.Rollback()
	if err := db.checkCounter(ctx, tx); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if db.immutable {
		after, err := db.immutableState()
		if err != nil {
			return err
		}
		if after != before {
			return db.changedWhileReading()
		}
	}
	return nil
}

// writeTx runs fn in a write transaction and commits it, in the writer's
// turn (queue.go).
func (db *DB) writeTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return db.inTurn(ctx, func() error { return db.writeInTurn(ctx, fn) })
}

// writeInTurn runs fn in a write transaction and commits it; the caller
// has the writer's turn (inTurn), so the only writers it may wait for are
// other processes'. Every commit increments the commit counter (PRAGMA
// user_version: see wal.go), and is preceded and followed by a check that
// the file at the path named is still the one opened, so that "saved" is
// never reported for a change that is not in that file.
func (db *DB) writeInTurn(ctx context.Context, fn func(tx *sql.Tx) error) error {
	if db.readOnly {
		return outflank.Errorf(outflank.EINVALID, "database %s is read-only (its file or folder cannot be written): nothing was saved; copy it to a writable disk or fix the permissions", db.path)
	}
	start := time.Now()
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		if isBusy(err) {
			return busyError(db.path, time.Since(start))
		}
		return translate(fmt.Errorf("beginning a transaction: %w", err), db.path)
	}
	defer tx.Rollback()
	counter, err := db.counterIn(ctx, tx)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA user_version = %d`, counter+1)); err != nil {
		return translate(fmt.Errorf("counting the commit: %w", err), db.path)
	}
	if err := db.sameFile(); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		if isBusy(err) {
			return busyError(db.path, time.Since(start))
		}
		return translate(fmt.Errorf("committing: %w", err), db.path)
	}
	db.see(counter + 1)
	if err := db.sameFile(); err != nil {
		return outflank.Errorf(outflank.EINVALID, "the change was written, but %s was deleted or replaced at that very moment, so it is not in the file now at %s: run the command again", db.path, db.path)
	}
	return nil
}

// counterIn reads the commit counter inside tx and checks that the file
// did not go back in time.
func (db *DB) counterIn(ctx context.Context, tx *sql.Tx) (int64, error) {
	// seen is taken before the transaction's first read, which is when
	// SQLite fixes its snapshot: every commit seen by then is in the
	// snapshot. Taken after, it could count a commit another connection
	// of this process made meanwhile, which a snapshot a moment older
	// rightly does not hold.
	db.mu.Lock()
	seen := db.counter
	db.mu.Unlock()
	var counter int64
	if err := tx.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&counter); err != nil {
		return 0, translate(fmt.Errorf("reading the commit counter: %w", err), db.path)
	}
	if counter < seen {
		return 0, outflank.Errorf(outflank.EINVALID, "database %s was replaced by an older copy while Outflank had it open (it has seen %d commits, the file now holds %d): nothing was saved; stop every Outflank command using it, then check which file you want", db.path, seen, counter)
	}
	db.see(counter)
	return counter, nil
}

// checkCounter is counterIn for a read.
func (db *DB) checkCounter(ctx context.Context, tx *sql.Tx) error {
	_, err := db.counterIn(ctx, tx)
	return err
}

// see records a commit counter seen in the file.
func (db *DB) see(counter int64) {
	db.mu.Lock()
	db.counter = max(db.counter, counter)
	db.mu.Unlock()
}

// sameFile checks that the path still names the file opened.
func (db *DB) sameFile() error {
	id, err := identify(db.abs)
	if errors.Is(err, fs.ErrNotExist) {
		return outflank.Errorf(outflank.EINVALID, "database %s was deleted while this command ran: nothing was saved", db.path)
	}
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "database %s cannot be checked: %v; nothing was saved", db.path, unwrapPathError(err))
	}
	if id != db.id {
		return outflank.Errorf(outflank.EINVALID, "database %s was replaced by another file while this command ran: nothing was saved; run the command again on the new file if that is the one you want", db.path)
	}
	return nil
}

// fileState is what shows that an immutable file changed: its identity,
// size and modification time.
type fileState struct {
	id    fileID
	size  int64
	mtime time.Time
}

// immutableState returns the state of a database read as immutable, and
// refuses to read one that has a write-ahead log again: a writer has
// started, and an immutable read would not see its changes.
func (db *DB) immutableState() (fileState, error) {
	if walHoldsPages(db.abs) {
		return fileState{}, db.changedWhileReading()
	}
	info, err := os.Stat(db.abs)
	if err != nil {
		return fileState{}, db.changedWhileReading()
	}
	id, err := identify(db.abs)
	if err != nil {
		return fileState{}, db.changedWhileReading()
	}
	return fileState{id: id, size: info.Size(), mtime: info.ModTime()}, nil
}

func (db *DB) changedWhileReading() error {
	return outflank.Errorf(outflank.ECONFLICT, "database %s is read-only here and another user changed it while it was being read: run the command again to see the changes", db.path)
}
