package outflank

// Total is a player's running score: tournament points and disc count.
type Total struct {
	Points float64
	Discs  int
	// Games counts the games with a result, Byes the byes received, Absent
	// the rounds missed while marked absent.
	Games, Byes, Absent int
}

// Totals adds up every result entered and every bye, in rounds up to and
// including round upTo (0: all rounds). A bye counts as a win with the
// ruleset's bye discs (design choice; AOF 1.4, BOF 7); a round missed while
// marked absent as a game not played: no point, the unplayed-game discs
// (BOF general rule 11: 20).
func (t *Tournament) Totals(upTo int) map[int]Total {
	totals := make(map[int]Total, len(t.Players))
	for _, p := range t.Players {
		totals[p.ID] = Total{}
	}
	for _, r := range t.Rounds {
		if upTo > 0 && r.Number > upTo {
			break
		}
		for _, g := range r.Games {
			if g.Result == nil {
				continue
			}
			bp, wp := g.Result.Points()
			add(totals, g.Black, bp, g.Result.BlackDiscs)
			add(totals, g.White, wp, g.Result.WhiteDiscs)
		}
		for _, id := range r.Byes {
			tot := totals[id]
			tot.Points++
			tot.Discs += t.Settings.ByeDiscs[0]
			tot.Byes++
			totals[id] = tot
		}
	}
	for id, n := range t.missedRounds(upTo) {
		tot := totals[id]
		tot.Discs += n * t.Settings.UnplayedDiscs[0]
		tot.Absent += n
		totals[id] = tot
	}
	return totals
}

func add(totals map[int]Total, id int, points float64, discs int) {
	tot := totals[id]
	tot.Points += points
	tot.Discs += discs
	tot.Games++
	totals[id] = tot
}
