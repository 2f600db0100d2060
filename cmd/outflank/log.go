package main

import (
	"context"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/words"
)

const undoUsage = "undo SLUG [--expect N]"

func runUndo(e *env, args []string) error {
	fs := e.newFlags("undo", undoUsage)
	expect := fs.Int64("expect", 0, "undo only if change `N` (as 'outflank log' numbers it) is still the latest")
	slug, _, err := e.parseSlug(fs, args, 0, undoUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		ev, err := director.Undo(ctx, db, slug, *expect)
		if err != nil {
			return err
		}
		e.saved(ev, "")
		return nil
	})
}

const logUsage = "log SLUG [--json] [--verify [--head HASH]]"

func runLog(e *env, args []string) error {
	fs := e.newFlags("log", logUsage)
	asJSON := fs.Bool("json", false, "print the events, with every row before and after, as JSON")
	verify := fs.Bool("verify", false, "check the log's hash chain and that it leads to the stored tournament; print the head hash")
	head := fs.String("head", "", "with --verify: check that the log still holds the entry with this `hash`, as kept from an earlier --verify")
	slug, _, err := e.parseSlug(fs, args, 0, logUsage)
	if err != nil {
		return err
	}
	if *head != "" && !*verify {
		return usagef("log: --head goes with --verify")
	}
	if *verify {
		return e.verifyLog(slug, strings.ToLower(strings.TrimSpace(*head)))
	}
	var events []outflank.Event
	err = e.withStore(func(ctx context.Context, db database) error {
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
		actor := ev.Actor
		if actor == "" {
			actor = "-"
		}
		e.printf(e.stdout, "#%-5d %s  %-12s %-18s %s%s\n", ev.ID, ev.At.Local().Format("2006-01-02 15:04:05"), actor, ev.Kind, ev.Summary, note)
	}
	return nil
}

// verifyLog checks the tournament's log (outflank.AuditLog.Verify) and,
// with head, that the entry a federation kept the hash of is still in it.
func (e *env) verifyLog(slug, head string) error {
	var a *outflank.AuditLog
	err := e.withStore(func(ctx context.Context, db database) error {
		var err error
		a, err = db.Audit(ctx, slug)
		return err
	})
	if err != nil {
		return err
	}
	last, err := a.Verify()
	if err != nil {
		return outflank.Errorf(outflank.ErrorCode(err), "the log of %s does not verify: %s", slug, outflank.ErrorMessage(err))
	}
	e.printf(e.stdout, "the log of %s is intact: %s, head %s\n", slug, words.Count(len(a.Events), "entry"), last)
	if head == "" {
		return nil
	}
	for i, ev := range a.Events {
		if ev.Hash == head {
			e.printf(e.stdout, "entry #%d has the hash %s: nothing up to it has changed since; %s %s it\n", ev.ID, head, words.Count(len(a.Events)-1-i, "entry"), words.Verb(len(a.Events)-1-i, "follows", "follow"))
			return nil
		}
	}
	return outflank.Errorf(outflank.ECONFLICT, "no entry of the log of %s has the hash %s: the log was rewritten since that hash was kept, or the hash belongs to another tournament or database", slug, head)
}
