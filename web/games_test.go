package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/othello"
	"outflank/report"
)

// readmeGame is the README's game (WTHOR 2004): white passes after ply 59,
// black ends it, 36-28.
const readmeGame = "f5d6c3d3c4f4f6f3e6e7d7g6g5c5c6f7e8h6d2c8c7b4g4h5e3b5b6f8g8c2g3d8b8h2a4f2e2b3a3c1e1d1b1b2a1a2g7h8h7a8h3a7a6h4g1b7a5g2f1h1"

// emptySquareGame (WTHOR 2004) ends 61-2 with one empty square and four
// passes: officially 62-2.
const emptySquareGame = "f5d6c5f6e6f4c6e7d3c2f8e8d8c3f7d7c4b4c8b6g5h5e3g6c7e2a6b7b5a5a4g7a8a7b8a3h4h3g4g3a2c1b3g8d1h8b1f1d2b2e1a1h7h6f3g2f2h2g1"

// enterMoves saves the result of round 1, table, from its transcript.
func (s *site) enterMoves(table int, moves string) {
	s.t.Helper()
	_, err := s.db.Update(context.Background(), "club", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Moves: moves})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, table, res, outflank.ResultOptions{Replace: true})
		return "result", err
	})
	if err != nil {
		s.t.Fatal(err)
	}
}

