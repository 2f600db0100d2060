package outflank

import (
	"fmt"
	"slices"
)

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

// WithdrawalWords says what withdrawing player id after round n does,
// before it is done, so that a director is asked with the rule in front of
// him: from the next round on he is never paired again, and may not
// re-enter (WOC II.8). It checks the withdrawal as Withdraw does, on a
// copy.
func (t *Tournament) WithdrawalWords(id, n int) ([]string, error) {
	if err := t.Clone().Withdraw(id, n); err != nil {
		return nil, err
	}
	return []string{
		fmt.Sprintf("%s withdraws after round %d: from round %d on he is not paired, and his score at his withdrawal stays in the lists.", t.Describe(id), n, n+1),
		"A player who withdraws may not re-enter (WOC II.8). Undo takes back a withdrawal entered by mistake only while it is the event's latest change.",
	}, nil
}
