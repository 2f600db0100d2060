package main

import (
	"context"

	"outflank"
	"outflank/sqlite"
)

func runUndo(e *env, args []string) error {
	fs := e.newFlags("undo", "undo SLUG")
	slug, _, err := e.parseSlug(fs, args, 0, "undo SLUG")
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db *sqlite.DB) error {
		ev, err := db.Undo(ctx, slug)
		if err != nil {
			return err
		}
		e.saved(ev, "")
		return nil
	})
}

func runLog(e *env, args []string) error {
	fs := e.newFlags("log", "log SLUG [--json]")
	asJSON := fs.Bool("json", false, "print the events, with every row before and after, as JSON")
	slug, _, err := e.parseSlug(fs, args, 0, "log SLUG [--json]")
	if err != nil {
		return err
	}
	var events []outflank.Event
	err = e.withStore(func(ctx context.Context, db *sqlite.DB) error {
		events, err = db.Log(ctx, slug)
		return err
	})
	if err != nil {
		return err
	}
	if *asJSON {
		if events == nil {
			events = []outflank.Event{}
		}
		return writeJSON(e.stdout, events)
	}
	for _, ev := range events {
		note := ""
		if ev.UndoneBy != 0 {
			note = "  [undone by #" + itoa(int(ev.UndoneBy)) + "]"
		}
		e.printf(e.stdout, "#%-5d %s  %-18s %s%s\n", ev.ID, ev.At.Local().Format("2006-01-02 15:04:05"), ev.Kind, ev.Summary, note)
	}
	return nil
}
