package postgres

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/jackc/pgx/v5"
)

// loginLockSpace is the first key of the advisory locks of LoginAttempt,
// whose second is the hash of a login key: the locks of two keys (int4,
// int4) are apart from those of one (bigint), such as the migrations'.
// Two keys of one hash merely wait for each other.
const loginLockSpace int32 = 0x4f464c47 // "OFLG"

// LoginAttempt implements outflank.Accounts. Several servers may share the
// database, so the attempts are put one after another by the database, not
// by a lock of this process: the transaction first takes an advisory lock
// per key (held to its commit), then counts. Under READ COMMITTED each
// statement after the lock sees every attempt committed before it, so a
// hundred attempts sent at once, to one server or to several, are counted
// one after another.
func (db *DB) LoginAttempt(ctx context.Context, keys []string, at, since time.Time, max int) (string, []int64, error) {
	var limited string
	var attempt []int64
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		limited, attempt = "", nil
		// Locked in the order of the locks' keys, so that two attempts
		// cannot each hold a lock the other waits for.
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, h)
			FROM (SELECT DISTINCT hashtext(k) AS h FROM unnest($2::text[]) AS k ORDER BY h) AS locks`, loginLockSpace, keys); err != nil {
			return err
		}
		for _, k := range keys {
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM login_failures WHERE key = $1 AND at >= $2`, k, since.UTC()).Scan(&n); err != nil {
				return err
			}
			if n >= max {
				limited = k
				return nil
			}
		}
		// Failures older than a day no longer matter.
		if _, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE at < $1`, at.Add(-24*time.Hour).UTC()); err != nil {
			return err
		}
		for _, k := range keys {
			var id int64
			if err := tx.QueryRow(ctx, `INSERT INTO login_failures (key, at) VALUES ($1, $2) RETURNING id`, k, at.UTC()).Scan(&id); err != nil {
				return err
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
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM login_failures WHERE id = ANY($1)`, attempt)
		return err
	})
}

// ServerKey returns the database's key name, shared by every process on
// it, making it (32 random bytes) the first time it is asked for.
func (db *DB) ServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, fresh); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT key FROM server_keys WHERE name = $1`, name).Scan(&key)
	})
	return key, err
}
