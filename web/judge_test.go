package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/othello"
)

// The judge of round 1, table 2 of "club" in the access site, as the log
// names the judge.
const judgeActor = "judge #1 judge club r1 t2 (round 1, table 2)"

// state is a judge's route's answer.
type state struct {
	Round, Table int
	Seq          int64
	Moves        string
	State        string
	Note         string
	Recorded     string
	Result       string
	Event        int64
	Version      int64
	Error        string
}

// judgeDo sends a judge's JSON request and reads the answer.
func (s *accessSite) judgeDo(who, method, path, body string) (int, state) {
	s.t.Helper()
	status, out := s.do(who, method, path, body)
	var st state
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		s.t.Fatalf("%s %s: %d, not JSON: %s", method, path, status, out)
	}
	return status, st
}

// form posts a form as who, with the session's CSRF token, and returns the
// status, the redirect and the body.
func (s *accessSite) form(who, path string, values url.Values) (int, string, string) {
	s.t.Helper()
	c := s.creds[who]
	values.Set("csrf", c.csrf)
	req, _ := http.NewRequest("POST", s.srv.URL+path, strings.NewReader(values.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res.StatusCode, res.Header.Get("Location"), b.String()
}

// get fetches path as who, without following a redirect.
func (s *accessSite) get(who, path string) (int, string) {
	s.t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: s.creds[who].cookie})
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Location")
}

// resultOf returns the result of round 1's game at table, or nil.
func (s *accessSite) resultOf(table int) *outflank.Result {
	s.t.Helper()
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		s.t.Fatal(err)
	}
	g, err := tour.Game(1, table)
	if err != nil {
		s.t.Fatal(err)
	}
	return g.Result
}

func (s *accessSite) lastEvent() outflank.Event {
	s.t.Helper()
	log, err := s.db.Log(context.Background(), "club")
	if err != nil {
		s.t.Fatal(err)
	}
	return log[len(log)-1]
}

func moveBody(seq int, moves string) string {
	b, _ := json.Marshal(map[string]any{"seq": seq, "moves": moves})
	return string(b)
}

// TestJudgeMovesRoute: the protocol over HTTP: in order, resent, out of
// order, a batch made offline, a take-back, an illegal move (400) and
// another device's edit (409); the tournament is not changed by a move.
func TestJudgeMovesRoute(t *testing.T) {
	s := newAccessSite(t)
	const who, path = "judge club r1 t2", "/api/t/club/judge/1/2/moves"
	before := s.lastEvent().ID
	for _, c := range []struct {
		seq      int
		moves    string
		status   int
		recorded string
		kept     string
	}{
		{1, "f5", 200, "applied", "f5"},
		{2, "f5d6", 200, "applied", "f5d6"},
		{2, "f5d6", 200, "duplicate", "f5d6"},
		{1, "f5", 200, "stale", "f5d6"},
		{6, "f5d6c3d3c4f4", 200, "applied", "f5d6c3d3c4f4"},
		{5, "f5d6c3d3c4", 200, "stale", "f5d6c3d3c4f4"},
		{7, "f5d6c3d3c4", 200, "applied", "f5d6c3d3c4"},
		{8, "f5d6c3d3c4a1", 400, "", "f5d6c3d3c4"},
		{7, "f5d6c3d3c4f3", 409, "", "f5d6c3d3c4"},
	} {
		status, st := s.judgeDo(who, "POST", path, moveBody(c.seq, c.moves))
		if status != c.status || (c.recorded != "" && st.Recorded != c.recorded) {
			t.Fatalf("seq %d %s: %d %+v; want %d %s", c.seq, c.moves, status, st, c.status, c.recorded)
		}
		_, now := s.judgeDo(who, "GET", "/api/t/club/judge/1/2", "")
		if now.Moves != c.kept {
			t.Fatalf("after seq %d %s: kept %q, want %q", c.seq, c.moves, now.Moves, c.kept)
		}
	}
	if _, st := s.judgeDo(who, "POST", path, moveBody(8, "f5d6c3d3c4a1")); !strings.Contains(st.Error, "illegal move at ply 6 (a1)") {
		t.Errorf("an illegal move's message: %q", st.Error)
	}
	if status, st := s.judgeDo(who, "POST", path, `{"seq": 9, "moves": "f5", "extra": 1}`); status != 400 || !strings.Contains(st.Error, "unknown field") {
		t.Errorf("an unknown field: %d %+v", status, st)
	}
	if got := s.lastEvent().ID; got != before {
		t.Errorf("moves changed the tournament: its log went from #%d to #%d", before, got)
	}
	g, err := s.db.LiveGame(context.Background(), "club", 1, 2)
	if err != nil || g.Actor != judgeActor {
		t.Errorf("the live game's actor: %+v %v", g, err)
	}
}

