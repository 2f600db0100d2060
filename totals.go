package outflank

// Total is a player's running score: tournament points, disc count and
// tie-break value.
type Total struct {
	Points float64
	Discs  int
	// BQ is the Brightwell quotient over the same rounds.
	BQ float64
	// Games counts the games with a result, Byes the byes received, Absent
	// the rounds missed while marked absent.
	Games, Byes, Absent int
}

// Totals are the players' totals over the main stage's rounds up to and
// including round upTo (0: all of them), every result entered counted:
// the lines of the standings' one computation (standingsInput), so the
// .ELO file's header says what the lists and the crosstable say. A bye
// counts as a win with the ruleset's bye discs (design choice; AOF 1.4,
// BOF 7); a round missed while marked absent as a game not played: no
// point, the unplayed-game discs (BOF general rule 11: 20). Knockout games
// do not count (WOC II.3.3, III), as in PAPP's .ELO files, whose players'
// totals are those of the main stage.
func (t *Tournament) Totals(upTo int) map[int]Total {
	totals := make(map[int]Total, len(t.Players))
	for _, r := range t.tally(func(r *Round) bool { return r.counts() && (upTo <= 0 || r.Number <= upTo) }) {
		totals[r.Player] = Total{Points: r.Points, Discs: r.Discs, BQ: r.BQ, Games: r.Games, Byes: r.Byes, Absent: r.Absent}
	}
	return totals
}
