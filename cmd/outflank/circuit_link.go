package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"outflank"
	"outflank/circuit"
	"outflank/sqlite"
)

const (
	circuitLinkUsage   = "circuit link SLUG PLAYER-A PLAYER-B"
	circuitDecideUsage = "circuit decide SLUG --winner PLAYER --reason TEXT"
	circuitLogUsage    = "circuit log SLUG [--json]"
)

// runCircuitLink merges B into A: the standings then show one player,
// named as A.
func runCircuitLink(e *env, args []string) error {
	fs := e.newFlags("circuit link", circuitLinkUsage)
	slug, rest, err := e.parseSlug(fs, args, 2, circuitLinkUsage)
	if err != nil {
		return err
	}
	_, table, err := e.loadCircuit(slug)
	if err != nil {
		return err
	}
	a, err := table.FindIdentity(rest[0])
	if err != nil {
		return err
	}
	b, err := table.FindIdentity(rest[1])
	if err != nil {
		return err
	}
	if t, ok := table.SharesTournament(a, b); ok {
		return outflank.Errorf(outflank.ECONFLICT, "%s and %s both played %s: they are two people, not linked", rest[0], rest[1], t)
	}
	return e.withStore(func(ctx context.Context, db *sqlite.DB) error {
		err := db.UpdateCircuit(ctx, slug, outflank.CircuitLinkAction, func(c *outflank.Circuit) (string, error) {
			return fmt.Sprintf("linked %s to %s: one player", rest[1], rest[0]), c.Link(a, b)
		})
		if err != nil {
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
	c, table, err := e.loadCircuit(slug)
	if err != nil {
		return err
	}
	if c.Rules != circuit.BOFGP {
		return outflank.Errorf(outflank.EINVALID, "circuit %s follows the EGP rules: players still tied are considered equal (EGP I.2.5), no decision is recorded", slug)
	}
	key, err := table.FindIdentity(*winner)
	if err != nil {
		return err
	}
	s, _ := table.Line(key)
	if !s.Undecided && !s.Decided {
		return outflank.Errorf(outflank.EINVALID, "%s is not tied for first place after comparing best results (BOF Grand Prix 6): no decision is needed", *winner)
	}
	return e.withStore(func(ctx context.Context, db *sqlite.DB) error {
		err := db.UpdateCircuit(ctx, slug, outflank.CircuitDecide, func(c *outflank.Circuit) (string, error) {
			return fmt.Sprintf("decided the winner: %s (%s)", *winner, *reason), c.Decide(key, *reason)
		})
		if err != nil {
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
	err = e.withStore(func(ctx context.Context, db *sqlite.DB) error {
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
