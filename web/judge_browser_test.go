package web_test

// The judges' boards in a real Chromium: a judge logs in by the link the
// director gave, records a real game (a WTHOR game of the federation's
// 2004 file, with its passes) by clicking its squares, while a spectator's
// tab follows it in the game viewer move by move; the judge's phone loses
// its connection mid-game, and nothing is lost; the result submitted is
// the game's official score.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"outflank"
	"outflank/auth"
	"outflank/director"
	"outflank/internal/shareddata"
	"outflank/othello"
	"outflank/othello/wthor"
	"outflank/rules"
	"outflank/sqlite"
	"outflank/web"
)

// wthorGame is a real game to record: its players' names, its moves, and
// its replay.
type wthorGame struct {
	black, white string
	moves        []othello.Square
	game         *othello.Game
}

// realGame returns the first game of the federation's 2004 file played to
// its end with a pass in it: the judge's board must pass for the players.
func realGame(t *testing.T) wthorGame {
	t.Helper()
	dir := shareddata.Dir(t, "wthor")
	data, err := os.ReadFile(filepath.Join(dir, "WTH_2004.wtb"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := wthor.ReadGames(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	names, err := os.ReadFile(filepath.Join(dir, "WTHOR.JOU"))
	if err != nil {
		t.Fatal(err)
	}
	players, err := wthor.ReadPlayers(bytes.NewReader(names))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games.Games {
		game, err := othello.Replay(g.Moves)
		if err != nil || !game.Finished() || len(game.Passes) == 0 || len(g.Moves) < 58 {
			continue
		}
		black, _ := players.Name(g.Black)
		white, _ := players.Name(g.White)
		return wthorGame{black: black, white: white, moves: g.Moves, game: game}
	}
	t.Fatal("no finished game with a pass in WTH_2004.wtb")
	return wthorGame{}
}

// judgeDemo is a served tournament of two games in round 1, the first
// between the real game's players, with a judge's link for it; its
// judges' routes can be cut off, as a phone's connection is.
type judgeDemo struct {
	url, link string
	db        *sqlite.DB
	game      wthorGame
	cut       atomic.Bool // the judges' JSON routes drop every request
}

func newJudgeDemo(t *testing.T) *judgeDemo {
	t.Helper()
	ctx := context.Background()
	d := &judgeDemo{game: realGame(t)}
	var err error
	if d.db, err = sqlite.Open(ctx, filepath.Join(t.TempDir(), "judge.db"), sqlite.Options{Create: true}); err != nil {
		t.Fatal(err)
	}
	tour, err := outflank.NewTournament("open", "Outflank Judges' Open", "2026-11-28", rules.WOC, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{d.game.black, d.game.white, "Ann Other", "Ben Other"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := d.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	secret, _, err := auth.New(d.db).AddJudgeLink(ctx, "open", 1, 1, "Dan", "td")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.New(d.db, d.db, web.Config{Accounts: d.db, Live: d.db})
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d.url = "http://" + l.Addr().String()
	d.link = d.url + "/j/" + secret
	site := srv.Handler()
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.cut.Load() && strings.HasPrefix(r.URL.Path, "/api/t/open/judge/") {
			// The connection is lost: no answer at all.
			if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
				conn.Close()
			}
			return
		}
		site.ServeHTTP(w, r)
	})}
	watch, stop := context.WithCancel(ctx)
	go srv.Watch(watch)
	go hs.Serve(l)
	t.Cleanup(func() {
		stop()
		hs.Close()
		d.db.Close()
	})
	return d
}

// liveGame returns the live game of round 1, table 1 as the server keeps
// it (sequence 0 when there is none).
func (d *judgeDemo) liveGame(t *testing.T) outflank.LiveGame {
	t.Helper()
	g, err := d.db.LiveGame(context.Background(), "open", 1, 1)
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		return outflank.LiveGame{}
	}
	if err != nil {
		t.Fatal(err)
	}
	return *g
}

