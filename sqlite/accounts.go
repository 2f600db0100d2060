package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"outflank"
)

var _ outflank.Accounts = (*DB)(nil)

// noUser is the error for a user name that is not an account.
func noUser(name string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no user %q: 'outflank user list' shows the users", name)
}

func (db *DB) AddUser(ctx context.Context, u *outflank.User) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		now := db.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO users (name, password, admin, created_at) VALUES (?, ?, ?, ?)`,
			u.Name, u.PasswordHash, u.Admin, now.Format(timeFormat))
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "a user %q already exists: choose another name, or 'outflank user passwd %s'", u.Name, u.Name)
			}
			return translate(fmt.Errorf("adding user %s: %w", u.Name, err), db.path)
		}
		u.ID, err = res.LastInsertId()
		u.CreatedAt = now
		if err != nil {
			return translate(err, db.path)
		}
		what := "user"
		if u.Admin {
			what = "administrator"
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserAdd, u.Name, fmt.Sprintf("added %s %s", what, u.Name))
	})
}

// userColumns is what a user row is read with.
const userColumns = `id, name, password, admin, created_at`

func (db *DB) scanUser(ctx context.Context, tx *sql.Tx, row *sql.Row) (*outflank.User, error) {
	var u outflank.User
	var created string
	if err := row.Scan(&u.ID, &u.Name, &u.PasswordHash, &u.Admin, &created); err != nil {
		return nil, err
	}
	u.CreatedAt, _ = time.Parse(timeFormat, created)
	rows, err := tx.QueryContext(ctx, `SELECT tournament, role FROM grants WHERE user_id = ? ORDER BY tournament, role`, u.ID)
	if err != nil {
		return nil, translate(err, db.path)
	}
	defer rows.Close()
	u.Grants = []outflank.Grant{}
	for rows.Next() {
		var g outflank.Grant
		if err := rows.Scan(&g.Tournament, &g.Role); err != nil {
			return nil, translate(err, db.path)
		}
		u.Grants = append(u.Grants, g)
	}
	return &u, translate(rows.Err(), db.path)
}

func (db *DB) User(ctx context.Context, name string) (*outflank.User, error) {
	var u *outflank.User
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = db.scanUser(ctx, tx, tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE name = ?`, name))
		if errors.Is(err, sql.ErrNoRows) {
			return noUser(name)
		}
		return translate(err, db.path)
	})
	return u, err
}

func (db *DB) UserByID(ctx context.Context, id int64) (*outflank.User, error) {
	var u *outflank.User
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		u, err = db.scanUser(ctx, tx, tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no user #%d", id)
		}
		return translate(err, db.path)
	})
	return u, err
}

func (db *DB) Users(ctx context.Context) ([]outflank.User, error) {
	var users []outflank.User
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT name FROM users ORDER BY name`)
		if err != nil {
			return translate(err, db.path)
		}
		var names []string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n); err != nil {
				rows.Close()
				return translate(err, db.path)
			}
			names = append(names, n)
		}
		rows.Close()
		for _, n := range names {
			u, err := db.scanUser(ctx, tx, tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE name = ?`, n))
			if err != nil {
				return translate(err, db.path)
			}
			users = append(users, *u)
		}
		return nil
	})
	return users, err
}

// changeUser runs a write on the row of user name, which must exist.
func (db *DB) changeUser(ctx context.Context, name string, fn func(tx *sql.Tx, id int64) error) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE name = ?`, name).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return noUser(name)
		}
		if err != nil {
			return translate(err, db.path)
		}
		return fn(tx, id)
	})
}

func (db *DB) SetPassword(ctx context.Context, name, hash string) error {
	return db.changeUser(ctx, name, func(tx *sql.Tx, id int64) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password = ? WHERE id = ?`, hash, id); err != nil {
			return translate(err, db.path)
		}
		// A new password ends every session: whoever knew the old one is
		// logged out.
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
			return translate(err, db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserPasswd, name, "changed the password of "+name+", ending their sessions")
	})
}