// TestJudgeResultRoute: the judge's transcript becomes the result, the
// judge the actor in the log; submitting again changes nothing; what the
// rules refuse is 400.
func TestJudgeResultRoute(t *testing.T) {
	s := newAccessSite(t)
	const who = "judge club r1 t2"
	path := "/api/t/club/judge/1/2/result"
	if status, st := s.judgeDo(who, "POST", path, `{"seq": 1, "moves": "f5d6", "outcome": "normal"}`); status != 400 || !strings.Contains(st.Error, "before the end of the game") {
		t.Errorf("an unfinished game: %d %+v", status, st)
	}
	if status, st := s.judgeDo(who, "POST", path, `{"seq": 2, "moves": "f5d6", "outcome": "time-default"}`); status != 400 || !strings.Contains(st.Error, "flag fell first") {
		t.Errorf("a time default without its defaulter: %d %+v", status, st)
	}
	body, _ := json.Marshal(map[string]any{"seq": 60, "moves": readmeGame, "outcome": "normal"})
	status, st := s.judgeDo(who, "POST", path, string(body))
	if status != http.StatusCreated || st.State != "entered" || st.Result != "36-28" || st.Event == 0 {
		t.Fatalf("the result: %d %+v", status, st)
	}
	if r := s.resultOf(2); r == nil || r.BlackDiscs != 36 || r.Moves != readmeGame {
		t.Fatalf("the game's result: %+v", r)
	}
	ev := s.lastEvent()
	if ev.ID != st.Event || ev.Actor != judgeActor {
		t.Errorf("the log: #%d by %q, want #%d by %q", ev.ID, ev.Actor, st.Event, judgeActor)
	}
	if status, again := s.judgeDo(who, "POST", path, string(body)); status != http.StatusOK || again.State != "entered" || s.lastEvent().ID != ev.ID {
		t.Errorf("submitted again: %d %+v", status, again)
	}
	if status, _ := s.judgeDo(who, "POST", "/api/t/club/judge/1/2/moves", moveBody(61, "f5")); status != http.StatusConflict {
		t.Errorf("a move after the result: %d", status)
	}
}