func (d *judgeDemo) liveClients(t *testing.T) int {
	t.Helper()
	res, err := http.Get(d.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var h struct {
		LiveClients int `json:"live_clients"`
	}
	json.NewDecoder(res.Body).Decode(&h)
	return h.LiveClients
}

// boardShown is what the judge's board shows.
type boardShown struct {
	Black, White int
	Legal        []int
	Acked, Local string
	Sync, Status string
}

const readBoard = `(function () {
	var j = document.getElementById("judge");
	return {
		black: +document.getElementById("count-black").textContent,
		white: +document.getElementById("count-white").textContent,
		legal: Array.prototype.map.call(document.querySelectorAll("#jboard .sq.legal"), function (b) { return +b.dataset.sq; }),
		acked: j.dataset.acked, local: j.dataset.localSeq,
		sync: document.getElementById("judge-sync").textContent,
		status: document.getElementById("judge-status").textContent
	};
})()`

// checkBoard checks the judge's board after ply moves against othello's
// replay: the discs and the legal squares (the page plays by its own
// copy of the rules).
func checkBoard(t *testing.T, tab context.Context, game *othello.Game, ply int) boardShown {
	t.Helper()
	got := run(t, tab, chromedp.Evaluate[boardShown](readBoard))
	pos := game.Positions[ply]
	b, w, _ := pos.Discs()
	var legal []int
	if !pos.IsOver() {
		legal = bitsOf(pos.LegalMoves())
	}
	if got.Black != b || got.White != w || fmt.Sprint(got.Legal) != fmt.Sprint(legal) {
		t.Fatalf("ply %d: the judge's board shows %d-%d, legal %v; othello says %d-%d, legal %v", ply, got.Black, got.White, got.Legal, b, w, legal)
	}
	return got
}

// waitTab waits until expression is true in tab, for up to limit.
func waitTab(t *testing.T, tab context.Context, expression string, limit time.Duration, what string) {
	t.Helper()
	for deadline := time.Now().Add(limit); !run(t, tab, chromedp.Evaluate[bool](expression)); time.Sleep(15 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, limit)
		}
	}
}

// viewerPlies is the number of moves the game viewer lists.
const viewerPlies = `(document.querySelectorAll("#viewer ol.moves li").length || 1) - 1`

// clickSquare clicks a square of the judge's board.
func clickSquare(t *testing.T, tab context.Context, sq othello.Square) {
	t.Helper()
	if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#jboard .sq[data-sq="%d"]`, sq)))); err != nil {
		t.Fatal(err)
	}
}

