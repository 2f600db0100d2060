package web

import (
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/rules"
)

// settingsView is a tournament's settings page: the form as typed (or as
// stored), open until round 1 is paired.
type settingsView struct {
	Name, Date, Rules, Rounds, Minutes string
	// Place, Clocks and Told decide whether the games are rated (BOF
	// Ratings 1-3); they may change after round 1.
	Place, Clocks, Told string
	// System is the main stage's system as chosen ("" for the rules');
	// SystemText says what the event plays and why (outflank.SystemChoice);
	// SystemOpen: round 1 is paired, and the system may still change
	// (a round robin to a Swiss), else SystemFixed says why not.
	System, SystemText, SystemFixed string
	SystemOpen                      bool
	// Sender is the .ELO file's sender as typed (Settings.ELOSender);
	// SenderDefault what the file says when it is empty (the ruleset's
	// federation), and Country the file's %%Country: line, "" when
	// nothing gives it (exchange.ELOHeaderLines). They may change at any
	// time.
	Sender, SenderDefault, Country string
	Locked                         bool
	// Unrated says why the games will not be rated, each with its rule.
	Unrated []rules.Unrated
	// RatedRule cites what decides it for the ruleset.
	RatedRule string
	RulesList []rules.ID
	Settings  outflank.Settings
}

func (s *Server) handleSettings(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	form := settingsView{Name: t.Name, Date: t.Date, Rules: string(t.Rules), Minutes: strconv.Itoa(t.Settings.Minutes),
		Place: t.Settings.Place, Clocks: t.Settings.Clocks, Told: t.Settings.Told, System: t.Settings.System, Sender: t.Settings.ELOSender}
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
	form.Unrated, form.RatedRule = t.Unrated(), rules.RatedRule(t.Rules)
	form.SenderDefault = exchange.ELOSenderDefault(t.Rules)
	_, form.Country = exchange.ELOHeaderLines(t)
	form.SystemText = consoleWords(t.System().String())
	if form.Locked {
		ok, why := t.SystemSwitchAllowed()
		form.SystemOpen, form.SystemFixed = ok, consoleWords(why)
	}
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
		Rounds: r.FormValue("rounds"), Minutes: r.FormValue("minutes"),
		Place: strings.TrimSpace(r.FormValue("place")), Clocks: r.FormValue("clocks"), Told: r.FormValue("told"), System: r.FormValue("system"), Sender: r.FormValue("elo_sender")}
	system := &form.System
	if len(t.Rounds) > 0 && r.FormValue("system_only") != "" {
		// Round 1 is paired: the page sends the system alone.
		form.Place, form.Clocks, form.Told = t.Settings.Place, t.Settings.Clocks, t.Settings.Told
	} else if len(t.Rounds) > 0 {
		system = nil // kept
	}
	if len(t.Rounds) > 0 {
		// Round 1 is paired: the page no longer sends the rounds and the
		// time, which are fixed (a change sent anyway is refused), and the
		// system's form sends the system alone; what is not sent is kept.
		stored := settingsView{Name: t.Name, Date: t.Date, Rules: string(t.Rules), Rounds: strconv.Itoa(t.Settings.Rounds), Minutes: strconv.Itoa(t.Settings.Minutes)}
		if t.Settings.RoundsByPlan {
			stored.Rounds = ""
		}
		for field, v := range map[string][2]*string{"name": {&form.Name, &stored.Name}, "date": {&form.Date, &stored.Date}, "rules": {&form.Rules, &stored.Rules},
			"rounds": {&form.Rounds, &stored.Rounds}, "minutes": {&form.Minutes, &stored.Minutes}} {
			if _, sent := r.PostForm[field]; !sent || r.FormValue("system_only") != "" {
				*v[0] = *v[1]
			}
		}
	}
	again := func(status int, message string) { s.settingsPage(w, r, t, status, message, form) }
	rounds, err := atoiForm("rounds", form.Rounds)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	minutes, err := atoiForm("minutes", form.Minutes)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	edit := outflank.SettingsEdit{Name: form.Name, Date: form.Date,
		Rules: rules.ID(form.Rules), Rounds: rounds, Minutes: minutes, Place: form.Place, Clocks: form.Clocks, Told: form.Told, System: system}
	if _, sent := r.PostForm["elo_sender"]; sent {
		edit.ELOSender = &form.Sender
	}
	ev, err := director.EditSettings(r.Context(), s.store, t.Slug, edit)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin", "Saved: "+ev.Summary+".")
}
