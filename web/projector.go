package web

import (
	"net/http"

	"outflank"
	"outflank/report"
)

// The projector in the hall: the round's pairings and the standings in
// large type, one after the other (projector.js turns the pages), live.
// Public, as the pages it repeats are: rendered once per version for every
// screen, like them.

// projectorView is what the projector shows.
type projectorView struct {
	Status    report.Status
	Round     *report.Round
	Standings []report.Row
	Label     string
}

func (s *Server) handleProjector(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "projector", func(t *outflank.Tournament) (view, error) {
		v := projectorView{Status: report.StatusOf(t)}
		if n := len(t.Rounds); n > 0 {
			// The round in play, else the last one.
			rd := &t.Rounds[n-1]
			if p := t.Progress(); len(p.InPlay) > 0 {
				rd, _ = t.Round(p.InPlay[0])
			}
			doc := report.RoundOf(t, rd)
			v.Round = &doc
		}
		doc, err := report.StandingsOf(t, "ifrl", 0, false)
		if err != nil {
			return view{}, err
		}
		v.Standings, v.Label = doc.Final, doc.Label
		if len(v.Standings) == 0 {
			v.Standings = doc.Provisional
		}
		return view{Title: "Projector · " + t.Name, Data: v}, nil
	})
}
