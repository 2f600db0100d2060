package main

import (
	"fmt"
	"strconv"
	"strings"

	"outflank"
	"outflank/report"
)

const playerListUsage = "player list SLUG [--json]"

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
	doc := report.PlayerListOf(t)
	if *asJSON {
		return writeJSON(e.stdout, doc)
	}
	if len(doc.Players) == 0 {
		e.printf(e.stdout, "%s has no players yet: 'outflank player add %s --name NAME' registers one\n", t.Slug, t.Slug)
		return nil
	}
	e.printf(e.stdout, "%s", playerListText(doc, len(t.Rounds)+1))
	// What the lists lack (a WOC's women's and young players' lists) and
	// an additional player who makes the field odd, as the console's
	// players page says them.
	ids := make([]int, len(t.Players))
	for i, p := range t.Players {
		ids[i] = p.ID
	}
	for _, w := range []string{t.MissingSummary(ids), t.AdditionalOdd()} {
		if w != "" {
			e.printf(e.stderr, "warning: %s\n", w)
		}
	}
	return nil
}

// playerListText prints the list as a table, the status in words.
func playerListText(d report.PlayerList, next int) string {
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
func statusText(p report.PlayerLine, next int) string {
	if p.Status == report.StatusWithdrawn {
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
	return report.StatusActive
}

// ratingText is a rating for a table: "–" for unrated, as every view
// shows it.
func ratingText(r int) string {
	if r == 0 {
		return "–"
	}
	return strconv.Itoa(r)
}

// formatPoints writes points as the standings do: 3, 2.5.
func formatPoints(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
