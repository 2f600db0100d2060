package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"outflank"
)

const (
	circuitLinkUsage   = "circuit link SLUG PLAYER-A PLAYER-B"
	circuitDecideUsage = "circuit decide SLUG --winner PLAYER --reason TEXT"
	circuitLogUsage    = "circuit log SLUG [--json]"
	circuitUnlinkUsage = "circuit unlink SLUG PLAYER"
	circuitUndoUsage   = "circuit undo SLUG"
)

// runCircuitUnlink takes back the link that merged PLAYER into another.
func runCircuitUnlink(e *env, args []string) error {
	fs := e.newFlags("circuit unlink", circuitUnlinkUsage)
	slug, rest, err := e.parseSlug(fs, args, 1, circuitUnlinkUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := outflank.UnlinkCircuitPlayer(ctx, db, slug, rest[0]); err != nil {
			return err
		}
		e.printf(e.stdout, "unlinked %s: two players again in circuit %s\n", rest[0], slug)
		return nil
	})
}

func runCircuitUndo(e *env, args []string) error {
	fs := e.newFlags("circuit undo", circuitUndoUsage)
	slug, _, err := e.parseSlug(fs, args, 0, circuitUndoUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		summary, err := outflank.UndoCircuitChange(ctx, db, slug)
		if err != nil {
			return err
		}
		e.printf(e.stdout, "circuit %s: %s\n", slug, summary)
		return nil
	})
}

// runCircuitLink merges B into A: the standings then show one player,
// named as A.
func runCircuitLink(e *env, args []string) error {
	fs := e.newFlags("circuit link", circuitLinkUsage)
	slug, rest, err := e.parseSlug(fs, args, 2, circuitLinkUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := outflank.LinkCircuitPlayers(ctx, db, db, slug, rest[0], rest[1]); err != nil {
			return err
		}
		e.printf(e.stdout, "linked %s to %s: one player in circuit %s\n", rest[1], rest[0], slug)
		return nil
	})
}

func runCircuitDecide(e *env, args []string) error {
	fs := e.newFlags("circuit decide", circuitDecideUsage)
	winner := fs.String("winner", "", "the `player` the play-off game or the coin toss made the winner")
	reason := fs.String("reason", "", "what decided it (\"play-off game 2026-10-01, 40-24\", \"coin toss by the chairman\")")
	slug, _, err := e.parseSlug(fs, args, 0, circuitDecideUsage)
	if err != nil {
		return err
	}
	if *winner == "" || strings.TrimSpace(*reason) == "" {
		return usagef("usage: outflank %s", circuitDecideUsage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := outflank.DecideCircuit(ctx, db, db, slug, *winner, *reason); err != nil {
			return err
		}
		e.printf(e.stdout, "recorded: %s wins circuit %s (%s)\n", *winner, slug, *reason)
		return nil
	})
}

func runCircuitLog(e *env, args []string) error {
	fs := e.newFlags("circuit log", circuitLogUsage)
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, circuitLogUsage)
	if err != nil {
		return err
	}
	var events []outflank.CircuitEvent
	err = e.withStore(func(ctx context.Context, db database) error {
		events, err = db.CircuitLog(ctx, slug)
		return err
	})
	if err != nil {
		return err
	}
	if *asJSON {
		if events == nil {
			events = []outflank.CircuitEvent{}
		}
		return writeJSON(e.stdout, events)
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, ev := range events {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\n", ev.ID, ev.At.Format("2006-01-02 15:04"), ev.Actor, ev.Summary)
	}
	w.Flush()
	e.printf(e.stdout, "%s", b.String())
	return nil
}
