package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"outflank/words"
	"strings"

	"outflank/director"
)

const (
	removeUsage        = "remove SLUG [--yes] [-o FILE]"
	restoreUsage       = "restore SLUG"
	circuitDeleteUsage = "circuit delete SLUG [--yes]"
	circuitRestoreUsg  = "circuit restore SLUG"
)

// confirmation is the slug typed again to confirm a removal: SLUG itself
// with --yes, else the line read from the standard input after asking.
func (e *env) confirmation(kind, slug string, yes bool) string {
	if yes {
		return slug
	}
	e.printf(e.stderr, "%s %s will be removed (a record is kept: 'outflank %s' brings it back). Type its slug to confirm: ", kind, slug, restoreCommand(kind, slug))
	line, _ := bufio.NewReader(e.stdin).ReadString('\n')
	return strings.TrimSpace(line)
}

func restoreCommand(kind, slug string) string {
	if kind == "circuit" {
		return "circuit restore " + slug
	}
	return "restore " + slug
}

// runRemove removes a tournament, keeping its record (director.RemoveTournament).
func runRemove(e *env, args []string) error {
	fs := e.newFlags("remove", removeUsage)
	yes := fs.Bool("yes", false, "do not ask for the slug to be typed again")
	out := fs.String("o", "", "also write the record (the tournament file with its whole audit log, which 'import' reads back whole) to `file`")
	slug, _, err := e.parseSlug(fs, args, 0, removeUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if _, err := db.Tournament(ctx, slug); err != nil {
			return err
		}
		r, err := director.RemoveTournament(ctx, db, slug, e.confirmation("tournament", slug, *yes))
		if err != nil {
			return err
		}
		e.printf(e.stdout, "removed tournament %s; its log's last hash was %s; a record with its whole log is kept: 'outflank restore %s' brings it back\n", slug, r.Head, slug)
		if *out == "" {
			return nil
		}
		err = writeFileAtomically(*out, exportPerm("json"), func(w io.Writer) error {
			_, err := w.Write(r.Record)
			return err
		})
		if err != nil {
			return fmt.Errorf("the record is kept in the database, but writing it to %s failed: %w", *out, err)
		}
		e.printf(e.stdout, "wrote the record to %s ('outflank import %s' reads it back whole)\n", *out, *out)
		return nil
	})
}

// runRestore brings a removed tournament back from its record.
func runRestore(e *env, args []string) error {
	fs := e.newFlags("restore", restoreUsage)
	slug, _, err := e.parseSlug(fs, args, 0, restoreUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		rec, err := director.RestoreTournament(ctx, db, slug)
		if err != nil {
			return err
		}
		e.printf(e.stdout, "restored tournament %s (%s) with its log of %s; its last hash is %s, as when it was removed ('outflank log %s --verify' checks it)\n",
			slug, rec.Tournament.Name, words.Count(len(rec.Events), "entry"), rec.Head, slug)
		return nil
	})
}

func runCircuitDelete(e *env, args []string) error {
	fs := e.newFlags("circuit delete", circuitDeleteUsage)
	yes := fs.Bool("yes", false, "do not ask for the slug to be typed again")
	slug, _, err := e.parseSlug(fs, args, 0, circuitDeleteUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if _, err := db.Circuit(ctx, slug); err != nil {
			return err
		}
		if _, err := director.DeleteCircuit(ctx, db, slug, e.confirmation("circuit", slug, *yes)); err != nil {
			return err
		}
		e.printf(e.stdout, "deleted circuit %s; a record with its log is kept: 'outflank circuit restore %s' brings it back\n", slug, slug)
		return nil
	})
}

func runCircuitRestore(e *env, args []string) error {
	fs := e.newFlags("circuit restore", circuitRestoreUsg)
	slug, _, err := e.parseSlug(fs, args, 0, circuitRestoreUsg)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		c, err := director.RestoreCircuit(ctx, db, slug)
		if err != nil {
			return err
		}
		e.printf(e.stdout, "restored circuit %s (%s) with its %s\n", slug, c.Name, words.Count(len(c.Tournaments), "tournament")+" and its log")
		return nil
	})
}
