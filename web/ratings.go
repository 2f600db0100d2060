package web

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"outflank/exchange"
	"outflank/rating"
	"outflank/report"
	"outflank/words"
)

func (s *Server) registerRatingsRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ratings", s.handleRatings)
	mux.HandleFunc("GET /ratings/{id}", s.handleRating)
	mux.HandleFunc("GET /api/ratings", s.handleRatingsAPI)
}

// ratingsRefresh is how often, in seconds, a page waiting for the ratings
// asks again.
const ratingsRefresh = 10

// notRated says how to have the ratings shown, on a site started without
// them.
const notRated = "This site shows no rating list: start it with outflank serve --results DIR, DIR the World Othello Federation's result archive (.ELO files in year folders)."

// ratingsView is the rating list's page: a page of the players found.
type ratingsView struct {
	// Waiting: the list is being computed (Doing says what is being done),
	// or could not be (Err); the page asks again every Refresh seconds.
	Waiting bool
	Doing   string
	Err     string
	Refresh int

	AsOf           string
	List           string // which list: listName
	Query, Country string
	Countries      []string
	Players        []exchange.RatingPlayer // this page's
	Active, Found  int
	Page, Pages    int
	Prev, Next     string
}

// ratingsWaiting answers a request for the ratings that are not ready: 404
// when the site computes none, else 503 saying what is being done or what
// went wrong; it reports whether it answered.
func (s *Server) ratingsWaiting(w http.ResponseWriter, r *http.Request, ready bool) bool {
	if s.ratings == nil {
		s.notFound(w, r, notRated)
		return true
	}
	if ready {
		return false
	}
	st := s.ratings.Status()
	w.Header().Set("Retry-After", strconv.Itoa(ratingsRefresh))
	if strings.HasPrefix(r.URL.Path, "/api/") {
		msg := "The rating list is being computed: ask again in a few seconds."
		if st.Err != nil {
			msg = "The rating list could not be computed: " + st.Err.Error()
		}
		s.errorPage(w, r, http.StatusServiceUnavailable, msg)
		return true
	}
	v := ratingsView{Waiting: true, Doing: st.Doing, Refresh: ratingsRefresh}
	if st.Err != nil {
		v.Err, v.Refresh = st.Err.Error(), 0
	}
	body, err := s.pages.render("ratings", false, view{Title: "WOF rating list", Nav: "ratings", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return true
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
	return true
}

// ratingsList returns the current list, or answers that there is none.
func (s *Server) ratingsList(w http.ResponseWriter, r *http.Request) (*rating.List, rating.Directory, bool) {
	var l *rating.List
	var dir rating.Directory
	ready := false
	if s.ratings != nil {
		l, dir, ready = s.ratings.List()
	}
	if s.ratingsWaiting(w, r, ready) {
		return nil, nil, false
	}
	return l, dir, true
}

// writeRatingsDoc sends a document about the ratings with an ETag of the
// ratings' version.
func (s *Server) writeRatingsDoc(w http.ResponseWriter, r *http.Request, ctype string, body []byte) {
	s.write(w, r, newPage(cacheKey(r), s.ratings.Status().Version, ctype, body))
}

// ratingsQueried answers a request for the list: the published list and
// the request's query, or false when it has answered already (the list not
// ready, or a bad query: 400).
func (s *Server) ratingsQueried(w http.ResponseWriter, r *http.Request) (exchange.RatingList, ratingsQuery, bool) {
	l, dir, ok := s.ratingsList(w, r)
	if !ok {
		return exchange.RatingList{}, ratingsQuery{}, false
	}
	q, err := ratingsQueryOf(r)
	if err != nil {
		s.errorPage(w, r, http.StatusBadRequest, err.Error())
		return exchange.RatingList{}, ratingsQuery{}, false
	}
	return exchange.RatingListOf(l, dir, false), q, true
}

// handleRatings is the rating list: the active players, found by name,
// country or WOF id, a hundred a page.
func (s *Server) handleRatings(w http.ResponseWriter, r *http.Request) {
	doc, q, ok := s.ratingsQueried(w, r)
	if !ok {
		return
	}
	found := q.filter(doc.Players)
	v := ratingsView{AsOf: doc.AsOf, List: s.listName(doc.AsOf, doc.Until), Query: q.text, Country: q.country, Countries: countriesOf(doc.Players), Active: len(doc.Players), Found: len(found)}
	v.Pages = max(1, (len(found)+ratingsPerPage-1)/ratingsPerPage)
	v.Page = min(q.page, v.Pages)
	from := (v.Page - 1) * ratingsPerPage
	v.Players = found[from:min(len(found), from+ratingsPerPage)]
	if v.Page > 1 {
		v.Prev = q.pageURL(v.Page - 1)
	}
	if v.Page < v.Pages {
		v.Next = q.pageURL(v.Page + 1)
	}
	body, err := s.pages.render("ratings", false, view{Title: "WOF rating list", Nav: "ratings", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeRatingsDoc(w, r, "text/html; charset=utf-8", body)
}

// handleRatingsAPI serves 'outflank rating compute --json' of the current
// list, with only the players that ?q= and ?country= find.
func (s *Server) handleRatingsAPI(w http.ResponseWriter, r *http.Request) {
	doc, q, ok := s.ratingsQueried(w, r)
	if !ok {
		return
	}
	doc.Players = q.filter(doc.Players)
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, doc); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeRatingsDoc(w, r, "application/json", buf.Bytes())
}

// ratingView is a player's rating page.
type ratingView struct {
	AsOf string
	// List says which list the page shows; Events are the tournaments
	// behind the rating, newest first.
	List   string
	Until  string
	Events []ratingEvent
	Player exchange.RatingPlayer
	// Rated: the list rates him (Player); else Unplaced says why not.
	Rated    bool
	Unplaced string
	// Separate: his rating is relative to a group of players apart from
	// the main one.
	Separate bool
	Last     string
	// Plot is his history's plot; HistoryWaiting while it is computed,
	// HistoryErr when it could not be.
	Plot           template.HTML
	HistoryWaiting bool
	HistoryErr     string
}

// handleRating is a player's rating: his place on the list and the plot
// of his history; /ratings/{id}.svg is the plot alone.
func (s *Server) handleRating(w http.ResponseWriter, r *http.Request) {
	text := r.PathValue("id")
	text, svg := strings.CutSuffix(text, ".svg")
	id, err := strconv.Atoi(text)
	if err != nil || id < 1 || strings.ContainsAny(text, "+-") {
		s.errorPage(w, r, http.StatusBadRequest, fmt.Sprintf("%q is not a WOF id: give the player's number, as in /ratings/1234.", text))
		return
	}
	l, dir, ok := s.ratingsList(w, r)
	if !ok {
		return
	}
	v := ratingView{AsOf: l.AsOf.String(), List: s.listName(l.AsOf.String(), l.Until.String()), Until: l.Until.String()}
	p, rated := l.Player(id)
	if rated {
		v.Rated, v.Player, v.Separate, v.Last = true, exchange.RatingPlayerOf(p, dir), p.Component != 0, p.Last.String()
	} else {
		for _, u := range l.Unplaced {
			if u.ID == id {
				v.Player, v.Unplaced, v.Last = exchange.RatingPlayerOf(rating.Player{ID: id, Games: u.Games, Active: u.Active}, dir), u.Reason, u.Last.String()
			}
		}
		if v.Unplaced == "" {
			s.notFound(w, r, fmt.Sprintf("No player %d has a rated game in the archive.", id), link{"/ratings?q=" + text, "Search the rating list"})
			return
		}
	}
	if b, ok := s.ratings.Basis(id); ok {
		v.Events = ratingEventsOf(b, dir)
	}
	points, ready := s.ratings.History(id)
	plot := rating.PlotSVG(points, v.Player.Name)
	if svg {
		if !ready {
			s.ratingsWaiting(w, r, false)
			return
		}
		s.writeRatingsDoc(w, r, "image/svg+xml", plot)
		return
	}
	switch {
	case ready:
		v.Plot = template.HTML(plot) // PlotSVG escapes the name
	case s.ratings.Status().Err != nil:
		v.HistoryErr = s.ratings.Status().Err.Error()
	default:
		v.HistoryWaiting = true
	}
	body, err := s.pages.render("rating", false, view{Title: v.Player.Name + " · WOF rating", Nav: "ratings", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeRatingsDoc(w, r, "text/html; charset=utf-8", body)
}

// listName says which list the site publishes: "the list calculated on
// 2026-05-12 over the tournaments to 2026-05-10", and the archive's files
// it leaves out.
func (s *Server) listName(asOf, until string) string {
	name := "the list calculated on " + asOf + " over the tournaments to " + until
	if ex := s.ratings.Status().Excluded; len(ex) > 0 {
		name += ", without " + words.Count(len(ex), "file") + " of the archive (" + strings.Join(ex, ", ") + ")"
	}
	return name
}

// historyPlot is the plot of the rating history of the player with WOF id
// id, for his page in a tournament: "" when he has none, or the site no
// histories (yet).
func (s *Server) historyPlot(id int, name string) template.HTML {
	if s.ratings == nil || id < 1 {
		return ""
	}
	points, ready := s.ratings.History(id)
	if !ready || len(points) == 0 {
		return ""
	}
	return template.HTML(rating.PlotSVG(points, name)) // PlotSVG escapes the name
}

// ratingsVersion is the version of the ratings, 0 without them: part of
// the cache key of the pages that show them.
func (s *Server) ratingsVersion() int64 {
	if s.ratings == nil {
		return 0
	}
	return s.ratings.Status().Version
}