func mustReplay(t *testing.T, moves string) *othello.Game {
	t.Helper()
	g, err := othello.ReplayTranscript(moves)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var (
	discsShown = regexp.MustCompile(`id="discs-black">(\d+)<.*id="discs-white">(\d+)<.*id="discs-empty">(\d+)<`)
	dataBlock  = regexp.MustCompile(`(?s)<script type="application/json" id="game-data">(.*?)</script>`)
)

// TestGamePage: the viewer shows the board after ?ply=N moves (the last by
// default), its disc counts, the moves as links, the pass, and the official
// score at the end; its data block holds every position of othello's replay.
func TestGamePage(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enterMoves(1, readmeGame)
	g := mustReplay(t, readmeGame)

	res, body := s.get("/t/club/games/1/1")
	if res.StatusCode != 200 {
		t.Fatalf("status %d\n%s", res.StatusCode, body)
	}
	for _, want := range []string{
		"<h1>Round 1, table 1</h1>", ">Ann</a>", ">Ben</a>", "Result: <strong>36-28</strong> · won by Ann.",
		`<svg id="board" class="board"`, `data-turn=""`, "Move 60 of 60: black h1", "Game over.",
		"Black wins 36-28, the official score.", `<span class="pass">white passes</span>`,
		`href="?ply=59" data-ply="59"`, `aria-current="step"><span class="n">60</span> h1</a>`,
		// At the end, Next leads nowhere: no link (issue 25, point 12).
		`<a id="step-next" role="link" aria-disabled="true" tabindex="-1" data-ply="60">`,
		`<li>Row 1: a1 to h1 black</li>`, `<li>Row 8: a8 to h8 white</li>`, `id="viewer-news" class="visually-hidden" role="status" aria-live="polite"`,
		`/static/viewer.js?v=`, `/static/viewer.css?v=`, `aria-current="page">Pairings</a>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the last position lacks %q", want)
		}
	}
	if n := strings.Count(body, `<circle class="d `); n != 64 {
		t.Errorf("%d disc circles, want 64", n)
	}
	if n := strings.Count(body, `class="d b"`) + strings.Count(body, `class="d w"`); n != 64 {
		t.Errorf("%d discs on a full board", n)
	}

	// Every position: the counts shown, and the data block's, are the replay's.
	_, body = s.get("/t/club/games/1/1?ply=0")
	var plies []struct {
		Ply                 int
		Board, Turn, Status string
		Legal               []int
		Black, White, Empty int
	}
	m := dataBlock.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no data block:\n%s", body)
	}
	if err := json.Unmarshal([]byte(m[1]), &plies); err != nil {
		t.Fatalf("data block: %v\n%s", err, m[1])
	}
	if len(plies) != len(g.Positions) {
		t.Fatalf("%d positions in the data block, want %d", len(plies), len(g.Positions))
	}
	for i, pos := range g.Positions {
		b, w, e := pos.Discs()
		p := plies[i]
		if p.Ply != i || p.Black != b || p.White != w || p.Empty != e || len(p.Board) != 64 {
			t.Errorf("ply %d: data %+v, want %d-%d-%d", i, p, b, w, e)
		}
		if want := bitsOf(pos.LegalMoves()); !pos.IsOver() && fmt.Sprint(p.Legal) != fmt.Sprint(want) {
			t.Errorf("ply %d: legal %v, want %v", i, p.Legal, want)
		}
	}
	if !strings.Contains(plies[59].Status, "White has no legal move and passes; black to move again (1 legal move).") {
		t.Errorf("ply 59: %q", plies[59].Status)
	}
	for _, ply := range []int{0, 1, 30, 59, 60} {
		_, body := s.get(fmt.Sprintf("/t/club/games/1/1?ply=%d", ply))
		b, w, e := g.Positions[ply].Discs()
		m := discsShown.FindStringSubmatch(strings.ReplaceAll(body, "\n", " "))
		if m == nil || m[1] != fmt.Sprint(b) || m[2] != fmt.Sprint(w) || m[3] != fmt.Sprint(e) {
			t.Errorf("ply %d shows %v, want %d %d %d", ply, m, b, w, e)
		}
	}
	_, body = s.get("/t/club/games/1/1?ply=0")
	for _, want := range []string{"Start (60 moves to come)", "Black to move (4 legal moves).", `<a id="step-prev" role="link" aria-disabled="true" tabindex="-1" data-ply="0">`,
		`<a id="step-next" href="?ply=1" data-ply="1">`, "<li>Row 1: empty</li>",
		"<li>Row 4: a4 to c4 empty, d4 white, e4 black, f4 to h4 empty</li>", "<li>Row 5: a5 to c5 empty, d5 black, e5 white, f5 to h5 empty</li>", `<circle class="m legal" cx="160" cy="120"`} { // d3
		if !strings.Contains(body, want) {
			t.Errorf("the start lacks %q", want)
		}
	}
	_, body = s.get("/t/club/games/1/1?ply=59")
	if !strings.Contains(body, "White has no legal move and passes") || !strings.Contains(body, `<circle class="m last"`) {
		t.Errorf("ply 59 does not show the pass and the last move")
	}
}

func bitsOf(set uint64) []int {
	var out []int
	for sq := range 64 {
		if set&(1<<sq) != 0 {
			out = append(out, sq)
		}
	}
	return out
}

