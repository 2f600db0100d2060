package main

import (
	"context"
	"outflank/director"
)

const (
	playerAbsentUsage = "player absent SLUG PLAYER --rounds N[,M...]"
	playerReturnUsage = "player return SLUG PLAYER [--rounds N[,M...]]"
)

// runPlayerAbsent records a temporary absence: the player is not paired
// and gets no bye in those rounds, each scored as a game not played. The
// ruleset decides whether a player may come back (WOC II.8: no re-entry;
// BOF general rule 11: late arrivals and early leavers score 20-44).
func runPlayerAbsent(e *env, args []string) error {
	fs := e.newFlags("player absent", playerAbsentUsage)
	text := fs.String("rounds", "", "the `rounds` the player misses: 3, 3,4 or 3-5")
	slug, rest, err := e.parseSlug(fs, args, 1, playerAbsentUsage)
	if err != nil {
		return err
	}
	if *text == "" {
		return usagef("player absent: give the rounds missed, e.g. --rounds 3 or --rounds 3,4")
	}
	rounds, err := director.ParseRounds(*text)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		ev, err := director.MarkAbsent(ctx, db, slug, rest[0], rounds)
		if err != nil {
			return err
		}
		e.saved(ev, "")
		return nil
	})
}

// runPlayerReturn cancels absences: by default every one in a round not
// yet entered.
func runPlayerReturn(e *env, args []string) error {
	fs := e.newFlags("player return", playerReturnUsage)
	text := fs.String("rounds", "", "the absences to cancel (default: all those in rounds not yet entered)")
	slug, rest, err := e.parseSlug(fs, args, 1, playerReturnUsage)
	if err != nil {
		return err
	}
	var rounds []int
	if *text != "" {
		if rounds, err = director.ParseRounds(*text); err != nil {
			return err
		}
	}
	return e.withStore(func(ctx context.Context, db database) error {
		ev, err := director.MarkReturn(ctx, db, slug, rest[0], rounds)
		if err != nil {
			return err
		}
		e.saved(ev, "")
		return nil
	})
}
