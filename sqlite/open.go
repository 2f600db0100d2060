package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"outflank"
	"outflank/internal/memo"
)

// openFiles keeps, for each database file this process has open, how many
// handles are open on it and the queue its writers share (queue.go). The
// checks that read a file's bytes before SQLite opens it run only for the
// first handle: closing any descriptor of a file drops every POSIX lock the
// process holds on it, SQLite's included.
var openFiles = struct {
	sync.Mutex
	m map[string]*openFile
}{m: map[string]*openFile{}}

// openFile is what the process shares among its handles on one file.
type openFile struct {
	handles int
	queue   *writeQueue
}

// register counts a handle on abs and reports whether it is the first; it
// returns the file's write queue.
func register(abs string) (first bool, queue *writeQueue, release func()) {
	openFiles.Lock()
	defer openFiles.Unlock()
	f := openFiles.m[abs]
	if f == nil {
		f = &openFile{queue: newWriteQueue()}
		openFiles.m[abs] = f
	}
	f.handles++
	var once sync.Once
	return f.handles == 1, f.queue, func() {
		once.Do(func() {
			openFiles.Lock()
			defer openFiles.Unlock()
			if f.handles--; f.handles == 0 {
				delete(openFiles.m, abs)
			}
		})
	}
}

func open(ctx context.Context, path string, opts Options) (_ *DB, err error) {
	if path == "" {
		return nil, outflank.Errorf(outflank.EINVALID, "no database path: give --db FILE")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "database %s: %v", path, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		// SQLite keeps the -wal and -shm files beside the file a link
		// points to, so the checks look there too.
		abs = real
	}
	dir := filepath.Dir(abs)
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return nil, outflank.Errorf(outflank.EINVALID, "database %s: the folder %s does not exist", path, filepath.Dir(path))
	}
	first, queue, release := register(abs)
	defer func() {
		if err != nil {
			release()
		}
	}()
	created, err := createIfAsked(path, abs, opts.Create)
	if err != nil {
		return nil, err
	}
	db := &DB{path: path, abs: abs, readOnly: !writable(abs), Now: time.Now, release: release, created: created, queue: queue, memo: memo.New(memo.DefaultMax), readOnce: opts.ReadOnce}
	if first {
		if err := db.checkFiles(created || opts.Create); err != nil {
			return nil, err
		}
	}
	if db.readOnly && !walHoldsPages(abs) {
		// Without a log, the file holds every committed change. SQLite
		// can read a WAL database from a folder it cannot write only as
		// an immutable file; readonly.go checks that it does not change.
		db.immutable = true
	}
	if db.id, err = identify(abs); err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "database %s disappeared while it was being opened: nothing was read or written", path)
	}
	if db.db, err = sql.Open("sqlite", db.dsn()); err != nil {
		return nil, translate(fmt.Errorf("opening %s: %w", path, err), path)
	}
	if err := db.initialize(ctx, opts); err != nil {
		db.db.Close()
		return nil, err
	}
	return db, nil
}

// createIfAsked checks that the database file exists, or creates it
// (private to its owner: it holds birth dates and contact details) when
// create is set. It reports whether it created the file.
func createIfAsked(path, abs string, create bool) (bool, error) {
	info, err := os.Lstat(abs)
	switch {
	case err == nil && info.Mode()&fs.ModeSymlink != 0:
		return false, outflank.Errorf(outflank.EINVALID, "database %s is a symbolic link to nothing: give the path of the database file", path)
	case errors.Is(err, fs.ErrNotExist):
		if !create {
			return false, outflank.Errorf(outflank.ENOTFOUND, "no database at %s: 'outflank new' creates one with its first tournament, 'outflank user add NAME --admin' with its first administrator (or give --db the path of yours)", path)
		}
		if !writable(abs) {
			return false, outflank.Errorf(outflank.EINVALID, "cannot create database %s: its folder is read-only; nothing was saved", path)
		}
		f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			return false, nil // another command created it at this very moment
		}
		if err != nil {
			return false, outflank.Errorf(outflank.EINVALID, "cannot create database %s: %v", path, unwrapPathError(err))
		}
		return true, f.Close()
	case err != nil:
		return false, outflank.Errorf(outflank.EINVALID, "database %s: %v", path, unwrapPathError(err))
	}
	if !info.Mode().IsRegular() {
		return false, outflank.Errorf(outflank.EINVALID, "database %s is %s, not a database file: give the path of a file", path, describeMode(info.Mode()))
	}
	return false, nil
}

// describeMode names a kind of file that is not a regular file.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

