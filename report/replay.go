package report

import "outflank/othello"

// Replay is a replayed transcript as `outflank game replay --json` prints
// it and the web API gives it (design.md, "game replay --json"). An
// unfinished game has a side to move and no score or winner; a finished one
// the reverse; a draw's winner is "draw".
type Replay struct {
	Plies    int        `json:"plies"`
	Moves    string     `json:"moves"`
	Finished bool       `json:"finished"`
	ToMove   *string    `json:"to_move"`
	Discs    DiscCount  `json:"discs"`
	Score    *GameScore `json:"score"`
	Winner   *string    `json:"winner"`
	// Passes lists the plies (1-based) after which the side to move had
	// to pass.
	Passes []int `json:"passes"`
}

// DiscCount is the discs on the board and its empty squares.
type DiscCount struct {
	Black int `json:"black"`
	White int `json:"white"`
	Empty int `json:"empty"`
}

// GameScore is the official score of a finished game: the empty squares
// go to the winner, a draw is 32-32.
type GameScore struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// ReplayOf draws up the document of a replayed game.
func ReplayOf(g *othello.Game) Replay {
	final := g.Final()
	black, white, empty := final.Discs()
	doc := Replay{
		Plies:    len(g.Moves),
		Moves:    othello.FormatTranscript(g.Moves),
		Finished: g.Finished(),
		Discs:    DiscCount{Black: black, White: white, Empty: empty},
		Passes:   append([]int{}, g.Passes...),
	}
	if !doc.Finished {
		turn := final.Turn.String()
		doc.ToMove = &turn
		return doc
	}
	s := final.OfficialScore()
	winner := "draw"
	if s.Winner() != othello.Empty {
		winner = s.Winner().String()
	}
	doc.Score = &GameScore{Black: s.Black, White: s.White}
	doc.Winner = &winner
	return doc
}
