package web

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/report"
)

// Printing: a round's pairing list for the wall, by name (each player
// finds their table and colour) and by table, and one score sheet per
// table: the event, the round and table, both players and their colours,
// the board to write the 60 moves in, the final score and the signatures.
// Print-ready A4 HTML (print.css), without the site's header: the
// browser's Print prints it.

// printView is what the printed pages get.
type printView struct {
	Tournament *outflank.Tournament
	Round      report.Round
	ByName     []wallLine
	// Squares are the board's rows, for the score sheets' grid.
	Columns []string
	Rows    []int
}

// wallLine is a player's line on the wall: where they play, with which
// colour, against whom; or their bye, or their absence.
type wallLine struct {
	Name, Opponent, Colour string
	Table                  int
}

// printRound reads the round of the path and renders page part of name.
func (s *Server) printRound(w http.ResponseWriter, r *http.Request, name string) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	n, err := strconv.Atoi(r.PathValue("round"))
	rd, ok := t.Round(n)
	if err != nil || !ok {
		s.notFound(w, r, fmt.Sprintf("%s has no round %q to print.", t.Name, r.PathValue("round")), link{"/t/" + t.Slug + "/admin", "The console"})
		return
	}
	doc := report.RoundOf(t, rd)
	v := printView{Tournament: t, Round: doc, Columns: strings.Split("abcdefgh", ""), Rows: []int{1, 2, 3, 4, 5, 6, 7, 8}}
	for _, g := range doc.Games {
		v.ByName = append(v.ByName, wallLine{Name: g.Black.Name, Opponent: g.White.Name, Colour: "black", Table: g.Table},
			wallLine{Name: g.White.Name, Opponent: g.Black.Name, Colour: "white", Table: g.Table})
	}
	for _, b := range doc.Byes {
		v.ByName = append(v.ByName, wallLine{Name: b.Name, Colour: "bye"})
	}
	// An absent player looks for his name too: the wall says he is not
	// paired, as the public pairings do (issue 24).
	for _, a := range doc.Absent {
		v.ByName = append(v.ByName, wallLine{Name: a.Name, Colour: "absent"})
	}
	slices.SortFunc(v.ByName, func(a, b wallLine) int { return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) })
	body, err := s.renderPart(name, "print-doc", consoleView{Tournament: t, Page: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write([]byte(body))
}

func (s *Server) handlePrintPairings(w http.ResponseWriter, r *http.Request) {
	s.printRound(w, r, "print-pairings")
}

func (s *Server) handlePrintSheets(w http.ResponseWriter, r *http.Request) {
	s.printRound(w, r, "print-sheets")
}