// TestJudgeConfirmation: with the setting on (set on the review page), a
// submission waits; the director's review lists it and confirms it, and
// the log names the judge and the director.
func TestJudgeConfirmation(t *testing.T) {
	s := newAccessSite(t)
	if status, loc, body := s.form("td-club (session)", "/t/club/judge/settings", url.Values{"confirm": {"on"}}); status != http.StatusSeeOther || loc != "/t/club/judge/review" {
		t.Fatalf("the setting: %d %s %s", status, loc, body)
	}
	if ev := s.lastEvent(); ev.Kind != outflank.KindSettings || ev.Actor != "td-club" {
		t.Errorf("the setting's log entry: %+v", ev)
	}
	body, _ := json.Marshal(map[string]any{"seq": 60, "moves": readmeGame})
	status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/result", string(body))
	if status != http.StatusOK || st.State != "pending" || s.resultOf(2) != nil {
		t.Fatalf("submitted: %d %+v", status, st)
	}
	_, page := s.do("td-club (session)", "GET", "/t/club/judge/review", "")
	if !strings.Contains(page, "Submitted by "+judgeActor+": <strong>36-28</strong>") || !strings.Contains(page, `action="/t/club/judge/1/2/confirm"`) {
		t.Fatalf("the review does not list the submission:\n%s", page)
	}
	if status, _, _ := s.form("td-club (session)", "/t/club/judge/1/2/confirm", url.Values{}); status != http.StatusSeeOther {
		t.Fatalf("confirm: %d", status)
	}
	if r := s.resultOf(2); r == nil || r.BlackDiscs != 36 {
		t.Fatalf("confirmed: %+v", r)
	}
	if ev := s.lastEvent(); ev.Actor != judgeActor+", confirmed by td-club" {
		t.Errorf("the log's actor: %q", ev.Actor)
	}
	// Confirmed twice: refused, a page linking back to the review.
	status, _, page = s.form("td-club (session)", "/t/club/judge/1/2/confirm", url.Values{})
	if status != http.StatusConflict || !strings.Contains(page, "/t/club/judge/review") {
		t.Errorf("confirmed twice: %d", status)
	}
}

// TestJudgeDisagreesWithTheDirector: a judge's result that disagrees with
// the one a director entered is flagged, not written over it; the
// director replaces it only expecting what is there.
func TestJudgeDisagreesWithTheDirector(t *testing.T) {
	s := newAccessSite(t)
	if status, out := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/2", `{"score": "40-24"}`); status != http.StatusCreated {
		t.Fatal(status, out)
	}
	entered := s.lastEvent().ID
	body, _ := json.Marshal(map[string]any{"seq": 60, "moves": readmeGame})
	status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/result", string(body))
	if status != http.StatusOK || st.State != "flagged" || !strings.Contains(st.Note, "disagrees with the result 40-24 entered by td-club (token script)") {
		t.Fatalf("submitted: %d %+v", status, st)
	}
	if r := s.resultOf(2); r.BlackDiscs != 40 || s.lastEvent().ID != entered {
		t.Fatalf("the director's result was written over: %+v", r)
	}
	_, page := s.do("td-club (session)", "GET", "/t/club/judge/review", "")
	if !strings.Contains(page, "Replace 40-24 with the judge") || !strings.Contains(page, `name="expect" value="40-24"`) {
		t.Fatalf("the review:\n%s", page)
	}
	// Another director changed the result meanwhile: the replacement,
	// expecting 40-24, is refused.
	if status, out := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/2", `{"score": "41-23", "replace": true, "expect": "40-24"}`); status != http.StatusCreated {
		t.Fatal(status, out)
	}
	if status, _, page := s.form("td-club (session)", "/t/club/judge/1/2/confirm", url.Values{"expect": {"40-24"}}); status != http.StatusConflict || !strings.Contains(page, "last changed by td-club (token script)") {
		t.Errorf("a replacement of what is no longer there: %d", status)
	}
	if status, _, _ := s.form("td-club (session)", "/t/club/judge/1/2/confirm", url.Values{"expect": {"41-23"}}); status != http.StatusSeeOther {
		t.Fatalf("the replacement: %d", status)
	}
	if r := s.resultOf(2); r.BlackDiscs != 36 {
		t.Errorf("replaced: %+v", r)
	}
}

