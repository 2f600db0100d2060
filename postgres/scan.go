package postgres

import (
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// What the stores of the accounts, live games, player database, circuits
// and members share in reading pgx's rows and errors.

// isUnique reports whether err is a unique violation: the stores that say
// which name is taken (a user, a token, a circuit, a member) check it on
// the driver's error, before translate gives the generic message.
func isUnique(err error) bool {
	pgErr, ok := errors.AsType[*pgconn.PgError](err)
	return ok && pgErr.Code == stateUniqueViolation
}

// collect reads every row with fn, as pgx.CollectRows does, but returns
// nil for no rows, as the SQLite store's lists do.
func collect[T any](rows pgx.Rows, fn pgx.RowToFunc[T]) ([]T, error) {
	return pgx.AppendRows([]T(nil), rows, fn)
}
