package report

import "outflank"

// PlayerList is what 'player list --json' prints and /api/t/{slug}/players
// serves: every player with his status and points so far.
type PlayerList struct {
	Tournament string       `json:"tournament"`
	Players    []PlayerLine `json:"players"`
}

// PlayerLine is a player's line. Status is "active", "absent" (marked
// absent in the next round) or "withdrawn"; Points are the standings'
// points so far (the main stage's rounds).
type PlayerLine struct {
	ID                  int     `json:"id"`
	Name                string  `json:"name"`
	Country             string  `json:"country"`
	Rating              int     `json:"rating"`
	Team                string  `json:"team"`
	Status              string  `json:"status"`
	Points              float64 `json:"points"`
	WOFID               int     `json:"wof_id"`
	AbsentRounds        []int   `json:"absent_rounds"`
	WithdrawnAfterRound *int    `json:"withdrawn_after_round"`
}

// Player statuses.
const (
	StatusActive    = "active"
	StatusAbsent    = "absent"
	StatusWithdrawn = "withdrawn"
)

// PlayerListOf lists t's players as they stand before the next round.
func PlayerListOf(t *outflank.Tournament) PlayerList {
	doc := PlayerList{Tournament: t.Slug, Players: []PlayerLine{}}
	points := currentPoints(t)
	next := len(t.Rounds) + 1
	for _, p := range t.Players {
		line := PlayerLine{ID: p.ID, Name: p.Name, Country: p.Country, Rating: p.Rating, Team: p.Team, Status: StatusActive,
			Points: points[p.ID], WOFID: p.WOFID, AbsentRounds: p.AbsentRounds, WithdrawnAfterRound: p.WithdrawnAfterRound}
		switch {
		case !p.Active(next):
			line.Status = StatusWithdrawn
		case p.AbsentIn(next):
			line.Status = StatusAbsent
		}
		if line.AbsentRounds == nil {
			line.AbsentRounds = []int{}
		}
		doc.Players = append(doc.Players, line)
	}
	return doc
}

// currentPoints are each player's points in the standings as they stand.
func currentPoints(t *outflank.Tournament) map[int]float64 {
	points := make(map[int]float64, len(t.Players))
	for _, r := range t.Standings(0) {
		points[r.Player] = r.Points
	}
	return points
}
