package main

import (
	"context"
	"fmt"

	"outflank"
	"outflank/sqlite"
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
	slug := pos[0]
	// ROUND TABLE, or MATCH GAME: "final 2", "semi-final-1 3".
	round, roundErr := parseInt(pos[1], "round")
	match := ""
	if roundErr != nil {
		match = pos[1]
	}
	table, err := parseInt(pos[2], map[bool]string{true: "game", false: "table"}[match != ""])
	if err != nil {
		return err
	}
	game := table
	var chose outflank.Decision
	if *choiceText != "" {
		if chose, err = outflank.ParseDecision(*choiceText); err != nil {
			return err
		}
	}
	opts := outflank.ResultOptions{Replace: *replace}
	if *expectText != "" {
		if !*replace {
			return usagef("result: --expect goes with --replace")
		}
		if opts.Expect, err = parseScore(*expectText); err != nil {
			return err
		}
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
	note := ""
	err = e.update(slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		where := ""
		if match != "" {
			var err error
			if round, table, err = t.FindMatchGame(match, game); err != nil {
				return "", err
			}
			where = fmt.Sprintf("%s game %d, ", match, game)
		}
		res, err := t.Settings.ScoreResult(in)
		if err != nil {
			return "", err
		}
		note = res.OfficialNote()
		if chose != "" {
			if _, err := t.RecordChoice(round, table, chose); err != nil {
				return "", err
			}
		}
		g, err := t.SetResult(round, table, res, opts)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%sround %d table %d, %s v %s: %s", where, round, table, t.Describe(g.Black), t.Describe(g.White), g.Result.Summary()), nil
	})
	if opts.Expect != nil && outflank.ErrorCode(err) == outflank.ECONFLICT {
		return e.whoChanged(err, slug, outflank.EntityGame, fmt.Sprintf("%d/%d", round, table))
	}
	if err == nil && note != "" {
		// Saved as the rules score it: say why it differs from what was typed.
		e.printf(e.stdout, "%s\n", note)
	}
	return err
}

// whoChanged adds to a refused conditional write who made the change the
// writer did not expect, and when, from the audit log.
func (e *env) whoChanged(refused error, slug, entity, key string) error {
	var events []outflank.Event
	if err := e.withStore(func(ctx context.Context, db *sqlite.DB) error {
		var err error
		events, err = db.Log(ctx, slug)
		return err
	}); err != nil {
		return refused
	}
	ev := outflank.LastChangeOf(events, entity, key)
	if ev == nil {
		return refused
	}
	actor := ev.Actor
	if actor == "" {
		actor = "an unrecorded actor"
	}
	return outflank.Errorf(outflank.ECONFLICT, "%s (last changed by %s at %s, change #%d)", outflank.ErrorMessage(refused), actor, ev.At.Local().Format("2006-01-02 15:04:05"), ev.ID)
}
