package postgres

import (
	"context"
	"errors"
	"io"
	"net"
	"net/url"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
)

// SQLSTATEs translate knows (PostgreSQL's Appendix A).
const (
	stateUniqueViolation   = "23505"
	stateForeignKey        = "23503"
	stateCheckViolation    = "23514"
	stateInvalidPassword   = "28P01"
	stateInvalidAuth       = "28000"
	stateNoDatabase        = "3D000"
	stateTooManyConns      = "53300"
	stateDiskFull          = "53100"
	stateAdminShutdown     = "57P01"
	stateCrashShutdown     = "57P02"
	stateCannotConnectNow  = "57P03"
	stateReadOnlySQLTx     = "25006"
	stateInsufficientPrivs = "42501"
	stateBadEncoding       = "22021"
	stateUntranslatable    = "22P05"
)

// translate turns driver errors that the user can act on into domain
// errors with a message naming the server and saying what to do; others
// stay as they are (internal errors). It is the one place that knows
// PostgreSQL's error codes. Serialization failures and deadlocks are left
// as they are too: tx retries them.
func (db *DB) translate(err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*outflank.Error](err); ok {
		return err
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		if isConnectError(err) {
			return db.markLost(outflank.Errorf(outflank.EUNAVAILABLE, "cannot reach PostgreSQL at %s: no answer in time; check that the server is running and that --db names the right host and port", db.where))
		}
		return err
	}
	if retryable(err) {
		return err
	}
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pgErr.Code {
		case stateUniqueViolation:
			return outflank.Errorf(outflank.ECONFLICT, "that already exists in %s (%s): nothing was saved; choose another name", db.where, pgErr.ConstraintName)
		case stateForeignKey, stateCheckViolation:
			return outflank.Errorf(outflank.ECONFLICT, "the change contradicts what is stored in %s (%s): nothing was saved; look again and retry", db.where, pgErr.ConstraintName)
		case stateInvalidPassword, stateInvalidAuth:
			return outflank.Errorf(outflank.EINVALID, "PostgreSQL at %s refused the login: %s; check the user and password in --db (or ~/.pgpass)", db.where, pgErr.Message)
		case stateNoDatabase:
			return outflank.Errorf(outflank.EINVALID, "PostgreSQL at %s has no such database: create it (createdb) or fix the database name in --db", db.where)
		case stateTooManyConns:
			return outflank.Errorf(outflank.EUNAVAILABLE, "PostgreSQL at %s has too many connections: nothing was saved; try again later, or raise max_connections", db.where)
		case stateDiskFull:
			return outflank.Errorf(outflank.EUNAVAILABLE, "the disk of PostgreSQL at %s is full: nothing was saved; free some space and try again", db.where)
		case stateAdminShutdown, stateCrashShutdown, stateCannotConnectNow:
			return db.markLost(outflank.Errorf(outflank.EUNAVAILABLE, "PostgreSQL at %s is shutting down or starting up: nothing was saved; try again in a moment", db.where))
		case stateReadOnlySQLTx:
			return outflank.Errorf(outflank.EINVALID, "PostgreSQL at %s is read-only (a standby?): nothing was saved; point --db at the primary server", db.where)
		case stateBadEncoding, stateUntranslatable:
			return outflank.Errorf(outflank.EINVALID, "the change holds text PostgreSQL cannot store (a NUL character, or bytes that are not UTF-8): nothing was saved; remove it and try again")
		case stateInsufficientPrivs:
			return outflank.Errorf(outflank.EINVALID, "the user of %s may not do this (%s): grant it the rights on the database, or use its owner", db.where, pgErr.Message)
		}
		return err
	}
	if isConnectError(err) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ENOENT) || isDNSError(err) {
		why := "it does not answer"
		switch {
		case errors.Is(err, syscall.ECONNREFUSED):
			why = "connection refused"
		case errors.Is(err, syscall.ENOENT):
			why = "no server socket there"
		case isDNSError(err):
			why = "unknown host"
		}
		return db.markLost(outflank.Errorf(outflank.EUNAVAILABLE, "cannot reach PostgreSQL at %s (%s): nothing was read or written; check that the server is running and that --db names the right host and port", db.where, why))
	}
	if connectionLost(err) {
		return db.markLost(outflank.Errorf(outflank.EUNAVAILABLE, "lost the connection to PostgreSQL at %s (%s): nothing was saved; try again in a moment", db.where, lostHow(err)))
	}
	return err
}

