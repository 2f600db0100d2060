package main

import (
	"fmt"

	"outflank"
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
	rounds, err := parseRounds(*text)
	if err != nil {
		return err
	}
	return e.update(slug, outflank.KindAbsent, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(rest[0])
		if err != nil {
			return "", err
		}
		if err := t.MarkAbsent(p.ID, rounds); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s absent in %s (not paired, no bye; scored as a game not played, %d discs)",
			t.Describe(p.ID), outflank.RoundList(rounds), t.Settings.UnplayedDiscs[0]), nil
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
		if rounds, err = parseRounds(*text); err != nil {
			return err
		}
	}
	return e.update(slug, outflank.KindReturn, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(rest[0])
		if err != nil {
			return "", err
		}
		back, err := t.MarkReturn(p.ID, rounds)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s no longer absent in %s", t.Describe(p.ID), outflank.RoundList(back)), nil
	})
}
