package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
)

var _ outflank.Accounts = (*DB)(nil)

// noUser is the error for a user name that is not an account.
func noUser(name string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no user %q: 'outflank user list' shows the users", name)
}

// userByName is the condition that finds a user by name, ignoring the case
// of ASCII letters as SQLite's NOCASE does (and using users_name).
const userByName = `outflank_nocase(name) = outflank_nocase($1)`

func (db *DB) AddUser(ctx context.Context, u *outflank.User) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		err := tx.QueryRow(ctx, `INSERT INTO users (name, password, admin, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			u.Name, u.PasswordHash, u.Admin, now).Scan(&u.ID)
		if isUnique(err) {
			return outflank.Errorf(outflank.ECONFLICT, "a user %q already exists: choose another name, or 'outflank user passwd %s'", u.Name, u.Name)
		}
		if err != nil {
			return fmt.Errorf("adding user %s: %w", u.Name, err)
		}
		u.CreatedAt = now
		what := "user"
		if u.Admin {
			what = "administrator"
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserAdd, u.Name, fmt.Sprintf("added %s %s", what, u.Name))
	})
}

// userColumns is what a user row is read with.
const userColumns = `id, name, password, admin, created_at`

// scanUser reads a user row and its grants.
func scanUser(ctx context.Context, tx pgx.Tx, row pgx.Row) (*outflank.User, error) {
	var u outflank.User
	if err := row.Scan(&u.ID, &u.Name, &u.PasswordHash, &u.Admin, &u.CreatedAt); err != nil {
		return nil, err
	}
	u.CreatedAt = u.CreatedAt.UTC()
	rows, err := tx.Query(ctx, `SELECT tournament, role FROM grants WHERE user_id = $1 ORDER BY tournament, role`, u.ID)
	if err != nil {
		return nil, err
	}
	u.Grants, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (outflank.Grant, error) {
		var g outflank.Grant
		err := r.Scan(&g.Tournament, &g.Role)
		return g, err
	})
	if err != nil {
		return nil, err
	}
	return &u, nil
}

func (db *DB) User(ctx context.Context, name string) (*outflank.User, error) {
	var u *outflank.User
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(ctx, tx, tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+userByName, name))
		if errors.Is(err, pgx.ErrNoRows) {
			return noUser(name)
		}
		return err
	})
	return u, err
}

func (db *DB) UserByID(ctx context.Context, id int64) (*outflank.User, error) {
	var u *outflank.User
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		u, err = scanUser(ctx, tx, tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no user #%d", id)
		}
		return err
	})
	return u, err
}

func (db *DB) Users(ctx context.Context) ([]outflank.User, error) {
	var users []outflank.User
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		users = nil // a retried transaction starts afresh
		rows, err := tx.Query(ctx, `SELECT id FROM users ORDER BY outflank_nocase(name), id`)
		if err != nil {
			return err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		for _, id := range ids {
			u, err := scanUser(ctx, tx, tx.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
			if err != nil {
				return err
			}
			users = append(users, *u)
		}
		return nil
	})
	return users, err
}

// changeUser runs a write on the row of user name, which must exist; the
// row is locked until the commit, so that changes of one user, and a grant
// racing the user's removal, come one after the other.
func (db *DB) changeUser(ctx context.Context, name string, fn func(tx pgx.Tx, id int64) error) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `SELECT id FROM users WHERE `+userByName+` FOR UPDATE`, name).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return noUser(name)
		}
		if err != nil {
			return err
		}
		return fn(tx, id)
	})
}

func (db *DB) SetPassword(ctx context.Context, name, hash string) error {
	return db.changeUser(ctx, name, func(tx pgx.Tx, id int64) error {
		if _, err := tx.Exec(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, id); err != nil {
			return err
		}
		// A new password ends every session: whoever knew the old one is
		// logged out.
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
			return err
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserPasswd, name, "changed the password of "+name+", ending their sessions")
	})
}

func (db *DB) RemoveUser(ctx context.Context, name string) error {
	return db.changeUser(ctx, name, func(tx pgx.Tx, id int64) error {
		if _, err := tx.Exec(ctx, `DELETE FROM users WHERE id = $1`, id); err != nil { // grants, sessions, tokens cascade
			return err
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserRemove, name, "removed user "+name+", with their roles, sessions and tokens")
	})
}

// noTournament is the error for a grant or a judge link naming no
// tournament.
func noTournament(slug string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments", slug)
}

// tournamentExists reports whether a tournament has slug.
func tournamentExists(ctx context.Context, tx pgx.Tx, slug string) (bool, error) {
	var ok bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM tournaments WHERE slug = $1)`, slug).Scan(&ok)
	return ok, err
}

func (db *DB) Grant(ctx context.Context, name string, g outflank.Grant) error {
	return db.changeUser(ctx, name, func(tx pgx.Tx, id int64) error {
		if ok, err := tournamentExists(ctx, tx, g.Tournament); err != nil || !ok {
			if err == nil {
				err = noTournament(g.Tournament)
			}
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO grants (user_id, tournament, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, id, g.Tournament, g.Role)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil // already granted: nothing changed, nothing to log
		}
		return db.accountEvent(ctx, tx, outflank.AccountGrant, name, fmt.Sprintf("granted %s the role %s on %s", name, g.Role, g.Tournament))
	})
}

func (db *DB) Revoke(ctx context.Context, name string, g outflank.Grant) error {
	return db.changeUser(ctx, name, func(tx pgx.Tx, id int64) error {
		tag, err := tx.Exec(ctx, `DELETE FROM grants WHERE user_id = $1 AND tournament = $2 AND role = $3`, id, g.Tournament, g.Role)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return outflank.Errorf(outflank.EINVALID, "%s has no role %s on %s: nothing to revoke", name, g.Role, g.Tournament)
		}
		return db.accountEvent(ctx, tx, outflank.AccountRevoke, name, fmt.Sprintf("revoked the role %s on %s from %s", g.Role, g.Tournament, name))
	})
}

// accountEvent records a change of the accounts, in tx, naming the actor
// of ctx.
func (db *DB) accountEvent(ctx context.Context, tx pgx.Tx, action, subject, summary string) error {
	_, err := tx.Exec(ctx, `INSERT INTO account_events (at, actor, action, subject, summary) VALUES ($1, $2, $3, $4, $5)`,
		db.now(), outflank.ActorFrom(ctx), action, subject, summary)
	return err
}

// AccountLog returns the latest changes of the accounts, newest first.
func (db *DB) AccountLog(ctx context.Context, limit int) ([]outflank.AccountEvent, error) {
	var list []outflank.AccountEvent
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, at, actor, action, subject, summary FROM account_events ORDER BY id DESC LIMIT $1`, sqlLimit(limit))
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.AccountEvent, error) {
			var e outflank.AccountEvent
			err := r.Scan(&e.ID, &e.At, &e.Actor, &e.Action, &e.Subject, &e.Summary)
			e.At = e.At.UTC()
			return e, err
		})
		return err
	})
	return list, err
}

// sqlLimit is a LIMIT as SQLite reads it: a negative one is no limit.
func sqlLimit(limit int) any {
	if limit < 0 {
		return nil // LIMIT NULL: all
	}
	return limit
}
