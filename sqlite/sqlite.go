// Package sqlite stores Outflank's tournaments in an embedded SQLite
// database (modernc.org/sqlite: pure Go, no cgo). It implements
// outflank.Store.
//
// The database runs in WAL mode with synchronous=FULL, so a committed
// transaction survives a crash or a power cut; foreign keys are enforced.
//
// The writers of one process take turns (queue.go): each database file the
// process has open has one write queue, shared by every handle on it, and a
// writer waits there, first come first served and without polling, before
// it asks SQLite for the write lock, so that SQLite's lock is only ever
// contended by other processes (the command line while a web server runs).
// In its turn, a change is prepared from a consistent read of the state as
// it is now, without SQLite's lock (preparing may take seconds: pairing
// 5,000 players), then written in a short write transaction (BEGIN
// IMMEDIATE) that first checks nothing changed since the read. Only another
// process can have saved a change in between; then the change is prepared
// again. A writer waits up to busyTimeout for its turn (less if its context
// ends first), then up to busyTimeout for another process's write lock,
// and otherwise gives up with nothing saved.
//
// Before SQLite sees a file, Open checks that it is what it claims to be
// (open.go): an SQLite file, not truncated, with a write-ahead log that
// belongs to it (wal.go), then that it is an Outflank database of a known
// schema and, where cheap, that its pages are sound. Before and after each
// commit it checks that the file named is still the one opened
// (identity.go), so a change is never reported saved when it is not in the
// file the user named.
package sqlite

import (
	"context"
	"database/sql"
	"sync"
	"time"

	"outflank"
	"outflank/internal/memo"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// busyTimeout is how long a writer waits for its turn among the writers of
// its process, and how long it then waits for another process's write.
const busyTimeout = 10 * time.Second

// Options say how to open a database.
type Options struct {
	// Create allows creating the database when the file does not exist.
	// Only the commands that make a tournament (new, import) set it, so
	// that a mistyped path is reported instead of silently giving a new,
	// empty database.
	Create bool
	// QuickCheckLimit is the size up to which PRAGMA quick_check runs on
	// every open (0: the default, defaultQuickCheckLimit; -1: never).
	QuickCheckLimit int64
	// ReadOnce is for a command that reads a tournament once, then closes
	// the database: a tournament read in full is not kept in memory
	// (internal/memo), so Tournament returns it as read, without the copy
	// that keeping it requires (4 ms of a 5,000-player event's load).
	ReadOnce bool
}

// defaultQuickCheckLimit bounds the files checked page by page on open: a
// quick_check reads every page, about 2 ms a megabyte here.
const defaultQuickCheckLimit = 32 << 20

// DB is a SQLite database holding tournaments.
type DB struct {
	db *sql.DB
	// path is the file as the user named it (for messages); abs is its
	// absolute path, which the checks use.
	path, abs string
	// readOnly is set when the file or its folder cannot be written (a
	// read-only disk, another user's file): reading works, every change is
	// refused up front.
	readOnly bool
	// immutable is set when a read-only database with no write-ahead log
	// is read as an immutable file (SQLite cannot read it any other way
	// from a folder it cannot write); every read then checks that the file
	// did not change meanwhile (readonly.go).
	immutable bool
	// id is the identity of the file opened.
	id fileID
	// created is set when Open created the file.
	created bool
	// readOnce is Options.ReadOnce.
	readOnce bool
	// utf16 is set for a database that keeps its texts in UTF-16: the
	// lengths of texts the packed reading packs (load_packed.go) need not
	// then be those of the texts the driver reads (UTF-8), so tournaments
	// are read column by column.
	utf16 bool

	mu sync.Mutex
	// counter is the highest commit counter seen (PRAGMA user_version,
	// which every write transaction increments): a file that goes back
	// below it was replaced by an older copy.
	counter int64

	// Now returns the time recorded in audit events; tests may replace it.
	Now func() time.Time
	// release forgets the file in the process's table of open databases.
	release func()
	// queue lines up the writers of the file in this process (queue.go),
	// shared by every handle on it.
	queue *writeQueue
	// memo keeps the tournaments last read or written (load.go).
	memo *memo.Memo
}

var _ outflank.Store = (*DB)(nil)

// Open opens the database at path after checking it (see the package
// documentation), and brings its schema up to date. A database that
// cannot be written is opened for reading only. A missing file is an
// error unless opts.Create is set.
func Open(ctx context.Context, path string, opts Options) (*DB, error) {
	return open(ctx, path, opts)
}

// Path returns the database's file as the user named it.
func (db *DB) Path() string { return db.path }

// Close closes the database.
func (db *DB) Close() error {
	err := db.db.Close()
	if db.release != nil {
		db.release()
		db.release = nil
	}
	return err
}

// Created reports whether Open created the database file: a command says
// so, since a mistyped --db makes a new, empty database.
func (db *DB) Created() bool { return db.created }
