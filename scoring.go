package outflank

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"outflank/othello"
	"outflank/rules"
)

// ResultInput is a result as the director enters it, before official scoring.
type ResultInput struct {
	Outcome Outcome
	// Score is the discs as written on the score sheet, black's first; nil
	// when not given (a forfeit, or a transcript that gives the score).
	Score *Discs
	// Moves is the transcript, if recorded.
	Moves string
	// Defaulter, Loser and Winner name the player each outcome needs.
	Defaulter, Loser, Winner Side
	// DefaulterFlags and OpponentFlags count flag falls (time-default).
	DefaulterFlags, OpponentFlags int
	Reason                        string
}

// minEndDiscs is the fewest discs a finished game can have on the board: the
// shortest possible game ends after nine moves, with 4 + 9 discs.
const minEndDiscs = 13

// MaxReason bounds a result's reason (a penalty's, a forfeit's): a
// sentence or two, shown in the log and beside the result.
const MaxReason = 300

// ScoreResult validates a result entered by the director and computes its
// official score under these settings.
func (s Settings) ScoreResult(in ResultInput) (*Result, error) {
	res := &Result{Outcome: in.Outcome, Reason: strings.TrimSpace(in.Reason)}
	if n := utf8.RuneCountInString(res.Reason); n > MaxReason {
		return nil, Errorf(EINVALID, "the reason is %d characters long: say it in at most %d (the log and the crosstable show it)", n, MaxReason)
	}
	var board *Discs
	finished := false
	if in.Moves != "" {
		g, err := othello.ReplayTranscript(in.Moves)
		if err != nil {
			if me, ok := errors.AsType[*othello.MoveError](err); ok {
				return nil, Errorf(EINVALID, "transcript: illegal move at ply %d (%s): %s", me.Ply, me.Move, me.Reason)
			}
			return nil, Errorf(EINVALID, "transcript: %v", err)
		}
		res.Moves = othello.FormatTranscript(g.Moves)
		b, w, _ := g.Final().Discs()
		board, finished = &Discs{b, w}, g.Finished()
		if in.Score != nil && !sameScore(*in.Score, *board, finished) {
			return nil, Errorf(EINVALID, "the score %d-%d disagrees with the transcript, which ends %d-%d%s: correct one of them",
				in.Score.Black, in.Score.White, board.Black, board.White, unfinishedNote(finished, len(g.Moves)))
		}
	} else if in.Score != nil {
		if err := checkBoard(*in.Score); err != nil {
			return nil, err
		}
		board, finished = in.Score, true
	}
	switch in.Outcome {
	case OutcomeNormal:
		if board == nil {
			return nil, Errorf(EINVALID, "a normal result needs the score (e.g. 40-24, black's discs first) or the transcript (--moves)")
		}
		if !finished {
			return nil, Errorf(EINVALID, "the transcript stops at ply %d, before the end of the game: a normal result needs the whole game (for a game stopped by a flag or a forfeit, give --outcome)", len(res.Moves)/2)
		}
		official := officialScore(*board)
		res.BlackDiscs, res.WhiteDiscs = official.Black, official.White
	case OutcomeTimeDefault:
		if err := s.scoreTimeDefault(in, board, finished, res); err != nil {
			return nil, err
		}
	case OutcomeForfeit, OutcomeUnplayed:
		if in.Loser == "" {
			return nil, Errorf(EINVALID, "a %s needs the player who lost it: --loser black or --loser white", in.Outcome)
		}
		if in.Score != nil {
			return nil, Errorf(EINVALID, "a %s is scored by the rules (forfeit 64-0; unplayed %d-%d): leave out the score", in.Outcome, s.UnplayedDiscs[1], s.UnplayedDiscs[0])
		}
		loser, winner := 0, 64 // WOC IV.8, EGP IV.8: 64-0
		if in.Outcome == OutcomeUnplayed {
			loser, winner = s.UnplayedDiscs[0], s.UnplayedDiscs[1] // BOF 11: 20-44
		}
		res.Loser = in.Loser
		res.setDiscs(in.Loser.Other(), winner, loser)
	case OutcomePenalty:
		if res.Reason == "" {
			return nil, Errorf(EINVALID, "a penalty needs a reason (--reason \"...\"): WOC V.2")
		}
		if in.Score == nil {
			return nil, Errorf(EINVALID, "a penalty needs the score the director decided, adding up to 64 (32-32 to declare a draw)")
		}
		if in.Score.Black+in.Score.White != 64 {
			return nil, Errorf(EINVALID, "a penalty's score %d-%d must add up to 64: it is the official score (WOC V.2 b-c)", in.Score.Black, in.Score.White)
		}
		res.BlackDiscs, res.WhiteDiscs = in.Score.Black, in.Score.White
		if in.Moves != "" {
			res.Board = board
		}
	case OutcomeDrawWin:
		if in.Winner == "" {
			return nil, Errorf(EINVALID, "a draw-win needs the player who held it: --winner black or --winner white (WOC IV.9)")
		}
		if board == nil {
			return nil, Errorf(EINVALID, "a draw-win needs the score of the drawn game (32-32) or its transcript")
		}
		if official := officialScore(*board); !finished || official.Black != 32 {
			return nil, Errorf(EINVALID, "a draw-win applies only to a drawn game (32-32), not %d-%d (WOC IV.9)", board.Black, board.White)
		}
		res.Winner = in.Winner
		res.BlackDiscs, res.WhiteDiscs = 32, 32
	default:
		return nil, Errorf(EINVALID, "unknown outcome %q", in.Outcome)
	}
	if res.Board == nil && board != nil && *board != (Discs{res.BlackDiscs, res.WhiteDiscs}) && in.Outcome != OutcomeForfeit && in.Outcome != OutcomeUnplayed {
		res.Board = board
	}
	return res, nil
}