// TestJudgeBoardPage: the picker lists the link's tables; the board is a
// form of 64 squares whose legal ones send the transcript after them,
// which works without JavaScript; a director sees every table.
func TestJudgeBoardPage(t *testing.T) {
	s := newAccessSite(t)
	// A link for one game goes to its board; a link for every table
	// lists them.
	if status, loc := s.get("judge club r1 t2", "/t/club/judge"); status != http.StatusSeeOther || loc != "/t/club/judge/1/2" {
		t.Fatalf("a link for one game: %d to %q", status, loc)
	}
	status, page := s.do("judge other", "GET", "/t/other/judge", "")
	if status != 200 || !strings.Contains(page, `href="/t/other/judge/1/1"`) || !strings.Contains(page, `href="/t/other/judge/1/2"`) || strings.Contains(page, "/judge/review") {
		t.Fatalf("the picker: %d\n%s", status, page)
	}
	if _, page := s.do("td-club (session)", "GET", "/t/club/judge", ""); !strings.Contains(page, `href="/t/club/judge/1/1"`) || !strings.Contains(page, "/t/club/judge/review") {
		t.Errorf("a director's picker:\n%s", page)
	}
	board := func() string {
		t.Helper()
		status, page := s.do("judge club r1 t2", "GET", "/t/club/judge/1/2", "")
		if status != 200 {
			t.Fatalf("the board: %d %s", status, page)
		}
		return page
	}
	page = board()
	legal := regexp.MustCompile(`name="moves" value="([a-h][1-8]+)" class="sq`).FindAllStringSubmatch(page, -1)
	if len(legal) != 4 || !strings.Contains(page, `value="f5" class="sq e legal"`) || strings.Count(page, `class="sq `) != 64 {
		t.Fatalf("the start: %d legal squares\n%s", len(legal), page)
	}
	csrf := regexp.MustCompile(`name="csrf" value="([^"]+)"`).FindStringSubmatch(page)
	if csrf == nil || csrf[1] != s.creds["judge club r1 t2"].csrf || !strings.Contains(page, `name="seq" value="1"`) {
		t.Fatalf("the form's token and number")
	}
	// A move by the form: the page again, one move on.
	if status, loc, _ := s.form("judge club r1 t2", "/t/club/judge/1/2", url.Values{"seq": {"1"}, "moves": {"f5"}}); status != http.StatusSeeOther || loc != "/t/club/judge/1/2#jboard" {
		t.Fatalf("a move by the form: %d %s", status, loc)
	}
	page = board()
	if !strings.Contains(page, `value="f5d6" class="sq e legal"`) || !strings.Contains(page, `class="sq b last"`) || !strings.Contains(page, `name="seq" value="2"`) ||
		!strings.Contains(page, `id="takeback" name="moves" value=""`) {
		t.Fatalf("after f5:\n%s", page)
	}
	// A form sent twice (a double tap, a reload) changes nothing more.
	if status, _, _ := s.form("judge club r1 t2", "/t/club/judge/1/2", url.Values{"seq": {"1"}, "moves": {"f5"}}); status != http.StatusSeeOther {
		t.Errorf("a form sent twice: %d", status)
	}
	if g, _ := s.db.LiveGame(context.Background(), "club", 1, 2); g.Seq != 1 || g.Moves != "f5" {
		t.Errorf("after the form sent twice: %+v", g)
	}
	// A forfeit by the form, and the board closed.
	if status, _, body := s.form("judge club r1 t2", "/t/club/judge/1/2", url.Values{"action": {"result"}, "seq": {"1"}, "moves": {"f5"}, "outcome": {"forfeit"}, "loser": {"white"}}); status != http.StatusSeeOther {
		t.Fatalf("a forfeit: %d %s", status, body)
	}
	if r := s.resultOf(2); r == nil || r.Outcome != outflank.OutcomeForfeit || r.BlackDiscs != 64 {
		t.Fatalf("the forfeit: %+v", r)
	}
	page = board()
	if strings.Contains(page, " legal\"") || !strings.Contains(page, "Result entered: <strong>64-0 forfeit by white</strong>") || !strings.Contains(page, `id="result-form" class="result-form" method="post" action="/t/club/judge/1/2" hidden`) {
		t.Errorf("the board after the result:\n%s", page)
	}
}

