package main

import (
	"fmt"

	"outflank"
)

const playerRemoveUsage = "player remove SLUG PLAYER"

// runPlayerRemove takes back a registration before the player's first
// game; 'outflank undo' puts it back.
func runPlayerRemove(e *env, args []string) error {
	fs := e.newFlags("player remove", playerRemoveUsage)
	slug, rest, err := e.parseSlug(fs, args, 1, playerRemoveUsage)
	if err != nil {
		return err
	}
	return e.update(slug, outflank.KindRemove, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(rest[0])
		if err != nil {
			return "", err
		}
		removed, err := t.RemovePlayer(p.ID)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("removed player #%d %s", removed.ID, removed.Name), nil
	})
}
