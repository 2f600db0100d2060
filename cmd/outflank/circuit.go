package main

import (
	"context"
	"strings"

	"outflank"
	"outflank/circuit"
)

const (
	circuitNewUsage    = "circuit new SLUG --rules egp|bof-gp --year YYYY [--name NAME]"
	circuitAddUsage    = "circuit add SLUG TOURNAMENT... [--force REASON]"
	circuitRemoveUsage = "circuit remove SLUG TOURNAMENT..."
)

var circuitCommands = map[string]command{
	"new":       {usage: circuitNewUsage, help: "create a circuit: the EGP (EGP I.2.5) or the BOF Grand Prix", run: runCircuitNew},
	"add":       {usage: circuitAddUsage, help: "add tournaments of this database to a circuit (bof-gp: Regionals only, BOF GP 1)", run: runCircuitAdd},
	"remove":    {usage: circuitRemoveUsage, help: "take tournaments out of a circuit", run: runCircuitRemove},
	"standings": {usage: circuitStandingsUsage, help: "the circuit's standings, each player's results, those that count marked", run: runCircuitStandings},
	"show":      {usage: circuitShowUsage, help: "one player's results in a circuit", run: runCircuitShow},
	"link":      {usage: circuitLinkUsage, help: "record that two players of a circuit are one person (audited)", run: runCircuitLink},
	"decide":    {usage: circuitDecideUsage, help: "record the play-off or coin toss that decides a tied winner (BOF GP 6; audited)", run: runCircuitDecide},
	"log":       {usage: circuitLogUsage, help: "the circuit's changes: who added, removed, linked, decided", run: runCircuitLog},
	"unlink":    {usage: circuitUnlinkUsage, help: "take back a link: two players again (audited)", run: runCircuitUnlink},
	"undo":      {usage: circuitUndoUsage, help: "undo the circuit's last change (audited)", run: runCircuitUndo},
	"delete":    {usage: circuitDeleteUsage, help: "delete a circuit, keeping a record of it with its log (asks for the slug again)", run: runCircuitDelete},
	"restore":   {usage: circuitRestoreUsg, help: "bring a deleted circuit back from its record", run: runCircuitRestore},
}

func runCircuit(e *env, args []string) error {
	return e.subcommand("circuit", circuitCommands, args)
}

func runCircuitNew(e *env, args []string) error {
	fs := e.newFlags("circuit new", circuitNewUsage)
	rulesFlag := fs.String("rules", "", "egp (EGP rules 2014, I.2.5) or bof-gp (BOF rules 2019, Grand Prix)")
	year := fs.Int("year", 0, "the circuit's `year` (YYYY)")
	name := fs.String("name", "", "the circuit's `name` (default: from the rules and the year)")
	slug, _, err := e.parseSlug(fs, args, 0, circuitNewUsage)
	if err != nil {
		return err
	}
	r, err := circuit.ParseRules(*rulesFlag)
	if err != nil {
		return usagef("circuit new: --rules %q: give egp or bof-gp", *rulesFlag)
	}
	if *year == 0 {
		return usagef("circuit new: give the year: --year YYYY")
	}
	c := &outflank.Circuit{Slug: slug, Name: *name, Rules: r, Year: *year}
	if c.Name == "" {
		c.Name = outflank.CircuitName(r, *year)
	}
	if err := c.Validate(); err != nil {
		return err
	}
	return e.withNewStore(func(ctx context.Context, db database) error {
		if err := db.CreateCircuit(ctx, c); err != nil {
			return err
		}
		e.printf(e.stdout, "created circuit %s: %s, %s; add tournaments with 'outflank circuit add %s TOURNAMENT...'\n", slug, c.Name, outflank.CircuitRulesName(r), slug)
		return nil
	})
}

// circuitSlugAndMore parses SLUG and at least one more argument.
func (e *env) circuitSlugAndMore(name, usage string, args []string) (string, []string, error) {
	fs := e.newFlags(name, usage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return "", nil, err
	}
	if len(pos) < 2 {
		return "", nil, usagef("usage: outflank %s", usage)
	}
	return pos[0], pos[1:], nil
}

func runCircuitAdd(e *env, args []string) error {
	fs := e.newFlags("circuit add", circuitAddUsage)
	force := fs.String("force", "", "add a tournament of another federation's ruleset all the same, for this `reason`, recorded in the circuit's log")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef("usage: outflank %s", circuitAddUsage)
	}
	slug, tours := pos[0], pos[1:]
	return e.withStore(func(ctx context.Context, db database) error {
		warnings, err := outflank.AddCircuitTournamentsForced(ctx, db, db, slug, tours, *force)
		if err != nil {
			if outflank.ErrorCode(err) == outflank.EINVALID && strings.Contains(err.Error(), "another federation's") {
				return outflank.Errorf(outflank.EINVALID, "%s (--force REASON)", outflank.ErrorMessage(err))
			}
			return err
		}
		for _, w := range warnings {
			e.printf(e.stderr, "warning: %s\n", w)
		}
		e.printf(e.stdout, "added %s to circuit %s\n", strings.Join(tours, ", "), slug)
		return nil
	})
}

func runCircuitRemove(e *env, args []string) error {
	slug, tours, err := e.circuitSlugAndMore("circuit remove", circuitRemoveUsage, args)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := outflank.RemoveCircuitTournaments(ctx, db, slug, tours); err != nil {
			return err
		}
		e.printf(e.stdout, "removed %s from circuit %s\n", strings.Join(tours, ", "), slug)
		return nil
	})
}
