package web

import (
	"fmt"
	"net/http"

	"outflank"
	"outflank/report"
)

func (s *Server) registerTournamentRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}", s.handleTournament)
	mux.HandleFunc("GET /api/t/{slug}", s.handleTournamentAPI)
}

// eventView is the event's page: its status, the lists it has, the
// knockout matches in play and to come.
type eventView struct {
	report.Status
	Lists   []string
	Playing []report.Match
	Next    []report.Match
	// LiveGames: the server records table judges' games, which the page
	// shows as they are played (live.go).
	LiveGames bool
}

// listsOf are the ranking lists an event shows: the individual list, and
// at a WOC the women's, young players' and team lists (WOC II.4-6); the
// order of finish once the event has knockout stages.
func listsOf(t *outflank.Tournament, knockout bool) []string {
	lists := []string{"ifrl"}
	if t.Plan().SideLists {
		lists = append(lists, "wfrl")
		if t.Date != "" {
			lists = append(lists, "yfrl")
		}
		lists = append(lists, "tfrl")
	}
	if knockout {
		lists = append(lists, "finish")
	}
	return lists
}

// handleTournament is the event's page: where it is, in words, its
// champions once decided, what is in play, and links to everything.
func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "event", func(t *outflank.Tournament) (view, error) {
		st := report.StatusOf(t)
		v := eventView{Status: st, Lists: listsOf(t, len(st.Matches) > 0 || st.Done), LiveGames: s.live != nil}
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
