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

// A 1,000-player event's round (500 tables) and standings (1,000 lines)
// are more than a screen can show, and than a page may hold (paging.go's
// budget): the projector shows them a hundred lines a page (?page=N), the
// tables of the rounds in play first, then the standings; projector.js
// scrolls through a page a screenful at a time and then goes to the next
// page, the last page leading back to the first. An event of up to a
// hundred lines (a 40-player event's 20 tables and 40 places) is one page.

// projectorView is what the projector shows.
type projectorView struct {
	Status report.Status
	// Rounds are the rounds in play, each a slide (a WOC's third day
	// plays several at once: semi-finals and the young players' in one
	// time slot, Appendix B); else the last round. Each holds the tables
	// of its round that the page shows.
	Rounds    []projectorRound
	Standings []report.Row
	Label     string
	// From, To and Of are the places of the standings shown, when the
	// page shows only some.
	From, To, Of int
	Paging       paging
}

// projectorRound is the part of a round that a page of the projector
// shows: its tables From to To of Of (Of 0 when all are shown).
type projectorRound struct {
	report.Round
	From, To, Of int
}

func (s *Server) handleProjector(w http.ResponseWriter, r *http.Request) {
	number, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
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
			for _, n := range shown {
				if rd, ok := t.Round(n); ok {
					v.Rounds = append(v.Rounds, projectorRound{Round: report.RoundOf(t, rd)})
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
		if err := v.page(number, "/t/"+t.Slug+"/projector"); err != nil {
			return view{}, err
		}
		return view{Title: "Projector · " + t.Name, Data: v}, nil
	})
}

// page keeps the lines of page number (0: all) of the projector at base:
// the rounds' tables, in order, then the standings' places, a hundred a
// page. A round without tables (its byes only) takes a line, so that it is
// shown on one page.
func (v *projectorView) page(number int, base string) error {
	total := len(v.Standings)
	for _, rd := range v.Rounds {
		total += max(1, len(rd.Games))
	}
	p, err := newPaging(number, total, listPageSize, base, "tables and standings", "Pages of the projector")
	v.Paging = p
	if err != nil || !p.Paged() || p.All() {
		return err
	}
	lo, hi := p.From()-1, p.To()
	// part is the lines of a list of n lines starting at line at that
	// the page shows, as indexes into the list.
	part := func(at, n int) (int, int) { return min(max(lo-at, 0), n), min(max(hi-at, 0), n) }
	var rounds []projectorRound
	at := 0
	for _, rd := range v.Rounds {
		n := max(1, len(rd.Games))
		if from, to := part(at, n); from < to {
			if len(rd.Games) > 0 && (from > 0 || to < n) {
				rd.From, rd.To, rd.Of = from+1, to, n
				rd.Games = rd.Games[from:to]
				if to < n {
					rd.Byes = nil // on the round's last page
				}
			}
			rounds = append(rounds, rd)
		}
		at += n
	}
	v.Rounds = rounds
	from, to := part(at, len(v.Standings))
	if from > 0 || to < len(v.Standings) {
		v.From, v.To, v.Of = from+1, to, len(v.Standings)
	}
	v.Standings = v.Standings[from:to]
	return nil
}
