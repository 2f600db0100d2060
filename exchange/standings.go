package exchange

import (
	"slices"

	"outflank"
)

// standingsOf lists the players by points, then disc count, for the
// tournament file. Ties on both share a rank and are marked equal. The full
// tie-breaks of the rulebooks (Brightwell quotient, random draw) belong to
// the standings engine; until it exists bq is left out.
func standingsOf(t *outflank.Tournament) []fileStanding {
	totals := t.Totals(0)
	rows := make([]fileStanding, 0, len(t.Players))
	for _, p := range t.Players {
		tot := totals[p.ID]
		rows = append(rows, fileStanding{Player: p.ID, Points: tot.Points, Discs: tot.Discs})
	}
	slices.SortStableFunc(rows, func(a, b fileStanding) int {
		switch {
		case a.Points != b.Points:
			if a.Points > b.Points {
				return -1
			}
			return 1
		case a.Discs != b.Discs:
			return b.Discs - a.Discs
		}
		return a.Player - b.Player
	})
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Points == rows[i-1].Points && rows[i].Discs == rows[i-1].Discs {
			rows[i].Rank = rows[i-1].Rank
			rows[i].Equal, rows[i-1].Equal = true, true
		}
	}
	return rows
}
