// Package rowcols holds what the SQLite and PostgreSQL stores write alike:
// the values of a game's result and colour-choice columns, in the order
// both schemas declare them (outcome ... discs_unknown, chooser, chose).
// One definition keeps the two stores, and db copy between them, in step.
package rowcols

import "outflank"

// Game returns the fifteen result and choice columns of g: its thirteen
// result columns, NULL for no result, then its chooser and chose columns,
// NULL and empty for no recorded choice.
func Game(g *outflank.Game) []any {
	cols := make([]any, 0, 15)
	if r := g.Result; r == nil {
		cols = append(cols, nil, nil, nil, nil, nil, "", "", 0, 0, "", "", "", false)
	} else {
		var boardBlack, boardWhite any
		if r.Board != nil {
			boardBlack, boardWhite = r.Board.Black, r.Board.White
		}
		cols = append(cols, string(r.Outcome), r.BlackDiscs, r.WhiteDiscs, boardBlack, boardWhite, r.Moves, string(r.Defaulter),
			r.DefaulterFlags, r.OpponentFlags, string(r.Loser), string(r.Winner), r.Reason, r.DiscsUnknown)
	}
	if c := g.Choice; c == nil {
		cols = append(cols, nil, "")
	} else {
		cols = append(cols, c.Player, string(c.Chose))
	}
	return cols
}