func (db *DB) RemoveUser(ctx context.Context, name string) error {
	return db.changeUser(ctx, name, func(tx *sql.Tx, id int64) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = ?`, id); err != nil { // grants, sessions, tokens cascade
			return translate(err, db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountUserRemove, name, "removed user "+name+", with their roles, sessions and tokens")
	})
}

func (db *DB) Grant(ctx context.Context, name string, g outflank.Grant) error {
	return db.changeUser(ctx, name, func(tx *sql.Tx, id int64) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE slug = ?`, g.Tournament).Scan(&n); err != nil {
			return translate(err, db.path)
		}
		if n == 0 {
			return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments", g.Tournament)
		}
		res, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO grants (user_id, tournament, role) VALUES (?, ?, ?)`, id, g.Tournament, g.Role)
		if err != nil {
			return translate(err, db.path)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // already granted: nothing changed, nothing to log
		}
		return db.accountEvent(ctx, tx, outflank.AccountGrant, name, fmt.Sprintf("granted %s the role %s on %s", name, g.Role, g.Tournament))
	})
}

func (db *DB) Revoke(ctx context.Context, name string, g outflank.Grant) error {
	return db.changeUser(ctx, name, func(tx *sql.Tx, id int64) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM grants WHERE user_id = ? AND tournament = ? AND role = ?`, id, g.Tournament, g.Role)
		if err != nil {
			return translate(err, db.path)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return outflank.Errorf(outflank.EINVALID, "%s has no role %s on %s: nothing to revoke", name, g.Role, g.Tournament)
		}
		return db.accountEvent(ctx, tx, outflank.AccountRevoke, name, fmt.Sprintf("revoked the role %s on %s from %s", g.Role, g.Tournament, name))
	})
}

func (db *DB) AddSession(ctx context.Context, s outflank.Session) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var user, judge any
		if s.UserID != 0 {
			user = s.UserID
		}
		if s.JudgeID != 0 {
			judge = s.JudgeID
		}
		// Expired sessions go as new ones come: the table stays small.
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < ?`, db.now().Format(timeFormat)); err != nil {
			return translate(err, db.path)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO sessions (id_hash, user_id, judge_id, csrf, expires_at) VALUES (?, ?, ?, ?, ?)`,
			s.IDHash, user, judge, s.CSRF, s.ExpiresAt.UTC().Format(timeFormat))
		return translate(err, db.path)
	})
}

func (db *DB) Session(ctx context.Context, idHash string, now time.Time) (*outflank.Session, error) {
	var s outflank.Session
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var user, judge sql.NullInt64
		var expires string
		err := tx.QueryRowContext(ctx, `SELECT id_hash, user_id, judge_id, csrf, expires_at FROM sessions WHERE id_hash = ? AND expires_at > ?`,
			idHash, now.UTC().Format(timeFormat)).Scan(&s.IDHash, &user, &judge, &s.CSRF, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such session: log in again")
		}
		if err != nil {
			return translate(err, db.path)
		}
		s.UserID, s.JudgeID = user.Int64, judge.Int64
		s.ExpiresAt, _ = time.Parse(timeFormat, expires)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &s, nil
}

func (db *DB) RemoveSession(ctx context.Context, idHash string) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id_hash = ?`, idHash)
		return translate(err, db.path)
	})
}

func (db *DB) AddToken(ctx context.Context, t *outflank.Token) error {
	return db.changeUser(ctx, t.User, func(tx *sql.Tx, id int64) error {
		now := db.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO tokens (user_id, name, hash, created_at) VALUES (?, ?, ?, ?)`, id, t.Name, t.Hash, now.Format(timeFormat))
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "%s already has a token named %q: choose another name, or remove it first", t.User, t.Name)
			}
			return translate(err, db.path)
		}
		t.UserID, t.CreatedAt = id, now
		if t.ID, err = res.LastInsertId(); err != nil {
			return translate(err, db.path)
		}
		return db.accountEvent(ctx, tx, outflank.AccountTokenAdd, t.User, fmt.Sprintf("issued the token %q of %s", t.Name, t.User))
	})
}

