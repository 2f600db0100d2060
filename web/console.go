package web

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/report"
)

// The console: the director's pages, /admin for administrators and
// /t/{slug}/admin/... for a tournament's directors. Every console page is
// a user's own: rendered for the request, never cached (no-store), its
// forms carrying the session's CSRF token. Its handlers parse the form,
// call the same director function as the command line, and render or
// redirect; the rules are the domain's. The pages work without JavaScript
// (plain forms, a redirect after each change); console.js makes the
// result entry and the player search fast, and follows the event live.

func (s *Server) registerConsoleRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /admin", LoggedIn, s.handleAdminHome)
	s.route(mux, "POST /admin/tournaments", Admin, s.handleCreateTournament)
	s.route(mux, "GET /admin/users", Admin, s.handleUsers)
	s.route(mux, "POST /admin/users", Admin, s.handleAddUser)
	s.route(mux, "POST /admin/users/{name}/grant", Admin, s.handleGrant)
	s.route(mux, "POST /admin/users/{name}/revoke", Admin, s.handleRevoke)
	s.route(mux, "POST /admin/users/{name}/password", Admin, s.handleSetPassword)
	s.route(mux, "POST /admin/users/{name}/remove", Admin, s.handleRemoveUser)

	s.route(mux, "GET /t/{slug}/admin", Director, s.handleConsole)
	s.route(mux, "GET /t/{slug}/admin/settings", Director, s.handleSettings)
	s.route(mux, "POST /t/{slug}/admin/settings", Director, s.handleSaveSettings)
	s.route(mux, "POST /t/{slug}/admin/remove", Director, s.handleRemoveTournament)
	s.route(mux, "POST /t/{slug}/admin/restore", Director, s.handleRestoreTournament)
	s.route(mux, "GET /t/{slug}/admin/players", Director, s.handleConsolePlayers)
	s.route(mux, "GET /t/{slug}/admin/playerdb", Director, s.handlePlayerSearch)
	s.route(mux, "POST /t/{slug}/admin/players", Director, s.handleRegister)
	s.uploadRoute(mux, "POST /t/{slug}/admin/players/import", Director, maxPlayersCSV, s.handleImport)
	s.route(mux, "GET /t/{slug}/admin/players/{id}", Director, s.handlePlayerForm)
	s.route(mux, "POST /t/{slug}/admin/players/{id}", Director, s.handleEditPlayer)
	s.route(mux, "POST /t/{slug}/admin/players/{id}/withdraw", Director, s.handleWithdraw)
	s.route(mux, "POST /t/{slug}/admin/players/{id}/remove", Director, s.handleRemovePlayer)
	s.route(mux, "POST /t/{slug}/admin/players/{id}/absent", Director, s.handleAbsent)
	s.route(mux, "POST /t/{slug}/admin/players/{id}/return", Director, s.handleReturn)
	s.route(mux, "GET /t/{slug}/admin/export/{format}", Director, s.handleExport)
	s.route(mux, "GET /t/{slug}/admin/round", Director, s.handleRoundForm)
	s.route(mux, "POST /t/{slug}/admin/round", Director, s.handleAddRound)
	s.route(mux, "GET /t/{slug}/admin/pair", Director, s.handleProposal)
	s.route(mux, "POST /t/{slug}/admin/pair", Director, s.handlePublish)
	s.route(mux, "GET /t/{slug}/admin/results", Director, s.handleResults)
	s.route(mux, "POST /t/{slug}/admin/results", Director, s.handleSaveResult)
	s.route(mux, "GET /t/{slug}/admin/games/{round}/{table}/withdraw", Director, s.handleWithdrawGameForm)
	s.route(mux, "POST /t/{slug}/admin/games/{round}/{table}/withdraw", Director, s.handleWithdrawGame)
	s.route(mux, "GET /t/{slug}/admin/undo", Director, s.handleUndoPage)
	s.route(mux, "POST /t/{slug}/admin/undo", Director, s.handleConsoleUndo)
	s.route(mux, "GET /t/{slug}/admin/log", Director, s.handleLog)
	s.route(mux, "GET /t/{slug}/admin/judges", Director, s.handleJudges)
	s.route(mux, "POST /t/{slug}/admin/judges", Director, s.handleAddJudge)
	s.route(mux, "POST /t/{slug}/admin/judges/{id}/remove", Director, s.handleRemoveJudge)
	s.route(mux, "GET /t/{slug}/admin/print/pairings/{round}", Director, s.handlePrintPairings)
	s.route(mux, "GET /t/{slug}/admin/print/sheets/{round}", Director, s.handlePrintSheets)
	s.route(mux, "GET /t/{slug}/projector", Public, reads(s.handleProjector, "page"))
}

