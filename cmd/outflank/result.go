package main

import (
	"context"

	"outflank/director"
)

const resultUsage = "result SLUG ROUND TABLE|MATCH GAME [SCORE] [--moves MOVES] [--outcome KIND] [--defaulter|--loser|--winner black|white] [--defaulter-flags N] [--opponent-flags N] [--reason TEXT] [--choice black|white|draw-win] [--replace [--expect SCORE]]"

func runResult(e *env, args []string) error {
	fs := e.newFlags("result", resultUsage)
	outcome := fs.String("outcome", "normal", "normal, time-default, forfeit, unplayed, penalty or draw-win")
	moves := fs.String("moves", "", "the transcript (\"f5d6c3...\"): checked against the score, or gives it")
	defaulter := fs.String("defaulter", "", "time-default: the `side` whose flag fell first")
	loser := fs.String("loser", "", "forfeit or unplayed: the `side` that lost")
	winner := fs.String("winner", "", "draw-win: the `side` holding the draw-win")
	defaulterFlags := fs.Int("defaulter-flags", 1, "time-default: the defaulter's flag falls (2: scored 64-0)")
	opponentFlags := fs.Int("opponent-flags", 0, "time-default: the other player's flag falls after the extra minutes")
	reason := fs.String("reason", "", "why (required for a penalty)")
	replace := fs.Bool("replace", false, "replace a result already entered")
	expectText := fs.String("expect", "", "with --replace: replace only if the stored result is still `SCORE` (official or on the board)")
	choiceText := fs.String("choice", "", "a knockout game: what the player with the choice of colour chose, `black|white|draw-win` (WOC IV.9); it decides a draw")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 && len(pos) != 4 {
		return usagef("usage: outflank %s", resultUsage)
	}
	if *expectText != "" && !*replace {
		return usagef("result: --expect goes with --replace")
	}
	slug := pos[0]
	f := director.ResultFields{Moves: *moves, Outcome: *outcome, Defaulter: *defaulter, Loser: *loser, Winner: *winner,
		DefaulterFlags: *defaulterFlags, OpponentFlags: *opponentFlags, Reason: *reason, Choice: *choiceText, Replace: *replace, Expect: *expectText}
	// ROUND TABLE, or MATCH GAME: "final 2", "semi-final-1 3".
	if round, err := parseInt(pos[1], "round"); err == nil {
		f.Round = round
	} else {
		f.Match = pos[1]
	}
	n, err := parseInt(pos[2], map[bool]string{true: "game", false: "table"}[f.Match != ""])
	if err != nil {
		return err
	}
	if f.Match != "" {
		f.Game = n
	} else {
		f.Table = n
	}
	if len(pos) == 4 {
		f.Score = pos[3]
		if _, err := director.ParseScore(pos[3]); err != nil {
			return err
		}
	}
	req, err := f.Request()
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		entered, err := director.EnterResult(ctx, db, slug, req, nil)
		if err != nil {
			return err
		}
		e.saved(entered.Event, "")
		if entered.Note != "" {
			// Saved as the rules score it: say why it differs from what was typed.
			e.printf(e.stdout, "%s\n", entered.Note)
		}
		for _, w := range entered.Words {
			// A correction that decides a match before a game already
			// paired: say so, and how to withdraw it.
			e.printf(e.stderr, "warning: %s\n", w)
		}
		return nil
	})
}
