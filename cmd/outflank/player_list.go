package main

import (
	"fmt"
	"strconv"
	"strings"

	"outflank"
)

const playerListUsage = "player list SLUG [--json]"

// playerListDoc is what 'player list --json' prints.
type playerListDoc struct {
	Tournament string          `json:"tournament"`
	Players    []playerLineDoc `json:"players"`
}

// playerLineDoc is a player's line. Status is "active", "absent" (marked
// absent in the next round) or "withdrawn"; Points are the standings'
// points so far (the main stage's rounds).
type playerLineDoc struct {
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
	statusActive    = "active"
	statusAbsent    = "absent"
	statusWithdrawn = "withdrawn"
)

func runPlayerList(e *env, args []string) error {
	fs := e.newFlags("player list", playerListUsage)
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, playerListUsage)
	if err != nil {
		return err
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	doc := playerListDoc{Tournament: t.Slug, Players: []playerLineDoc{}}
	points := currentPoints(t)
	next := len(t.Rounds) + 1
	for _, p := range t.Players {
		line := playerLineDoc{ID: p.ID, Name: p.Name, Country: p.Country, Rating: p.Rating, Team: p.Team, Status: statusActive,
			Points: points[p.ID], WOFID: p.WOFID, AbsentRounds: p.AbsentRounds, WithdrawnAfterRound: p.WithdrawnAfterRound}
		switch {
		case !p.Active(next):
			line.Status = statusWithdrawn
		case p.AbsentIn(next):
			line.Status = statusAbsent
		}
		if line.AbsentRounds == nil {
			line.AbsentRounds = []int{}
		}
		doc.Players = append(doc.Players, line)
	}
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	if len(doc.Players) == 0 {
		e.printf(e.stdout, "%s has no players yet: 'outflank player add %s --name NAME' registers one\n", t.Slug, t.Slug)
		return nil
	}
	e.printf(e.stdout, "%s", doc.text(next))
	return nil
}

// currentPoints are each player's points in the standings as they stand.
func currentPoints(t *outflank.Tournament) map[int]float64 {
	points := make(map[int]float64, len(t.Players))
	for _, r := range t.Standings(0) {
		points[r.Player] = r.Points
	}
	return points
}

// text prints the list as a table, the status in words.
func (d playerListDoc) text(next int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%5s  %-32s %-7s %6s  %-12s %-28s %6s\n", "id", "name", "country", "rating", "team", "status", "points")
	for _, p := range d.Players {
		fmt.Fprintf(&b, "%5d  %-32s %-7s %6s  %-12s %-28s %6s\n", p.ID, p.Name, p.Country, ratingText(p.Rating), p.Team,
			statusText(p, next), formatPoints(p.Points))
	}
	return b.String()
}

// statusText words a player's status: "withdrawn after round 3", "absent
// in rounds 4 and 5" (the absences still to come), "active".
func statusText(p playerLineDoc, next int) string {
	if p.Status == statusWithdrawn {
		return fmt.Sprintf("withdrawn after round %d", *p.WithdrawnAfterRound)
	}
	var coming []int
	for _, n := range p.AbsentRounds {
		if n >= next {
			coming = append(coming, n)
		}
	}
	if len(coming) > 0 {
		return "absent in " + outflank.RoundList(coming)
	}
	return statusActive
}

// ratingText is a rating for a table: "-" for unrated.
func ratingText(r int) string {
	if r == 0 {
		return "-"
	}
	return strconv.Itoa(r)
}

// formatPoints writes points as the standings do: 3, 2.5.
func formatPoints(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
