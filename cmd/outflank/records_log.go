package main

import (
	"context"
	"time"
)

// recordsLog is one of the federation's own logs (the accounts', the
// members'): how to read its latest changes, and what to say when there is
// none yet.
type recordsLog[T any] struct {
	name, usage, none string
	read              func(db database, ctx context.Context, limit int) ([]T, error)
	line              func(T) (id int64, at time.Time, actor, summary string)
}

// run prints the log's latest changes, newest first as the store gives
// them, as lines or (--json) one JSON list.
func (l recordsLog[T]) run(e *env, args []string) error {
	fs := e.newFlags(l.name, l.usage)
	limit := fs.Int("limit", 50, "how many of the latest changes to show")
	asJSON := fs.Bool("json", false, "print the changes as JSON")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *limit < 1 {
		return usagef("usage: outflank %s (N from 1)", l.usage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		list, err := l.read(db, ctx, min(*limit, 100000))
		if err != nil {
			return err
		}
		if *asJSON {
			if list == nil {
				list = []T{}
			}
			return writeJSON(e.stdout, list)
		}
		if len(list) == 0 {
			e.printf(e.stdout, "%s\n", l.none)
		}
		for _, ev := range list {
			id, at, actor, summary := l.line(ev)
			e.printf(e.stdout, "#%-5d %s  %-24s %s\n", id, at.Local().Format("2006-01-02 15:04:05"), actorOrUnknown(actor), summary)
		}
		return nil
	})
}
