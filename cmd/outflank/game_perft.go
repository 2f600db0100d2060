package main

import (
	"strconv"

	"outflank"
	"outflank/othello"
)

// maxPerftDepth keeps a typo from starting a computation that would not end
// this year: each ply costs about nine times the one before (depth 14 is
// minutes, depth 20 would be months).
const maxPerftDepth = 20

func runGamePerft(e *env, args []string) error {
	fs := e.newFlags("game perft", "game perft DEPTH")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("game perft: give one DEPTH, a number of plies such as 9")
	}
	depth, err := strconv.Atoi(pos[0])
	if err != nil || depth < 0 || depth > maxPerftDepth {
		return outflank.Errorf(outflank.EINVALID, "perft depth %q: give a whole number of plies from 0 to %d", pos[0], maxPerftDepth)
	}
	e.printf(e.stdout, "%d\n", othello.Perft(othello.Start(), depth))
	return nil
}