// photograph saves tab's page, checking that it does not scroll sideways.
func photograph(t *testing.T, tab context.Context, dir, name string) {
	t.Helper()
	widths := run(t, tab, chromedp.Evaluate[[2]int](`[document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
	if widths[0] > widths[1] {
		t.Errorf("%s scrolls sideways: %d px wide in %d", name, widths[0], widths[1])
	}
	png := run(t, tab, chromedp.FullScreenshot(100))
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserJudgeRecordsAGame: the judge opens the link on a phone (375 px
// wide), is taken to the board, and records the real game square by
// square; after each click the board shows what othello's replay says,
// and the spectator's viewer, in another tab, shows the move without a
// reload. The result submitted is the game's official score, entered as
// the judge's.
func TestBrowserJudgeRecordsAGame(t *testing.T) {
	browser := newBrowserFor(t, 3*time.Minute)
	d := newJudgeDemo(t)
	dir := screenshots(t)
	judge := newTab(t, browser)
	if err := chromedp.Do(judge, chromedp.EmulateViewport(375, 740), chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	if loc := run(t, judge, chromedp.Location()); !strings.HasSuffix(loc, "/t/open/judge/1/1") {
		t.Fatalf("the judge's link led to %s", loc)
	}
	viewer := newTab(t, browser)
	if err := chromedp.Do(viewer, chromedp.Navigate(d.url+"/t/open/games/1/1"), chromedp.WaitVisible(chromedp.CSS("footer.site")),
		chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the viewer opened no live stream")
		}
	}
	g := d.game
	checkBoard(t, judge, g.game, 0)
	start := time.Now()
	for ply := 1; ply <= len(g.moves); ply++ {
		clickSquare(t, judge, g.moves[ply-1])
		checkBoard(t, judge, g.game, ply)
		waitTab(t, viewer, fmt.Sprintf(`%s === %d && document.getElementById("viewer").dataset.ply === "%d"`, viewerPlies, ply, ply), 3*time.Second,
			fmt.Sprintf("the viewer showing move %d", ply))
		if ply == 30 {
			photograph(t, judge, dir, "judge-board-375")
			if err := chromedp.Do(viewer, chromedp.EmulateViewport(375, 800)); err != nil {
				t.Fatal(err)
			}
			photograph(t, viewer, dir, "game-live-375")
			if err := chromedp.Do(viewer, chromedp.EmulateViewport(1280, 800)); err != nil {
				t.Fatal(err)
			}
			photograph(t, viewer, dir, "game-live-1280")
		}
	}
	t.Logf("%d moves clicked, each shown in the viewer, in %v", len(g.moves), time.Since(start).Round(time.Millisecond))
	for _, p := range g.game.Passes {
		if !strings.Contains(run(t, judge, textOf("#judge-moves")), fmt.Sprintf("%d %s", p, g.moves[p-1])) {
			t.Errorf("the moves list lacks move %d", p)
		}
	}
	if n := strings.Count(run(t, judge, chromedp.Evaluate[string](`document.getElementById("judge-moves").innerHTML`)), `class="pass"`); n != len(g.game.Passes) {
		t.Errorf("the judge's board shows %d passes, the game has %d", n, len(g.game.Passes))
	}
	score := g.game.Final().OfficialScore()
	status := run(t, judge, textOf("#judge-status"))
	if !strings.Contains(status, fmt.Sprintf("%d-%d", score.Black, score.White)) && !strings.Contains(status, "32-32") {
		t.Errorf("the end shows %q; the official score is %d-%d", status, score.Black, score.White)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.acked === document.getElementById("judge").dataset.localSeq`, 5*time.Second, "every move saved")
	photograph(t, judge, dir, "judge-board-end-375")
	if err := chromedp.Do(judge, chromedp.Click(chromedp.CSS("#submit-normal"))); err != nil {
		t.Fatal(err)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.liveState === "entered"`, 5*time.Second, "the result entered")
	photograph(t, judge, dir, "judge-submitted-375")
	tour, err := d.db.Tournament(context.Background(), "open")
	if err != nil {
		t.Fatal(err)
	}
	game, _ := tour.Game(1, 1)
	if r := game.Result; r == nil || r.BlackDiscs != score.Black || r.WhiteDiscs != score.White || r.Moves != othello.FormatTranscript(g.moves) {
		t.Fatalf("the result entered: %+v; the game's official score is %d-%d", game.Result, score.Black, score.White)
	}
	log, _ := d.db.Log(context.Background(), "open")
	if last := log[len(log)-1]; last.Actor != "judge #1 Dan (round 1, table 1)" {
		t.Errorf("the result's actor: %q", last.Actor)
	}
	// The viewer shows the result, still without a reload.
	waitTab(t, viewer, `document.querySelector(".game-result") && document.querySelector(".game-result").textContent.indexOf("Result:") >= 0`, 3*time.Second, "the viewer showing the result")
	if !run(t, viewer, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
		t.Error("the viewer was reloaded")
	}
}

// TestBrowserJudgeOffline: the judge's phone loses its connection mid-game
// (the browser offline, then the server unreachable, the page reloaded
// meanwhile): the moves go on in the page and in localStorage, the page
// says so, and once the connection returns they all reach the server, in
// order, once; the spectators then see them; the game ends with the whole
// transcript.
func TestBrowserJudgeOffline(t *testing.T) {
	browser := newBrowserFor(t, 3*time.Minute)
	d := newJudgeDemo(t)
	dir := screenshots(t)
	judge := newTab(t, browser)
	if err := chromedp.Do(judge, chromedp.EmulateViewport(375, 740), chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	g := d.game
	play := func(from, to int) {
		t.Helper()
		for ply := from; ply <= to; ply++ {
			clickSquare(t, judge, g.moves[ply-1])
			checkBoard(t, judge, g.game, ply)
		}
	}
	saved := func(ply int) {
		t.Helper()
		waitTab(t, judge, `document.getElementById("judge").dataset.acked === document.getElementById("judge").dataset.localSeq`, 20*time.Second, fmt.Sprintf("move %d saved", ply))
		if lg := d.liveGame(t); len(lg.Moves) != 2*ply || lg.Moves != othello.FormatTranscript(g.moves[:ply]) {
			t.Fatalf("the server keeps %q, want the first %d moves", lg.Moves, ply)
		}
	}
	play(1, 15)
	saved(15)

	// The browser goes offline.
	if _, err := chromedp.Call(judge, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	offline := func(off bool) {
		t.Helper()
		if _, err := chromedp.Call(judge, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Call(judge, network.OverrideNetworkState, network.OverrideNetworkStateParams{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}); err != nil {
			t.Fatal(err)
		}
	}
	offline(true)
	play(16, 25)
	shown := checkBoard(t, judge, g.game, 25)
	if !strings.HasPrefix(shown.Sync, "Offline") {
		t.Errorf("offline, the page says %q", shown.Sync)
	}
	if lg := d.liveGame(t); lg.Seq != 15 {
		t.Fatalf("offline, the server got edit %d", lg.Seq)
	}
	photograph(t, judge, dir, "judge-offline-375")

	// The browser is back, but the server cannot be reached; the judge
	// reloads the page: the moves are in localStorage.
	d.cut.Store(true)
	offline(false)
	if err := chromedp.Do(judge, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	checkBoard(t, judge, g.game, 25)
	play(26, 30)
	waitTab(t, judge, `document.getElementById("judge-sync").textContent.indexOf("Offline") === 0`, 5*time.Second, "the page saying it is offline")
	if lg := d.liveGame(t); lg.Seq != 15 {
		t.Fatalf("cut off, the server got edit %d", lg.Seq)
	}
	// A move taken back and played again while cut off.
	if err := chromedp.Do(judge, chromedp.Click(chromedp.CSS("#takeback"))); err != nil {
		t.Fatal(err)
	}
	checkBoard(t, judge, g.game, 29)
	play(30, 30)

	// The connection returns: everything reaches the server, once.
	viewer := newTab(t, browser)
	if err := chromedp.Do(viewer, chromedp.Navigate(d.url+"/t/open/games/1/1"), chromedp.WaitVisible(chromedp.CSS("#viewer"))); err != nil {
		t.Fatal(err)
	}
	if n := run(t, viewer, chromedp.Evaluate[int](viewerPlies)); n != 15 {
		t.Errorf("while the judge is cut off, the viewer shows %d moves, want 15", n)
	}
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the viewer opened no live stream")
		}
	}
	d.cut.Store(false)
	saved(30)
	waitTab(t, viewer, viewerPlies+" === 30", 3*time.Second, "the viewer catching up")
	if lg := d.liveGame(t); lg.Seq != 15+10+5+2 {
		t.Errorf("the server kept edit %d, want 32 (the page's last)", lg.Seq)
	}
	play(31, len(g.moves))
	saved(len(g.moves))
	if err := chromedp.Do(judge, chromedp.Click(chromedp.CSS("#submit-normal"))); err != nil {
		t.Fatal(err)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.liveState === "entered"`, 5*time.Second, "the result entered")
	tour, _ := d.db.Tournament(context.Background(), "open")
	game, _ := tour.Game(1, 1)
	score := g.game.Final().OfficialScore()
	if r := game.Result; r == nil || r.Moves != othello.FormatTranscript(g.moves) || r.BlackDiscs != score.Black {
		t.Fatalf("the result: %+v", game.Result)
	}
}

// TestBrowserJudgeRulesAgree: the judge's page plays by its own copy of the
// rules (to mark legal moves and pass offline); on random games to their
// end it agrees with package othello at every ply.
func TestBrowserJudgeRulesAgree(t *testing.T) {
	browser := newBrowser(t)
	d := newJudgeDemo(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(13, 13))
	type ply struct {
		Legal []int  `json:"legal"`
		Board string `json:"board"`
	}
	var games []string
	var want [][]ply
	for range 300 {
		pos := othello.Start()
		var moves []othello.Square
		plies := []ply{}
		for {
			legal := pos.LegalMoves()
			plies = append(plies, ply{Legal: append([]int{}, bitsOf(legal)...), Board: boardLetters(pos)})
			if legal == 0 {
				break
			}
			list := bitsOf(legal)
			sq := othello.Square(list[rng.IntN(len(list))])
			moves = append(moves, sq)
			pos, _ = pos.Play(sq)
			if pos.MustPass() {
				pos = pos.Pass()
			}
		}
		games = append(games, othello.FormatTranscript(moves))
		want = append(want, plies)
	}
	data, _ := json.Marshal(games)
	got := run(t, tab, chromedp.Evaluate[[][]ply](`(function (games) {
		var o = document.getElementById("judge").othello;
		return games.map(function (text) {
			var moves = o.parse(text), out = [];
			for (var i = 0; i <= moves.length; i++) {
				var g = o.replay(moves.slice(0, i));
				out.push({legal: g.turn ? o.legalMoves(g.board, g.turn) : [], board: g.board.map(function (d) { return d || "."; }).join("")});
			}
			return out;
		});
	})(`+string(data)+`)`))
	for i := range want {
		for p := range want[i] {
			if fmt.Sprint(got[i][p]) != fmt.Sprint(want[i][p]) {
				t.Fatalf("game %d (%s), ply %d: the page says %v, othello %v", i, games[i], p, got[i][p], want[i][p])
			}
		}
	}
}

// boardLetters is a position as the judge's page writes it: 64 letters,
// a1 to h8, b, w or ".".
func boardLetters(pos othello.Position) string {
	var b [64]byte
	for sq := range othello.Square(64) {
		switch pos.At(sq) {
		case othello.Black:
			b[sq] = 'b'
		case othello.White:
			b[sq] = 'w'
		default:
			b[sq] = '.'
		}
	}
	return string(b[:])
}

// TestBrowserLiveStripAndPages: the event page's strip shows the games in
// progress and follows their moves without a reload; the live boards, the
// table picker and the director's review are photographed at 375 and
// 1280 px wide, none scrolling sideways on a phone.
func TestBrowserLiveStripAndPages(t *testing.T) {
	browser := newBrowserFor(t, 2*time.Minute)
	d := newJudgeDemo(t)
	dir := screenshots(t)
	record, ctx, _ := d.recorder(t)
	record(1, 24)
	record(2, 17)
	event := newTab(t, browser)
	if err := chromedp.Do(event, chromedp.EmulateViewport(375, 800), chromedp.Navigate(d.url+"/t/open"), chromedp.WaitVisible(chromedp.CSS(`#live-games li.live-board`)),
		chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true`)); err != nil {
		t.Fatal(err)
	}
	if n := run(t, event, chromedp.Evaluate[int](`document.querySelectorAll("#live-games li.live-board").length`)); n != 2 {
		t.Errorf("the strip shows %d games, want 2", n)
	}
	for deadline := time.Now().Add(5 * time.Second); d.liveClients(t) < 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the event page opened no live stream")
		}
	}
	photograph(t, event, dir, "event-live-375")
	// A move at table 2: the strip follows (within its few seconds).
	record(2, 18)
	waitTab(t, event, `(function (li) { return !!li && li.textContent.indexOf("Move 18") >= 0 })(document.querySelector('#live-games li[data-game="1/2"]'))`, 6*time.Second, "the strip showing move 18")
	if !run(t, event, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
		t.Error("the event page was reloaded")
	}
	// The director: the review of a flagged game and one waiting.
	a := auth.New(d.db)
	if _, err := a.AddUser(context.Background(), "Tess", "a good password", false); err != nil {
		t.Fatal(err)
	}
	if err := d.db.Grant(context.Background(), "Tess", outflank.Grant{Tournament: "open", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	tess := outflank.WithActor(context.Background(), "Tess")
	req, _ := director.ResultFields{Round: 1, Table: 2, Score: "40-24"}.Request()
	if _, err := director.EnterResult(tess, d.db, "open", req, nil); err != nil {
		t.Fatal(err)
	}
	record(2, 60)
	if _, err := director.SubmitJudged(ctx, d.db, d.db, "open", 1, 2, 60, outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: readmeGame}); err != nil {
		t.Fatal(err)
	}
	if _, err := director.SetJudgeConfirm(tess, d.db, "open", true); err != nil {
		t.Fatal(err)
	}
	record(1, len(d.game.moves))
	if _, err := director.SubmitJudged(ctx, d.db, d.db, "open", 1, 1, int64(len(d.game.moves)), outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: othello.FormatTranscript(d.game.moves)}); err != nil {
		t.Fatal(err)
	}
	td := newTab(t, browser)
	if err := chromedp.Do(td, chromedp.Navigate(d.url+"/login?next=/t/open/judge/review"), chromedp.WaitVisible(chromedp.CSS(`form.login`)),
		chromedp.Evaluate[chromedp.Void](`(function (f) { f.elements.name.value = "Tess"; f.elements.password.value = "a good password"; f.submit(); })(document.querySelector("form.login"))`),
		chromedp.WaitVisible(chromedp.CSS(`ul.review`))); err != nil {
		t.Fatal(err)
	}
	if n := run(t, td, chromedp.Evaluate[int](`document.querySelectorAll("li.review-item").length`)); n != 2 {
		t.Errorf("the review lists %d games, want 2", n)
	}
	for _, p := range []struct {
		tab        context.Context
		name, path string
	}{
		{event, "event-live", "/t/open"},
		{event, "live-boards", "/t/open/live"},
		{td, "judge-tables", "/t/open/judge"},
		{td, "judge-review", "/t/open/judge/review"},
	} {
		for _, width := range []int64{375, 1280} {
			if err := chromedp.Do(p.tab, chromedp.EmulateViewport(width, 800), chromedp.Navigate(d.url+p.path), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
				t.Fatal(err)
			}
			photograph(t, p.tab, dir, fmt.Sprintf("%s-%d", p.name, width))
		}
	}
	// The director confirms the waiting result from the review.
	if err := chromedp.Do(td, chromedp.Click(chromedp.CSS(`#review-1-1 form[action$="/confirm"] button`)), chromedp.WaitNotPresent(chromedp.CSS(`#review-1-1`))); err != nil {
		t.Fatal(err)
	}
	tour, _ := d.db.Tournament(context.Background(), "open")
	if g, _ := tour.Game(1, 1); g.Result == nil {
		t.Fatal("the confirmation entered no result")
	}
	log, _ := d.db.Log(context.Background(), "open")
	if last := log[len(log)-1]; last.Actor != "judge #9 Eve (every table), confirmed by Tess" {
		t.Errorf("the confirmation's actor: %q", last.Actor)
	}
}

// TestBrowserJudgeSeesTheDecision: with the director's confirmation
// required, a judge submits a forfeit; the board says it waits; the
// director confirms it on another device, and the judge's board shows the
// result entered, without a reload.
func TestBrowserJudgeSeesTheDecision(t *testing.T) {
	browser := newBrowser(t)
	d := newJudgeDemo(t)
	ctx := outflank.WithActor(context.Background(), "td")
	if _, err := director.SetJudgeConfirm(ctx, d.db, "open", true); err != nil {
		t.Fatal(err)
	}
	judge := newTab(t, browser)
	if err := chromedp.Do(judge, chromedp.EmulateViewport(375, 740), chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard")),
		chromedp.Evaluate[chromedp.Void](`window.outflankNotReloaded = true; document.getElementById("judge").dataset.waitEvery = "1"`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(judge, chromedp.Click(chromedp.CSS("details summary")), chromedp.SetValue(`select[name="loser"]`, "white"),
		chromedp.Click(chromedp.CSS(`button[value="forfeit"]`))); err != nil {
		t.Fatal(err)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.liveState === "pending"`, 5*time.Second, "the forfeit waiting for the director")
	if g, _ := d.tournament(t).Game(1, 1); g.Result != nil {
		t.Fatalf("a result waiting for confirmation was entered: %+v", g.Result)
	}
	if _, err := director.ConfirmJudged(ctx, d.db, d.db, "open", 1, 1, nil); err != nil {
		t.Fatal(err)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.liveState === "entered"`, 5*time.Second, "the judge's board showing the director's decision")
	if note := run(t, judge, textOf("#judge-note")); !strings.Contains(note, "Result entered") {
		t.Errorf("the board says %q", note)
	}
	if !run(t, judge, chromedp.Evaluate[bool](`window.outflankNotReloaded === true`)) {
		t.Error("the judge's board was reloaded")
	}
	if g, _ := d.tournament(t).Game(1, 1); g.Result == nil || g.Result.Outcome != outflank.OutcomeForfeit {
		t.Errorf("the result entered: %+v", g.Result)
	}
}

func (d *judgeDemo) tournament(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := d.db.Tournament(context.Background(), "open")
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

// TestBrowserJudgeTableRepaired: the judge of table 1 records two moves;
// the round is then paired again, other players at table 1. The board
// still open sends its next move: it is refused, and the page says the
// table holds another game now and to reload, keeping nothing of it on
// the server; reloaded, the board shows the new players and no move, and
// the public viewer of table 1 shows none of the old game's moves.
func TestBrowserJudgeTableRepaired(t *testing.T) {
	browser := newBrowserFor(t, 90*time.Second)
	d := newJudgeDemo(t)
	judge := newTab(t, browser)
	if err := chromedp.Do(judge, chromedp.EmulateViewport(375, 740), chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	for _, sq := range d.game.moves[:2] {
		clickSquare(t, judge, sq)
	}
	waitTab(t, judge, `document.getElementById("judge").dataset.acked === "2"`, 5*time.Second, "two moves saved")
	ctx := outflank.WithActor(context.Background(), "td")
	if _, err := d.db.Update(ctx, "open", outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		g := t.Rounds[0].Games
		g[0].Black, g[0].White, g[1].Black, g[1].White = 3, 4, 1, 2
		return "round 1 paired again", nil
	}); err != nil {
		t.Fatal(err)
	}
	// The site sees the change at its next poll of the database (100 ms):
	// the next move is sent once it has.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		res, err := http.Get(d.url + "/t/open/games/1/1")
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(page), "Ann Other") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the site never saw round 1 paired again")
		}
	}
	clickSquare(t, judge, d.game.moves[2])
	waitTab(t, judge, `document.getElementById("judge-sync").textContent.indexOf("is now #3 Ann Other v #4 Ben Other") >= 0 &&
		document.getElementById("judge-sync").textContent.indexOf("reload the board") >= 0`, 5*time.Second, "the refusal on the board")
	// A screen reader hears it too (the live region).
	waitTab(t, judge, `document.getElementById("judge-announce").textContent.indexOf("is now #3 Ann Other v #4 Ben Other") >= 0`, 5*time.Second, "the refusal said in the live region")
	dir := screenshots(t)
	photograph(t, judge, dir, "judge-table-repaired-375")
	if g := d.liveGame(t); len(g.Moves) != 4 {
		t.Errorf("the server kept %q after the refusal", g.Moves)
	}
	if err := chromedp.Do(judge, chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	if black, white := run(t, judge, textOf("#player-black .name")), run(t, judge, textOf("#player-white .name")); black != "Ann Other" || white != "Ben Other" {
		t.Errorf("the board after reloading shows %s v %s", black, white)
	}
	waitTab(t, judge, `document.getElementById("judge-sync").textContent.indexOf("No move recorded yet") >= 0 && document.querySelectorAll("#jboard .sq.b, #jboard .sq.w").length === 4`,
		5*time.Second, "the new game's empty board")
	photograph(t, judge, dir, "judge-table-new-game-375")
	if err := chromedp.Do(judge, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatal(err)
	}
	photograph(t, judge, dir, "judge-table-new-game-1280")
	viewer := newTab(t, browser)
	if err := chromedp.Do(viewer, chromedp.Navigate(d.url+"/t/open/games/1/1"), chromedp.WaitVisible(chromedp.CSS("footer.site"))); err != nil {
		t.Fatal(err)
	}
	if text := run(t, viewer, textOf("main")); !strings.Contains(text, "No move recorded yet") {
		t.Errorf("the public viewer of table 1 shows: %.300s", text)
	}
}

// recorder records, as the judge of every table (the context returned),
// the first n moves of round 1 at table 1 (the demo's game) or table 2
// (the README's): what the live strip and the judges' pages follow.
func (d *judgeDemo) recorder(t *testing.T) (record func(table, n int), ctx context.Context, tour *outflank.Tournament) {
	t.Helper()
	ctx = outflank.WithActor(context.Background(), "judge #9 Eve (every table)")
	tour, err := d.db.Tournament(ctx, "open")
	if err != nil {
		t.Fatal(err)
	}
	record = func(table, n int) {
		t.Helper()
		moves := othello.FormatTranscript(d.game.moves[:n])
		if table == 2 {
			moves = readmeGame[:2*n]
		}
		if _, _, err := director.RecordMoves(ctx, d.db, tour, 1, table, int64(n), moves); err != nil {
			t.Fatal(err)
		}
	}
	return record, ctx, tour
}
