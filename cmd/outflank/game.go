package main

import (
	"fmt"
	"strings"
)

// gameCommands are the verbs of `outflank game`: the rules of Othello, with no
// tournament or database involved.
var gameCommands = map[string]command{
	"replay": {usage: "game replay [--json] MOVES|-", help: "replay a transcript: board, official score, passes", run: runGameReplay},
	"perft":  {usage: "game perft DEPTH", help: "count the game tree from the start (a pass is a ply)", run: runGamePerft},
	"wthor":  {usage: "game wthor [--check] [--json] FILE.wtb [--players WTHOR.JOU] [--tournaments WTHOR.TRN]", help: "list or check the games of a WTHOR database file", run: runGameWthor},
}

func runGame(e *env, args []string) error {
	return e.subcommand("game", gameCommands, args)
}

// subcommand dispatches `outflank NAME VERB ...` to the verb's command, or
// lists the verbs.
func (e *env) subcommand(name string, table map[string]command, args []string) error {
	verbs := sortedNames(table)
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		var b strings.Builder
		for _, verb := range verbs {
			fmt.Fprintf(&b, "  outflank %s\n      %s\n", table[verb].usage, table[verb].help)
		}
		if len(args) == 0 {
			e.printf(e.stderr, "%s", b.String())
			return usagef("%s: name a subcommand: %s", name, strings.Join(verbs, ", "))
		}
		e.printf(e.stdout, "%s", b.String())
		return nil
	}
	cmd, ok := table[args[0]]
	if !ok {
		return usagef("%s: unknown subcommand %q (%s)", name, args[0], strings.Join(verbs, ", "))
	}
	return cmd.run(e, args[1:])
}