func unwrapPathError(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// checkFiles checks the file and its write-ahead log before SQLite opens
// them: an SQLite file, not truncated, not an older copy beside a newer log.
// An empty file is a new database only for a command that may create one.
func (db *DB) checkFiles(mayBeNew bool) error {
	h, err := readHeader(db.abs, db.path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return outflank.Errorf(outflank.EINVALID, "database %s cannot be read: permission denied", db.path)
		}
		if _, ok := errors.AsType[*outflank.Error](err); ok {
			return err
		}
		return outflank.Errorf(outflank.EINVALID, "database %s: %v", db.path, unwrapPathError(err))
	}
	if h.size == 0 && !mayBeNew && !walHoldsPages(db.abs) {
		return notOutflank(db.path, "it is an empty file; 'outflank new' creates a database")
	}
	wal, err := readWAL(db.abs + "-wal")
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "database %s: its write-ahead log %s-wal cannot be read: %v", db.path, db.path, unwrapPathError(err))
	}
	if !wal.committed {
		return h.checkSize(db.path)
	}
	if !wal.belongs(h) && !inUseElsewhere(db.abs) {
		return outflank.Errorf(outflank.EINVALID, "database %[1]s is not the file its write-ahead log %[1]s-wal was written for "+
			"(the file was probably restored from a backup, or replaced, while a crashed command's log was beside it): nothing was read or written. "+
			"If %[1]s is the copy you want, move %[1]s-wal and %[1]s-shm out of its folder first; otherwise put back the file that belongs with the log", db.path)
	}
	return nil
}

// walHoldsPages reports whether the database at abs has a write-ahead log
// with anything in it (more than a header).
func walHoldsPages(abs string) bool {
	info, err := os.Stat(abs + "-wal")
	return err == nil && info.Size() > 32
}

// dsn is the data source name: always a file: URI, so that a path with
// "?", "#" or "%" names exactly that file.
func (db *DB) dsn() string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "foreign_keys(1)")
	switch {
	case db.immutable:
		q.Set("mode", "ro")
		q.Set("immutable", "1")
	case db.readOnly:
		q.Set("mode", "ro")
	default:
		// rw: SQLite never creates the file (createIfAsked does).
		// WAL mode is set by initialize, once the file is known to be an
		// Outflank database: setting it writes to the file.
		q.Set("mode", "rw")
		q.Add("_pragma", "synchronous(FULL)")
		q.Set("_txlock", "immediate")
	}
	return "file:" + uriPath(db.abs) + "?" + q.Encode()
}

// uriPath escapes an absolute path for a file: URI: SQLite decodes %HH
// and ends the path at "?" or "#".
func uriPath(abs string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(abs))
}

// initialize runs the first queries, which open the connection, checks the
// schema and brings it up to date. Another command creating or upgrading
// the same database at this moment can make SQLite refuse a lock at once
// instead of waiting; initialize then tries again until busyTimeout.
func (db *DB) initialize(ctx context.Context, opts Options) error {
	start := time.Now()
	for delay := 2 * time.Millisecond; ; delay = min(2*delay, 50*time.Millisecond) {
		err := db.initializeOnce(ctx, opts)
		if err == nil || !isBusy(err) {
			return translate(err, db.path)
		}
		if time.Since(start) >= busyTimeout {
			return outflank.Errorf(outflank.ECONFLICT, "database %s stayed locked for %v while it was being opened (another command is creating or upgrading it): run the command again", db.path, busyTimeout)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay + rand.N(delay)): // jitter: colliding openers spread out
		}
	}
}

func (db *DB) initializeOnce(ctx context.Context, opts Options) error {
	if err := db.checkSchema(ctx, opts.Create); err != nil {
		return err
	}
	if !db.readOnly {
		var mode string
		if err := db.db.QueryRowContext(ctx, `PRAGMA journal_mode = WAL`).Scan(&mode); err != nil {
			return fmt.Errorf("setting WAL mode: %w", err)
		}
	}
	if err := db.migrate(ctx); err != nil {
		return err
	}
	if err := db.quickCheck(ctx, opts.QuickCheckLimit); err != nil {
		return err
	}
	var counter int64
	var encoding string
	if err := db.db.QueryRowContext(ctx, `SELECT user_version, encoding FROM pragma_user_version, pragma_encoding`).Scan(&counter, &encoding); err != nil {
		return fmt.Errorf("reading the commit counter: %w", err)
	}
	db.see(counter)
	db.utf16 = encoding != "UTF-8"
	return nil
}

// quickCheck runs PRAGMA quick_check on a database no larger than limit:
// it reads every page, so it runs only where that is cheap.
func (db *DB) quickCheck(ctx context.Context, limit int64) error {
	if limit == 0 {
		limit = defaultQuickCheckLimit
	}
	info, err := os.Stat(db.abs)
	if err != nil || limit < 0 || info.Size() > limit {
		return nil
	}
	var result string
	if err := db.db.QueryRowContext(ctx, `PRAGMA quick_check(1)`).Scan(&result); err != nil {
		if sqliteCode(err)&0xff == codeCorrupt {
			return damaged(db.path, "SQLite's quick_check could not read it")
		}
		return err
	}
	if result != "ok" {
		return damaged(db.path, "SQLite's quick_check says: "+result)
	}
	return nil
}