// scoreTimeDefault applies the time-default procedure (WOC IV.6, EGP IV.6,
// AOF 2.6; BOF general rules 13-14). The defaulter loses whatever the board
// says. After two extra minutes each:
//   - the defaulter's flag falls again: 64-0;
//   - the other player's flag falls after their extra minutes (WOC), or
//     falls twice (BOF): 33-31 for the other player;
//   - otherwise the game is finished and its true score stands, the empty
//     squares going to the other player, who is guaranteed at least 33-31.
func (s Settings) scoreTimeDefault(in ResultInput, board *Discs, finished bool, res *Result) error {
	if in.Defaulter == "" {
		return Errorf(EINVALID, "a time default needs the player whose flag fell: --defaulter black or --defaulter white")
	}
	flags := in.DefaulterFlags
	if flags == 0 {
		flags = 1
	}
	if flags > 2 || in.OpponentFlags < 0 || in.OpponentFlags > 2 || flags < 0 {
		return Errorf(EINVALID, "flag falls: the defaulter's are 1 or 2, the opponent's 0 to 2")
	}
	opponentDecides := 1 // WOC IV.6: the non-defaulter's flag after the extra two minutes
	if s.TimeDefault == rules.TimeDefaultBOF {
		opponentDecides = 2 // BOF 14: only the second fall ends the game
	}
	res.Defaulter, res.DefaulterFlags, res.OpponentFlags = in.Defaulter, flags, in.OpponentFlags
	nonDefaulter := in.Defaulter.Other()
	switch {
	case flags == 2 && in.OpponentFlags >= opponentDecides:
		return Errorf(EINVALID, "the defaulter's second flag fall and the opponent's decisive one cannot both happen: the first ended the game")
	case flags == 2:
		res.setDiscs(nonDefaulter, 64, 0)
		return nil
	case in.OpponentFlags >= opponentDecides:
		res.setDiscs(nonDefaulter, 33, 31)
		return nil
	}
	if board == nil || !finished {
		return Errorf(EINVALID, "the game went on after the time default (no decisive second flag fall): give its final score or its whole transcript")
	}
	other := board.Black
	if nonDefaulter == Black {
		other = board.White
	}
	own := 64 - other // the empty squares go to the winner, the non-defaulter
	if own < 33 {
		own, other = 33, 31
	}
	res.setDiscs(nonDefaulter, own, other)
	return nil
}

// setDiscs gives side mine discs and the other side theirs.
func (r *Result) setDiscs(side Side, mine, theirs int) {
	if side == Black {
		r.BlackDiscs, r.WhiteDiscs = mine, theirs
	} else {
		r.BlackDiscs, r.WhiteDiscs = theirs, mine
	}
}

// checkBoard rejects disc counts no finished game can have.
func checkBoard(d Discs) error {
	switch {
	case d.Black < 0 || d.White < 0 || d.Black > 64 || d.White > 64:
		return Errorf(EINVALID, "score %d-%d: each side has 0 to 64 discs", d.Black, d.White)
	case d.Black+d.White > 64:
		return Errorf(EINVALID, "score %d-%d adds up to %d discs: a board has 64 squares", d.Black, d.White, d.Black+d.White)
	case d.Black+d.White < minEndDiscs:
		return Errorf(EINVALID, "score %d-%d: no game of Othello ends with fewer than %d discs on the board", d.Black, d.White, minEndDiscs)
	}
	return nil
}

// officialScore counts the empty squares for the winner; a draw is 32-32
// (WOC IV.8, BOF 9).
func officialScore(d Discs) Discs {
	switch {
	case d.Black > d.White:
		return Discs{64 - d.White, d.White}
	case d.White > d.Black:
		return Discs{d.Black, 64 - d.Black}
	}
	return Discs{32, 32}
}

// sameScore reports whether a score typed by the director matches the board
// at the end of a transcript: as counted on the board, or as the official
// score of a finished game.
func sameScore(typed, board Discs, finished bool) bool {
	return typed == board || (finished && typed == officialScore(board))
}

func unfinishedNote(finished bool, plies int) string {
	if finished {
		return ""
	}
	return " (unfinished after " + itoa(plies) + " plies)"
}

// OfficialNote explains, for the director who typed the score, an official
// score that is not the discs on the board: "official score 34-30: empty
// squares go to the winner (33-30 on the board; WOC IV.8, BOF 9)". It is ""
// when the two agree, and for outcomes whose summary already says why.
func (r *Result) OfficialNote() string {
	if r == nil || r.Outcome != OutcomeNormal || r.Board == nil || *r.Board == (Discs{r.BlackDiscs, r.WhiteDiscs}) {
		return ""
	}
	why := "empty squares go to the winner"
	if r.BlackDiscs == r.WhiteDiscs {
		why = "a draw's empty squares are shared"
	}
	return fmt.Sprintf("official score %d-%d: %s (%d-%d on the board; WOC IV.8, BOF 9)", r.BlackDiscs, r.WhiteDiscs, why, r.Board.Black, r.Board.White)
}
