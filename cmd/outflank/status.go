package main

import (
	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/report"
	"outflank/rules"
	"outflank/simulate"
	"outflank/words"
)

func runStatus(e *env, args []string) error {
	t, asJSON, err := e.loadOnly("status", args)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(e.stdout, report.StatusOf(t))
	}
	e.printf(e.stdout, "%s\nsystem: %s\n", t.Status().Text, t.System())
	e.printf(e.stdout, "%s", unratedWarning(t))
	return nil
}

const simulateUsage = "simulate --rules RULESET --players N [--rounds N] [--seed S] [--json]"

func runSimulate(e *env, args []string) error {
	fs := e.newFlags("simulate", simulateUsage)
	ruleset := fs.String("rules", "", "the ruleset: woc, egp, aof, bof-regional, bof-national or custom")
	players := fs.Int("players", 0, "the number of players")
	rounds := fs.Int("rounds", 0, "rounds of the main stage (default: the ruleset's plan for the field)")
	seedText := fs.String("seed", "", "seed of the whole event (default: drawn); the same seed gives the same event")
	asJSON := fs.Bool("json", false, "print the tournament file")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *ruleset == "" || *players == 0 {
		return usagef("usage: outflank %s", simulateUsage)
	}
	if _, ok := rules.Get(rules.ID(*ruleset)); !ok {
		return outflank.Errorf(outflank.EINVALID, "unknown ruleset %q: use woc, egp, aof, bof-regional, bof-national or custom", *ruleset)
	}
	if *players < 2 || *players > 100000 || *rounds < 0 {
		return outflank.Errorf(outflank.EINVALID, "simulate %s and %s: give 2 to 100000 players and 0 or more rounds", words.Count(*players, "player"), words.Count(*rounds, "round"))
	}
	seed, err := director.ParseSeed(*seedText)
	if err != nil {
		return err
	}
	opts := simulate.Options{Rules: rules.ID(*ruleset), Players: *players, Rounds: *rounds, Seed: seed}
	if f := terminalFile(e.stderr); f != nil {
		opts.Progress = func(played, planned int) {
			e.printf(f, "\r%s round %d (%d planned)", bar(played, planned), played, planned)
		}
	}
	t, err := simulate.Event(opts)
	if opts.Progress != nil {
		e.printf(e.stderr, "\n")
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return exchange.WriteJSON(e.stdout, t)
	}
	e.printf(e.stdout, "%s (seed %d)\n%s\n", t.Name, seed, t.Status().Text)
	// The event is complete: its order of finish, as standings shows it,
	// the first ten places of each title.
	doc, err := report.StandingsOf(t, "", 0, false)
	if err != nil {
		return err
	}
	e.printf(e.stdout, "%s", standingsText(doc.Top(10), t))
	return nil
}

func bar(done, total int) string {
	const width = 30
	n := 0
	if total > 0 {
		n = min(width, width*done/total)
	}
	b := make([]byte, width)
	for i := range b {
		b[i] = '.'
		if i < n {
			b[i] = '#'
		}
	}
	return "[" + string(b) + "]"
}
