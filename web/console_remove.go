package web

import (
	"net/http"
	"strings"

	"outflank"
	"outflank/director"
)

// Removing a tournament or a circuit from the console, and restoring it
// (issue 26, point 6): the same director calls as 'outflank remove',
// 'restore', 'circuit delete' and 'circuit restore'. A removal asks for
// the slug to be typed again, as the command line does; the record it
// keeps is listed on the console's home (tournaments) and the circuits'
// page (circuits), each with its Restore button.

// removals is the store's outflank.Removals, nil when it keeps none.
func (s *Server) removals() outflank.Removals {
	rm, _ := s.store.(outflank.Removals)
	return rm
}

// removedOf lists the records of kind kept that p may restore: a
// tournament's for its directors, a circuit's for an administrator.
func (s *Server) removedOf(r *http.Request, kind string, p *outflank.Principal) ([]outflank.Removal, error) {
	rm := s.removals()
	if rm == nil || p == nil || p.User == nil {
		return nil, nil
	}
	all, err := rm.Removals(r.Context())
	if err != nil {
		return nil, err
	}
	var list []outflank.Removal
	seen := map[string]bool{}
	for _, x := range all {
		// The latest record of a slug is the one restored.
		if x.Kind != kind || seen[x.Slug] || (kind == outflank.RemovedTournament && !p.CanDirect(x.Slug)) || (kind == outflank.RemovedCircuit && !p.IsAdmin()) {
			continue
		}
		seen[x.Slug] = true
		list = append(list, x)
	}
	return list, nil
}

// handleRemoveTournament removes the path's tournament once its slug was
// typed again (director.RemoveTournament).
func (s *Server) handleRemoveTournament(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	rm := s.removals()
	if rm == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no records of removed tournaments.")
		return
	}
	_, err := director.RemoveTournament(r.Context(), rm, t.Slug, strings.TrimSpace(r.FormValue("confirm_slug")))
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			form := settingsView{Name: t.Name, Date: t.Date, Rules: string(t.Rules), Place: t.Settings.Place, Clocks: t.Settings.Clocks, Told: t.Settings.Told, System: t.Settings.System, Sender: t.Settings.ELOSender}
			s.settingsPage(w, r, t, status, message, form)
		})
		return
	}
	s.redirectSaved(w, r, "/admin", "Removed "+t.Name+" ("+t.Slug+"). A record of it with its whole log is kept: “Restore” under “Removed tournaments” brings it back.")
}

// handleRestoreTournament brings the path's tournament back from the
// record its removal kept (director.RestoreTournament).
func (s *Server) handleRestoreTournament(w http.ResponseWriter, r *http.Request) {
	rm := s.removals()
	if rm == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no records of removed tournaments.")
		return
	}
	rec, err := director.RestoreTournament(r.Context(), rm, r.PathValue("slug"))
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			s.adminHome(w, r, status, message, newTournamentForm{})
		})
		return
	}
	s.redirectSaved(w, r, "/t/"+rec.Tournament.Slug+"/admin", "Restored "+rec.Tournament.Name+" with its whole log, as it was when removed.")
}

// handleCircuitDelete deletes the path's circuit once its slug was typed
// again (director.DeleteCircuit).
func (s *Server) handleCircuitDelete(w http.ResponseWriter, r *http.Request) {
	rm := s.removals()
	if rm == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no records of deleted circuits.")
		return
	}
	slug := r.PathValue("slug")
	if _, err := director.DeleteCircuit(r.Context(), rm, slug, strings.TrimSpace(r.FormValue("confirm_slug"))); err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.circuitPage(w, r, status, message, circuitChangeForm{}) })
		return
	}
	s.redirectSaved(w, r, "/admin/circuits", "Deleted circuit "+slug+". A record of it with its log is kept: “Restore” under “Deleted circuits” brings it back.")
}

// handleCircuitRestore brings the path's circuit back from its record.
func (s *Server) handleCircuitRestore(w http.ResponseWriter, r *http.Request) {
	rm := s.removals()
	if rm == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no records of deleted circuits.")
		return
	}
	c, err := director.RestoreCircuit(r.Context(), rm, r.PathValue("slug"))
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.circuitsPage(w, r, status, message, circuitForm{}) })
		return
	}
	s.redirectSaved(w, r, "/admin/circuits/"+c.Slug, "Restored circuit "+c.Name+" with its log.")
}

func (s *Server) handleCircuitUnlink(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error) {
		if err := need(f.B, "choose the link to take back"); err != nil {
			return "", err
		}
		if err := outflank.UnlinkCircuitPlayer(r.Context(), cs, slug, f.B); err != nil {
			return "", err
		}
		return "Unlinked " + outflank.CircuitKeyName(f.B) + ": two players again.", nil
	})
}

func (s *Server) handleCircuitUndo(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, _ circuitChangeForm) (string, error) {
		summary, err := outflank.UndoCircuitChange(r.Context(), cs, slug)
		if err != nil {
			return "", err
		}
		return "Undone: " + strings.TrimPrefix(summary, "undid ") + ".", nil
	})
}
