package web_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"outflank"
	"outflank/exchange"
	"outflank/rating"
	"outflank/rules"
	"outflank/web"
)

// ratingsToday is the calculation date of the test archive's list: every
// tournament of web/testdata/ratings is in its 38 months.
var ratingsToday = rating.Date{Year: 2026, Month: 6, Day: 1}

// testRatingsFiles is a hand-made archive: 14 players (101 to 114) who beat
// one another in a cycle, over three tournaments from 2024 to 2026, one of
// them (108) named with markup, and 115, who lost his only game; the player
// database names 101 and 103.
var testRatingsFiles = web.RatingsFiles{Results: "testdata/ratings/results", PlayersDB: "testdata/ratings/joueurs.txt"}

// loadedRatings returns the test archive's ratings, computed.
func loadedRatings(t *testing.T) *web.RatingsState {
	t.Helper()
	st := web.NewRatingsState()
	st.Load(testRatingsFiles, ratingsToday, nil)
	if err := st.Status().Err; err != nil {
		t.Fatal(err)
	}
	if _, ready := st.History(101); !ready {
		t.Fatal("the histories are not ready after Load")
	}
	return st
}

// ratedEvent is a tournament of players with ratings and WOF ids of the
// test archive: round 1 pairs 2000 v 1800 (black expects 75%) and a
// player with a rating against one without.
func ratedEvent(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("rated", "Rated Open", "2026-06-06", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{
		{Name: "ANDERSEN, Anna", Rating: 2000, WOFID: 101},
		{Name: "BAKER, Ben", Rating: 1800, WOFID: 102},
		{Name: "Newcomer", Rating: 1900},
		{Name: "Unrated"},
	} {
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	return tour
}

// check fetches path and wants its status and every string of want in
// its body.
func (s *site) check(path string, status int, want ...string) string {
	s.t.Helper()
	res, body := s.get(path)
	if res.StatusCode != status {
		s.t.Errorf("%s: %d, want %d: %.300s", path, res.StatusCode, status, body)
	}
	for _, w := range want {
		if !strings.Contains(body, w) {
			s.t.Errorf("%s lacks %q", path, w)
		}
	}
	return body
}

// TestRatingsList: /ratings lists the players on the list by rank, named from
// the player database, and finds them by name (ignoring accents), country
// code and WOF id, and by ?country=.
func TestRatingsList(t *testing.T) {
	s := newSiteWith(t, web.Config{Ratings: loadedRatings(t)}, "Ann", "Ben", "Cid", "Dee")
	body := s.check("/ratings", http.StatusOK, "<h1>WOF rating list</h1>", "14 players on the list", `href="/ratings/101"`, "ANDERSEN, Anna", `href="/ratings/114"`, `<option>JPN</option>`)
	if strings.Contains(body, `href="/ratings/115"`) {
		t.Error("/ratings lists 115, who could not be rated")
	}
	for _, c := range []struct {
		query string
		ids   []string
	}{
		{"q=dub", []string{"104"}},
		{"q=lea+chev", []string{"103"}}, // Léa CHEVALIER, without the accent
		{"q=LÉA", []string{"103"}},      // with it, in capitals
		{"q=jpn", []string{"105", "110", "114"}},
		{"q=110", []string{"110"}},
		{"country=fra", []string{"103", "104"}},
		{"country=JPN&q=ito", []string{"110"}},
	} {
		body := s.check("/ratings?"+c.query, http.StatusOK)
		got := strings.Count(body, `<td class="name"><a href="/ratings/`)
		if got != len(c.ids) {
			t.Errorf("/ratings?%s shows %d players, want %v", c.query, got, c.ids)
		}
		for _, id := range c.ids {
			if !strings.Contains(body, `href="/ratings/`+id+`"`) {
				t.Errorf("/ratings?%s does not find %s", c.query, id)
			}
		}
	}
	s.check("/ratings?q=nobody", http.StatusOK, "No active player matches.", "0 players found")
	s.check("/ratings?page=0", http.StatusBadRequest, "give a page number")
	s.check("/ratings?page=x", http.StatusBadRequest, "give a page number")
}

// TestRatingsAPI: /api/ratings is exchange.RatingListOf, the document of
// 'rating compute --json', found by the same query.
func TestRatingsAPI(t *testing.T) {
	st := loadedRatings(t)
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	l, dir, _ := st.List()
	want := exchange.RatingListOf(l, dir, false)
	res, body := s.get("/api/ratings")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("/api/ratings: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var got exchange.RatingList
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("/api/ratings is\n%+v\nwant\n%+v", got, want)
	}
	if got.AsOf != "2026-06-01" || len(got.Players) != 14 || got.Players[0].Rank != 1 {
		t.Errorf("/api/ratings: as of %s, %d players, the first ranked %d", got.AsOf, len(got.Players), got.Players[0].Rank)
	}
	for _, key := range []string{`"as_of"`, `"players"`, `"rank"`, `"wof_id"`, `"name"`, `"country"`, `"rating"`, `"uncertainty"`, `"games"`, `"active"`, `"official"`} {
		if !strings.Contains(body, key) {
			t.Errorf("/api/ratings lacks %s", key)
		}
	}
	_, body = s.get("/api/ratings?q=jpn")
	got = exchange.RatingList{}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Players) != 3 {
		t.Errorf("/api/ratings?q=jpn: %d players, want 3", len(got.Players))
	}
	for _, p := range got.Players {
		if p.Country != "JPN" {
			t.Errorf("/api/ratings?q=jpn has %+v", p)
		}
	}
	s.check("/api/ratings?page=-1", http.StatusBadRequest, `"error"`)
}

// TestRatingsNotReady: while the list is computed, its pages say so (and
// ask again) with 503; when it could not be, they say why.
func TestRatingsNotReady(t *testing.T) {
	st := web.NewRatingsState()
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	s.check("/ratings", http.StatusServiceUnavailable, "The list is being computed", `<meta http-equiv="refresh" content="10">`)
	s.check("/ratings/101", http.StatusServiceUnavailable, "The list is being computed")
	body := s.check("/api/ratings", http.StatusServiceUnavailable, `"error": "The rating list is being computed`)
	if res, _ := s.get("/api/ratings"); res.Header.Get("Retry-After") == "" || res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("/api/ratings while computed: Retry-After %q, Content-Type %q: %s", res.Header.Get("Retry-After"), res.Header.Get("Content-Type"), body)
	}
	st.Load(web.RatingsFiles{Results: "testdata/ratings/no-such-folder"}, ratingsToday, nil)
	s.check("/ratings", http.StatusServiceUnavailable, "The rating list could not be computed: reading the result archive testdata/ratings/no-such-folder")
	s.check("/api/ratings", http.StatusServiceUnavailable, "could not be computed")
}

