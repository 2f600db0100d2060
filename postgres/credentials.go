package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"outflank"
)

// Sessions, API tokens and judge links: the credentials of outflank.Accounts.

func (db *DB) AddSession(ctx context.Context, s outflank.Session) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		var user, judge *int64
		if s.UserID != 0 {
			user = &s.UserID
		}
		if s.JudgeID != 0 {
			judge = &s.JudgeID
		}
		// Expired sessions go as new ones come: the table stays small.
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE expires_at < $1`, db.now()); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO sessions (id_hash, user_id, judge_id, csrf, expires_at) VALUES ($1, $2, $3, $4, $5)`,
			s.IDHash, user, judge, s.CSRF, s.ExpiresAt.UTC())
		return err
	})
}

func (db *DB) Session(ctx context.Context, idHash string, now time.Time) (*outflank.Session, error) {
	var s outflank.Session
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var user, judge *int64
		err := tx.QueryRow(ctx, `SELECT id_hash, user_id, judge_id, csrf, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > $2`,
			idHash, now.UTC()).Scan(&s.IDHash, &user, &judge, &s.CSRF, &s.ExpiresAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such session: log in again")
		}
		if err != nil {
			return err
		}
		s.UserID, s.JudgeID = idOrZero(user), idOrZero(judge)
		s.ExpiresAt = s.ExpiresAt.UTC()
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// idOrZero is the value of a nullable id, 0 for NULL.
func idOrZero(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

func (db *DB) RemoveSession(ctx context.Context, idHash string) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM sessions WHERE id_hash = $1`, idHash)
		return err
	})
}

func (db *DB) AddToken(ctx context.Context, t *outflank.Token) error {
	return db.changeUser(ctx, t.User, func(tx pgx.Tx, id int64) error {
		now := db.now()
		err := tx.QueryRow(ctx, `INSERT INTO tokens (user_id, name, hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
			id, t.Name, t.Hash, now).Scan(&t.ID)
		if isUnique(err) {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has a token named %q: choose another name, or remove it first", t.User, t.Name)
		}
		if err != nil {
			return err
		}
		t.UserID, t.CreatedAt = id, now
		return db.accountEvent(ctx, tx, outflank.AccountTokenAdd, t.User, fmt.Sprintf("issued the token %q of %s", t.Name, t.User))
	})
}

func (db *DB) TokenByHash(ctx context.Context, hash string) (*outflank.Token, error) {
	var t outflank.Token
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `SELECT t.id, t.user_id, u.name, t.name, t.hash, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.hash = $1`, hash).
			Scan(&t.ID, &t.UserID, &t.User, &t.Name, &t.Hash, &t.CreatedAt)
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such token")
		}
		t.CreatedAt = t.CreatedAt.UTC()
		return err
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func (db *DB) Tokens(ctx context.Context, user string) ([]outflank.Token, error) {
	var list []outflank.Token
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT t.id, t.user_id, u.name, t.name, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id
			WHERE $1 = '' OR outflank_nocase(u.name) = outflank_nocase($1) ORDER BY outflank_nocase(u.name), t.name`, user)
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.Token, error) {
			var t outflank.Token
			err := r.Scan(&t.ID, &t.UserID, &t.User, &t.Name, &t.CreatedAt)
			t.CreatedAt = t.CreatedAt.UTC()
			return t, err
		})
		return err
	})
	return list, err
}

func (db *DB) RemoveToken(ctx context.Context, user, name string) error {
	return db.changeUser(ctx, user, func(tx pgx.Tx, id int64) error {
		tag, err := tx.Exec(ctx, `DELETE FROM tokens WHERE user_id = $1 AND name = $2`, id, name)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return outflank.Errorf(outflank.ENOTFOUND, "%s has no token named %q: 'outflank token list' shows them", user, name)
		}
		return db.accountEvent(ctx, tx, outflank.AccountTokenRemove, user, fmt.Sprintf("removed the token %q of %s", name, user))
	})
}

func (db *DB) AddJudgeLink(ctx context.Context, j *outflank.JudgeLink) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		if ok, err := tournamentExists(ctx, tx, j.Tournament); err != nil || !ok {
			if err == nil {
				err = noTournament(j.Tournament)
			}
			return err
		}
		err := tx.QueryRow(ctx, `INSERT INTO judge_links (tournament, round, table_no, label, created_by, expires_at, hash) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
			j.Tournament, j.Round, j.Table, j.Label, j.CreatedBy, j.ExpiresAt.UTC(), j.Hash).Scan(&j.ID)
		if err != nil {
			return err
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

func scanJudgeLink(row pgx.Row) (*outflank.JudgeLink, error) {
	var j outflank.JudgeLink
	if err := row.Scan(&j.ID, &j.Tournament, &j.Round, &j.Table, &j.Label, &j.CreatedBy, &j.ExpiresAt, &j.Hash); err != nil {
		return nil, err
	}
	j.ExpiresAt = j.ExpiresAt.UTC()
	return &j, nil
}

func (db *DB) judgeLink(ctx context.Context, where string, arg any) (*outflank.JudgeLink, error) {
	var j *outflank.JudgeLink
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		j, err = scanJudgeLink(tx.QueryRow(ctx, `SELECT `+judgeLinkColumns+` FROM judge_links WHERE `+where, arg))
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "no such judge link: ask the tournament director for a new one")
		}
		return err
	})
	return j, err
}

func (db *DB) JudgeLinkByHash(ctx context.Context, hash string) (*outflank.JudgeLink, error) {
	return db.judgeLink(ctx, `hash = $1`, hash)
}

func (db *DB) JudgeLinkByID(ctx context.Context, id int64) (*outflank.JudgeLink, error) {
	return db.judgeLink(ctx, `id = $1`, id)
}

func (db *DB) JudgeLinks(ctx context.Context, slug string) ([]outflank.JudgeLink, error) {
	var list []outflank.JudgeLink
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+judgeLinkColumns+` FROM judge_links WHERE tournament = $1 ORDER BY id`, slug)
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.JudgeLink, error) {
			j, err := scanJudgeLink(r)
			if err != nil {
				return outflank.JudgeLink{}, err
			}
			return *j, nil
		})
		return err
	})
	return list, err
}

// RemoveJudgeLink withdraws judge link id of tournament slug; the sessions
// opened with it go with it (ON DELETE CASCADE).
func (db *DB) RemoveJudgeLink(ctx context.Context, slug string, id int64) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		var label string
		err := tx.QueryRow(ctx, `DELETE FROM judge_links WHERE id = $1 AND tournament = $2 RETURNING label`, id, slug).Scan(&label)
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "%s has no judge link #%d: 'outflank judge list %s' shows them", slug, id, slug)
		}
		if err != nil {
			return err
		}
		if label != "" {
			label = " (" + label + ")"
		}
		return db.accountEvent(ctx, tx, outflank.AccountJudgeRemove, slug, fmt.Sprintf("withdrew judge link #%d%s", id, label))
	})
}
