package wthor

import (
	"errors"
	"fmt"

	"outflank/othello"
)

// Report is what Check found in a list of games.
type Report struct {
	// Games = Legal + Illegal; Legal = Finished + Unfinished.
	Games, Legal, Illegal, Finished, Unfinished int
	// Mismatches counts finished games whose recorded BlackScore is not the
	// official score of their final position.
	Mismatches int
	// Problems describes the first illegal or mismatched games, in order.
	Problems []Problem
}

// Problem is one illegal or mismatched game.
type Problem struct {
	Game    int // index into the games checked, from 0
	Problem string
}

// Check replays every game by the rules of Othello and compares the recorded
// score of each finished game with its official score (empty squares to the
// winner, a draw 32-32). Games that stop before the end (adjourned, lost on
// time) count as unfinished: the moves cannot confirm their score. At most
// maxProblems problems are described; all are counted.
func Check(games []Game, maxProblems int) Report {
	r := Report{Games: len(games)}
	note := func(i int, format string, args ...any) {
		if len(r.Problems) < maxProblems {
			r.Problems = append(r.Problems, Problem{Game: i, Problem: fmt.Sprintf(format, args...)})
		}
	}
	for i, g := range games {
		replayed, err := othello.Replay(g.Moves)
		if err != nil {
			r.Illegal++
			if me, ok := errors.AsType[*othello.MoveError](err); ok {
				note(i, "illegal move at ply %d (%s): %s", me.Ply, me.Move, me.Reason)
			} else {
				note(i, "%v", err)
			}
			continue
		}
		r.Legal++
		if !replayed.Finished() {
			r.Unfinished++
			continue
		}
		r.Finished++
		if s := replayed.Final().OfficialScore(); int(g.BlackScore) != s.Black {
			r.Mismatches++
			note(i, "recorded score %d-%d, official score %d-%d", g.BlackScore, 64-int(g.BlackScore), s.Black, s.White)
		}
	}
	return r
}