// TestRatingsNotConfigured: a site started without --results says how to
// have the ratings.
func TestRatingsNotConfigured(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.check("/ratings", http.StatusNotFound, "outflank serve --results DIR")
	s.check("/ratings/101", http.StatusNotFound, "outflank serve --results DIR")
	s.check("/api/ratings", http.StatusNotFound, `"status": 404`)
	if _, body := s.get("/"); strings.Contains(body, "<h2>Ratings</h2>") {
		t.Error("the home page offers ratings the site does not have")
	}
}

// TestRatingPage: a player's rating page has his rating and the plot of
// his history, inline and alone; a bad id is 400, an unknown one 404.
func TestRatingPage(t *testing.T) {
	st := loadedRatings(t)
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	l, _, _ := st.List()
	p, _ := l.Player(101)
	s.check("/ratings/101", http.StatusOK, "<h1>ANDERSEN, Anna</h1>", "WOF player 101 · DNK", strconv.Itoa(p.Rounded())+` <span class="pm">`, "on the list", "<svg", "Rating history: ANDERSEN, Anna", `href="/ratings/101.svg"`)
	res, body := s.get("/ratings/101.svg")
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.HasPrefix(body, "<svg") {
		t.Errorf("/ratings/101.svg: %d %s %.40s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	s.check("/ratings/115", http.StatusOK, "Not rated on the list", "lost every game")
	s.check("/ratings/abc", http.StatusBadRequest, "is not a WOF id")
	s.check("/ratings/0", http.StatusBadRequest, "is not a WOF id")
	s.check("/ratings/-3", http.StatusBadRequest, "is not a WOF id")
	s.check("/ratings/999", http.StatusNotFound, "No player 999 has a rated game")
	s.check("/", http.StatusOK, "<h2>Ratings</h2>", `href="/ratings"`)
}

// TestRatingsEscaped: a name with markup, from an .ELO file, is text on
// every page that shows it.
func TestRatingsEscaped(t *testing.T) {
	s := newSiteWith(t, web.Config{Ratings: loadedRatings(t)}, "Ann", "Ben", "Cid", "Dee")
	for _, path := range []string{"/ratings", "/ratings?q=eve", "/ratings/108", "/ratings/108.svg"} {
		body := s.check(path, http.StatusOK, "alert(1)")
		if strings.Contains(body, "<script>alert") {
			t.Errorf("%s shows the name's markup unescaped", path)
		}
	}
	if _, body := s.get("/api/ratings?q=108"); !strings.Contains(body, `"name": "\u003cscript\u003ealert(1)\u003c/script\u003e, Eve"`) && !strings.Contains(body, `"name": "<script>alert(1)</script>, Eve"`) {
		t.Errorf("/api/ratings?q=108: %s", body)
	}
}

// TestPlayerRatingHistory: a tournament player with a WOF id has the plot
// of his rating history and a link to his rating, once the histories are
// computed (the page kept from before is rendered anew); one without a
// WOF id has neither.
func TestPlayerRatingHistory(t *testing.T) {
	st := web.NewRatingsState()
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	s.add(ratedEvent(t))
	if body := s.check("/t/rated/players/1", http.StatusOK, "ANDERSEN, Anna"); strings.Contains(body, "<svg") {
		t.Error("the player's page has a plot before the histories are computed")
	}
	st.Load(testRatingsFiles, ratingsToday, nil)
	s.check("/t/rated/players/1", http.StatusOK, "<h2>WOF rating</h2>", "<svg", `href="/ratings/101"`)
	if body := s.check("/t/rated/players/3", http.StatusOK, "Newcomer"); strings.Contains(body, "<svg") || strings.Contains(body, `href="/ratings/`) {
		t.Error("a player without a WOF id has a rating history")
	}
}

// TestPairingsExpectedScore: a game of two rated players shows black's
// expected score, on the page and in its JSON; a game with an unrated
// player shows none.
func TestPairingsExpectedScore(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.add(ratedEvent(t))
	body := s.check("/t/rated/pairings", http.StatusOK, `<span class="exp" title="Black's expected score from the two ratings: 75%">75%</span>`, "expected score from the two players' ratings")
	if n := strings.Count(body, `class="exp"`); n != 1 {
		t.Errorf("the pairings show %d expected scores, want 1 (table 2 has an unrated player)", n)
	}
	var doc struct {
		Games []struct {
			Table         int      `json:"table"`
			ExpectedBlack *float64 `json:"expected_black"`
		} `json:"games"`
	}
	_, body = s.get("/api/t/rated/pairings")
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Games) != 2 || doc.Games[0].ExpectedBlack == nil || *doc.Games[0].ExpectedBlack != 0.75 || doc.Games[1].ExpectedBlack != nil {
		t.Errorf("/api/t/rated/pairings: %s", body)
	}
	if body := s.check("/t/club/pairings", http.StatusOK); strings.Contains(body, `class="exp"`) {
		t.Error("unrated players' games show an expected score")
	}
}

// TestPairingsLegendTakesItsExample (issue 24, point 9): the legend of the
// expected scores quotes a figure of the page, the first game's that has
// one, with its table and players, and not a made-up 64%; without one
// there is no legend.
func TestPairingsLegendTakesItsExample(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.add(ratedEvent(t))
	body := s.check("/t/rated/pairings", http.StatusOK,
		`at table 1, <span class="exp-key">75%</span> for ANDERSEN, Anna (2000) against BAKER, Ben (1800).`)
	if strings.Contains(body, "64%") {
		t.Error("the legend quotes 64%, a figure in no row")
	}
	if body := s.check("/t/club/pairings", http.StatusOK); strings.Contains(body, "expected score from the two players' ratings") {
		t.Error("a round without expected scores has their legend")
	}
}

// TestRatingHistoryWaiting: once the list is computed and before the
// histories are, a player's rating page shows his rating and says the
// history is coming; the plot alone is 503.
func TestRatingHistoryWaiting(t *testing.T) {
	l, dir, _ := loadedRatings(t).List()
	st := web.NewRatingsState()
	st.SetList(l, dir, nil)
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	if body := s.check("/ratings/101", http.StatusOK, "<h1>ANDERSEN, Anna</h1>", "The history is being computed"); strings.Contains(body, "<svg") {
		t.Error("a plot before the histories are computed")
	}
	s.check("/ratings/101.svg", http.StatusServiceUnavailable)
	// The list's page is kept by the browser until the ratings change.
	res, _ := s.get("/ratings")
	etag := res.Header.Get("ETag")
	if again, _ := s.get("/ratings", "If-None-Match: "+etag); etag == "" || again.StatusCode != http.StatusNotModified {
		t.Errorf("/ratings: ETag %q, then %d", etag, again.StatusCode)
	}
	st.SetList(l, dir, nil)
	if again, _ := s.get("/ratings", "If-None-Match: "+etag); again.StatusCode != http.StatusOK {
		t.Errorf("/ratings after the list changed: %d", again.StatusCode)
	}
}

// TestRatingsWhileComputed: the pages answer while the ratings are being
// computed, each with what is ready (go test -race checks the state's
// locking).
func TestRatingsWhileComputed(t *testing.T) {
	st := web.NewRatingsState()
	s := newSiteWith(t, web.Config{Ratings: st}, "Ann", "Ben", "Cid", "Dee")
	s.add(ratedEvent(t))
	done := make(chan struct{})
	go func() {
		defer close(done)
		st.Load(testRatingsFiles, ratingsToday, nil)
	}()
	for loading := true; loading; {
		select {
		case <-done:
			loading = false
		default:
		}
		for _, path := range []string{"/ratings", "/api/ratings", "/ratings/101", "/t/rated/players/1"} {
			if res, body := s.get(path); res.StatusCode != http.StatusOK && res.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("%s while computed: %d %.200s", path, res.StatusCode, body)
			}
		}
	}
	s.check("/t/rated/players/1", http.StatusOK, "<svg")
}
