package web

import (
	"net/http"
	"strconv"

	"outflank"
	"outflank/report"
)

func (s *Server) registerCrosstableRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/crosstable", reads(s.handleCrosstable, "page"))
	mux.HandleFunc("GET /api/t/{slug}/crosstable", reads(s.handleCrosstableAPI))
}

// crosstableView is a page of the crosstable (paging.go): its lines, and
// the page of every player, for the links to opponents on other pages.
type crosstableView struct {
	report.Crosstable
	Paging paging
	pageOf map[int]int
}

// OpponentHref links a cell to its opponent's line: on this page, or on
// the page that has it.
func (v crosstableView) OpponentHref(player int) string {
	anchor := "#p" + strconv.Itoa(player)
	if n := v.pageOf[player]; n != v.Paging.Page && v.Paging.Page != 0 {
		return v.Paging.URL(n) + anchor
	}
	return anchor
}

// handleCrosstable is every player against every opponent, round by
// round, with colours, discs and marks; as many lines a page as keep it
// within the elements' budget (crossPageSize).
func (s *Server) handleCrosstable(w http.ResponseWriter, r *http.Request) {
	page, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentPage(w, r, "crosstable", func(t *outflank.Tournament) (view, error) {
		v := crosstableView{Crosstable: report.CrosstableOf(t)}
		size := crossPageSize(len(v.Rounds))
		if v.Paging, err = newPaging(page, len(v.Players), size, "/t/"+t.Slug+"/crosstable", "players", "Pages of the crosstable"); err != nil {
			return view{}, err
		}
		if v.Paging.Paged() {
			v.pageOf = make(map[int]int, len(v.Players))
			for i, p := range v.Players {
				v.pageOf[p.Player] = i/size + 1
			}
		}
		v.Players = pageOf(v.Players, v.Paging)
		return view{Title: "Crosstable · " + t.Name, Nav: "crosstable", Data: v}, nil
	})
}

// handleCrosstableAPI serves 'outflank crosstable --json'.
func (s *Server) handleCrosstableAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.CrosstableOf(t), nil
	})
}