// TestMovesLeaveTheTournamentsPages: a move changes no tournament page
// (the standings keep their ETag), the game's viewer shows it, and the
// live games' page and document list the game in progress.
func TestMovesLeaveTheTournamentsPages(t *testing.T) {
	s := newAccessSite(t)
	etag := func(path string) string {
		t.Helper()
		res, err := s.srv.Client().Get(s.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.Header.Get("ETag")
	}
	standings, event := etag("/t/club/standings"), etag("/t/club")
	viewer := etag("/t/club/games/1/2")
	for i := 1; i <= 10; i++ {
		if status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/moves", moveBody(i, readmeGame[:2*i])); status != 200 {
			t.Fatal(status, st)
		}
	}
	if etag("/t/club/standings") != standings || etag("/t/club") != event {
		t.Error("moves changed the tournament's pages")
	}
	if etag("/t/club/games/1/2") == viewer {
		t.Error("the viewer did not change with the moves")
	}
	_, page := s.do("", "GET", "/t/club/games/1/2", "")
	if !strings.Contains(page, "The table judge has recorded 10 moves.") || !strings.Contains(page, `data-live="/t/club/events?since=`) || !strings.Contains(page, `&amp;moves=1/2"`) {
		t.Errorf("the viewer:\n%s", page)
	}
	_, doc := s.do("", "GET", "/api/t/club/live", "")
	var live struct {
		Games []struct {
			Round, Table int
			Replay       struct{ Plies int }
			Board        string
		}
	}
	if err := json.Unmarshal([]byte(doc), &live); err != nil || len(live.Games) != 1 || live.Games[0].Table != 2 || live.Games[0].Replay.Plies != 10 {
		t.Fatalf("the live games: %v %s", err, doc)
	}
	game, _ := othello.ReplayTranscript(readmeGame[:20])
	b, w, _ := game.Final().Discs()
	if got := strings.Count(live.Games[0].Board, "b"); got != b || strings.Count(live.Games[0].Board, "w") != w {
		t.Errorf("the live board: %s", live.Games[0].Board)
	}
	if _, page := s.do("", "GET", "/t/club/live", ""); !strings.Contains(page, `class="live-board" data-game="1/2"`) || !strings.Contains(page, "Move 10 · black to move") {
		t.Errorf("the live boards:\n%s", page)
	}
}

// TestMoveEventsGoToTheirFollowers: a move is pushed to the streams that
// follow that game or every game, not to the tournament's other pages.
func TestMoveEventsGoToTheirFollowers(t *testing.T) {
	s := newAccessSite(t)
	addr := strings.TrimPrefix(s.srv.URL, "http://")
	follow := map[string]*streamReader{}
	for _, q := range []string{"", "&moves=1/2", "&moves=all", "&moves=1/1"} {
		follow[q] = newStreamReader(t, addr, "/t/club/events?since=1"+q)
	}
	for deadline := time.Now().Add(5 * time.Second); s.liveClients() < 4; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the streams did not open")
		}
	}
	if status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/moves", moveBody(1, "f5")); status != 200 {
		t.Fatal(status, st)
	}
	for q, want := range map[string]bool{"": false, "&moves=1/2": true, "&moves=all": true, "&moves=1/1": false} {
		got := follow[q].waitFor("event: move", time.Second)
		if got != want {
			t.Errorf("stream %q got a move event: %v, want %v", q, got, want)
		}
	}
}

// streamReader reads a live stream in the background.
type streamReader struct {
	mu  sync.Mutex
	buf strings.Builder
}

