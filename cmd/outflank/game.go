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
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		var b strings.Builder
		for _, name := range sortedNames(gameCommands) {
			fmt.Fprintf(&b, "  outflank %s\n      %s\n", gameCommands[name].usage, gameCommands[name].help)
		}
		if len(args) == 0 {
			e.printf(e.stderr, "%s", b.String())
			return usagef("game: name a subcommand: replay, perft or wthor")
		}
		e.printf(e.stdout, "%s", b.String())
		return nil
	}
	cmd, ok := gameCommands[args[0]]
	if !ok {
		return usagef("game: unknown subcommand %q (replay, perft or wthor)", args[0])
	}
	return cmd.run(e, args[1:])
}
