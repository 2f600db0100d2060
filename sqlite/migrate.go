package sqlite

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrate applies the migrations not yet recorded, each in its own
// transaction, in the order of their numbers.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return translate(fmt.Errorf("preparing migrations: %w", err), db.path)
	}
	names, err := fs.Glob(migrations, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if err := db.migrateOne(ctx, name); err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) migrateOne(ctx context.Context, name string) error {
	base := strings.TrimPrefix(name, "migrations/")
	version, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
	if err != nil {
		return fmt.Errorf("sqlite: migration %s has no number", base)
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM migrations WHERE version = ?`, version).Scan(&n); err != nil {
		return translate(fmt.Errorf("reading migrations: %w", err), db.path)
	}
	if n > 0 {
		return nil
	}
	script, err := migrations.ReadFile(name)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, string(script)); err != nil {
		return translate(fmt.Errorf("migration %s: %w", base, err), db.path)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		version, base, db.Now().UTC().Format(timeFormat)); err != nil {
		return translate(fmt.Errorf("recording migration %s: %w", base, err), db.path)
	}
	return db.commit(tx)
}

// timeFormat is how times are stored: sortable text, in UTC.
const timeFormat = "2006-01-02T15:04:05.000000Z"
