package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"outflank"
	"outflank/director"
	"outflank/report"
)

// The audit log and undo: every change with who made it, filtered by round
// and player, with the log's verification ('log --verify'); undo reverts
// the latest change, showing what it reverts, and only if it is still the
// latest when the director confirms (director.Undo with expect).

// logView is the audit log page.
type logView struct {
	Events  []outflank.Event
	Total   int
	Round   int
	Player  int
	Rounds  []report.RoundLine
	Players []outflank.Player
	// Head is the head hash when the log verifies; Broken what is wrong
	// when it does not.
	Head, Broken string
}

func (s *Server) handleLog(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	round, _ := strconv.Atoi(r.URL.Query().Get("round"))
	player, _ := strconv.Atoi(r.URL.Query().Get("player"))
	a, err := s.store.Audit(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := logView{Total: len(a.Events), Round: round, Player: player, Rounds: report.RoundsOf(t), Players: t.Players}
	if page.Head, err = a.Verify(); err != nil {
		page.Broken = outflank.ErrorMessage(err)
	}
	for _, ev := range slices.Backward(a.Events) {
		if ev.Concerns(round, player) {
			page.Events = append(page.Events, ev)
		}
	}
	v := s.newConsoleView(w, r, t, "log")
	v.Page = page
	s.consolePage(w, r, http.StatusOK, "console-log", "Log · "+t.Name, v)
}

// undoView is the undo page: the change undo reverts, row by row.
type undoView struct {
	Latest *outflank.Event
	Rows   []changedRow
	// Back is where the browser goes after the undo.
	Back string
}

// changedRow is a row the change wrote: what it was and became.
type changedRow struct {
	Entity, Key, Before, After string
}

func (s *Server) handleUndoPage(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	s.undoPage(w, r, t, http.StatusOK, "")
}

func (s *Server) undoPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string) {
	latest, err := s.latestChange(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := undoView{Latest: latest.event(), Back: localBack(t, r.FormValue("back"))}
	if latest.OK {
		for _, c := range latest.Event.Changes {
			page.Rows = append(page.Rows, changedRow{Entity: c.Entity, Key: c.Key, Before: rowWords(c.Before), After: rowWords(c.After)})
		}
	}
	v := s.newConsoleView(w, r, t, "undo")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-undo", "Undo · "+t.Name, v)
}

// rowWords shows a row of the log compactly: its JSON, or "none".
func rowWords(row json.RawMessage) string {
	if len(row) == 0 {
		return "none"
	}
	var v any
	if json.Unmarshal(row, &v) != nil {
		return string(row)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// localBack keeps the page to go back to after an undo within the
// tournament's console.
func localBack(t *outflank.Tournament, back string) string {
	base := "/t/" + t.Slug + "/admin"
	if back == base || len(back) > len(base) && back[:len(base)+1] == base+"/" || len(back) > len(base) && back[:len(base)+1] == base+"?" {
		return back
	}
	return base
}

func (s *Server) handleConsoleUndo(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	expect, err := strconv.ParseInt(r.FormValue("expect"), 10, 64)
	if err != nil || expect < 1 {
		s.undoPage(w, r, t, http.StatusBadRequest, "The form does not say which change it undoes: reload the page and try again.")
		return
	}
	ev, err := director.Undo(r.Context(), s.store, t.Slug, expect)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			s.undoPage(w, r, t, status, fmt.Sprintf("Nothing was undone: %s", message))
		})
		return
	}
	s.redirectSaved(w, r, localBack(t, r.FormValue("back")), "Undone: "+ev.Summary+".")
}
