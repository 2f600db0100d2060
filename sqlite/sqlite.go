// Package sqlite stores Outflank's tournaments in an embedded SQLite
// database (modernc.org/sqlite: pure Go, no cgo). It implements
// outflank.Store.
//
// The database runs in WAL mode with synchronous=FULL, so a committed
// transaction survives a crash or a power cut; foreign keys are enforced;
// writers take the write lock when their transaction begins (BEGIN
// IMMEDIATE) and wait up to busy_timeout for it, so concurrent commands queue
// instead of failing.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"outflank"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// busyTimeout is how long a writer waits for another one to finish.
const busyTimeout = 10 * time.Second

// DB is a SQLite database holding tournaments.
type DB struct {
	db   *sql.DB
	path string
	// readOnly is set when the file or its folder cannot be written (a
	// read-only disk): reading works, every change is refused up front.
	readOnly bool
	// Now returns the time recorded in audit events; tests may replace it.
	Now func() time.Time
}

var _ outflank.Store = (*DB)(nil)

// Open opens the database at path, creating it if needed, and brings its
// schema up to date. A database that cannot be written (a read-only disk)
// is opened for reading only.
func Open(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, outflank.Errorf(outflank.EINVALID, "no database path: give --db FILE")
	}
	dir := filepath.Dir(path)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, outflank.Errorf(outflank.EINVALID, "database %s: the folder %s does not exist", path, dir)
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	readOnly := !writable(path)
	if readOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, outflank.Errorf(outflank.EINVALID, "cannot create database %s: its folder is read-only; nothing was saved", path)
		}
		// WAL needs its index file beside the database; on a read-only
		// disk only an immutable open can read it.
		q.Set("mode", "ro")
		q.Set("immutable", "1")
	} else {
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous(FULL)")
		q.Set("_txlock", "immediate")
	}
	name := path
	if readOnly {
		// SQLite reads its own parameters (mode, immutable) only from a
		// file: URI, whose path escapes %, ? and #.
		name = "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	}
	sqldb, err := sql.Open("sqlite", name+"?"+q.Encode())
	if err != nil {
		return nil, translate(fmt.Errorf("opening %s: %w", path, err), path)
	}
	db := &DB{db: sqldb, path: path, readOnly: readOnly, Now: time.Now}
	if err := db.migrate(ctx); err != nil {
		sqldb.Close()
		return nil, err
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error { return db.db.Close() }

// begin starts a write transaction (BEGIN IMMEDIATE: see Open).
func (db *DB) begin(ctx context.Context) (*sql.Tx, error) {
	if db.readOnly {
		return nil, outflank.Errorf(outflank.EINVALID, "database %s is read-only (its file or folder cannot be written): nothing was saved; copy it to a writable disk or fix the permissions", db.path)
	}
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, translate(fmt.Errorf("beginning a transaction: %w", err), db.path)
	}
	return tx, nil
}

// commit commits tx, translating the failure of the last write (a full
// disk shows up here) into a message for the user.
func (db *DB) commit(tx *sql.Tx) error {
	if err := tx.Commit(); err != nil {
		return translate(fmt.Errorf("committing: %w", err), db.path)
	}
	return nil
}

// sqliteCoder is the error type of the driver, reduced to what we use.
type sqliteCoder interface{ Code() int }

// Primary result codes of SQLite (sqlite3.h).
const (
	codeBusy     = 5
	codeLocked   = 6
	codeReadOnly = 8
	codeIOErr    = 10
	codeCorrupt  = 11
	codeFull     = 13
	codeCantOpen = 14
	codeNotADB   = 26

	// codeIOErrShmSize is SQLITE_IOERR_SHMSIZE: the WAL index could not
	// grow, which on a full disk is how a write first fails.
	codeIOErrShmSize = codeIOErr | 19<<8
)

// translate turns driver errors that the user can act on into domain errors
// with a message saying what to do; others become internal errors. It is the
// one place that knows SQLite's error codes.
func translate(err error, path string) error {
	if err == nil {
		return nil
	}
	var oe *outflank.Error
	if errors.As(err, &oe) {
		return err
	}
	var coder sqliteCoder
	if !errors.As(err, &coder) {
		return err
	}
	code := coder.Code()
	if code == codeIOErrShmSize || (code&0xff == codeIOErr && nearlyFull(path)) {
		code = codeFull
	}
	switch code & 0xff {
	case codeReadOnly:
		return outflank.Errorf(outflank.EINVALID, "database %s is read-only: nothing was saved; check the file's and its folder's permissions", path)
	case codeFull:
		return outflank.Errorf(outflank.EINVALID, "the disk holding %s is full: nothing was saved; free some space and run the command again", path)
	case codeCantOpen:
		return outflank.Errorf(outflank.EINVALID, "cannot open database %s: check that its folder exists and is writable", path)
	case codeNotADB, codeCorrupt:
		return outflank.Errorf(outflank.EINVALID, "%s is not an Outflank database (or is damaged): give another --db file", path)
	case codeBusy, codeLocked:
		return outflank.Errorf(outflank.ECONFLICT, "database %s stayed busy for %v (another command is writing): try again", path, busyTimeout)
	case codeIOErr:
		return outflank.Errorf(outflank.EINVALID, "input/output error on %s: nothing was saved; check the disk", path)
	}
	return err
}
