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
	Status report.Status
	// Rounds are the rounds in play, each a slide (a WOC's third day
	// plays several at once: semi-finals and the young players' in one
	// time slot, Appendix B); else the last round.
	Rounds    []report.Round
	Standings []report.Row
	Label     string
}

func (s *Server) handleProjector(w http.ResponseWriter, r *http.Request) {
	s.tournamentPage(w, r, "projector", func(t *outflank.Tournament) (view, error) {
		v := projectorView{Status: report.StatusOf(t)}
		if n := len(t.Rounds); n > 0 {
			// The rounds in play, as the pairings page lists them (every
			// stage: the main stage's rounds and the knockout's).
			var shown []int
			for _, rl := range report.RoundsOf(t) {
				if rl.Results < rl.Games {
					shown = append(shown, rl.Round)
				}
			}
			if len(shown) == 0 {
				shown = []int{t.Rounds[n-1].Number}
			}
			for _, number := range shown {
				if rd, ok := t.Round(number); ok {
					v.Rounds = append(v.Rounds, report.RoundOf(t, rd))
				}
			}
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