func newStreamReader(t *testing.T, addr, path string) *streamReader {
	br := openStream(t, addr, path)
	r := &streamReader{}
	go func() {
		b := make([]byte, 1024)
		for {
			n, err := br.Read(b)
			r.mu.Lock()
			r.buf.Write(b[:n])
			r.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	return r
}

// waitFor reports whether the stream says text within d.
func (r *streamReader) waitFor(text string, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		r.mu.Lock()
		found := strings.Contains(r.buf.String(), text)
		r.mu.Unlock()
		if found {
			return true
		}
	}
	return false
}

// liveClients returns the number of open live streams (/healthz).
func (s *accessSite) liveClients() int {
	s.t.Helper()
	_, body := s.do("", "GET", "/healthz", "")
	var h struct {
		LiveClients int `json:"live_clients"`
	}
	json.Unmarshal([]byte(body), &h)
	return h.LiveClients
}

// TestJudgeBoardOfAnotherGame: an edit from a board that shows other
// players than the game at the table now (the one it recorded was
// withdrawn, or its round paired again) is refused, 409, saying what the
// table holds and to reload; the page's form the same; the board of the
// game at the table, and a client that does not say, are taken. The state
// names the game's players.
func TestJudgeBoardOfAnotherGame(t *testing.T) {
	s := newAccessSite(t)
	const who, path = "judge club r1 t2", "/api/t/club/judge/1/2/moves"
	body := func(seq, black, white int, moves string) string {
		b, _ := json.Marshal(map[string]any{"seq": seq, "moves": moves, "black": black, "white": white})
		return string(b)
	}
	status, st := s.judgeDo(who, "POST", path, body(1, 1, 2, "f5"))
	if status != http.StatusConflict || !strings.Contains(st.Error, "round 1 table 2 is now #3") || !strings.Contains(st.Error, "reload the board") {
		t.Fatalf("a board of #1 v #2 at table 2: %d %+v", status, st)
	}
	if status, st := s.judgeDo(who, "POST", "/api/t/club/judge/1/2/result", `{"seq": 0, "moves": "", "outcome": "forfeit", "loser": "black", "black": 1, "white": 2}`); status != http.StatusConflict {
		t.Errorf("a result from a board of #1 v #2: %d %+v", status, st)
	}
	if g, err := s.db.LiveGame(context.Background(), "club", 1, 2); err == nil && g.Moves != "" {
		t.Errorf("the refused edit was kept: %+v", g)
	}
	if status, st := s.judgeDo(who, "POST", path, body(1, 3, 4, "f5")); status != 200 || st.Recorded != "applied" {
		t.Errorf("the board of the game at the table: %d %+v", status, st)
	}
	if status, st := s.judgeDo(who, "POST", path, moveBody(2, "f5d6")); status != 200 || st.Recorded != "applied" {
		t.Errorf("a client that does not name the game: %d %+v", status, st)
	}
	var named struct{ Black, White int }
	_, out := s.do(who, "GET", "/api/t/club/judge/1/2", "")
	if err := json.Unmarshal([]byte(out), &named); err != nil || named.Black != 3 || named.White != 4 {
		t.Errorf("the state's players: %+v %v (%s)", named, err, out)
	}
	status, _, page := s.form(who, "/t/club/judge/1/2", url.Values{"seq": {"3"}, "moves": {"f5d6c3"}, "black": {"1"}, "white": {"2"}})
	if status != http.StatusConflict || !strings.Contains(page, "reload the board") {
		t.Errorf("the form of a board of #1 v #2: %d", status)
	}
	// The refusal names the players: a name with markup in it is shown
	// as text, on the page and in the JSON.
	if _, err := s.db.Update(outflank.WithActor(context.Background(), "td"), "club", outflank.KindPlayer, func(t *outflank.Tournament) (string, error) {
		t.Players[2].Name = `Cid <script>alert(1)</script>`
		return "renamed #3", nil
	}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(3 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		_, _, page = s.form(who, "/t/club/judge/1/2", url.Values{"seq": {"3"}, "moves": {"f5d6c3"}, "black": {"1"}, "white": {"2"}})
		if strings.Contains(page, "&lt;script&gt;alert(1)") || time.Now().After(deadline) {
			break
		}
	}
	if strings.Contains(page, "<script>alert(1)") || !strings.Contains(page, "&lt;script&gt;alert(1)") {
		t.Errorf("the refusal's page does not escape the name: %s", page)
	}
	if _, out := s.do(who, "POST", path, body(3, 1, 2, "f5d6c3")); strings.Contains(out, "<script>") || !strings.Contains(out, `\u003cscript\u003ealert(1)`) {
		t.Errorf("the refusal's JSON: %s", out)
	}
}
