package web

import (
	"fmt"
	"net/http"

	"outflank"
	"outflank/director"
)

// A knockout game withdrawn alone (issue 24, point 13): one the rules no
// longer call for, after a result corrected once it was paired, or one
// paired by mistake or too early. The results page and the banner link to
// the question (a GET, which changes nothing); its form posts the
// withdrawal, as 'outflank round withdraw' does. The other games of the
// slot keep their rounds and tables.

// handleWithdrawGameForm asks before the game at the path's round and
// table is withdrawn.
func (s *Server) handleWithdrawGameForm(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	s.confirmWithdrawGame(w, r, t, round, table)
}

// confirmWithdrawGame asks the question, or says at once, on the results
// page, why the game cannot be withdrawn.
func (s *Server) confirmWithdrawGame(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, round, table int) {
	back := fmt.Sprintf("/t/%s/admin/results?round=%d", t.Slug, round)
	preview := t.Clone() // the withdrawal as it would be, to say it
	wd, err := preview.WithdrawGame(round, table)
	if err != nil {
		s.resultsRefused(w, r, t, round, err)
		return
	}
	lines := []string{fmt.Sprintf("Round %d table %d, %s: %s v %s.", round, table, wd.Label, t.Describe(wd.Game.Black), t.Describe(wd.Game.White))}
	if wd.Needless != "" {
		lines = append(lines, "It is not needed: "+wd.Needless+".")
	} else {
		lines = append(lines, "It is not played yet: its match can be paired again afterwards, on the Pair page.")
	}
	lines = append(lines, "The other games keep their rounds and tables, so the score sheets printed for them stay right. Undo puts the game back while its withdrawal is the event's latest change.")
	s.confirmPage(w, r, t, "results", confirmView{
		Heading: fmt.Sprintf("Withdraw round %d table %d?", round, table), Lines: lines,
		Action: fmt.Sprintf("/t/%s/admin/games/%d/%d/withdraw", t.Slug, round, table),
		Do:     fmt.Sprintf("Withdraw %s", wd.Label), Keep: "Keep it", Back: back,
	})
}

// handleWithdrawGame withdraws the game once confirmed; a form that does
// not come from the question is asked it.
func (s *Server) handleWithdrawGame(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	if !confirmed(r) {
		s.confirmWithdrawGame(w, r, t, round, table)
		return
	}
	wd, err := director.WithdrawGame(r.Context(), s.store, t.Slug, director.GameRef{Round: round, Table: table})
	if err != nil {
		s.resultsRefused(w, r, t, round, err)
		return
	}
	s.redirectSaved(w, r, fmt.Sprintf("/t/%s/admin/results?round=%d", t.Slug, round), "Saved: "+wd.Event.Summary+".")
}

// resultsRefused shows the results page of round with why a change was
// refused.
func (s *Server) resultsRefused(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, round int, err error) {
	s.consoleFailed(w, r, err, func(status int, message string) {
		if fresh, ferr := s.store.Tournament(r.Context(), t.Slug); ferr == nil {
			t = fresh
		}
		if _, ok := t.Round(round); !ok {
			round = 0
		}
		v, verr := s.resultsView(w, r, t, round, 0)
		if verr != nil {
			s.fail(w, r, verr)
			return
		}
		v.Error = message
		s.consolePage(w, r, status, "console-results", resultsTitle(v), v)
	})
}
