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

// migrationSteps are Go steps that run after a migration's script, in the
// same transaction: what SQL alone cannot do.
var migrationSteps = map[int]func(db *DB, ctx context.Context, tx *sql.Tx) error{
	3: (*DB).sealLogs,
}

// applicationID marks a file as an Outflank database (PRAGMA
// application_id, offset 68 of the header): "OFLK".
const applicationID = 0x4F464C4B

// requiredTables are the tables every Outflank database has.
var requiredTables = []string{"migrations", "tournaments", "players", "rounds", "games", "byes", "events"}

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
	latest := all[len(all)-1].version
	for v := range applied {
		if v > latest {
			return outflank.Errorf(outflank.EINVALID, "database %s was written by a newer Outflank (its schema is at version %d, this Outflank knows up to %d): nothing was read or written; use the newer Outflank", db.path, v, latest)
		}
	}
	if len(pending) == 0 {
		return db.checkTables(ctx)
	}
	if db.readOnly {
		return outflank.Errorf(outflank.EINVALID, "database %s needs upgrading but is read-only: open it once on a writable disk", db.path)
	}
	for _, m := range pending {
		if err := db.apply(ctx, m); err != nil {
			return err
		}
	}
	return db.checkTables(ctx)
}

// checkSchema checks, before any migration, that the file is an Outflank
// database: it carries Outflank's application id, or it is empty (a new
// database: only a command that may create one accepts it), or it was
// written by an Outflank from before application ids (it has the
// migrations table, and migration 3 marks it).
func (db *DB) checkSchema(ctx context.Context, mayBeNew bool) error {
	var id int64
	if err := db.db.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&id); err != nil {
		return fmt.Errorf("reading the application id: %w", err)
	}
	if id == applicationID {
		return nil
	}
	if id != 0 {
		return notOutflank(db.path, fmt.Sprintf("it belongs to another program: its application id is %#08x", uint32(id)))
	}
	var tables, ours int
	err := db.db.QueryRowContext(ctx, `SELECT count(*), count(CASE WHEN name = 'migrations' THEN 1 END) FROM sqlite_master
		WHERE type = 'table' AND name NOT LIKE 'sqlite\_%' ESCAPE '\'`).Scan(&tables, &ours)
	if err != nil {
		return fmt.Errorf("reading the schema: %w", err)
	}
	switch {
	case ours == 1:
		return nil
	case tables > 0:
		return notOutflank(db.path, "it is an SQLite database of another program")
	case !mayBeNew:
		return notOutflank(db.path, "it is an empty SQLite database; 'outflank new' creates an Outflank database")
	}
	return nil
}

// checkTables checks that every table Outflank needs is there.
func (db *DB) checkTables(ctx context.Context) error {
	for _, name := range requiredTables {
		var n int
		if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`, name).Scan(&n); err != nil {
			return fmt.Errorf("reading the schema: %w", err)
		}
		if n == 0 {
			return damaged(db.path, "its table "+name+" is missing")
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
	return db.writeTx(ctx, func(tx *sql.Tx) error { return db.applyIn(ctx, tx, m) })
}

func (db *DB) applyIn(ctx context.Context, tx *sql.Tx, m migration) error {
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
	if step := migrationSteps[m.version]; step != nil {
		if err := step(db, ctx, tx); err != nil {
			return translate(fmt.Errorf("migration %s: %w", m.name, err), db.path)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)`,
		m.version, m.name, db.Now().UTC().Format(timeFormat)); err != nil {
		return translate(fmt.Errorf("recording migration %s: %w", m.name, err), db.path)
	}
	if _, err := tx.ExecContext(ctx, fmt.Sprintf(`PRAGMA application_id = %d`, applicationID)); err != nil {
		return translate(fmt.Errorf("marking the database: %w", err), db.path)
	}
	return nil
}

// timeFormat is how times are stored: sortable text, in UTC.
const timeFormat = "2006-01-02T15:04:05.000000Z"

// SchemaVersion is the version of the newest schema this Outflank knows:
// the number of its last migration. A database at an older one is brought
// up to it when opened; one at a newer one is refused.
func SchemaVersion() int {
	list, err := listMigrations()
	if err != nil {
		return 0
	}
	return list[len(list)-1].version
}
