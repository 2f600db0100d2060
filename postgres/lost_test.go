package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
	"outflank/internal/pgtest"
)

// TestTranslateConnectionLost (issue 25, point 4): every way the driver
// says the connection to PostgreSQL was lost or cannot be had (the server
// restarting) is an EUNAVAILABLE error, which the web answers with 503
// and Retry-After, saying nothing was saved; other errors keep their
// meaning.
func TestTranslateConnectionLost(t *testing.T) {
	db := &DB{where: "127.0.0.1:5432/tourney"}
	pipe := &net.OpError{Op: "write", Net: "tcp", Err: os.NewSyscallError("write", syscall.EPIPE)}
	reset := &net.OpError{Op: "read", Net: "tcp", Err: os.NewSyscallError("read", syscall.ECONNRESET)}
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	for _, c := range []struct {
		name string
		err  error
		code string
		want string
	}{
		{"conn closed", fmt.Errorf("beginning a transaction: %w", pgconn.ErrConnClosed), outflank.EUNAVAILABLE, "lost the connection to PostgreSQL at 127.0.0.1:5432/tourney (it was closed): nothing was saved; try again in a moment"},
		{"broken pipe", fmt.Errorf("beginning a transaction: %w", pipe), outflank.EUNAVAILABLE, "(the server closed it): nothing was saved"},
		{"connection reset", reset, outflank.EUNAVAILABLE, "(the server closed it): nothing was saved"},
		{"unexpected EOF", fmt.Errorf("reading: %w", io.ErrUnexpectedEOF), outflank.EUNAVAILABLE, "(the server closed it): nothing was saved"},
		{"EOF", io.EOF, outflank.EUNAVAILABLE, "nothing was saved"},
		{"socket closed", fmt.Errorf("x: %w", net.ErrClosed), outflank.EUNAVAILABLE, "nothing was saved"},
		{"connection refused", fmt.Errorf("beginning a transaction: %w", refused), outflank.EUNAVAILABLE, "cannot reach PostgreSQL at 127.0.0.1:5432/tourney (connection refused): nothing was read or written"},
		{"admin shutdown", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}, outflank.EUNAVAILABLE, "is shutting down or starting up: nothing was saved"},
		{"crash shutdown", &pgconn.PgError{Code: "57P02"}, outflank.EUNAVAILABLE, "is shutting down or starting up: nothing was saved"},
		{"cannot connect now", fmt.Errorf("connecting: %w", &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}), outflank.EUNAVAILABLE, "is shutting down or starting up: nothing was saved"},
		{"unique violation", &pgconn.PgError{Code: "23505", ConstraintName: "players_pkey"}, outflank.ECONFLICT, "already exists"},
		{"a syntax error", &pgconn.PgError{Code: "42601"}, "", ""},
		{"another error", errors.New("something else"), "", ""},
	} {
		got := db.translate(c.err)
		if c.code == "" {
			if got != c.err {
				t.Errorf("%s: translated to %v, want it kept as it is", c.name, got)
			}
			continue
		}
		if outflank.ErrorCode(got) != c.code || !strings.Contains(outflank.ErrorMessage(got), c.want) {
			t.Errorf("%s: %q (%s), want %s saying %q", c.name, outflank.ErrorMessage(got), outflank.ErrorCode(got), c.code, c.want)
		}
	}
}

// TestLostBeforeCommitRunsAgain: a transaction whose connection is ended
// by the server before its commit (pg_terminate_backend, as a restart
// does) was rolled back, so it runs again on a new connection and is
// saved once; the caller never sees the loss.
func TestLostBeforeCommitRunsAgain(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.pool.Exec(ctx, `CREATE TABLE note (n int)`); err != nil {
		t.Fatal(err)
	}
	attempts := 0
	err = db.writeTx(ctx, func(tx pgx.Tx) error {
		attempts++
		if _, err := tx.Exec(ctx, `INSERT INTO note VALUES (1)`); err != nil {
			return err
		}
		if attempts == 1 {
			var pid int
			if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
				return err
			}
			if _, err := db.pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO note VALUES (2)`)
			return err // the connection is gone
		}
		return nil
	})
	if err != nil {
		t.Fatalf("a transaction whose connection was ended before its commit: %v", err)
	}
	var n int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM note`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if attempts != 2 || n != 1 {
		t.Errorf("%d attempts, %d rows saved; want 2 attempts and 1 row", attempts, n)
	}
}
