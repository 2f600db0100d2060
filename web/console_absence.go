package web

import (
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
)

// Absences from the console, as 'player absent' and 'player return' record
// them: a player who misses rounds and comes back, where the ruleset
// allows it (docs/rules.md; WOC II.8 does not: a player who leaves has
// withdrawn).

// handleAbsent marks the path's player absent in the form's rounds.
func (s *Server) handleAbsent(w http.ResponseWriter, r *http.Request) {
	s.absenceChange(w, r, func(t *outflank.Tournament, p *outflank.Player, rounds []int) (*outflank.Event, error) {
		if len(rounds) == 0 {
			return nil, outflank.Errorf(outflank.EINVALID, "give the rounds %s misses, e.g. 3 or 3,4 or 3-5", p.Name)
		}
		return director.MarkAbsent(r.Context(), s.store, t.Slug, strconv.Itoa(p.ID), rounds)
	})
}

// handleReturn cancels the path's player's absences: those of the form's
// rounds, or every one not yet played.
func (s *Server) handleReturn(w http.ResponseWriter, r *http.Request) {
	s.absenceChange(w, r, func(t *outflank.Tournament, p *outflank.Player, rounds []int) (*outflank.Event, error) {
		return director.MarkReturn(r.Context(), s.store, t.Slug, strconv.Itoa(p.ID), rounds)
	})
}

// absenceChange reads the player and the form's rounds, makes the change
// and goes back to the player's page, or shows it again with why not.
func (s *Server) absenceChange(w http.ResponseWriter, r *http.Request, change func(t *outflank.Tournament, p *outflank.Player, rounds []int) (*outflank.Event, error)) {
	t, p, ok := s.pathPlayer(w, r)
	if !ok {
		return
	}
	again := func(status int, message string) { s.playerFormPage(w, r, t, status, message, playerFormOf(p)) }
	var rounds []int
	if text := strings.TrimSpace(r.FormValue("rounds")); text != "" {
		var err error
		if rounds, err = director.ParseRounds(text); err != nil {
			s.consoleFailed(w, r, err, again)
			return
		}
	}
	ev, err := change(t, p, rounds)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin/players/"+strconv.Itoa(p.ID), "Saved: "+ev.Summary+".")
}
