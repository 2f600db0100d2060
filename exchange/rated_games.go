package exchange

import (
	"outflank"
	"outflank/wof"
)

// RatedGames returns the games of t that count for the rating list, the
// very games WriteELO sends to the WOF: every round's and knockout stage's
// games with a result, less forfeits and unplayed games (byes are no games
// at all), and every game when t's games are not rated (t.Unrated). First is black's tournament player id, Second white's, and
// Result black's result.
func RatedGames(t *outflank.Tournament) []wof.Game {
	ids := make(map[int]int, len(t.Players))
	for _, p := range t.Players {
		ids[p.ID] = p.ID
	}
	var games []wof.Game
	for _, r := range t.Rounds {
		games = append(games, eloGames(t, r, ids)...)
	}
	return games
}