func (db *DB) TokenByHash(ctx context.Context, hash string) (*outflank.Token, error) {
	var t outflank.Token
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var created string
		err := tx.QueryRowContext(ctx, `SELECT t.id, t.user_id, u.name, t.name, t.hash, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = ?`, hash).
			Scan(&t.ID, &t.UserID, &t.User, &t.Name, &t.Hash, &created)
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such token")
		}
		t.CreatedAt, _ = time.Parse(timeFormat, created)
		return translate(err, db.path)
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (db *DB) Tokens(ctx context.Context, user string) ([]outflank.Token, error) {
	var list []outflank.Token
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT t.id, t.user_id, u.name, t.name, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id
			WHERE ? = '' OR u.name = ? ORDER BY u.name, t.name`, user, user)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			var t outflank.Token
			var created string
			if err := rows.Scan(&t.ID, &t.UserID, &t.User, &t.Name, &created); err != nil {
				return translate(err, db.path)
			}
			t.CreatedAt, _ = time.Parse(timeFormat, created)
			list = append(list, t)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}

func (db *DB) RemoveToken(ctx context.Context, user, name string) error {
	return db.changeUser(ctx, user, func(tx *sql.Tx, id int64) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM tokens WHERE user_id = ? AND name = ?`, id, name)
		if err != nil {
			return translate(err, db.path)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return outflank.Errorf(outflank.ENOTFOUND, "%s has no token named %q: 'outflank token list' shows them", user, name)
		}
		return db.accountEvent(ctx, tx, outflank.AccountTokenRemove, user, fmt.Sprintf("removed the token %q of %s", name, user))
	})
}

func (db *DB) AddJudgeLink(ctx context.Context, j *outflank.JudgeLink) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE slug = ?`, j.Tournament).Scan(&n); err != nil {
			return translate(err, db.path)
		}
		if n == 0 {
			return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments", j.Tournament)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO judge_links (tournament, round, table_no, label, created_by, expires_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			j.Tournament, j.Round, j.Table, j.Label, j.CreatedBy, j.ExpiresAt.UTC().Format(timeFormat), j.Hash)
		if err != nil {
			return translate(err, db.path)
		}
		if j.ID, err = res.LastInsertId(); err != nil {
			return translate(err, db.path)
		}
		label := ""
		if j.Label != "" {
			label = " for " + j.Label
		}
		return db.accountEvent(ctx, tx, outflank.AccountJudgeAdd, j.Tournament, fmt.Sprintf("issued judge link #%d%s: %s, until %s", j.ID, label, j.Scope(), j.ExpiresAt.UTC().Format(time.RFC3339)))
	})
}

// judgeLinkColumns is what a judge link row is read with.
const judgeLinkColumns = `id, tournament, round, table_no, label, created_by, expires_at, hash`

func scanJudgeLink(sc interface{ Scan(...any) error }) (*outflank.JudgeLink, error) {
	var j outflank.JudgeLink
	var expires string
	if err := sc.Scan(&j.ID, &j.Tournament, &j.Round, &j.Table, &j.Label, &j.CreatedBy, &expires, &j.Hash); err != nil {
		return nil, err
	}
	j.ExpiresAt, _ = time.Parse(timeFormat, expires)
	return &j, nil
}

func (db *DB) judgeLink(ctx context.Context, where string, arg any) (*outflank.JudgeLink, error) {
	var j *outflank.JudgeLink
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		j, err = scanJudgeLink(tx.QueryRowContext(ctx, `SELECT `+judgeLinkColumns+` FROM judge_links WHERE `+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such judge link: ask the tournament director for a new one")
		}
		return translate(err, db.path)
	})
	return j, err
}

func (db *DB) JudgeLinkByHash(ctx context.Context, hash string) (*outflank.JudgeLink, error) {
	return db.judgeLink(ctx, `hash = ?`, hash)
}

func (db *DB) JudgeLinkByID(ctx context.Context, id int64) (*outflank.JudgeLink, error) {
	return db.judgeLink(ctx, `id = ?`, id)
}

func (db *DB) JudgeLinks(ctx context.Context, slug string) ([]outflank.JudgeLink, error) {
	var list []outflank.JudgeLink
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+judgeLinkColumns+` FROM judge_links WHERE tournament = ? ORDER BY id`, slug)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			j, err := scanJudgeLink(rows)
			if err != nil {
				return translate(err, db.path)
			}
			list = append(list, *j)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}

func (db *DB) LoginAttempt(ctx context.Context, keys []string, at, since time.Time, max int) (string, []int64, error) {
	var limited string
	var attempt []int64
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		for _, k := range keys {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM login_failures WHERE key = ? AND at >= ?`, k, since.UTC().Format(timeFormat)).Scan(&n); err != nil {
				return translate(err, db.path)
			}
			if n >= max {
				limited = k
				return nil
			}
		}
		// Failures older than a day no longer matter.
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE at < ?`, at.Add(-24*time.Hour).UTC().Format(timeFormat)); err != nil {
			return translate(err, db.path)
		}
		for _, k := range keys {
			res, err := tx.ExecContext(ctx, `INSERT INTO login_failures (key, at) VALUES (?, ?)`, k, at.UTC().Format(timeFormat))
			if err != nil {
				return translate(err, db.path)
			}
			id, err := res.LastInsertId()
			if err != nil {
				return translate(err, db.path)
			}
			attempt = append(attempt, id)
		}
		return nil
	})
	if err != nil || limited != "" {
		return limited, nil, err
	}
	return "", attempt, nil
}

func (db *DB) LoginSucceeded(ctx context.Context, attempt []int64) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		for _, id := range attempt {
			if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE rowid = ?`, id); err != nil {
				return translate(err, db.path)
			}
		}
		return nil
	})
}

