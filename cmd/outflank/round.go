package main

import (
	"context"
	"outflank/director"

	"outflank"
)

const roundAddUsage = "round add SLUG --pair BLACK-WHITE [--pair ...] [--bye PLAYER ...] [--stage STAGE] [--force]"

var roundCommands = map[string]command{
	"add":  {usage: roundAddUsage, help: "enter the next round by hand", run: runRoundAdd},
	"show": {usage: roundShowUsage, help: "a round's pairings again, with current points and ratings", run: runRoundShow},

	// A knockout game taken back alone, the rest of its time slot kept.
	"withdraw": {usage: roundWithdrawUsage, help: "take back one knockout game: one no longer needed, or paired by mistake", run: runRoundWithdraw},
}

func runRound(e *env, args []string) error {
	return e.subcommand("round", roundCommands, args)
}

func runRoundAdd(e *env, args []string) error {
	usage := roundAddUsage
	fs := e.newFlags("round add", usage)
	var pairs, byes repeated
	fs.Var(&pairs, "pair", "a game, `BLACK-WHITE` (ids or exact names), table 1 first; repeat for each table")
	fs.Var(&byes, "bye", "a `player` with a bye; repeat for each")
	stage := fs.String("stage", "", "round-robin, swiss, playoff, semi-final, third-place or final (default: the event's format: round-robin while its round robin lasts, swiss in a Swiss system; after the main stage, the previous round's)")
	force := fs.Bool("force", false, "enter the round even where a rulebook forbids it (open results, a rematch, a player left out): the director's decision, logged")
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	var notices []outflank.Notice
	err = e.withStore(func(ctx context.Context, db database) error {
		added, err := director.AddRound(ctx, db, slug, director.RoundByHand{Stage: *stage, Pairs: pairs, Byes: byes, Force: *force})
		if err != nil {
			return err
		}
		notices = added.Notices
		e.saved(added.Event, "")
		return nil
	})
	if err != nil {
		return err
	}
	for _, n := range notices {
		e.printf(e.stderr, "warning: %s\n", n.Text)
	}
	return nil
}
