package postgres

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/pgtest"
)

// openSkew opens a store on a fresh database with a table of two counters.
func openSkew(t *testing.T) *DB {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.pool.Exec(ctx, `CREATE TABLE skew (id int PRIMARY KEY, n int NOT NULL); INSERT INTO skew VALUES (1, 0), (2, 0)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// meet makes the first attempts of two transactions wait for each other,
// so that they overlap; later attempts do not wait.
type meet struct {
	wg   sync.WaitGroup
	once [2]sync.Once
}

func newMeet() *meet {
	m := &meet{}
	m.wg.Add(2)
	return m
}

func (m *meet) arrive(i int) {
	m.once[i].Do(func() {
		m.wg.Done()
		done := make(chan struct{})
		go func() { m.wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
	})
}

// TestRetrySerializationFailure: two SERIALIZABLE transactions that each
// read both counters and write one (write skew) cannot both commit; the
// server fails one with SQLSTATE 40001, tx runs it again, and both changes
// are saved.
func TestRetrySerializationFailure(t *testing.T) {
	ctx := context.Background()
	db := openSkew(t)
	m := newMeet()
	var attempts atomic.Int32
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			errs[i] = db.tx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
				attempts.Add(1)
				var sum int
				if err := tx.QueryRow(ctx, `SELECT sum(n) FROM skew`).Scan(&sum); err != nil {
					return err
				}
				m.arrive(i)
				_, err := tx.Exec(ctx, `UPDATE skew SET n = $1 WHERE id = $2`, sum+1, i+1)
				return err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("transaction %d: %v", i, err)
		}
	}
	if n := attempts.Load(); n < 3 {
		t.Errorf("%d attempts: want a retry (3 or more)", n)
	}
	var a, b int
	if err := db.pool.QueryRow(ctx, `SELECT (SELECT n FROM skew WHERE id = 1), (SELECT n FROM skew WHERE id = 2)`).Scan(&a, &b); err != nil {
		t.Fatal(err)
	}
	// Serially, the second sees the first's 1 and writes 2.
	if a+b != 3 {
		t.Errorf("counters %d and %d: want 1 and 2 in some order (as if one ran after the other)", a, b)
	}
}

// TestRetryDeadlock: two transactions that lock the same two rows in
// opposite orders deadlock; the server fails one with SQLSTATE 40P01, tx
// runs it again, and both are saved.
func TestRetryDeadlock(t *testing.T) {
	ctx := context.Background()
	db := openSkew(t)
	m := newMeet()
	var attempts atomic.Int32
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		first, second := i+1, 2-i
		wg.Go(func() {
			errs[i] = db.writeTx(ctx, func(tx pgx.Tx) error {
				attempts.Add(1)
				if _, err := tx.Exec(ctx, `UPDATE skew SET n = n + 1 WHERE id = $1`, first); err != nil {
					return err
				}
				m.arrive(i)
				_, err := tx.Exec(ctx, `UPDATE skew SET n = n + 1 WHERE id = $1`, second)
				return err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("transaction %d: %v", i, err)
		}
	}
	if n := attempts.Load(); n < 3 {
		t.Errorf("%d attempts: want a retry after the deadlock", n)
	}
	var sum int
	if err := db.pool.QueryRow(ctx, `SELECT sum(n) FROM skew`).Scan(&sum); err != nil {
		t.Fatal(err)
	}
	if sum != 4 {
		t.Errorf("sum %d: want 4 (both transactions saved once)", sum)
	}
}

// TestRetryGivesUp: a transaction that meets a serialization failure on
// every attempt (another connection changes the row it read, each time)
// is tried txAttempts times, then fails as unavailable, saying the
// database was too busy.
func TestRetryGivesUp(t *testing.T) {
	ctx := context.Background()
	db := openSkew(t)
	var attempts atomic.Int32
	err := db.tx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		attempts.Add(1)
		var n int
		if err := tx.QueryRow(ctx, `SELECT n FROM skew WHERE id = 1`).Scan(&n); err != nil {
			return err
		}
		if _, err := db.pool.Exec(ctx, `UPDATE skew SET n = n + 1 WHERE id = 1`); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE skew SET n = $1 WHERE id = 1`, n+100)
		return err
	})
	if got := attempts.Load(); got != txAttempts {
		t.Errorf("%d attempts, want %d", got, txAttempts)
	}
	if outflank.ErrorCode(err) != outflank.EUNAVAILABLE || !strings.Contains(err.Error(), "too busy") || !strings.Contains(err.Error(), "try again") {
		t.Fatalf("error %v: want unavailable, saying the database was too busy and to try again", err)
	}
	if !strings.Contains(err.Error(), "serialization failure") {
		t.Errorf("error %q does not say what kept failing", err)
	}
}

// TestUnstorableText: text PostgreSQL cannot hold (a NUL) is refused with
// a message that says so, not an internal error.
func TestUnstorableText(t *testing.T) {
	ctx := context.Background()
	db := openSkew(t)
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `SELECT $1::text`, "Ann\x00Ek")
		return err
	})
	if outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "NUL") {
		t.Fatalf("error %v: want an invalid error naming the NUL", err)
	}
}

// TestCommitUnanswered: a write whose COMMIT gets no answer (the network
// cut just then) may or may not be saved, and the error says so.
func TestCommitUnanswered(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	p, viaProxy := NewProxy(t, url)
	db, err := Open(ctx, viaProxy)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	defer p.Close()
	if _, err := db.pool.Exec(ctx, `CREATE TABLE note (n int)`); err != nil {
		t.Fatal(err)
	}
	wctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	err = db.writeTx(wctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(wctx, `INSERT INTO note VALUES (1)`); err != nil {
			return err
		}
		p.CutAll()
		return nil
	})
	if outflank.ErrorCode(err) != outflank.EUNAVAILABLE || !strings.Contains(err.Error(), "may or may not have been saved") {
		t.Fatalf("error %v: want unavailable, saying the change may or may not have been saved", err)
	}
}
