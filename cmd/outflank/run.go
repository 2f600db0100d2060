package main

import (
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// command is one verb of the command line.
type command struct {
	usage string // after "outflank "
	help  string // one line
	run   func(e *env, args []string) error
}

// commands lists the top-level verbs. Later issues add tournament commands
// here, one file each.
var commands = map[string]command{
	"game":       {usage: "game replay|perft|wthor ...", help: "play and check games by the rules of Othello", run: runGame},
	"new":        {usage: "new SLUG --name NAME --rules RULESET [--rounds N] [--date D]", help: "create a tournament", run: runNew},
	"list":       {usage: "list [--json]", help: "list the tournaments", run: runList},
	"settings":   {usage: "settings SLUG [--name N] [--rules R] [--rounds N] [--minutes M] [--place CCC] [--clocks yes|no] [--told yes|no]", help: "change a tournament's settings (before round 1; whether its games are rated, at any time)", run: runSettings},
	"playerdb":   {usage: "playerdb load FILE | playerdb show", help: "store the WOF player database for the web console's search", run: runPlayerDB},
	"player":     {usage: "player add|import|edit|list|find|absent|return|withdraw|remove ...", help: "register players, list them, record absences and withdrawals", run: runPlayer},
	"round":      {usage: "round add|show SLUG ...", help: "enter a round by hand, or show a round's pairings", run: runRound},
	"pair":       {usage: "pair SLUG [--explain] [--fix A-B] [--seed S]", help: "pair the next round by the ruleset (round robin or Swiss)", run: runPair},
	"circuit":    {usage: "circuit new|add|remove|standings|show|link|unlink|decide|undo|log|delete|restore ...", help: "EGP and BOF Grand Prix circuits: points, standings, decisions", run: runCircuit},
	"rating":     {usage: "rating compute|history|event ...", help: "the WOF rating list: compute it, a player's history, what an event changes", run: runRating},
	"status":     {usage: "status SLUG [--json]", help: "what the event needs next", run: runStatus},
	"simulate":   {usage: "simulate --rules R --players N [--seed S] [--json]", help: "play a whole event with real games", run: runSimulate},
	"result":     {usage: "result SLUG ROUND TABLE [SCORE] [...]", help: "enter a result, scored by the rules", run: runResult},
	"standings":  {usage: "standings SLUG [--list ifrl|wfrl|yfrl|tfrl] [--after-round N]", help: "the ranking lists (WOC II.3-6)", run: runStandings},
	"crosstable": {usage: "crosstable SLUG [--json]", help: "a crosstable: each cell opponent, colour, discs", run: runCrosstable},
	"undo":       {usage: "undo SLUG", help: "undo the last change (audited)", run: runUndo},
	"remove":     {usage: removeUsage, help: "remove a tournament, keeping a record of it with its log (asks for the slug again)", run: runRemove},
	"restore":    {usage: restoreUsage, help: "bring a removed tournament back whole from its record", run: runRestore},
	"log":        {usage: "log SLUG [--json]", help: "the audit log", run: runLog},
	"export":     {usage: "export SLUG [--format json|elo|csv|wthor] [-o FILE|DIR]", help: "write the tournament file, a WOF .ELO file, a CSV or WTHOR files", run: runExport},
	"serve":      {usage: serveUsage, help: "serve the live web site of every tournament in the database", run: runServe},
	"user":       {usage: "user add|passwd|remove|list|grant|revoke|log ...", help: "accounts of the web console and their roles", run: runUser},
	"token":      {usage: "token add|list|remove ...", help: "API tokens for scripts", run: runToken},
	"judge":      {usage: "judge add|list|remove|confirmation SLUG ...", help: "table judges' links, and whether their results wait for a director", run: runJudge},
	"member":     {usage: "member add|edit|remove|list|show|log ...", help: "the BOF's member records, and membership as of a date", run: runMember},
	"team":       {usage: "team select ...", help: "the order of offers of places in the UK team for the World championship (BOF)", run: runTeam},
	"fees":       {usage: feesUsage, help: "what each entrant owes and why (BOF Membership & finance 2-3)", run: runFees},
	"version":    {usage: "version [--json]", help: "the release, commit and platform of this binary", run: runVersion},
	"db":         {usage: "db copy --from SRC --to DST [--tournament SLUG]", help: "copy a database (SQLite or PostgreSQL) into another: tournaments with their audit logs, circuits, members, accounts; or one tournament into a database that holds others", run: runDB},
	"import":     {usage: "import FILE [--slug SLUG] [--rules RULESET]", help: "create a tournament from a tournament file or a WOF .ELO file", run: runImport},
}

// globalFlags names the flag set of the options that come before the command.
const globalFlags = "outflank"

// run parses the global flags and dispatches to a command.
func (e *env) run(args []string) error {
	fs := e.newFlags(globalFlags, "[--db PATH] COMMAND [ARGS]")
	e.usage[fs] = func() { e.printUsage(e.stdout) }
	fs.StringVar(&e.db, "db", e.db, "the database: a SQLite `file`, or a postgres://USER@HOST/NAME URL ($OUTFLANK_DB, else ./outflank.db)")
	fs.StringVar(&e.actor, "as", "", "who makes the changes, for the audit log (`name`; default $OUTFLANK_USER, else your user name)")
	// Global flags stop at the command name: what follows belongs to it.
	if err := fs.Parse(args); err != nil {
		return e.flagError(fs, err)
	}
	fs.Visit(func(f *flag.Flag) { e.dbGiven = e.dbGiven || f.Name == "db" })
	args = fs.Args()
	if len(args) == 0 {
		e.printUsage(e.stderr)
		return usagef("no command given")
	}
	name, rest := args[0], args[1:]
	if name == "help" || name == "-h" || name == "--help" {
		e.printUsage(e.stdout)
		return nil
	}
	cmd, ok := commands[name]
	if !ok {
		return usagef("unknown command %q", name)
	}
	return cmd.run(e, rest)
}

// printUsage lists the commands.
func (e *env) printUsage(w io.Writer) {
	var b strings.Builder
	b.WriteString("Outflank runs Othello tournaments by the federations' rulebooks.\n\nusage: outflank [--db PATH] COMMAND [ARGS]\n\ncommands:\n")
	for _, name := range sortedNames(commands) {
		fmt.Fprintf(&b, "  %-40s %s\n", commands[name].usage, commands[name].help)
	}
	b.WriteString("\nglobal flags:\n  --db FILE   the database ($OUTFLANK_DB, else ./outflank.db; used by tournament commands):\n              a SQLite file, or a PostgreSQL database as postgres://USER[:PASSWORD]@HOST[:PORT]/NAME\n")
	b.WriteString("  --as NAME   who makes the changes, recorded in the audit log ($OUTFLANK_USER, else your user name)\n")
	b.WriteString("\nRun 'outflank COMMAND -h' for a command's flags.\n")
	e.printf(w, "%s", b.String())
}

// sortedNames returns the verbs of a command table in alphabetical order.
func sortedNames(table map[string]command) []string {
	return slices.Sorted(maps.Keys(table))
}

// printf writes to w. Output errors (a closed pipe) are not the user's
// input being wrong, and there is nowhere left to report them.
func (e *env) printf(w io.Writer, format string, args ...any) {
	_, _ = fmt.Fprintf(w, format, args...)
}