// markLost notes that err, translated, says PostgreSQL cannot be
// reached (reach.go), and returns it.
func (db *DB) markLost(err error) error {
	db.lost(err)
	return err
}

// connectionLost reports whether err says the connection to PostgreSQL was
// lost, or could not be used or made: the server restarting (shut down by
// its administrator, crashed, still starting), a socket closed or reset,
// a connection the driver had already closed, or no server to connect to.
// A change it interrupts before its commit was sent was rolled back by the
// server.
func connectionLost(err error) bool {
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pgErr.Code {
		case stateAdminShutdown, stateCrashShutdown, stateCannotConnectNow:
			return true
		}
		return false
	}
	return errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNABORTED) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, net.ErrClosed) || isConnectError(err) || isNetError(err)
}

// lostHow says briefly how a connection was lost, for a message.
func lostHow(err error) string {
	switch {
	case errors.Is(err, syscall.EPIPE), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.ECONNABORTED):
		return "the server closed it"
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the server closed it"
	case errors.Is(err, pgconn.ErrConnClosed), errors.Is(err, net.ErrClosed):
		return "it was closed"
	}
	return "no answer"
}

func isConnectError(err error) bool {
	_, ok := errors.AsType[*pgconn.ConnectError](err)
	return ok
}

func isNetError(err error) bool {
	_, ok := errors.AsType[net.Error](err)
	return ok
}

func isDNSError(err error) bool {
	_, ok := errors.AsType[*net.DNSError](err)
	return ok
}

// tooBusy is the error of a transaction that lost to others txAttempts
// times.
func (db *DB) tooBusy(last error) error {
	return outflank.Errorf(outflank.EUNAVAILABLE, "PostgreSQL at %s was too busy: the change collided with others %d times (%v) and nothing was saved; try again", db.where, txAttempts, sqlState(last))
}

// sqlState names a serialization failure or deadlock for a message.
func sqlState(err error) string {
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok {
		switch pgErr.Code {
		case stateSerialization:
			return "serialization failure"
		case stateDeadlock:
			return "deadlock"
		}
		return "SQLSTATE " + pgErr.Code
	}
	return "no more detail"
}

// badURL is the error of a --db that pgx cannot parse. Its message shows
// the URL without its password.
func badURL(raw string, err error) error {
	return outflank.Errorf(outflank.EINVALID, "--db %s is not a PostgreSQL URL pgx can read (%s): write it as postgres://user:password@host:5432/database", redact(raw), parseProblem(err))
}

// parseProblem is what pgx says is wrong with a URL, without the URL it
// quotes or the parser's detail (either may hold the password).
func parseProblem(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, "`: "); i >= 0 {
		msg = msg[i+3:]
	}
	if i := strings.Index(msg, " ("); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// redact hides the password of a URL or a keyword/value string.
func redact(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		return u.String()
	}
	if strings.Contains(raw, "://") {
		// Not parseable: cut out whatever stands between "://" and "@".
		scheme, rest, _ := strings.Cut(raw, "://")
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			userinfo := rest[:at]
			if user, _, has := strings.Cut(userinfo, ":"); has {
				return scheme + "://" + user + ":xxxxx@" + rest[at+1:]
			}
		}
		return raw
	}
	var fields []string
	for f := range strings.FieldsSeq(raw) {
		if k, _, ok := strings.Cut(f, "="); ok && k == "password" {
			f = "password=xxxxx"
		}
		fields = append(fields, f)
	}
	return strings.Join(fields, " ")
}
