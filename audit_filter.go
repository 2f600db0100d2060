package outflank

import (
	"encoding/json"
	"strconv"
	"strings"
)

// Concerns reports whether ev changed round n (its pairing, a game or a
// bye of it; 0: any round) and player id (the registration, a game or a
// bye of theirs; 0: any player): the audit log's filters.
func (ev *Event) Concerns(n, id int) bool {
	for _, c := range ev.Changes {
		if c.concernsRound(n) && c.concernsPlayer(id) {
			return true
		}
	}
	return len(ev.Changes) == 0 && n == 0 && id == 0
}

func (c *Change) concernsRound(n int) bool {
	if n == 0 {
		return true
	}
	switch c.Entity {
	case EntityRound:
		return c.Key == strconv.Itoa(n)
	case EntityGame, EntityBye:
		round, _, _ := strings.Cut(c.Key, "/")
		return round == strconv.Itoa(n)
	}
	return false
}

func (c *Change) concernsPlayer(id int) bool {
	if id == 0 {
		return true
	}
	switch c.Entity {
	case EntityPlayer:
		return c.Key == strconv.Itoa(id)
	case EntityBye:
		_, player, _ := strings.Cut(c.Key, "/")
		return player == strconv.Itoa(id)
	case EntityGame:
		for _, row := range []json.RawMessage{c.Before, c.After} {
			var g struct{ Black, White int }
			if len(row) > 0 && json.Unmarshal(row, &g) == nil && (g.Black == id || g.White == id) {
				return true
			}
		}
	}
	return false
}
