package web

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/circuit"
	"outflank/team"
)

// The order of offers of places in the UK team for the World championship
// (BOF World championship 1-6), from a National: public at
// /t/{slug}/team, and in the console at /t/{slug}/admin/team with the
// reasons in full. Both read the query: gp, size, world_final,
// declined (repeated), women_event, young_event.

func (s *Server) registerTeamRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /t/{slug}/team", Public, s.handleTeam)
	s.route(mux, "GET /t/{slug}/admin/team", Director, s.handleConsoleTeam)
}

// teamView is the selection with the query it was made from.
type teamView struct {
	Slug, Name string
	Options    outflank.TeamOptions
	// Circuits are the BOF Grand Prix circuits to choose from.
	Circuits []outflank.Circuit
	Sel      *outflank.TeamSelection
	Error    string
	// Action is where the form sends the query.
	Action string
}

// DeclinedText is the declined players one a line, for the form.
func (v teamView) DeclinedText() string { return strings.Join(v.Options.Declined, "\n") }

// teamOptions reads the selection's options from the query. The GP
// defaults to the only bof-gp circuit of the National's year, the size to
// 4 (WOC I.2: 1-4 players); the rating list is the site's published list.
func (s *Server) teamOptions(r *http.Request, t *outflank.Tournament, v *teamView) {
	q := r.URL.Query()
	o := outflank.TeamOptions{National: t.Slug, Circuit: q.Get("gp"), Size: 4, WorldFinal: strings.TrimSpace(q.Get("world_final")),
		WomenEvent: q.Get("women_event"), YoungEvent: q.Get("young_event")}
	for _, v := range q["declined"] {
		for _, d := range strings.Split(v, "\n") {
			if d = strings.TrimSpace(d); d != "" {
				o.Declined = append(o.Declined, d)
			}
		}
	}
	if n, err := strconv.Atoi(q.Get("size")); err == nil {
		o.Size = n
	}
	var year []outflank.Circuit
	for _, c := range s.circuitLinks(r.Context()) {
		if c.Rules == circuit.BOFGP {
			v.Circuits = append(v.Circuits, c)
			if strings.HasPrefix(t.Date, strconv.Itoa(c.Year)) {
				year = append(year, c)
			}
		}
	}
	if !q.Has("gp") && len(year) == 1 {
		o.Circuit = year[0].Slug
	}
	if s.ratings != nil {
		if l, dir, ok := s.ratings.List(); ok {
			for _, p := range l.Players {
				o.Ratings = append(o.Ratings, outflank.TeamRating{WOFID: p.ID, Name: dir.Name(p.ID), Country: dir[p.ID].Country, Rating: p.Rounded(),
					Rank: p.Rank, Active: p.Active, Component: p.Component, Official: p.Official, Uncertainty: int(math.Round(p.Uncertainty)), Last: p.Last.String()})
			}
			o.RatingList = l.AsOf.String()
		}
	}
	v.Options = o
}

// selectTeam makes the selection for the page; a user's mistake in the
// query is shown on the page.
func (s *Server) selectTeam(w http.ResponseWriter, r *http.Request, t *outflank.Tournament) (teamView, bool) {
	v := teamView{Slug: t.Slug, Name: t.Name, Action: r.URL.Path}
	s.teamOptions(r, t, &v)
	var ms outflank.Members
	if s.members != nil {
		ms = s.members
	}
	sel, err := outflank.SelectTeam(r.Context(), s.store, s.circuits(), ms, v.Options)
	if err != nil {
		switch outflank.ErrorCode(err) {
		case outflank.EINVALID, outflank.ENOTFOUND:
			v.Error = outflank.ErrorMessage(err)
		default:
			s.fail(w, r, err)
			return v, false
		}
	}
	v.Sel = sel
	return v, true
}

func (s *Server) handleTeam(w http.ResponseWriter, r *http.Request) {
	t, err := s.store.Tournament(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, ok := s.selectTeam(w, r, t)
	if !ok {
		return
	}
	if v.Sel != nil {
		// Residency is personal data (docs/security.md): the public page
		// says only that World championship 1 rules a player out.
		for i, sk := range v.Sel.Skipped {
			if strings.HasPrefix(sk.Reason, team.RuleResidency) {
				v.Sel.Skipped[i].Reason = "not eligible to represent the UK (" + team.RuleResidency + ")"
			}
		}
	}
	status := http.StatusOK
	if v.Error != "" {
		status = http.StatusBadRequest
	}
	body, err := s.pages.render("team", false, view{Title: "UK team: " + t.Name, Nav: "team", Tournament: t, Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

func (s *Server) handleConsoleTeam(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	tv, ok := s.selectTeam(w, r, t)
	if !ok {
		return
	}
	v := s.newConsoleView(w, r, t, "team")
	v.Page = tv
	status := http.StatusOK
	if tv.Error != "" {
		v.Error, status = consoleWords(tv.Error), http.StatusBadRequest
	}
	s.consolePage(w, r, status, "console-team", "UK team", v)
}
