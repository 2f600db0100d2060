package web

import (
	"fmt"
	"math"
	"strings"

	"outflank/rating"
	"outflank/words"
)

// ratingEvent is one tournament behind a player's rating, in words.
type ratingEvent struct {
	Date, Name, File string
	Weight           int
	// Score says his points and games: "3.5 points in 5 games"; Expected the points
	// the list expects of him in the games that count ("" when none
	// does).
	Score, Expected string
	// Change is the tournament's move of the rating, signed ("+12",
	// "−3"), "" when it has none; Up and Down colour it.
	Change   string
	Up, Down bool
	// Alone: the rating rests on this tournament alone.
	Alone bool
	Games []ratingGame
}

// ratingGame is one of his games, from his side.
type ratingGame struct {
	Opponent   string
	OpponentID int
	Result     string // "won", "drew", "lost"
	// Rating is the opponent's rating and Expected his expected score
	// ("64%"), when the game counts.
	Counted  bool
	Rating   int
	Expected string
}

// ratingEventsOf puts the basis of a rating in words, the names from dir.
func ratingEventsOf(b rating.Basis, dir rating.Directory) []ratingEvent {
	out := make([]ratingEvent, 0, len(b.Events))
	for _, e := range b.Events {
		points := 0.0
		v := ratingEvent{Date: e.Date.String(), Name: e.Name, File: e.File, Weight: int(e.Weight)}
		if v.Name == "" {
			v.Name = e.File
		}
		for _, g := range e.Games {
			points += float64(g.Score) / 2
			rg := ratingGame{Opponent: dir.Name(g.Opponent), OpponentID: g.Opponent, Result: [3]string{"lost", "drew", "won"}[g.Score], Counted: g.Counted}
			if g.Counted {
				rg.Rating, rg.Expected = int(math.Round(g.OpponentRating)), fmt.Sprintf("%.0f%%", 100*g.Expected)
			}
			v.Games = append(v.Games, rg)
		}
		v.Score = words.Points(points) + " in " + words.Count(len(e.Games), "game")
		if e.Counted > 0 {
			v.Expected = "expected " + words.Points(math.Round(e.Expected*10)/10)
			if e.Counted < len(e.Games) {
				v.Expected += " in the " + words.Count(e.Counted, "game") + " that count"
			}
		}
		switch c := math.Round(e.Change); {
		case !e.HasChange && e.Counted > 0:
			v.Alone = true
		case !e.HasChange:
		case c > 0:
			v.Change, v.Up = fmt.Sprintf("+%.0f", c), true
		case c < 0:
			v.Change, v.Down = strings.Replace(fmt.Sprintf("%.0f", c), "-", "−", 1), true
		default:
			v.Change = "±0"
		}
		out = append(out, v)
	}
	return out
}
