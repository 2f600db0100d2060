package web

import (
	"net/http"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/report"
)

// The judges' JSON routes: the protocol static/judge.js speaks (docs/api.md,
// "The judges' boards"). The page sends the whole transcript after each
// edit, numbered: the server keeps, per game, the highest numbered
// (outflank.LiveGame.Record), so resends, late arrivals and a batch made
// offline (only the last transcript is sent) never lose a move nor apply
// one twice.

// judgeState is the answer of every judge's route: the live game as kept.
type judgeState struct {
	Round int    `json:"round"`
	Table int    `json:"table"`
	Seq   int64  `json:"seq"`
	Moves string `json:"moves"`
	State string `json:"state"`
	Note  string `json:"note,omitempty"`
	Actor string `json:"actor,omitempty"`
	// Black and White are the game's players: a board that shows other
	// players shows a game no longer at the table.
	Black int `json:"black,omitempty"`
	White int `json:"white,omitempty"`
	// Recorded says what a transcript sent did: applied, duplicate
	// (already kept) or stale (older than the one kept).
	Recorded string `json:"recorded,omitempty"`
	// Result is the game's result once entered; Event the change that
	// entered it, when this request did.
	Result string `json:"result,omitempty"`
	Event  int64  `json:"event,omitempty"`
	// Version is the tournament's version after that change: the number
	// the live streams' change event for it carries.
	Version int64 `json:"version,omitempty"`
}

func stateOf(g *outflank.LiveGame) judgeState {
	return judgeState{Round: g.Round, Table: g.Table, Seq: g.Seq, Moves: g.Moves, State: string(g.State), Note: g.Note, Actor: g.Actor, Black: g.Black, White: g.White}
}

// writeState answers with the live game.
func writeState(w http.ResponseWriter, status int, doc judgeState) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	report.WriteJSON(w, doc)
}

// handleJudgeState gives the live game as kept: what a judge's page
// resumes from.
func (s *Server) handleJudgeState(w http.ResponseWriter, r *http.Request) {
	t, round, table, ok := s.judgedGame(w, r, true)
	if !ok {
		return
	}
	rec, g, err := s.judgeGame(r.Context(), t, round, table)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := stateOf(&g)
	if rec.Result != nil {
		doc.Result = rec.Result.Summary()
	}
	writeState(w, http.StatusOK, doc)
}

// movesFields are the body of a transcript sent.
type movesFields struct {
	Seq   int64  `json:"seq"`
	Moves string `json:"moves"`
	boardFields
}

// boardFields name the game a judge's board shows, by its players: an
// edit from a board showing a game no longer at the table is refused
// (outflank.CheckBoard). Both 0 (a client that does not say): unchecked.
type boardFields struct {
	Black int `json:"black,omitempty"`
	White int `json:"white,omitempty"`
}

// handleJudgeMoves takes a transcript, numbered: 200 with the live game
// as kept and what was done with it (applied, duplicate, stale); 400 for
// an illegal move; 409 when another device sent another transcript under
// the same number, or the result was submitted.
func (s *Server) handleJudgeMoves(w http.ResponseWriter, r *http.Request) {
	t, round, table, ok := s.judgedGame(w, r, false)
	if !ok {
		return
	}
	var f movesFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if err := checkBoard(t, round, table, f.boardFields); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	g, recorded, err := director.RecordMoves(r.Context(), s.live, t, round, table, f.Seq, f.Moves)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if recorded == outflank.RecordApplied {
		s.noteLive(*g)
	}
	doc := stateOf(g)
	doc.Recorded = recorded.String()
	writeState(w, http.StatusOK, doc)
}

// submissionFields are the body of a result submitted: the transcript,
// numbered, and how the game ended.
type submissionFields struct {
	boardFields
	Seq            int64  `json:"seq"`
	Moves          string `json:"moves"`
	Outcome        string `json:"outcome"`
	Defaulter      string `json:"defaulter,omitempty"`
	DefaulterFlags int    `json:"defaulter_flags,omitempty"`
	OpponentFlags  int    `json:"opponent_flags,omitempty"`
	Loser          string `json:"loser,omitempty"`
	Reason         string `json:"reason,omitempty"`
}

// submissionOf checks the fields' form: the outcome and the sides it
// needs (the rest is the rules', in director.SubmitJudged).
func submissionOf(f submissionFields) (outflank.Submission, error) {
	sub := outflank.Submission{Moves: f.Moves, Reason: strings.TrimSpace(f.Reason)}
	outcome := f.Outcome
	if outcome == "" {
		outcome = string(outflank.OutcomeNormal)
	}
	var err error
	if sub.Outcome, err = outflank.ParseOutcome(outcome); err != nil {
		return sub, err
	}
	switch sub.Outcome {
	case outflank.OutcomeTimeDefault:
		if f.Defaulter == "" {
			return sub, outflank.Errorf(outflank.EINVALID, "a time default needs the player whose flag fell first: black or white")
		}
		if sub.Defaulter, err = outflank.ParseSide(f.Defaulter); err != nil {
			return sub, err
		}
		sub.DefaulterFlags, sub.OpponentFlags = max(f.DefaulterFlags, 1), f.OpponentFlags
	case outflank.OutcomeForfeit:
		if f.Loser == "" {
			return sub, outflank.Errorf(outflank.EINVALID, "a forfeit needs the player who forfeited: black or white")
		}
		if sub.Loser, err = outflank.ParseSide(f.Loser); err != nil {
			return sub, err
		}
	}
	return sub, nil
}

// handleJudgeResult takes the result a judge submits: 201 when it was
// entered, 200 when it waits for a director (pending), was kept beside a
// different result already entered (flagged), or was submitted already;
// 400 for what the rules refuse; 409 when the game is no longer the
// judge's.
func (s *Server) handleJudgeResult(w http.ResponseWriter, r *http.Request) {
	t, round, table, ok := s.judgedGame(w, r, false)
	if !ok {
		return
	}
	var f submissionFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if err := checkBoard(t, round, table, f.boardFields); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	sub, err := submissionOf(f)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	j, err := director.SubmitJudged(r.Context(), s.store, s.live, r.PathValue("slug"), round, table, f.Seq, sub)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	s.noteLive(*j.Live)
	doc, status := stateOf(j.Live), http.StatusOK
	if j.Entered != nil {
		// The result this request entered: no need to read the
		// tournament again.
		doc.Event, doc.Version, doc.Result, status = j.Entered.Event.ID, j.Entered.Version, j.Entered.Result.Summary(), http.StatusCreated
	} else if t, err := s.store.Tournament(r.Context(), r.PathValue("slug")); err == nil {
		if g, err := t.Game(round, table); err == nil && g.Result != nil {
			doc.Result = g.Result.Summary()
		}
	}
	writeState(w, status, doc)
}

// checkBoard refuses an edit from a board showing another game than the
// one at the table now.
func checkBoard(t *outflank.Tournament, round, table int, b boardFields) error {
	game, err := t.Game(round, table)
	if err != nil {
		return err
	}
	return outflank.CheckBoard(t, round, table, b.Black, b.White, *game)
}
