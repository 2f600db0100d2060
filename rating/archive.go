package rating

import "outflank/wof"

// FromArchive turns the files of the WOF's result archive into rated
// tournaments: each file's games, in file order, with only their results
// (a game's discs and colours do not count). Games whose players are the
// same id are left out and counted in skipped; the .ELO reader already
// leaves out games with a player that is not a number.
func FromArchive(files []wof.ArchiveFile) (ts []Tournament, skipped int) {
	ts = make([]Tournament, 0, len(files))
	for _, f := range files {
		t := Tournament{Date: Date{f.Date.Year, f.Date.Month, f.Date.Day}}
		for _, g := range f.File.Games() {
			if g.First == g.Second || g.First < 1 || g.Second < 1 {
				skipped++
				continue
			}
			t.Games = append(t.Games, Game{A: g.First, B: g.Second, Score: ScoreOf(g.Result)})
		}
		ts = append(ts, t)
	}
	return ts, skipped
}

// ScoreOf returns the points of a game's first player, out of 2, for the
// result an .ELO file gives.
func ScoreOf(r wof.Result) int {
	switch r {
	case wof.Win:
		return 2
	case wof.Draw:
		return 1
	}
	return 0
}
