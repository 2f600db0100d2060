package exchange

import "outflank"

// standingsOf lists the players in the order of the individual list: the
// final IFRL once its playoffs are played, else the provisional list (WOC
// II.3), with points, Brightwell quotient and disc count.
func standingsOf(t *outflank.Tournament) []fileStanding {
	list := t.IFRL(0).Current()
	rows := make([]fileStanding, len(list))
	for i, r := range list {
		bq := r.BQ
		rows[i] = fileStanding{Rank: r.Rank, Equal: r.Equal, Player: r.Player, Points: r.Points, BQ: &bq, Discs: r.Discs}
	}
	return rows
}
