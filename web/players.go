package web

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"outflank"
	"outflank/report"
	"outflank/words"
)

func (s *Server) registerPlayersRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/players", reads(s.handlePlayers, "page"))
	mux.HandleFunc("GET /t/{slug}/players/{id}", reads(s.handlePlayer))
	mux.HandleFunc("GET /api/t/{slug}/players", reads(s.handlePlayersAPI))
	mux.HandleFunc("GET /api/t/{slug}/players/{id}", reads(s.handlePlayerAPI))
}

// playerListView is a page of the list of players (paging.go).
type playerListView struct {
	report.PlayerList
	Paging paging
}

// handlePlayers lists the players, each linking to his page, a hundred a
// page.
func (s *Server) handlePlayers(w http.ResponseWriter, r *http.Request) {
	page, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.tournamentPage(w, r, "players", func(t *outflank.Tournament) (view, error) {
		doc := report.PlayerListOf(t)
		p, err := newPaging(page, len(doc.Players), listPageSize, "/t/"+t.Slug+"/players", "players", "Pages of the players")
		if err != nil {
			return view{}, err
		}
		doc.Players = pageOf(doc.Players, p)
		return view{Title: "Players · " + t.Name, Nav: "players", Data: playerListView{PlayerList: doc, Paging: p}}, nil
	})
}

// handlePlayersAPI serves 'outflank player list --json'.
func (s *Server) handlePlayersAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.PlayerListOf(t), nil
	})
}

// handlePlayerAPI serves a player's page as JSON (report.Player): his
// list places with points, quotient and discs, and his rounds.
func (s *Server) handlePlayerAPI(w http.ResponseWriter, r *http.Request) {
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		text := r.PathValue("id")
		id, err := strconv.Atoi(text)
		if _, ok := t.Player(id); err != nil || !ok {
			return nil, &missing{message: fmt.Sprintf("%s has no player %q.", t.Name, text)}
		}
		return report.PlayerOf(t, id)
	})
}

// playerView is a player's page: his document, and the plot of his WOF
// rating history when the site has one for his WOF id.
type playerView struct {
	Doc   report.Player
	WOFID int
	Plot  template.HTML
	// KnockoutGames: the player has games that do not count for the
	// list (knockout stages), which the page's legend explains.
	KnockoutGames bool
}

// handlePlayer is a player's page: his games round by round with his
// running points, his rank in each list, his knockout matches, and his
// rating history.
func (s *Server) handlePlayer(w http.ResponseWriter, r *http.Request) {
	variant := ""
	if s.ratings != nil {
		variant = "#ratings=" + strconv.FormatInt(s.ratingsVersion(), 10)
	}
	s.tournamentPageOf(w, r, "player", variant, func(t *outflank.Tournament) (view, error) {
		text := r.PathValue("id")
		id, err := strconv.Atoi(text)
		if _, ok := t.Player(id); err != nil || !ok {
			return view{}, &missing{message: fmt.Sprintf("%s has no player %q.", t.Name, text),
				links: []link{{"/t/" + t.Slug + "/players", fmt.Sprintf("The %s of %s", words.Count(len(t.Players), "player"), t.Name)}}}
		}
		doc, err := report.PlayerOf(t, id)
		if err != nil {
			return view{}, err
		}
		p, _ := t.Player(id)
		v := playerView{Doc: doc, WOFID: p.WOFID, Plot: s.historyPlot(p.WOFID, doc.Player.Name)}
		for _, pr := range doc.Rounds {
			v.KnockoutGames = v.KnockoutGames || !pr.Counts
		}
		return view{Title: doc.Player.Name + " · " + t.Name, Nav: "players", Data: v}, nil
	})
}
