package main

import (
	"fmt"
	"strings"

	"outflank"
)

const roundAddUsage = "round add SLUG --pair BLACK-WHITE [--pair ...] [--bye PLAYER ...] [--stage STAGE]"

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
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	return e.update(slug, outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		st := outflank.StageSwiss
		if n := len(t.Rounds); n > 0 {
			st = t.Rounds[n-1].Stage
		}
		if *stage != "" {
			st = outflank.Stage(*stage)
		}
		var ps []outflank.Pair
		for _, text := range pairs {
			p, err := parsePair(t, text)
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
		r, err := t.AddRound(st, ps, ids)
		if err != nil {
			return "", err
		}
		var parts []string
		for _, g := range r.Games {
			parts = append(parts, fmt.Sprintf("%d-%d", g.Black, g.White))
		}
		for _, id := range r.Byes {
			parts = append(parts, fmt.Sprintf("bye %d", id))
		}
		return fmt.Sprintf("round %d (%s): %s", r.Number, r.Stage, strings.Join(parts, ", ")), nil
	})
}
