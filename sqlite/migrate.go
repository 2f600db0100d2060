package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"outflank"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migration is one numbered script of migrations/.
type migration struct {
	version int
	name    string
}

// migrate applies the migrations not yet recorded, each in its own
// transaction, in the order of their numbers. When none is pending it
// writes nothing, so opening a database to read it never writes.
func (db *DB) migrate(ctx context.Context) error {
	all, err := listMigrations()
	if err != nil {
		return err
	}
	applied, err := db.appliedMigrations(ctx)
	if err != nil {
		return err
	}
	var pending []migration
	for _, m := range all {
		if !applied[m.version] {
			pending = append(pending, m)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	if db.readOnly {
		return outflank.Errorf(outflank.EINVALID, "database %s needs upgrading but is read-only: open it once on a writable disk", db.path)
	}
	for _, m := range pending {
		if err := db.apply(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

func listMigrations() ([]migration, error) {
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	list := make([]migration, 0, len(names))
	for _, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		version, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("sqlite: migration %s has no number", base)
		}
		list = append(list, migration{version: version, name: base})
	}
	return list, nil
}

// appliedMigrations reads which migrations the database has, reading only.
func (db *DB) appliedMigrations(ctx context.Context) (map[int]bool, error) {
	applied := map[int]bool{}
	var n int
	err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`).Scan(&n)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the schema: %w", err), db.path)
	}
	if n == 0 {
		return applied, nil
	}
	rows, err := db.db.QueryContext(ctx, `SELECT version FROM migrations`)
	if err != nil {
		return nil, translate(fmt.Errorf("reading migrations: %w", err), db.path)
	}
	defer rows.Close()
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, translate(err, db.path)
		}
		applied[v] = true
	}
	return applied, translate(rows.Err(), db.path)
}

// apply runs one migration and records it, in one transaction; a second
// process applying the same migration at once finds it recorded and stops.
func (db *DB) apply(ctx context.Context, m migration) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return translate(fmt.Errorf("preparing migrations: %w", err), db.path)
	}
	var done int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE version = ?`, m.version).Scan(&done); err != nil && err != sql.ErrNoRows {
		return translate(fmt.Errorf("reading migrations: %w", err), db.path)
	}
	if done > 0 {
		return nil
	}
	script, err := migrations.ReadFile("migrations/" + m.name)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, string(script)); err != nil {
		return translate(fmt.Errorf("migration %s: %w", m.name, err), db.path)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, db.Now().UTC().Format(timeFormat)); err != nil {
		return translate(fmt.Errorf("recording migration %s: %w", m.name, err), db.path)
	}
	return db.commit(tx)
}

// timeFormat is how times are stored: sortable text, in UTC.
const timeFormat = "2006-01-02T15:04:05.000000Z"
