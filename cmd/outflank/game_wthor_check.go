package main

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/othello/wthor"
)

// checkWthor replays every game of a WTHOR file and prints the counts: legal,
// finished and unfinished games, and finished games whose recorded score is
// not the official score of their final position. It fails when any game is
// illegal or mismatched.
func (e *env) checkWthor(path string, games *wthor.GameFile, names wthorNames, asJSON bool) error {
	report := wthor.Check(games.Games, maxProblemsListed)
	doc := wthorCheckJSON{
		File:       path,
		Games:      report.Games,
		Legal:      report.Legal,
		Illegal:    report.Illegal,
		Finished:   report.Finished,
		Unfinished: report.Unfinished,
		Mismatches: report.Mismatches,
		Problems:   []wthorProblemJSON{},
	}
	for _, p := range report.Problems {
		g := names.describe(p.Game, games.Games[p.Game])
		doc.Problems = append(doc.Problems, wthorProblemJSON{Game: g.Number, Black: g.Black, White: g.White, Tournament: g.Tournament, Problem: p.Problem})
	}
	if asJSON {
		if err := writeJSON(e.stdout, doc); err != nil {
			return err
		}
	} else {
		var b strings.Builder
		fmt.Fprintf(&b, "%s\n", path)
		fmt.Fprintf(&b, "games       %d\n", doc.Games)
		fmt.Fprintf(&b, "legal       %d\n", doc.Legal)
		fmt.Fprintf(&b, "illegal     %d\n", doc.Illegal)
		fmt.Fprintf(&b, "finished    %d\n", doc.Finished)
		fmt.Fprintf(&b, "unfinished  %d (stopped before the end: their scores cannot be checked)\n", doc.Unfinished)
		fmt.Fprintf(&b, "mismatches  %d (finished games whose recorded score is not the official score)\n", doc.Mismatches)
		for _, p := range doc.Problems {
			fmt.Fprintf(&b, "  game %d (%s v %s, %s): %s\n", p.Game, p.Black, p.White, p.Tournament, p.Problem)
		}
		if shown := len(doc.Problems); shown < doc.Illegal+doc.Mismatches {
			fmt.Fprintf(&b, "  ... and %d more\n", doc.Illegal+doc.Mismatches-shown)
		}
		e.printf(e.stdout, "%s", b.String())
	}
	if doc.Illegal+doc.Mismatches > 0 {
		return outflank.Errorf(outflank.EINVALID, "%s: %d illegal games and %d score mismatches", path, doc.Illegal, doc.Mismatches)
	}
	return nil
}

type wthorCheckJSON struct {
	File       string             `json:"file"`
	Games      int                `json:"games"`
	Legal      int                `json:"legal"`
	Illegal    int                `json:"illegal"`
	Finished   int                `json:"finished"`
	Unfinished int                `json:"unfinished"`
	Mismatches int                `json:"mismatches"`
	Problems   []wthorProblemJSON `json:"problems"`
}

type wthorProblemJSON struct {
	Game       int    `json:"game"`
	Black      string `json:"black"`
	White      string `json:"white"`
	Tournament string `json:"tournament"`
	Problem    string `json:"problem"`
}
