package web

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"outflank"
	"outflank/report"
)

func (s *Server) registerStandingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/standings", reads(s.handleStandings, "list", "after", "page"))
	mux.HandleFunc("GET /api/t/{slug}/standings", reads(s.handleStandingsAPI, "list", "after"))
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

// listRounds are the rounds a list can be drawn up after: the complete
// rounds of the main stage.
func listRounds(t *outflank.Tournament) []int {
	complete := t.Progress().Complete
	var rounds []int
	for _, r := range t.Rounds {
		if r.Number <= complete && (r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin) {
			rounds = append(rounds, r.Number)
		}
	}
	return rounds
}

// checkAfter answers ?after= naming a round no list is drawn up after
// with a 404 that links to the lists there are.
func checkAfter(t *outflank.Tournament, list string, after int, rounds []int) error {
	if after == 0 {
		return nil
	}
	for _, n := range rounds {
		if n == after {
			return nil
		}
	}
	m := &missing{message: fmt.Sprintf("%s has no list after round %d: a list counts complete rounds of the main stage only.", t.Name, after)}
	if len(rounds) > 0 {
		m.message = fmt.Sprintf("%s has no list after round %d: the lists are after rounds %d to %d.", t.Name, after, rounds[0], rounds[len(rounds)-1])
	}
	if list == "" || list == "finish" {
		list = "ifrl"
	}
	for _, n := range rounds {
		m.links = append(m.links, link{fmt.Sprintf("/t/%s/standings?list=%s&after=%d", t.Slug, list, n), fmt.Sprintf("The %s after round %d", listName(list), n)})
	}
	m.links = append(m.links, link{"/t/" + t.Slug + "/standings", "The standings now"})
	return m
}

// standingsView is the standings page: the list, the lists the event
// has, and the rounds a list can be drawn up after.
type standingsView struct {
	report.Standings
	Lists  []string
	Rounds []int
	After  int
	// Paging is the page of the lists shown (paging.go): the same rows
	// of each of the page's lists.
	Paging paging
	// Notes are the orders of finish's notes (report.Places.Note), of
	// each whole order, not of its page.
	FinishNote, WomenNote, YoungNote string
}

// pageStandings keeps of doc's lists the rows of the page asked for: the
// provisional and final lists, and the orders of finish (the teams' list
// is as long as the countries, and shown whole).
func pageStandings(doc *report.Standings, page int, base string) (paging, error) {
	total := max(len(doc.Provisional), len(doc.Final), len(doc.Finish), len(doc.WomenFinish), len(doc.YoungFinish))
	p, err := newPaging(page, total, listPageSize, base, "players", "Pages of the list")
	if err != nil {
		return p, err
	}
	doc.Provisional, doc.Final = pageOf(doc.Provisional, p), pageOf(doc.Final, p)
	doc.Finish, doc.WomenFinish, doc.YoungFinish = pageOf(doc.Finish, p), pageOf(doc.WomenFinish, p), pageOf(doc.YoungFinish, p)
	return p, nil
}

// standingsBase is the standings' address with the list and round asked
// for, which the pages' links keep.
func standingsBase(slug, list string, after int) string {
	base := "/t/" + slug + "/standings"
	sep := "?"
	if list != "" {
		base += "?list=" + list
		sep = "&"
	}
	if after != 0 {
		base += sep + "after=" + strconv.Itoa(after)
	}
	return base
}

func (s *Server) handleStandings(w http.ResponseWriter, r *http.Request) {
	list, after, err := standingsQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentPage(w, r, "standings", func(t *outflank.Tournament) (view, error) {
		rounds := listRounds(t)
		if err := checkAfter(t, list, after, rounds); err != nil {
			return view{}, err
		}
		doc, err := report.StandingsOf(t, list, after, false)
		if err != nil {
			return view{}, err
		}
		lists := report.Lists(t)
		if !slices.Contains(lists, doc.List) {
			lists = append(lists, doc.List)
		}
		v := standingsView{Standings: doc, Lists: lists, Rounds: rounds, After: after,
			FinishNote: doc.Finish.Note(), WomenNote: doc.WomenFinish.Note(), YoungNote: doc.YoungFinish.Note()}
		if v.Paging, err = pageStandings(&v.Standings, page, standingsBase(t.Slug, list, after)); err != nil {
			return view{}, err
		}
		return view{Title: "Standings · " + t.Name, Nav: "standings", Data: v}, nil
	})
}

func (s *Server) handleStandingsAPI(w http.ResponseWriter, r *http.Request) {
	list, after, err := standingsQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		if err := checkAfter(t, list, after, listRounds(t)); err != nil {
			return nil, err
		}
		return report.StandingsOf(t, list, after, false)
	})
}
