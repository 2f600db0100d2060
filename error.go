package outflank

import (
	"errors"
	"fmt"
)

// Error codes. The edge maps each to an exit code or an HTTP status; the
// domain only says which kind of failure happened.
const (
	// EINVALID: the user's input is wrong; the message says what to change.
	EINVALID = "invalid"
	// ENOTFOUND: a named thing (tournament, player, file) does not exist.
	ENOTFOUND = "not_found"
	// ECONFLICT: the change collides with another one or with stored data.
	ECONFLICT = "conflict"
	// EINTERNAL: a bug or an environment failure; details go to the log.
	EINTERNAL = "internal"
	// EUNAUTHORIZED: no credential, or one that is wrong or expired: log in.
	EUNAUTHORIZED = "unauthorized"
	// EFORBIDDEN: a credential without the right to do this.
	EFORBIDDEN = "forbidden"
	// ELIMIT: too many attempts; wait, then try again.
	ELIMIT = "rate_limited"
	// EUNAVAILABLE: the database cannot be reached or is too busy right
	// now (a PostgreSQL server restarting); nothing was saved, and the same
	// request may succeed in a few seconds.
	EUNAVAILABLE = "unavailable"
)

// Error is a failure that users see. Message says what was wrong and what to
// do about it; it never carries internal detail.
type Error struct {
	Code    string
	Message string
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }

// Errorf returns an *Error with code and a formatted message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err: the code of the *Error it wraps, or
// EINTERNAL for any other error, and "" for nil.
func ErrorCode(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the message of the *Error that err wraps, or a generic
// message for any other error, so internal detail never reaches a user.
func ErrorMessage(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Message
	}
	return "internal error"
}
