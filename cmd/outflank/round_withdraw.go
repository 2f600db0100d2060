package main

import (
	"context"

	"outflank/director"
)

const roundWithdrawUsage = "round withdraw SLUG ROUND TABLE|MATCH GAME"

// runRoundWithdraw takes back one knockout game: one the rules no longer
// call for (a result corrected after it was paired), or one paired by
// mistake; the other games keep their rounds and tables, and 'outflank
// undo' puts it back.
func runRoundWithdraw(e *env, args []string) error {
	fs := e.newFlags("round withdraw", roundWithdrawUsage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 {
		return usagef("usage: outflank %s", roundWithdrawUsage)
	}
	slug := pos[0]
	var ref director.GameRef
	// ROUND TABLE, or MATCH GAME: "16 1", "semi-final-1 3".
	if round, err := parseInt(pos[1], "round"); err == nil {
		ref.Round = round
	} else {
		ref.Match = pos[1]
	}
	n, err := parseInt(pos[2], map[bool]string{true: "game", false: "table"}[ref.Match != ""])
	if err != nil {
		return err
	}
	if ref.Match != "" {
		ref.Game = n
	} else {
		ref.Table = n
	}
	return e.withStore(func(ctx context.Context, db database) error {
		w, err := director.WithdrawGame(ctx, db, slug, ref)
		if err != nil {
			return err
		}
		e.saved(w.Event, "")
		return nil
	})
}
