package web

import (
	"fmt"
	"net/http"

	"outflank"
	"outflank/report"
)

func (s *Server) registerTournamentRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}", reads(s.handleTournament))
	mux.HandleFunc("GET /api/t/{slug}", reads(s.handleTournamentAPI))
}

// eventView is the event's page: its status, the lists it has, the
// knockout matches in play and to come.
type eventView struct {
	report.Status
	Lists   []string
	Playing []report.Match
	Next    []report.Match
	// Knockout: the event has knockout stages (report.HasKnockout).
	Knockout bool
	// LiveGames: the server records table judges' games, which the page
	// shows as they are played (live.go).
	LiveGames bool
}

// handleTournament is the event's page: where it is, in words, its
// champions once decided, what is in play, and links to everything.
func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "event", func(t *outflank.Tournament) (view, error) {
		st := report.StatusOf(t)
		v := eventView{Status: st, Lists: report.Lists(t), Knockout: report.HasKnockout(t), LiveGames: s.live != nil}
		for _, m := range st.Matches {
			switch {
			case m.InPlay():
				v.Playing = append(v.Playing, m)
			case !m.Done && m.Next != nil && m.Blocked == "":
				v.Next = append(v.Next, m)
			}
		}
		live := ""
		if v.LiveGames {
			// The page's strip of live games follows every game's moves.
			live = fmt.Sprintf("/t/%s/events?since=%d&moves=all", t.Slug, t.Version)
		}
		return view{Title: t.Name, Nav: "event", Data: v, Live: live}, nil
	})
}

// handleTournamentAPI serves 'outflank status --json'.
func (s *Server) handleTournamentAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.StatusOf(t), nil
	})
}
