package outflank

import "slices"

// RemovePlayer takes back the registration of player id, entered by
// mistake or for someone who did not come, before their first game: once a
// player has a game or a bye in a round, they are part of the event and
// leave it only by withdrawing (WOC II.8: their score stays in the lists).
func (t *Tournament) RemovePlayer(id int) (Player, error) {
	i := slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == id })
	if i < 0 {
		return Player{}, Errorf(ENOTFOUND, "no player with id %d in %s", id, t.Slug)
	}
	for _, r := range t.Rounds {
		if r.Plays(id) {
			return Player{}, Errorf(EINVALID, "%s plays in round %d, so is part of the event: a player who has played withdraws instead ('outflank player withdraw %s %d'), and their score stays in the lists (WOC II.8)",
				t.Describe(id), r.Number, t.Slug, id)
		}
	}
	removed := t.Players[i]
	t.Players = slices.Delete(t.Players, i, i+1)
	return removed, nil
}
