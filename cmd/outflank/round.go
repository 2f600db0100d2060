package main

import (
	"fmt"
	"outflank/director"
	"strings"

	"outflank"
)

const roundAddUsage = "round add SLUG --pair BLACK-WHITE [--pair ...] [--bye PLAYER ...] [--stage STAGE] [--force]"

var roundCommands = map[string]command{
	"add":  {usage: roundAddUsage, help: "enter the next round by hand", run: runRoundAdd},
	"show": {usage: roundShowUsage, help: "a round's pairings again, with current points and ratings", run: runRoundShow},
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
	stage := fs.String("stage", "", "round-robin, swiss, playoff, semi-final, third-place or final (default: swiss, or the previous round's stage)")
	force := fs.Bool("force", false, "enter the round even where a rulebook forbids it (open results, a rematch, a player left out): the director's decision, logged")
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	var notices []outflank.Notice
	err = e.update(slug, outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		st := outflank.StageSwiss
		if n := len(t.Rounds); n > 0 {
			st = t.Rounds[n-1].Stage
		}
		if *stage != "" {
			st = outflank.Stage(*stage)
		}
		var ps []outflank.Pair
		for _, text := range pairs {
			p, err := director.ParsePair(t, text)
			if err != nil {
				return "", err
			}
			ps = append(ps, p)
		}
		var ids []int
		for _, ref := range byes {
			p, err := t.FindPlayer(ref)
			if err != nil {
				return "", err
			}
			ids = append(ids, p.ID)
		}
		// What the rulebooks forbid is looked for before the round is
		// added, and reported after AddRound's own checks.
		notices = t.CheckRound(st, ps, ids)
		var forbidden []string
		for _, n := range notices {
			if n.Forbidden {
				forbidden = append(forbidden, n.Text)
			}
		}
		r, err := t.AddRound(st, ps, ids)
		if err != nil {
			return "", err
		}
		if len(forbidden) > 0 && !*force {
			return "", outflank.Errorf(outflank.EINVALID, "round %d not entered:\n  %s\nCorrect the round, or add --force to enter it anyway (the log records that it was forced)",
				r.Number, strings.Join(forbidden, "\n  "))
		}
		forced := ""
		if len(forbidden) > 0 {
			forced = fmt.Sprintf(" [forced: %d rule(s) overridden]", len(forbidden))
		}
		var parts []string
		for _, g := range r.Games {
			parts = append(parts, fmt.Sprintf("%d-%d", g.Black, g.White))
		}
		for _, id := range r.Byes {
			parts = append(parts, fmt.Sprintf("bye %d", id))
		}
		return fmt.Sprintf("round %d (%s): %s%s", r.Number, r.Stage, strings.Join(parts, ", "), forced), nil
	})
	if err != nil {
		return err
	}
	for _, n := range notices {
		e.printf(e.stderr, "warning: %s\n", n.Text)
	}
	return nil
}
