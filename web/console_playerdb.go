package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"outflank"
	"outflank/director"
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
	// Equal marks the players who match the search best when several do
	// (namesakes): the director chooses among them.
	Equal bool `json:"equal,omitempty"`
}

// maxSuggestions bounds the players offered at once: more words narrow
// the search.
const maxSuggestions = 10

// searchPlayerDB finds query in the player database: a WOF id, or a name,
// the best matches first (wof.Rank: the full name, the surname, whole
// words, starts, parts; then the active, the rated, the event's country,
// the rating). equal is how many players match best: Enter registers the
// first only when it is 1, and the director chooses among namesakes.
func (s *Server) searchPlayerDB(r *http.Request, t *outflank.Tournament, query string) (found []suggestion, equal int, err error) {
	db, _, err := s.directoryOf(r.Context())
	if err != nil {
		return nil, 0, err
	}
	if q, err := names.Normalize(query, names.MaxPerson); err == nil {
		query = q
	}
	var ranked []wof.Found
	if id, err := strconv.Atoi(strings.TrimSpace(query)); err == nil {
		if p, ok := db.ByID(id); ok {
			ranked = append(ranked, wof.Found{DBPlayer: p, Quality: wof.FullName})
		}
	} else {
		ranked = db.Rank(query, s.searchPreference(t))
	}
	for _, f := range ranked {
		if f.Quality == ranked[0].Quality {
			equal++
		}
	}
	registered := map[int]int{}
	for _, p := range t.Players {
		if p.WOFID != 0 {
			registered[p.WOFID] = p.ID
		}
	}
	found = make([]suggestion, len(ranked))
	for i, p := range ranked {
		found[i] = suggestion{WOFID: p.ID, Name: director.DBName(p.DBPlayer), Country: p.Country, Registered: registered[p.ID], Equal: p.Quality == ranked[0].Quality && equal > 1}
		if p.HasRating {
			rating := p.Rating
			found[i].Rating = &rating
		}
	}
	return found, equal, nil
}

// searchPreference puts first, among players who match a search equally
// well, the active ones (when the server has the rating list: joueurs.txt
// does not say who is active), then the rated, then those of the event's
// country (director.PreferenceFor).
func (s *Server) searchPreference(t *outflank.Tournament) wof.Preference {
	pref := director.PreferenceFor(t)
	if s.ratings != nil {
		if l, _, ready := s.ratings.List(); ready {
			pref.Active = func(id int) bool {
				p, ok := l.Player(id)
				return ok && p.Active
			}
		}
	}
	return pref
}

// suggestions is the answer to a search as the director types.
type suggestions struct {
	Query   string       `json:"query"`
	Players []suggestion `json:"players"`
	More    int          `json:"more"`
	// Unrivalled says that the first player matches the search better
	// than every other (wof.Unrivalled): Enter may register him. When
	// Equal players match it best, Enter registers nobody until the
	// director chooses one.
	Unrivalled bool `json:"unrivalled"`
	Equal      int  `json:"equal"`
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
		found, equal, err := s.searchPlayerDB(r, t, doc.Query)
		if err != nil {
			writeConsoleJSON(w, statusOf(err), map[string]string{"error": consoleWords(outflank.ErrorMessage(err))})
			return
		}
		doc.Unrivalled, doc.Equal = equal == 1, equal
		if len(found) > maxSuggestions {
			doc.More, found = len(found)-maxSuggestions, found[:maxSuggestions]
		}
		doc.Players = found
	}
	writeConsoleJSON(w, http.StatusOK, doc)
}
