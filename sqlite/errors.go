package sqlite

import (
	"errors"
	"time"

	"outflank"
)

// sqliteCoder is the error type of the driver, reduced to what we use.
type sqliteCoder interface {
	error
	Code() int
}

// Primary result codes of SQLite (sqlite3.h).
const (
	codeBusy     = 5
	codeLocked   = 6
	codeReadOnly = 8
	codeIOErr    = 10
	codeCorrupt  = 11
	codeFull     = 13
	codeCantOpen = 14
	codeNotADB   = 26

	// codeIOErrShmSize is SQLITE_IOERR_SHMSIZE: the WAL index could not
	// grow, which on a full disk is how a write first fails.
	codeIOErrShmSize = codeIOErr | 19<<8
)

// sqliteCode returns the extended result code of a driver error, or 0.
func sqliteCode(err error) int {
	if coder, ok := errors.AsType[sqliteCoder](err); ok {
		return coder.Code()
	}
	return 0
}

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	c := sqliteCode(err) & 0xff
	return c == codeBusy || c == codeLocked
}

// translate turns driver errors that the user can act on into domain errors
// with a message saying what to do; others stay internal errors. It is the
// one place that knows SQLite's error codes.
func translate(err error, path string) error {
	if err == nil {
		return nil
	}
	if _, ok := errors.AsType[*outflank.Error](err); ok {
		return err
	}
	code := sqliteCode(err)
	if code == 0 {
		return err
	}
	if code == codeIOErrShmSize || (code&0xff == codeIOErr && nearlyFull(path)) {
		code = codeFull
	}
	switch code & 0xff {
	case codeReadOnly:
		return outflank.Errorf(outflank.EINVALID, "database %s is read-only: nothing was saved; check the file's and its folder's permissions", path)
	case codeFull:
		return outflank.Errorf(outflank.EUNAVAILABLE, "the disk holding %s is full: nothing was saved; free some space and run the command again", path)
	case codeCantOpen:
		return outflank.Errorf(outflank.EINVALID, "cannot open database %s: check that it and its folder exist and that you may read them", path)
	case codeNotADB:
		return notOutflank(path, "it is not an SQLite database")
	case codeCorrupt:
		return damaged(path, "SQLite found a damaged page while reading it")
	case codeBusy, codeLocked:
		return outflank.Errorf(outflank.ECONFLICT, "database %s is locked by another command, which holds a lock that waiting cannot release: nothing was saved; run the command again", path)
	case codeIOErr:
		return outflank.Errorf(outflank.EINVALID, "input/output error on %s: nothing was saved; check the disk", path)
	}
	return err
}

// busyError says what a writer that could not get the write lock met: a
// lock held for all of busyTimeout, or one that SQLite refused at once.
func busyError(path string, waited time.Duration) error {
	if waited >= busyTimeout*9/10 {
		return stayedLocked(path, busyTimeout)
	}
	return outflank.Errorf(outflank.ECONFLICT, "database %s is locked by another command, which holds a lock that waiting cannot release (after %v): nothing was saved; run the command again", path, waited.Round(time.Millisecond))
}

// stayedLocked says that a writer waited for its turn (queue.go) or for
// SQLite's write lock for as long as it could, waited, and gave up.
func stayedLocked(path string, waited time.Duration) error {
	return outflank.Errorf(outflank.ECONFLICT, "database %s stayed locked for %v by another command that is writing: nothing was saved; run the command again once it has finished", path, waited)
}

// notOutflank is the error for a file that is not an Outflank database.
func notOutflank(path, why string) error {
	return outflank.Errorf(outflank.EINVALID, "%s is not an Outflank database (%s): nothing was read or written; give another --db file", path, why)
}

// damaged is the error for a database that failed a check: nothing is
// written into it.
func damaged(path, why string) error {
	return outflank.Errorf(outflank.EINVALID, "database %s is damaged (%s): nothing was read or written; restore it from a backup, or keep a copy and try 'sqlite3 %s .recover'", path, why, path)
}
