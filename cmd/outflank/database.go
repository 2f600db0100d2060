package main

import (
	"context"
	"strings"

	"outflank"
	"outflank/sqlite"
)

// database is what the commands need of a store, whatever keeps it: a
// SQLite file or a PostgreSQL server.
type database interface {
	outflank.Store
	outflank.Feed
	outflank.Accounts
	outflank.LiveGames
	outflank.PlayerDirectory
	outflank.CircuitStore
	outflank.Members
	outflank.Removals
}

// fileDatabase is what only a database in a file has: its path, and
// whether opening it created it.
type fileDatabase interface {
	Path() string
	Created() bool
}

// isPostgresURL reports whether --db names a PostgreSQL database rather
// than a SQLite file.
func isPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// openStore opens the database dsn names: a postgres:// or postgresql://
// URL is a PostgreSQL database (which must exist: its tables are made on
// first use), anything else a SQLite file, made when create is set and it
// does not exist. Errors never show a password the URL holds.
func openStore(ctx context.Context, dsn string, create bool) (database, error) {
	return openStoreWith(ctx, dsn, sqlite.Options{Create: create})
}

// openStoreWith is openStore with the options of a SQLite file (a
// PostgreSQL database takes none).
func openStoreWith(ctx context.Context, dsn string, opts sqlite.Options) (database, error) {
	if !isPostgresURL(dsn) {
		db, err := sqlite.Open(ctx, dsn, opts)
		if err != nil {
			return nil, err
		}
		return db, nil
	}
	db, err := openPostgres(ctx, dsn)
	if err != nil {
		return nil, redactError(err, dsn)
	}
	return db, nil
}

// openStore opens the database named by --db for a command, saying so when
// it made a new file.
func (e *env) openStore(ctx context.Context, dsn string, create bool) (database, error) {
	return e.openStoreWith(ctx, dsn, sqlite.Options{Create: create})
}

// openStoreWith is e.openStore with the options of a SQLite file.
func (e *env) openStoreWith(ctx context.Context, dsn string, opts sqlite.Options) (database, error) {
	db, err := openStoreWith(ctx, dsn, opts)
	if err != nil {
		return nil, err
	}
	if f, ok := db.(fileDatabase); ok && f.Created() {
		e.printf(e.stderr, "created a new database: %s\n", dsn)
	}
	return db, nil
}

// dbName names the database of --db in a message: its path, or its URL
// without the password.
func (e *env) dbName() string { return redactURL(e.db) }

// storeName names an open database in a message.
func storeName(db database, dsn string) string {
	if f, ok := db.(fileDatabase); ok {
		return f.Path()
	}
	if w, ok := db.(interface{ Where() string }); ok {
		return w.Where()
	}
	return redactURL(dsn)
}
