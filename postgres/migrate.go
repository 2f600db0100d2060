package postgres

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"outflank"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// migrationLock is the key of the advisory lock held while migrating:
// "OFLK" and 1, so no other program's lock is taken by mistake.
const migrationLock int64 = 0x4F464C4B_00000001

// migration is one numbered script of migrations/: NNNN_name.sql.
type migration struct {
	version int
	name    string
}

// migrate applies the migrations not yet recorded in schema_migrations, in
// the order of their numbers, all in one transaction that holds the
// advisory lock migrationLock: instances opening the database together
// wait for each other, and the later ones find nothing left to do.
func (db *DB) migrate(ctx context.Context) error {
	all, err := listMigrations()
	if err != nil {
		return err
	}
	return db.tx(ctx, writeOptions, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return fmt.Errorf("waiting for the migration lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    integer     PRIMARY KEY,
			name       text        NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
		applied, err := appliedMigrations(ctx, tx)
		if err != nil {
			return err
		}
		latest := all[len(all)-1].version
		for v := range applied {
			if v > latest {
				return outflank.Errorf(outflank.EINVALID, "database %s was written by a newer Outflank (its schema is at version %d, this Outflank knows up to %d): nothing was read or written; use the newer Outflank", db.where, v, latest)
			}
		}
		for _, m := range all {
			if applied[m.version] {
				continue
			}
			script, err := migrationFiles.ReadFile("migrations/" + m.name)
			if err != nil {
				return err
			}
			// Without arguments, Exec uses the simple protocol, which
			// runs a script of several statements.
			if _, err := tx.Exec(ctx, string(script)); err != nil {
				if retryable(err) {
					return err
				}
				return outflank.Errorf(outflank.EINTERNAL, "upgrading the schema of %s failed at migration %s (%v): nothing was changed; check the server's log", db.where, m.name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.version, m.name); err != nil {
				return fmt.Errorf("postgres: recording migration %s: %w", m.name, err)
			}
		}
		return nil
	})
}

// appliedMigrations returns the versions recorded in schema_migrations.
func appliedMigrations(ctx context.Context, tx pgx.Tx) (map[int]bool, error) {
	rows, err := tx.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("reading schema_migrations: %w", err)
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return nil, fmt.Errorf("reading schema_migrations: %w", err)
	}
	applied := map[int]bool{}
	for _, v := range versions {
		applied[int(v)] = true
	}
	return applied, nil
}

// listMigrations returns the embedded migrations in the order of their
// numbers, checking that no number is used twice.
func listMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var list []migration
	seen := map[int]string{}
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("postgres: migration %s is not named NNNN_name.sql", e.Name())
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("postgres: migrations %s and %s have the same number", other, e.Name())
		}
		seen[v] = e.Name()
		list = append(list, migration{version: v, name: e.Name()})
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("postgres: no migrations embedded")
	}
	sort.Slice(list, func(i, j int) bool { return list[i].version < list[j].version })
	return list, nil
}

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