// RemoveJudgeLink withdraws judge link id of tournament slug; the sessions
// opened with it go with it (ON DELETE CASCADE).
func (db *DB) RemoveJudgeLink(ctx context.Context, slug string, id int64) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var label string
		err := tx.QueryRowContext(ctx, `SELECT label FROM judge_links WHERE id = ? AND tournament = ?`, id, slug).Scan(&label)
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "%s has no judge link #%d: 'outflank judge list %s' shows them", slug, id, slug)
		}
		if err != nil {
			return translate(err, db.path)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM judge_links WHERE id = ?`, id); err != nil {
			return translate(err, db.path)
		}
		if label != "" {
			label = " (" + label + ")"
		}
		return db.accountEvent(ctx, tx, outflank.AccountJudgeRemove, slug, fmt.Sprintf("withdrew judge link #%d%s", id, label))
	})
}

// accountEvent records a change of the accounts, in tx, naming the actor
// of ctx.
func (db *DB) accountEvent(ctx context.Context, tx *sql.Tx, action, subject, summary string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO account_events (at, actor, action, subject, summary) VALUES (?, ?, ?, ?, ?)`,
		db.now().Format(timeFormat), outflank.ActorFrom(ctx), action, subject, summary)
	return translate(err, db.path)
}

// AccountLog returns the latest changes of the accounts, newest first.
func (db *DB) AccountLog(ctx context.Context, limit int) ([]outflank.AccountEvent, error) {
	var list []outflank.AccountEvent
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, at, actor, action, subject, summary FROM account_events ORDER BY id DESC LIMIT ?`, limit)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			var e outflank.AccountEvent
			var at string
			if err := rows.Scan(&e.ID, &at, &e.Actor, &e.Action, &e.Subject, &e.Summary); err != nil {
				return translate(err, db.path)
			}
			e.At, _ = time.Parse(timeFormat, at)
			list = append(list, e)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}

// ServerKey returns the database's key name, shared by every process on
// it, making it (32 random bytes) the first time it is asked for.
func (db *DB) ServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO server_keys (name, key) VALUES (?, ?)`, name, fresh); err != nil {
			return translate(err, db.path)
		}
		return translate(tx.QueryRowContext(ctx, `SELECT key FROM server_keys WHERE name = ?`, name).Scan(&key), db.path)
	})
	return key, err
}
