package web

import (
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// settingsView is a tournament's settings page: the form as typed (or as
// stored), open until round 1 is paired.
type settingsView struct {
	Name, Date, Rules, Rounds, Minutes string
	Locked                             bool
	RulesList                          []rules.ID
	Settings                           outflank.Settings
}

func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	form := settingsView{Name: t.Name, Date: t.Date, Rules: string(t.Rules), Minutes: strconv.Itoa(t.Settings.Minutes)}
	if !t.Settings.RoundsByPlan {
		form.Rounds = strconv.Itoa(t.Settings.Rounds)
	}
	if form.Minutes == "0" {
		form.Minutes = ""
	}
	s.settingsPage(w, r, t, http.StatusOK, "", form)
}

func (s *Server) settingsPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, form settingsView) {
	form.Locked, form.RulesList, form.Settings = len(t.Rounds) > 0, rules.IDs(), t.Settings
	v := s.newConsoleView(w, r, t, "settings")
	v.Error, v.Page = message, form
	s.consolePage(w, r, status, "console-settings", "Settings · "+t.Name, v)
}

func (s *Server) handleSaveSettings(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	form := settingsView{Name: r.FormValue("name"), Date: strings.TrimSpace(r.FormValue("date")), Rules: r.FormValue("rules"),
		Rounds: r.FormValue("rounds"), Minutes: r.FormValue("minutes")}
	again := func(status int, message string) { s.settingsPage(w, r, t, status, message, form) }
	rounds, err := formInt(r, "rounds")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	minutes, err := formInt(r, "minutes")
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	ev, err := director.EditSettings(r.Context(), s.store, t.Slug, outflank.SettingsEdit{Name: form.Name, Date: form.Date,
		Rules: rules.ID(form.Rules), Rounds: rounds, Minutes: minutes})
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin", "Saved: "+ev.Summary+".")
}
