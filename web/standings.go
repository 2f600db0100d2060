package web

import (
	"net/http"
	"strconv"

	"outflank"
	"outflank/report"
)

func (s *Server) registerStandingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/standings", s.handleStandings)
	mux.HandleFunc("GET /api/t/{slug}/standings", s.handleStandingsAPI)
}

// standingsQuery reads ?list= (finish, ifrl, wfrl, yfrl, tfrl; empty for
// the default) and ?after= (a round; empty for the last complete one).
func standingsQuery(r *http.Request) (list string, after int, err error) {
	q := r.URL.Query()
	list = q.Get("list")
	switch list {
	case "", "finish", "ifrl", "wfrl", "yfrl", "tfrl":
	default:
		return "", 0, outflank.Errorf(outflank.EINVALID, "list %q: use finish, ifrl, wfrl, yfrl or tfrl", list)
	}
	if a := q.Get("after"); a != "" {
		if after, err = strconv.Atoi(a); err != nil || after < 1 {
			return "", 0, outflank.Errorf(outflank.EINVALID, "after %q: give a round number", a)
		}
	}
	return list, after, nil
}

func (s *Server) handleStandings(w http.ResponseWriter, r *http.Request) {
	list, after, err := standingsQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentPage(w, r, "standings", func(t *outflank.Tournament) (view, error) {
		doc, err := report.StandingsOf(t, list, after, false)
		if err != nil {
			return view{}, err
		}
		return view{Title: "Standings · " + t.Name, Nav: "standings", Data: doc}, nil
	})
}

func (s *Server) handleStandingsAPI(w http.ResponseWriter, r *http.Request) {
	list, after, err := standingsQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.StandingsOf(t, list, after, false)
	})
}
