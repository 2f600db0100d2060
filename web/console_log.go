package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

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
			page.Rows = append(page.Rows, changedRow{Entity: c.Entity, Key: c.Key, Before: rowWords(t, c.Entity, c.Before), After: rowWords(t, c.Entity, c.After)})
		}
	}
	v := s.newConsoleView(w, r, t, "undo")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-undo", "Undo · "+t.Name, v)
}

// rowWords says what a row of the log holds, in words: a game and its
// result, a player's registration, a round, a bye.
func rowWords(t *outflank.Tournament, entity string, row json.RawMessage) string {
	if len(row) == 0 {
		return "none"
	}
	switch entity {
	case outflank.EntityGame:
		var g outflank.Game
		if json.Unmarshal(row, &g) == nil {
			result := "no result"
			if g.Result != nil {
				result = g.Result.Summary()
			}
			return fmt.Sprintf("table %d, %s v %s: %s", g.Table, t.Describe(g.Black), t.Describe(g.White), result)
		}
	case outflank.EntityPlayer:
		var p outflank.Player
		if json.Unmarshal(row, &p) == nil {
			words := fmt.Sprintf("#%d %s", p.ID, p.Name)
			for _, f := range []string{p.Country, p.Team} {
				if f != "" {
					words += ", " + f
				}
			}
			if p.Rating != 0 {
				words += fmt.Sprintf(", rating %d", p.Rating)
			}
			if p.WOFID != 0 {
				words += fmt.Sprintf(", WOF %d", p.WOFID)
			}
			if p.WithdrawnAfterRound != nil {
				words += fmt.Sprintf(", withdrawn after round %d", *p.WithdrawnAfterRound)
			}
			return words
		}
	case outflank.EntityBye:
		var b struct{ Round, Player int }
		if json.Unmarshal(row, &b) == nil {
			return fmt.Sprintf("a bye for %s", t.Describe(b.Player))
		}
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
	if back == base || strings.HasPrefix(back, base+"/") || strings.HasPrefix(back, base+"?") {
		return back
	}
	return base
}

func (s *Server) handleConsoleUndo(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	if !confirmed(r) {
		// A form that did not come from the undo page (an old page's
		// button): the page asks first, nothing is undone.
		s.undoPage(w, r, t, http.StatusOK, "")
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
