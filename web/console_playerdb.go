package web

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"outflank"
	"outflank/names"
	"outflank/wof"
)

// The WOF player database as the console searches it: read from the store
// once per database loaded ('outflank playerdb load'), then searched in
// memory at each keystroke (wof.PlayerDB's Find and Search, as 'player
// find' does).

// directoryCache keeps the player database read last, with the load it
// came from.
type directoryCache struct {
	mu   sync.Mutex
	info outflank.PlayerDBInfo
	db   *wof.PlayerDB
}

// directoryOf returns the player database loaded, reading it again only
// when another one was loaded since.
func (s *Server) directoryOf(ctx context.Context) (*wof.PlayerDB, *outflank.PlayerDBInfo, error) {
	if s.playerDB == nil {
		return nil, nil, outflank.Errorf(outflank.ENOTFOUND, "this server has no WOF player database: register players by hand")
	}
	info, err := s.playerDB.PlayerDBInfo(ctx)
	if err != nil {
		return nil, nil, err
	}
	c := &s.directory
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db != nil && c.info == *info {
		return c.db, info, nil
	}
	info, players, err := s.playerDB.PlayerDB(ctx)
	if err != nil {
		return nil, nil, err
	}
	db := &wof.PlayerDB{Players: make([]wof.DBPlayer, len(players))}
	for i, p := range players {
		q := wof.DBPlayer{ID: p.ID, Surname: p.Surname, Firstname: p.Firstname, Country: p.Country}
		if p.Rating != nil {
			q.Rating, q.HasRating = *p.Rating, true
		}
		db.Players[i] = q
	}
	c.db, c.info = db, *info
	return db, info, nil
}

// suggestion is a player of the database offered as the director types.
type suggestion struct {
	WOFID   int    `json:"wof_id"`
	Name    string `json:"name"`
	Country string `json:"country"`
	Rating  *int   `json:"rating"`
	// Registered is the id of the tournament's player who has this WOF id
	// already, 0 when none does.
	Registered int `json:"registered,omitempty"`
}

// maxSuggestions bounds the players offered at once: more words narrow
// the search.
const maxSuggestions = 10

// searchPlayerDB finds query in the player database: a WOF id, or a name,
// the players named exactly so first, then those whose words start with
// the query's words (accents and case ignored).
func (s *Server) searchPlayerDB(r *http.Request, t *outflank.Tournament, query string) ([]suggestion, error) {
	db, _, err := s.directoryOf(r.Context())
	if err != nil {
		return nil, err
	}
	if q, err := names.Normalize(query, names.MaxPerson); err == nil {
		query = q
	}
	var found []wof.DBPlayer
	if id, err := strconv.Atoi(strings.TrimSpace(query)); err == nil {
		if p, ok := db.ByID(id); ok {
			found = append(found, p)
		}
	} else {
		found = db.Find(query)
		for _, p := range db.Search(query) {
			if !slices.ContainsFunc(found, func(q wof.DBPlayer) bool { return q.ID == p.ID }) {
				found = append(found, p)
			}
		}
	}
	registered := map[int]int{}
	for _, p := range t.Players {
		if p.WOFID != 0 {
			registered[p.WOFID] = p.ID
		}
	}
	out := make([]suggestion, len(found))
	for i, p := range found {
		out[i] = suggestion{WOFID: p.ID, Name: dbName(p.Surname, p.Firstname), Country: p.Country, Registered: registered[p.ID]}
		if p.HasRating {
			rating := p.Rating
			out[i].Rating = &rating
		}
	}
	return out, nil
}

// dbName is a database player's name as Outflank stores it: "SURNAME,
// Firstname", or the surname alone ("EDAX (Delorme)").
func dbName(surname, firstname string) string {
	if firstname == "" {
		return surname
	}
	return surname + ", " + firstname
}

// suggestions is the answer to a search as the director types.
type suggestions struct {
	Query   string       `json:"query"`
	Players []suggestion `json:"players"`
	More    int          `json:"more"`
}

// handlePlayerSearch answers console.js's search as the director types:
// the first players found, as JSON.
func (s *Server) handlePlayerSearch(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	doc := suggestions{Query: r.URL.Query().Get("q"), Players: []suggestion{}}
	if strings.TrimSpace(doc.Query) != "" {
		found, err := s.searchPlayerDB(r, t, doc.Query)
		if err != nil {
			writeConsoleJSON(w, statusOf(err), map[string]string{"error": consoleWords(outflank.ErrorMessage(err))})
			return
		}
		if len(found) > maxSuggestions {
			doc.More, found = len(found)-maxSuggestions, found[:maxSuggestions]
		}
		doc.Players = found
	}
	writeConsoleJSON(w, http.StatusOK, doc)
}
