package web

import (
	"fmt"
	"net/http"
	"strconv"

	"outflank"
	"outflank/report"
)

func (s *Server) registerPairingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/pairings", reads(s.handlePairings, "page"))
	mux.HandleFunc("GET /t/{slug}/pairings/{round}", reads(s.handlePairings, "page"))
	mux.HandleFunc("GET /api/t/{slug}/pairings", reads(s.handlePairingsAPI))
	mux.HandleFunc("GET /api/t/{slug}/pairings/{round}", reads(s.handlePairingsAPI))
}

// pairingsView is a round's pairings page: the round, every round for
// the navigation, and the other rounds still in play.
type pairingsView struct {
	Round  *report.Round
	Rounds []report.RoundLine
	InPlay []report.RoundLine
	// Others are the players without a game: byes, absent, withdrawn.
	Others []seatGroup
	// Current: the page of the latest round (/pairings).
	Current bool
	// Example is the first game that shows black's expected score, which
	// the legend takes as its example; nil when no game shows one.
	Example *report.Table
	// Paging is the page of the round's tables shown (paging.go).
	Paging paging
}

// seatGroup is a list of players under a heading.
type seatGroup struct {
	Name  string
	Seats []report.Seat
}

// roundOf finds the round the path names: {round}, or the last round
// when the path has none (nil when there is no round yet).
func roundOf(t *outflank.Tournament, r *http.Request) (*outflank.Round, error) {
	text := r.PathValue("round")
	if text == "" {
		if len(t.Rounds) == 0 {
			return nil, nil
		}
		return &t.Rounds[len(t.Rounds)-1], nil
	}
	n, err := strconv.Atoi(text)
	if round, ok := t.Round(n); err == nil && ok {
		return round, nil
	}
	m := &missing{message: fmt.Sprintf("%s has no round %q: its rounds are 1 to %d.", t.Name, text, len(t.Rounds))}
	if len(t.Rounds) == 0 {
		m.message = fmt.Sprintf("%s has no round %q: no round has been paired yet.", t.Name, text)
	}
	for _, rd := range t.Rounds {
		m.links = append(m.links, link{fmt.Sprintf("/t/%s/pairings/%d", t.Slug, rd.Number), fmt.Sprintf("Round %d (%s)", rd.Number, stageWords(string(rd.Stage)))})
	}
	m.links = append(m.links, link{"/t/" + t.Slug, t.Name})
	return nil, m
}

// handlePairings is a round's pairings: tables, players, results or "in
// play", byes, absent and withdrawn players.
func (s *Server) handlePairings(w http.ResponseWriter, r *http.Request) {
	page, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentPage(w, r, "pairings", func(t *outflank.Tournament) (view, error) {
		round, err := roundOf(t, r)
		if err != nil {
			return view{}, err
		}
		v := pairingsView{Rounds: report.RoundsOf(t), Current: r.PathValue("round") == ""}
		title := "Pairings · " + t.Name
		if round == nil && page != 1 {
			return view{}, &missing{message: fmt.Sprintf("%s has no pairings yet: no round has been paired.", t.Name), links: []link{{"/t/" + t.Slug + "/pairings", "The pairings"}}}
		}
		if round != nil {
			doc := report.RoundOf(t, round)
			for i, g := range doc.Games {
				if g.ExpectedBlack != nil && v.Example == nil {
					v.Example = &doc.Games[i]
				}
			}
			base := fmt.Sprintf("/t/%s/pairings/%d", t.Slug, round.Number)
			if v.Current {
				base = "/t/" + t.Slug + "/pairings"
			}
			if v.Paging, err = newPaging(page, len(doc.Games), listPageSize, base, "tables", "Pages of the round's tables"); err != nil {
				return view{}, err
			}
			doc.Games = pageOf(doc.Games, v.Paging)
			v.Round = &doc
			v.Others = []seatGroup{{"Bye", doc.Byes}, {"Absent", doc.Absent}, {"Withdrawn", doc.Withdrawn}}
			title = fmt.Sprintf("Round %d · %s", round.Number, t.Name)
			for _, rl := range v.Rounds {
				if rl.Results < rl.Games && rl.Round != round.Number {
					v.InPlay = append(v.InPlay, rl)
				}
			}
		}
		return view{Title: title, Nav: "pairings", Data: v}, nil
	})
}

// handlePairingsAPI serves 'outflank round show SLUG [ROUND] --json'.
func (s *Server) handlePairingsAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		round, err := roundOf(t, r)
		if err != nil {
			return nil, err
		}
		if round == nil {
			return nil, &missing{message: fmt.Sprintf("%s has no rounds yet.", t.Name)}
		}
		return report.RoundOf(t, round), nil
	})
}
