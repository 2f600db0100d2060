package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/auth"
	"outflank/director"
	"outflank/rules"
)

// wocAfterRoundRobin is "woc", a 12-player WOC (women 5-8, young players
// 9-12) after its round robin, the lower id winning every game.
func wocAfterRoundRobin(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("woc", "WOC 2026", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 12; id++ {
		p := outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Gender: "m", Born: "1990-01-01", Country: "FRA", WOFID: 100000 + id}
		if id >= 5 && id <= 8 {
			p.Gender = "f"
		}
		if id >= 9 {
			p.Born = "2013-06-01"
		}
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	for len(tour.Rounds) < 11 {
		if _, err := tour.PairNext(outflank.PairOptions{}); err != nil {
			t.Fatal(err)
		}
		r := &tour.Rounds[len(tour.Rounds)-1]
		for i := range r.Games {
			d := outflank.Discs{Black: 40, White: 24}
			if r.Games[i].White < r.Games[i].Black {
				d = outflank.Discs{Black: 24, White: 40}
			}
			if r.Games[i].Result, err = tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &d}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tour
}

// addWOC stores wocAfterRoundRobin, directed by td-club, with a judge's
// link for all its tables ("judge woc").
func (s *accessSite) addWOC() {
	s.t.Helper()
	t := s.t
	tour := wocAfterRoundRobin(t)
	ctx := context.Background()
	if _, err := s.db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	if err := s.db.Grant(ctx, "td-club", outflank.Grant{Tournament: "woc", Role: outflank.RoleTD}); err != nil {
		t.Fatal(err)
	}
	a := auth.New(s.db)
	secret, _, err := a.AddJudgeLink(ctx, "woc", 0, 0, "judge woc", "admin")
	if err != nil {
		t.Fatal(err)
	}
	sess, session, _, err := a.JudgeLogin(ctx, secret)
	if err != nil {
		t.Fatal(err)
	}
	s.creds["judge woc"] = cred{cookie: sess, csrf: session.CSRF}
}

// publicPage reads a public page of "woc" once the site has seen the
// tournament (it follows the database's changes).
func (s *accessSite) publicPage(b *browser, path string) answer {
	s.t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if a := b.get(path); a.status != http.StatusNotFound || time.Now().After(deadline) {
			return a
		}
	}
}

// wocPair pairs or enters results in "woc" as the chief director would from
// the command line.
func (s *accessSite) wocPair(choices ...string) {
	s.t.Helper()
	if _, err := director.Pair(outflank.WithActor(context.Background(), "chief"), s.db, "woc", director.PairRequest{Choices: choices}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *accessSite) wocResult(round, table int, score string) {
	s.t.Helper()
	req, err := director.ResultFields{Round: round, Table: table, Score: score, Replace: true}.Request()
	if err != nil {
		s.t.Fatal(err)
	}
	if _, err := director.EnterResult(outflank.WithActor(context.Background(), "chief"), s.db, "woc", req, nil); err != nil {
		s.t.Fatal(err)
	}
}

// wocGames lists the games of rounds from..to of "woc" as
// "round/table:black-white".
func (s *accessSite) wocGames(from, to int) string {
	s.t.Helper()
	var parts []string
	for _, r := range s.tournament("woc").Rounds[from-1 : to] {
		for _, g := range r.Games {
			parts = append(parts, fmt.Sprintf("%d/%d:%d-%d", r.Number, g.Table, g.Black, g.White))
		}
	}
	return strings.Join(parts, " ")
}

// wocAtTwelveTen plays "woc" to its 12:10 slot with semi-final 1's game 2
// entered wrongly (1-1): semi-final 1's game 3 on table 1 (round 16), the
// young players' final and third place on tables 2 and 3 (rounds 17-18).
func (s *accessSite) wocAtTwelveTen() {
	s.t.Helper()
	s.wocPair("1=black", "2=black", "9=black", "10=black") // 9:30
	s.wocResult(12, 1, "40-24")
	s.wocResult(12, 2, "40-24")
	s.wocResult(13, 3, "40-24")
	s.wocResult(13, 4, "40-24")
	s.wocPair("5=black", "6=black") // 10:50
	s.wocResult(14, 1, "40-24")     // wrongly: #4 won it
	s.wocResult(14, 2, "24-40")
	s.wocResult(15, 3, "40-24")
	s.wocResult(15, 4, "40-24")
	s.wocPair("1=black", "9=black", "11=black") // 12:10
	if got := s.wocGames(16, 18); got != "16/1:1-4 17/2:9-10 18/3:11-12" {
		s.t.Fatalf("12:10: %s", got)
	}
}

// TestConsoleCorrectionOffersWithdrawal is issue 24's point 13 in the
// console: semi-final 1's game 2 corrected to a 2-0 after its game 3 was
// paired with the young players' games. The correction says game 3 is not
// needed; the results page, the banner, the public pages say so too
// (never "in play" under "won"); withdrawing it asks first, the focus on
// keeping it, and takes back that game alone, the young players' games
// keeping their rounds and tables.
func TestConsoleCorrectionOffersWithdrawal(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	s.wocAtTwelveTen()
	td := s.as("td-club (session)")
	var a resultsAnswer
	res := td.postJSON("/t/woc/admin/results", url.Values{"round": {"14"}, "table": {"1"}, "score": {"24-40"}, "expect": {"40-24"}}, &a)
	if res.status != http.StatusCreated || !strings.Contains(a.Message, "Semi-final 1, game 3 (round 16 table 1, #1 Player 01 v #4 Player 04) is not needed") ||
		!strings.Contains(a.Message, "withdraw it with the button below") || strings.Contains(a.Message, "'outflank") {
		t.Fatalf("the correction: %d %+v", res.status, a)
	}
	if !strings.Contains(a.Parts["results-needless"], `href="/t/woc/admin/games/16/1/withdraw"`) {
		t.Errorf("the page's needless part: %q", a.Parts["results-needless"])
	}
	page := td.get("/t/woc/admin/results?round=16")
	mustContain(t, "round 16's results", page, "A knockout game is not needed", "Semi-final 1, game 3: Player 01 not needed Player 04", "Withdraw round 16 table 1…")
	if strings.Contains(page.body, `class="missing next"`) || strings.Contains(text(page.body), "1 of 1 results to enter") {
		t.Errorf("the results page offers the needless game for a result:\n%s", text(page.body))
	}
	mustContain(t, "the banner", td.get("/t/woc/admin"), "A knockout game is not needed: withdraw it", `href="/t/woc/admin/games/16/1/withdraw"`, "Withdraw semi-final 1, game 3…")
	public := s.as("td-other (session)")
	knockout := s.publicPage(public, "/t/woc/knockout")
	mustContain(t, "the public knockout page", knockout, "game 3 · round 16, table 1 not played: the match is decided without it", "Won by Player 01 2-0")
	if m := regexp.MustCompile(`(?s)id="semi-final-1".*?</article>`).FindString(knockout.body); strings.Contains(m, "in play") || strings.Contains(m, "In play") {
		t.Errorf("semi-final 1 is in play and won at once:\n%s", text(m))
	}
	mustContain(t, "the public pairings", public.get("/t/woc/pairings/16"), "semi-final 1, game 3 · not needed: the match is decided")

	// The question: nothing changes until it is answered.
	before := s.wocGames(16, 18)
	ask := td.get("/t/woc/admin/games/16/1/withdraw")
	mustContain(t, "the question", ask, "Withdraw round 16 table 1?", "semi-final 1, game 3: #1 Player 01 v #4 Player 04", "It is not needed: the semi-final 1 is decided",
		"The other games keep their rounds and tables", "Keep it", "Withdraw semi-final 1, game 3")
	if !strings.Contains(ask.body, `id="confirm-keep" href="/t/woc/admin/results?round=16" autofocus`) {
		t.Errorf("the focus is not on keeping the game:\n%s", ask.body)
	}
	if again := td.post("/t/woc/admin/games/16/1/withdraw", url.Values{}); again.status != http.StatusOK || !strings.Contains(again.body, "Withdraw round 16 table 1?") || s.wocGames(16, 18) != before {
		t.Fatalf("a withdrawal not confirmed: %d, %s", again.status, s.wocGames(16, 18))
	}
	done := td.post("/t/woc/admin/games/16/1/withdraw", url.Values{"confirm": {"yes"}})
	if done.status != http.StatusSeeOther || done.location != "/t/woc/admin/results?round=16" {
		t.Fatalf("the withdrawal: %d %q %s", done.status, done.location, text(done.body))
	}
	mustContain(t, "after the withdrawal", td.follow(done), "Saved: withdrew round 16 table 1 (semi-final 1, game 3)")
	if got := s.wocGames(16, 18); got != "17/2:9-10 18/3:11-12" {
		t.Errorf("after the withdrawal: %s", got)
	}
	// Round 16, left without games, keeps its number: every page and
	// file that shows the rounds shows it.
	for _, path := range []string{"/t/woc", "/t/woc/pairings/16", "/t/woc/pairings/17", "/t/woc/crosstable", "/t/woc/standings", "/t/woc/knockout", "/api/t/woc/pairings/16",
		"/t/woc/admin/results?round=16", "/t/woc/admin/print/pairings/16", "/t/woc/admin/print/sheets/16", "/t/woc/admin/export/json", "/t/woc/admin/export/elo", "/t/woc/projector"} {
		if a := td.get(path); a.status != http.StatusOK {
			t.Errorf("%s after the withdrawal: %d %s", path, a.status, text(a.body))
		}
	}
	// A game that counts is not withdrawn: the results page says why.
	refused := td.post("/t/woc/admin/games/14/1/withdraw", url.Values{"confirm": {"yes"}})
	if refused.status != http.StatusBadRequest || !strings.Contains(text(refused.body), "was played (24-40) and its match stands on it: correct its result (type its table again on the Results page)") {
		t.Errorf("withdrawing a game that counts: %d %s", refused.status, text(refused.body))
	}
}

// TestConsoleRepairAndWithdrawOneGame: a knockout game still to play is
// paired again from the console, alone and in place (another choice of
// colour), or withdrawn alone (issue 24, point 13); the form shows the
// colours the choice gives, and publishes them (point 12).
func TestConsoleRepairAndWithdrawOneGame(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	s.wocPair("1=black", "2=black", "9=black", "10=black") // 9:30
	td := s.as("td-club (session)")
	page := td.get("/t/woc/admin/results?round=13")
	mustContain(t, "the young semi-finals' results", page, "Knockout games still to play", "Table 3 Young semi-final 1, game 1 · pair it again", "Table 4 Young semi-final 2, game 1 · pair it again")
	again := regexpFind(t, page.body, `href="(/t/woc/admin/pair\?match=young-semi-final-1&amp;replace=1)"`)
	proposal := td.get(td.get(strings.ReplaceAll(again, "&amp;", "&")).location)
	mustContain(t, "the game paired again", proposal, "Pair Young semi-final 1, game 1 again", "Player 09 chooses the colour or the draw-win", "Publish the game paired again")
	if strings.Contains(proposal.body, `name="c10"`) || strings.Contains(proposal.body, `name="c1"`) {
		t.Errorf("the other matches' choices are asked for:\n%s", text(proposal.body))
	}
	// Draw-win, and #12 takes black: the page shows #12 black before
	// anything is published, and publishes just that.
	form := publishValues(t, proposal.body)
	form.Set("c9", "draw-win")
	form.Set("c12", "black")
	shown := td.follow(td.post("/t/woc/admin/pair", form))
	mustContain(t, "the colours of the choice", shown, "Proposed now: Player 12 black, Player 09 white .", "3 Young semi-final 1, game 1: Player 12")
	if n := len(s.tournament("woc").Rounds); n != 13 || s.wocGames(13, 13) != "13/3:9-12 13/4:10-11" {
		t.Fatalf("showing the colours saved something: %s", s.wocGames(12, n))
	}
	done := td.post("/t/woc/admin/pair", publishValues(t, shown.body))
	if done.status != http.StatusSeeOther {
		t.Fatalf("publish: %d %s", done.status, text(done.body))
	}
	if got := s.wocGames(12, 13); got != "12/1:1-4 12/2:2-3 13/3:12-9 13/4:10-11" {
		t.Errorf("paired again: %s", got)
	}
	if g, _ := s.tournament("woc").Game(13, 3); g.Choice == nil || *g.Choice != (outflank.Choice{Player: 9, Chose: outflank.ChoseDrawWin}) {
		t.Errorf("the choice recorded: %+v", g.Choice)
	}
	// The young semi-final 2 withdrawn, not played yet: the rest stays.
	mustContain(t, "the question", td.get("/t/woc/admin/games/13/4/withdraw"), "It is not played yet: its match can be paired again afterwards")
	td.follow(td.post("/t/woc/admin/games/13/4/withdraw", url.Values{"confirm": {"yes"}}))
	if got := s.wocGames(12, 13); got != "12/1:1-4 12/2:2-3 13/3:12-9" {
		t.Errorf("after withdrawing table 4: %s", got)
	}
}

// TestConsoleChoiceFormChoosesNothing is issue 24's point 12: the
// colour-choice form preselects nothing; publishing waits until every
// chooser's decision is given or said not to be told; after a draw-win the
// opponent's colour is asked for; what is published is what the page
// showed, and a choice changed in the form is shown before it is
// published.
func TestConsoleChoiceFormChoosesNothing(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	td := s.as("td-club (session)")
	proposal := td.get(td.get("/t/woc/admin/pair").location)
	if regexp.MustCompile(`type="radio"[^>]* checked`).MatchString(proposal.body) {
		t.Errorf("a choice is preselected:\n%s", proposal.body)
	}
	if !strings.Contains(proposal.body, `id="publish" disabled`) {
		t.Errorf("publishing does not wait for the choices:\n%s", text(proposal.body))
	}
	mustContain(t, "the form", proposal, "Young semi-final 1, game 1: Player 09 chooses the colour or the draw-win",
		"draw-win: Player 12 chooses the colours; a draw goes to Player 09", "not told yet: Player 09 plays black for now",
		"After Player 09's draw-win, Player 12 chooses the colours (only if Player 09 takes the draw-win)", "not told yet: Player 12 plays white for now")
	if bad := td.post("/t/woc/admin/pair", publishValues(t, proposal.body)); bad.status != http.StatusBadRequest || len(s.tournament("woc").Rounds) != 11 {
		t.Fatalf("published without the choices: %d, %d rounds", bad.status, len(s.tournament("woc").Rounds))
	}
	// Every choice given; #9 takes the draw-win, and #12's colour is not
	// told: the page says which colours that gives, for now.
	form := publishValues(t, proposal.body)
	for k, v := range map[string]string{"c1": "white", "c2": "black", "c9": "draw-win", "c12": "untold", "c10": "untold"} {
		form.Set(k, v)
	}
	changed := td.post("/t/woc/admin/pair", form) // Publish pressed, the choices changed: shown first
	if changed.status != http.StatusSeeOther || len(s.tournament("woc").Rounds) != 11 {
		t.Fatalf("changed choices published unseen: %d", changed.status)
	}
	shown := td.follow(changed)
	mustContain(t, "the colours for now", shown, "The choices of colour changed: check the colours below, then publish.",
		"Player 12 plays white for now", "Proposed now, until the choice is told: Player 09 black, Player 12 white .",
		"Proposed now: Player 04 black, Player 01 white .")
	done := td.post("/t/woc/admin/pair", publishValues(t, shown.body))
	if done.status != http.StatusSeeOther {
		t.Fatalf("publish: %d %s", done.status, text(done.body))
	}
	mustContain(t, "after publishing", td.follow(done), "#12 Player 12, who chooses the colours (WOC IV.9 b), has not told his colour yet, so he plays white for now")
	if got := s.wocGames(12, 13); got != "12/1:4-1 12/2:2-3 13/3:9-12 13/4:10-11" {
		t.Errorf("published: %s", got)
	}
}

// TestConsoleDrawWinOnlyWhereItExists is issue 24's points 17 and 18:
// "How it ended" offers the draw-win only in a round with a game that has
// one, and a draw-win entered there records the choice it implies.
func TestConsoleDrawWinOnlyWhereItExists(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	td := s.as("td-club (session)")
	if page := td.get("/t/club/admin/results?round=1"); strings.Contains(page.body, "draw-win") {
		t.Errorf("a Swiss round's results offer the draw-win:\n%s", text(page.body))
	}
	if a := td.post("/t/club/admin/results", url.Values{"round": {"1"}, "table": {"1"}, "score": {"32-32"}, "kind": {"dw-b"}}); a.status != http.StatusBadRequest ||
		!strings.Contains(text(a.body), "a draw-win exists only in a knockout game with the choice of colour or draw-win") {
		t.Errorf("a draw-win in a Swiss round: %d %s", a.status, text(a.body))
	}
	if _, err := director.Pair(context.Background(), s.db, "woc", director.PairRequest{Choices: []string{"1=black", "2=black", "10=black"}, Untold: []string{"9"}}); err != nil {
		t.Fatal(err)
	}
	if page := td.get("/t/woc/admin/results?round=12"); strings.Contains(page.body, "draw-win") {
		t.Errorf("the semi-finals' results (best of three) offer the draw-win:\n%s", text(page.body))
	}
	mustContain(t, "the young semi-finals' results", td.get("/t/woc/admin/results?round=13"), "draw-win: black holds it", "draw-win: white holds it")
	a := td.post("/t/woc/admin/results", url.Values{"round": {"13"}, "table": {"3"}, "score": {"32-32"}, "kind": {"dw-w"}})
	mustContain(t, "the draw-win", td.follow(a), "32-32 draw-win to white (#9 Player 09 chose black)")
	if g, _ := s.tournament("woc").Game(13, 3); g.Choice == nil || *g.Choice != (outflank.Choice{Player: 9, Chose: outflank.ChoseBlack}) {
		t.Errorf("the choice recorded: %+v", g.Choice)
	}
}

// TestKnockoutGameNamedOnBoards is issue 24's point 18: the judge's board,
// its table picker, the public viewer and the projector name a knockout
// game's match and number ("Semi-final 1, game 1"), not only its round
// and table.
func TestKnockoutGameNamedOnBoards(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	s.wocPair("1=black", "2=black", "9=black", "10=black")
	judge := s.as("judge woc")
	board := judge.get("/t/woc/judge/12/2")
	mustContain(t, "the judge's board", board, "<title>Judge: Semi-final 2, game 1 (round 12, table 2)", "Semi-final 2, game 1 round 12, table 2")
	mustContain(t, "the table picker", judge.get("/t/woc/judge?round=13"), "Table 3 Young semi-final 1, game 1", "Table 4 Young semi-final 2, game 1")
	anyone := s.as("td-other (session)")
	mustContain(t, "the public viewer", s.publicPage(anyone, "/t/woc/games/13/4"), "<title>Young semi-final 2, game 1 (round 13, table 4)", "<h1>Young semi-final 2, game 1 <span")
	// Both rounds of the 9:30 slot are in play: the projector shows both
	// (before, only one: the semi-finalists found no table on it).
	mustContain(t, "the projector", anyone.get("/t/woc/projector"), "Young semi-final 2, game 1", "Semi-final 2, game 1", "Round 12", "Round 13")
	td := s.as("td-club (session)")
	mustContain(t, "the wall pairings", td.get("/t/woc/admin/print/pairings/13"), "Young semi-final 1, game 1: Player 09")
	mustContain(t, "the score sheets", td.get("/t/woc/admin/print/sheets/13"), "Young semi-final 1, game 1")
	if swiss := judge.get("/t/woc/judge/11/1"); !strings.Contains(swiss.body, "<h1>Round 11, table 1</h1>") {
		t.Errorf("a round-robin game's board: %s", text(swiss.body))
	}
}

// TestAPICorrectionAndWithdrawal is issue 24's points 12 and 13 in the
// write API: a correction that makes a game needless says so in its
// warnings, with the command that withdraws it; the game is withdrawn
// alone; a pairing with a choice not told says which colours it gave.
func TestAPICorrectionAndWithdrawal(t *testing.T) {
	s := newAccessSite(t)
	s.addWOC()
	status, body := s.do("td-club (token)", "POST", "/api/t/woc/pair", `{"choices": ["1=black", "2=black", "10=black"], "untold": ["9"]}`)
	if status != http.StatusCreated || !strings.Contains(body, `"young semi-final 1, game 1: #9 Player 09 has not told his choice of colour or draw-win yet, so he plays black for now`) {
		t.Fatalf("pair with a choice untold: %d %s", status, body)
	}
	status, body = s.do("td-club (token)", "POST", "/api/t/woc/pair", `{"match": "young-semi-final-1", "replace": true, "choices": ["9=white"]}`)
	if status != http.StatusCreated || strings.Contains(body, "warnings") {
		t.Fatalf("re-paired with the choice: %d %s", status, body)
	}
	s.wocResult(12, 1, "40-24")
	s.wocResult(12, 2, "40-24")
	s.wocResult(13, 3, "24-40")
	s.wocResult(13, 4, "40-24")
	s.wocPair("5=black", "6=black")
	s.wocResult(14, 1, "40-24") // wrongly: #4 won it
	s.wocResult(14, 2, "24-40")
	s.wocResult(15, 3, "40-24")
	s.wocResult(15, 4, "40-24")
	s.wocPair("1=black", "9=black", "11=black")
	before := s.wocGames(17, 18)
	status, body = s.do("td-club (token)", "POST", "/api/t/woc/rounds/14/results/1", `{"score": "24-40", "replace": true}`)
	if status != http.StatusCreated || !strings.Contains(body, `"semi-final 1, game 3 (round 16 table 1, #1 Player 01 v #4 Player 04) is not needed`) ||
		!strings.Contains(body, "withdraw it with 'outflank round withdraw woc 16 1'") {
		t.Fatalf("the correction: %d %s", status, body)
	}
	status, body = s.do("td-club (token)", "POST", "/api/t/woc/rounds/16/games/1/withdraw", "")
	if status != http.StatusCreated || !strings.Contains(body, `"kind": "game.withdraw"`) || !strings.Contains(body, `"version": `) {
		t.Fatalf("the withdrawal: %d %s", status, body)
	}
	if after := s.wocGames(16, 18); after != before {
		t.Errorf("after the withdrawal: %s, want %s", after, before)
	}
	if status, body = s.do("td-club (token)", "POST", "/api/t/woc/rounds/16/games/1/withdraw", ""); status != http.StatusNotFound {
		t.Errorf("withdrawn twice: %d %s", status, body)
	}
	if status, body = s.do("td-club (token)", "POST", "/api/t/woc/rounds/3/games/1/withdraw", ""); status != http.StatusBadRequest || !strings.Contains(body, "only a knockout game") {
		t.Errorf("a round-robin game withdrawn: %d %s", status, body)
	}
}
