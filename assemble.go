package outflank

import (
	"encoding/json"
	"slices"

	"outflank/rules"
)

// fromEntities rebuilds a tournament from its rows as JSON (the inverse of
// entities): players by id, rounds by number, games by table, byes by id.
func fromEntities(m map[entityKey][]byte) (*Tournament, error) {
	t := &Tournament{}
	rounds := map[int]*Round{}
	var games []Game
	var gameRounds []int
	var byes []bye
	for k, data := range m {
		var err error
		switch k.entity {
		case EntityTournament:
			var h header
			err = json.Unmarshal(data, &h)
			t.Slug, t.Name, t.Date, t.Rules, t.Settings = h.Slug, h.Name, h.Date, rules.ID(h.Rules), h.Settings
		case EntityPlayer:
			var p Player
			err = json.Unmarshal(data, &p)
			t.Players = append(t.Players, p)
		case EntityRound:
			var r roundHeader
			err = json.Unmarshal(data, &r)
			rounds[r.Number] = &Round{Number: r.Number, Stage: r.Stage, Method: r.Method, Seed: r.Seed}
		case EntityGame:
			var g Game
			err = json.Unmarshal(data, &g)
			games = append(games, g)
			gameRounds = append(gameRounds, roundOfKey(k.key))
		case EntityBye:
			var b bye
			err = json.Unmarshal(data, &b)
			byes = append(byes, b)
		}
		if err != nil {
			return nil, Errorf(EINTERNAL, "decoding %s %s: %v", k.entity, k.key, err)
		}
	}
	for i, g := range games {
		r, ok := rounds[gameRounds[i]]
		if !ok {
			return nil, Errorf(EINTERNAL, "game %d/%d has no round", gameRounds[i], g.Table)
		}
		r.Games = append(r.Games, g)
	}
	for _, b := range byes {
		r, ok := rounds[b.Round]
		if !ok {
			return nil, Errorf(EINTERNAL, "bye %d/%d has no round", b.Round, b.Player)
		}
		r.Byes = append(r.Byes, b.Player)
	}
	return Assemble(t, rounds), nil
}

// Assemble finishes a tournament whose rows were loaded in any order: it
// puts the rounds of byNumber in order and sorts players, games and byes
// into their canonical order. Stores use it after reading rows.
func Assemble(t *Tournament, byNumber map[int]*Round) *Tournament {
	slices.SortFunc(t.Players, func(a, b Player) int { return a.ID - b.ID })
	t.Rounds = t.Rounds[:0]
	for _, r := range byNumber {
		slices.SortFunc(r.Games, func(a, b Game) int { return a.Table - b.Table })
		slices.Sort(r.Byes)
		t.Rounds = append(t.Rounds, *r)
	}
	slices.SortFunc(t.Rounds, func(a, b Round) int { return a.Number - b.Number })
	return t
}

func roundOfKey(key string) int {
	n := 0
	for i := 0; i < len(key) && key[i] != '/'; i++ {
		n = n*10 + int(key[i]-'0')
	}
	return n
}
