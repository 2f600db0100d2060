package main

import (
	"fmt"

	"outflank"
)

const resultUsage = "result SLUG ROUND TABLE [SCORE] [--moves MOVES] [--outcome KIND] [--defaulter|--loser|--winner black|white] [--defaulter-flags N] [--opponent-flags N] [--reason TEXT] [--replace]"

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
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 && len(pos) != 4 {
		return usagef("usage: outflank %s", resultUsage)
	}
	slug := pos[0]
	round, err := parseInt(pos[1], "round")
	if err != nil {
		return err
	}
	table, err := parseInt(pos[2], "table")
	if err != nil {
		return err
	}
	in := outflank.ResultInput{Moves: *moves, DefaulterFlags: *defaulterFlags, OpponentFlags: *opponentFlags, Reason: *reason}
	if in.Outcome, err = outflank.ParseOutcome(*outcome); err != nil {
		return err
	}
	if len(pos) == 4 {
		if in.Score, err = parseScore(pos[3]); err != nil {
			return err
		}
	}
	for _, side := range []struct {
		text string
		dst  *outflank.Side
	}{{*defaulter, &in.Defaulter}, {*loser, &in.Loser}, {*winner, &in.Winner}} {
		if side.text != "" {
			if *side.dst, err = outflank.ParseSide(side.text); err != nil {
				return err
			}
		}
	}
	return e.update(slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		res, err := t.Settings.ScoreResult(in)
		if err != nil {
			return "", err
		}
		g, err := t.SetResult(round, table, res, outflank.ResultOptions{Replace: *replace})
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("round %d table %d, %s v %s: %s", round, table, t.Describe(g.Black), t.Describe(g.White), res.Summary()), nil
	})
}