// TestGamePageOfficialScore: empty squares go to the winner, and the page
// says so.
func TestGamePageOfficialScore(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enterMoves(2, emptySquareGame)
	_, body := s.get("/t/club/games/1/2")
	for _, want := range []string{
		"Black wins 62-2, the official score (61-2 on the board: the empty square goes to the winner).",
		"Result: <strong>62-2</strong> · won by Cid.", `<p class="game-note">Official score 62-2: empty squares go to the winner (61-2 on the board; WOC IV.8, BOF 9).</p>`,
		`<span class="pass">white passes</span>`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(body, `<span class="pass">`); n != 4 {
		t.Errorf("%d passes shown, want 4", n)
	}
}

// TestGameWithoutTranscript: a game known by its result, or not yet
// played, shows its players and what is known.
func TestGameWithoutTranscript(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enter(1, outflank.Discs{Black: 30, White: 34})
	_, body := s.get("/t/club/games/1/1")
	for _, want := range []string{"Result: <strong>30-34</strong> · won by Ben.", ">Ann</a>", ">Ben</a>", "No transcript was recorded for this game: only its result."} {
		if !strings.Contains(body, want) {
			t.Errorf("result only: page lacks %q", want)
		}
	}
	if strings.Contains(body, "<svg") || strings.Contains(body, "game-data") {
		t.Error("a game without a transcript shows a board")
	}
	_, body = s.get("/t/club/games/1/2?ply=5")
	for _, want := range []string{"No result yet.", ">Cid</a>", ">Dee</a>", "No transcript was recorded for this game."} {
		if !strings.Contains(body, want) {
			t.Errorf("not played: page lacks %q", want)
		}
	}
}

// TestGameAPI: the game as stored, and the replay with the field names and
// values of `game replay --json` (report.ReplayOf, its one encoder).
func TestGameAPI(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enterMoves(1, readmeGame)
	res, body := s.get("/api/t/club/games/1/1")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("%d %s\n%s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := report.GameRecordOf(tour, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	report.WriteJSON(&want, rec)
	if body != want.String() {
		t.Errorf("API:\n%s\nwant:\n%s", body, want.String())
	}
	var doc struct {
		Round, Table int
		Black, White struct {
			ID   int
			Name string
		}
		Result map[string]any
		Replay map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(body), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Round != 1 || doc.Table != 1 || doc.Black.Name != "Ann" || doc.White.ID != 2 || doc.Result["black_discs"] != 36.0 || doc.Result["moves"] != readmeGame {
		t.Errorf("game: %+v", doc)
	}
	var cli strings.Builder
	report.WriteJSON(&cli, report.ReplayOf(mustReplay(t, readmeGame)))
	var cliDoc map[string]json.RawMessage
	json.Unmarshal([]byte(cli.String()), &cliDoc)
	if len(doc.Replay) != 8 || fmt.Sprint(keys(doc.Replay)) != fmt.Sprint(keys(cliDoc)) {
		t.Errorf("replay fields %v, want those of game replay --json %v", keys(doc.Replay), keys(cliDoc))
	}
	for k, v := range cliDoc {
		if compact(doc.Replay[k]) != compact(v) {
			t.Errorf("replay.%s = %s, want %s", k, doc.Replay[k], v)
		}
	}

	// No transcript: the replay is null; no result: the result too.
	_, body = s.get("/api/t/club/games/1/2")
	if !strings.Contains(body, `"result": null`) || !strings.Contains(body, `"replay": null`) || !strings.Contains(body, `"name": "Cid"`) {
		t.Errorf("a game not played:\n%s", body)
	}
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	json.Compact(&b, raw)
	return b.String()
}

func keys(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestGameNotFound: a game that does not exist is a 404 that says which
// exist; a wrong ply is a 400 that says which are.
func TestGameNotFound(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enterMoves(1, readmeGame)
	for _, c := range []struct {
		path   string
		status int
		want   string
	}{
		{"/t/club/games/9/1", 404, "Club &lt;Night&gt; has no round 9: its rounds are 1 to 1."},
		{"/t/club/games/1/7", 404, "Round 1 of Club &lt;Night&gt; has no table 7: its games are at tables 1 to 2."},
		{"/t/club/games/x/1", 404, "A game is addressed by its round and table, two numbers: /t/club/games/1/2 is round 1, table 2."},
		{"/t/club/games/0/1", 404, "two numbers"},
		{"/t/nope/games/1/1", 404, `There is no tournament &#34;nope&#34;.`},
		{"/t/club/games/1/1?ply=61", 400, "ply 61: this game&#39;s transcript has 60 moves; give a ply from 0 to 60"},
		{"/t/club/games/1/1?ply=-1", 400, "ply &#34;-1&#34;: give the number of moves played, from 0 (the start)"},
		{"/t/club/games/1/1?ply=e4", 400, "ply &#34;e4&#34;"},
		{"/api/t/club/games/9/1", 404, `"error": "Club \u003cNight\u003e has no round 9: its rounds are 1 to 1."`},
		{"/api/t/club/games/1/3", 404, `"error": "Round 1 of Club \u003cNight\u003e has no table 3: its games are at tables 1 to 2."`},
		{"/api/t/club/games/a/b", 404, `"status": 404`},
	} {
		res, body := s.get(c.path)
		if res.StatusCode != c.status || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d; want %d and %q in\n%s", c.path, res.StatusCode, c.status, c.want, body)
		}
	}
}

// TestGamePageEscapes: names and the tournament's name are shown as text.
func TestGamePageEscapes(t *testing.T) {
	s := newSite(t, "<script>alert(1)</script>", `"><img src=x onerror=alert(2)>`, "Cid", "Dee")
	s.enterMoves(1, readmeGame)
	for _, path := range []string{"/t/club/games/1/1", "/t/club/games/1/1?fragment=1", "/api/t/club/games/1/1", "/t/club/games/1/2"} {
		_, body := s.get(path)
		for _, raw := range []string{"<script>alert", "<img src=x", "Club <Night>"} {
			if strings.Contains(body, raw) {
				t.Errorf("%s shows %q unescaped", path, raw)
			}
		}
	}
	_, body := s.get("/t/club/games/1/1")
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("the black player's name is not shown")
	}
}

// TestGamePageCache: a page and its API document carry an ETag, answer 304
// to it, change it when the tournament does; ?fragment=1 is the <main>
// only, with the data block.
func TestGamePageCache(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	s.enterMoves(1, readmeGame)
	for _, path := range []string{"/t/club/games/1/1?ply=12", "/api/t/club/games/1/1"} {
		res, _ := s.get(path)
		etag := res.Header.Get("ETag")
		if etag == "" {
			t.Fatalf("%s: no ETag", path)
		}
		again, _ := s.get(path, "If-None-Match: "+etag)
		if again.StatusCode != 304 {
			t.Errorf("%s: If-None-Match of its ETag: %d", path, again.StatusCode)
		}
		s.enterMoves(1, emptySquareGame)
		waitFor(t, func() bool {
			changed, _ := s.get(path, "If-None-Match: "+etag)
			return changed.StatusCode == 200 && changed.Header.Get("ETag") != etag
		})
		s.enterMoves(1, readmeGame)
	}
	_, frag := s.get("/t/club/games/1/1?ply=12&fragment=1")
	if strings.Contains(frag, "<html") || !strings.HasPrefix(frag, "<h1>Round 1, table 1</h1>") || !dataBlock.MatchString(frag) || !strings.Contains(frag, "Move 12 of ") {
		t.Errorf("fragment:\n%s", frag)
	}
}

// waitFor waits up to 2 s for ok.
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); !ok(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("not within 2 s")
		}
	}
}

// TestGameUnfinishedTranscript: a game stopped by a flag shows where its
// transcript stops, and its result as the rules score it.
func TestGameUnfinishedTranscript(t *testing.T) {
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	_, err := s.db.Update(context.Background(), "club", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeTimeDefault, Defaulter: outflank.White, DefaulterFlags: 2, Moves: readmeGame[:40]})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 1, res, outflank.ResultOptions{})
		return "result", err
	})
	if err != nil {
		t.Fatal(err)
	}
	_, body := s.get("/t/club/games/1/1")
	for _, want := range []string{"Result: <strong>64-0 time default by white</strong> · won by Ann.", "Move 20 of 20: white c8",
		"Black to move (", `<p id="score" class="score">The transcript stops here, before the end of the game.</p>`} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	_, body = s.get("/api/t/club/games/1/1")
	for _, want := range []string{`"finished": false`, `"to_move": "black"`, `"score": null`, `"outcome": "time-default"`, `"defaulter": "white"`} {
		if !strings.Contains(body, want) {
			t.Errorf("API lacks %s:\n%s", want, body)
		}
	}
}