// consoleView is what every console page's template gets as its Data:
// who is logged in, the session's CSRF token, the tournament (nil on
// /admin), the page's entry in the console's menu, a message, and the
// page's own data.
type consoleView struct {
	User       string
	Admin      bool
	CSRF       string
	Tournament *outflank.Tournament
	Nav        string
	// Flash is the message of the change just made (after a redirect);
	// Error what was refused, with Warnings to check.
	Flash    string
	Error    string
	Warnings []string
	Page     any
	// Judged is what of the judges' results waits for a director (the
	// console's bar counts it); nil when the server records no live
	// games, or on /admin.
	Judged *judgesWaiting
}

// Live is the address of the tournament's live stream, from the version
// the page shows.
func (v consoleView) Live() string {
	if v.Tournament == nil {
		return ""
	}
	return fmt.Sprintf("/t/%s/events?since=%d", v.Tournament.Slug, v.Tournament.Version)
}

// newConsoleView starts the view of a console page for the request's
// user, with the flash message of the change before (read once).
func (s *Server) newConsoleView(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, nav string) consoleView {
	v := consoleView{Tournament: t, Nav: nav}
	if p := principal(r); p != nil {
		v.User, v.Admin = p.Actor(), p.IsAdmin()
	}
	if sess := session(r); sess != nil {
		v.CSRF = sess.CSRF
	}
	if t != nil {
		v.Judged = s.judgesWaiting(r.Context(), t)
	}
	if c, err := r.Cookie(flashCookie); err == nil {
		if b, err := base64.RawURLEncoding.DecodeString(c.Value); err == nil {
			v.Flash = string(b)
		}
		http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.secure(r)})
	}
	return v
}

// flashCookie carries the message of a change to the page the browser is
// sent to after it (a plain form's redirect).
const flashCookie = "outflank_flash"

// redirectSaved sends the browser to target after a change, with message
// shown there once.
func (s *Server) redirectSaved(w http.ResponseWriter, r *http.Request, target, message string) {
	if len(message) > 1500 {
		message = message[:1500] + "…"
	}
	http.SetCookie(w, &http.Cookie{Name: flashCookie, Value: base64.RawURLEncoding.EncodeToString([]byte(message)), Path: "/",
		MaxAge: 60, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.secure(r)})
	http.Redirect(w, r, target, http.StatusSeeOther)
}

// consolePage renders console page name for one user: never cached.
func (s *Server) consolePage(w http.ResponseWriter, r *http.Request, status int, name, title string, v consoleView) {
	body, err := s.pages.render(name, false, view{Title: title, Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// renderPart renders the template part of page name: a piece of a console
// page that console.js puts in place after a change.
func (s *Server) renderPart(name, part string, v consoleView) (string, error) {
	t := s.pages.byName[name]
	if t == nil {
		return "", fmt.Errorf("web: no template %q", name)
	}
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, part, view{Data: v}); err != nil {
		return "", fmt.Errorf("web: rendering %s of %s: %w", part, name, err)
	}
	return buf.String(), nil
}

// writeConsoleJSON answers console.js with doc.
func writeConsoleJSON(w http.ResponseWriter, status int, doc any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	report.WriteJSON(w, doc)
}

// wantsJSON reports whether console.js sent the request and reads JSON.
func wantsJSON(r *http.Request) bool {
	return strings.Contains(r.Header.Get("Accept"), "application/json")
}

// loadTournament reads the tournament of the path's {slug} as it is now
// (not from the public pages' cache: a director sees every change at
// once), or answers 404.
func (s *Server) loadTournament(w http.ResponseWriter, r *http.Request) (*outflank.Tournament, bool) {
	t, err := s.store.Tournament(r.Context(), r.PathValue("slug"))
	if err != nil {
		if outflank.ErrorCode(err) == outflank.ENOTFOUND {
			s.notFound(w, r, fmt.Sprintf("There is no tournament %q.", r.PathValue("slug")), link{"/admin", "The console"})
			return nil, false
		}
		s.fail(w, r, err)
		return nil, false
	}
	return t, true
}

// formInt reads a whole number from a form field; empty is 0.
func formInt(r *http.Request, field string) (int, error) {
	return atoiForm(field, r.FormValue(field))
}

// atoiForm reads a whole number typed in a form's field; empty is 0.
func atoiForm(field, text string) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, outflank.Errorf(outflank.EINVALID, "%s %q: give a whole number", strings.ReplaceAll(field, "_", " "), text)
	}
	return n, nil
}

// consoleFailed answers a refused change of a plain form: the page again
// (build renders it), with the message, and the status of the error.
func (s *Server) consoleFailed(w http.ResponseWriter, r *http.Request, err error, again func(status int, message string)) {
	status := statusOf(err)
	if status == http.StatusInternalServerError {
		s.log.Error("a console change failed", "path", r.URL.Path, "err", err)
		again(status, "Something went wrong on the server; the error is in its log.")
		return
	}
	again(status, consoleWords(outflank.ErrorMessage(err)))
}
