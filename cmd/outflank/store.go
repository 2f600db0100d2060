package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"outflank"
	"outflank/sqlite"
)

// withStore opens the existing database named by --db, runs fn on it and
// closes it. A database that does not exist is an error: only the commands
// that make a tournament create one (withNewStore).
func (e *env) withStore(fn func(ctx context.Context, db database) error) error {
	return e.storeDo(sqlite.Options{}, fn)
}

// withNewStore is withStore for a command that may create the database.
func (e *env) withNewStore(fn func(ctx context.Context, db database) error) error {
	return e.storeDo(sqlite.Options{Create: true}, fn)
}

func (e *env) storeDo(opts sqlite.Options, fn func(ctx context.Context, db database) error) error {
	ctx, err := e.commandContext()
	if err != nil {
		return err
	}
	db, err := e.openStoreWith(ctx, e.db, opts)
	if err != nil {
		return err
	}
	defer db.Close()
	return fn(ctx, db)
}

// load reads a tournament, in one consistent snapshot. It reads it once,
// so a SQLite store keeps nothing in memory (sqlite.Options.ReadOnce).
func (e *env) load(slug string) (*outflank.Tournament, error) {
	var t *outflank.Tournament
	err := e.storeDo(sqlite.Options{ReadOnce: true}, func(ctx context.Context, db database) error {
		var err error
		t, err = db.Tournament(ctx, slug)
		return err
	})
	return t, err
}

// loadOnly parses a command that takes only a slug and --json, and loads
// the tournament; asJSON reports --json.
func (e *env) loadOnly(name string, args []string) (t *outflank.Tournament, asJSON bool, err error) {
	usage := name + " SLUG [--json]"
	fs := e.newFlags(name, usage)
	jsonFlag := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return nil, false, err
	}
	t, err = e.load(slug)
	return t, *jsonFlag, err
}

// saved reports a committed change. It is called only after the commit:
// what is reported saved is saved.
func (e *env) saved(ev *outflank.Event, suffix string) {
	e.printf(e.stdout, "saved: %s%s (event #%d)\n", ev.Summary, suffix, ev.ID)
}

// update runs one change on a tournament in one transaction and reports it.
func (e *env) update(slug, kind string, change func(t *outflank.Tournament) (string, error)) error {
	ev, err := e.apply(slug, kind, change)
	if err != nil {
		return err
	}
	e.saved(ev, "")
	return nil
}

// apply runs one change on a tournament in one transaction, printing nothing.
func (e *env) apply(slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	var ev *outflank.Event
	err := e.withStore(func(ctx context.Context, db database) error {
		var err error
		ev, err = db.Update(ctx, slug, kind, change)
		return err
	})
	return ev, err
}

// parseSlug parses a command's flags and its positional arguments: a slug
// and n more.
func (e *env) parseSlug(fs *flag.FlagSet, args []string, n int, usage string) (string, []string, error) {
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return "", nil, err
	}
	return oneSlug(pos, n, usage)
}

// oneSlug checks that the positional arguments are exactly a slug and n more.
func oneSlug(pos []string, n int, usage string) (string, []string, error) {
	if len(pos) != n+1 {
		return "", nil, usagef("usage: outflank %s", usage)
	}
	return pos[0], pos[1:], nil
}

// repeated is a flag that may be given several times (--pair A-B --pair C-D).
type repeated []string

func (r *repeated) String() string     { return strings.Join(*r, ",") }
func (r *repeated) Set(v string) error { *r = append(*r, v); return nil }

func itoa(n int) string { return fmt.Sprint(n) }
