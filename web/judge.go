package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"outflank"
	"outflank/director"
	"outflank/othello"
	"outflank/report"
	"outflank/words"
)

// The table judges' boards (WOC IV.2): a judge opens the link the
// director gave (/j/{secret}, login.go), picks a table and records its
// game square by square. The board is a form of 64 buttons, each legal
// square's value the transcript after playing it, so it works without
// JavaScript (a POST per move); static/judge.js plays the moves in the
// page instead, keeps them in localStorage and sends the whole transcript,
// numbered, to the JSON routes of judge_api.go, offline or not (docs/api.md,
// "The judges' boards"). Every transcript is checked by othello on the
// server, and the result goes through director.SubmitJudged.

func (s *Server) registerJudgeRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /t/{slug}/judge", Judge, s.handleJudgeTables)
	s.route(mux, "GET /t/{slug}/judge/{round}/{table}", Judge, s.handleJudgeBoard)
	s.route(mux, "POST /t/{slug}/judge/{round}/{table}", Judge, s.handleJudgeForm)
	s.route(mux, "GET /api/t/{slug}/judge/{round}/{table}", Judge, s.handleJudgeState)
	s.route(mux, "POST /api/t/{slug}/judge/{round}/{table}/moves", Judge, s.handleJudgeMoves)
	s.route(mux, "POST /api/t/{slug}/judge/{round}/{table}/result", Judge, s.handleJudgeResult)
}

// judging checks that the server records live games, and returns the
// tournament of the path's {slug}: as the site shows it, or, fresh, as the
// store has it this instant (the pages of one judge or director, who must
// see what they just did).
func (s *Server) judging(w http.ResponseWriter, r *http.Request, fresh bool) (*outflank.Tournament, bool) {
	if s.live == nil {
		s.notFound(w, r, "This server records no live games: judges' boards are not available.")
		return nil, false
	}
	var t *outflank.Tournament
	var err error
	if fresh {
		t, err = s.store.Tournament(r.Context(), r.PathValue("slug"))
	} else {
		t, err = s.current(r.Context(), r.PathValue("slug"))
	}
	if err != nil {
		s.fail(w, r, err)
		return nil, false
	}
	return t, true
}

// judgedGame is judging for a route that names a game: the tournament
// and the path's round and table, or an answer already sent.
func (s *Server) judgedGame(w http.ResponseWriter, r *http.Request, fresh bool) (t *outflank.Tournament, round, table int, ok bool) {
	if t, ok = s.judging(w, r, fresh); !ok {
		return nil, 0, 0, false
	}
	round, table, ok = s.gamePath(w, r)
	return t, round, table, ok
}

// privatePage renders a page for one person (a judge's, a director's):
// never cached, never shared.
func (s *Server) privatePage(w http.ResponseWriter, r *http.Request, name string, v view) {
	body, err := s.pages.render(name, false, v)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(body)
}

// judgeTable is a game of the table picker.
type judgeTable struct {
	Table        int
	Black, White string
	// Match names a knockout game: "Final, game 1".
	Match string
	State string // in words: "not started", "23 moves recorded", "result 40-24"
	Href  string
}

// judgeTablesView is the table picker.
type judgeTablesView struct {
	Actor, Scope string
	Director     bool
	Round        int
	Rounds       []int // the rounds the credential covers, to choose from
	Tables       []judgeTable
	Empty        string // why there is no table to pick
}

// handleJudgeTables is the table picker: the games of a round the judge's
// link covers (the round in play, or ?round=N), each with where it is. A
// link for one game goes straight to its board.
func (s *Server) handleJudgeTables(w http.ResponseWriter, r *http.Request) {
	t, ok := s.judging(w, r, true)
	if !ok {
		return
	}
	p := principal(r)
	var linkRound, linkTable int
	scope := "as a director, you may record every game"
	if p.Judge != nil {
		linkRound, linkTable, scope = p.Judge.Round, p.Judge.Table, "your link covers "+p.Judge.Scope()
	}
	if linkRound != 0 && linkTable != 0 {
		http.Redirect(w, r, fmt.Sprintf("/t/%s/judge/%d/%d", t.Slug, linkRound, linkTable), http.StatusSeeOther)
		return
	}
	covers := func(table int) bool { return linkTable == 0 || table == linkTable }
	v := judgeTablesView{Actor: p.Actor(), Scope: scope, Director: p.CanDirect(t.Slug)}
	for _, rd := range t.Rounds {
		if linkRound == 0 || rd.Number == linkRound {
			v.Rounds = append(v.Rounds, rd.Number)
		}
	}
	// The round shown: asked for, else the link's, else the first with a
	// covered game still to be played, else the last.
	if n, err := strconv.Atoi(r.URL.Query().Get("round")); err == nil && slices.Contains(v.Rounds, n) {
		v.Round = n
	}
	for _, n := range v.Rounds {
		if v.Round != 0 {
			break
		}
		rd, _ := t.Round(n)
		for _, g := range rd.Games {
			if covers(g.Table) && g.Result == nil {
				v.Round = n
				break
			}
		}
	}
	if v.Round == 0 && len(v.Rounds) > 0 {
		v.Round = v.Rounds[len(v.Rounds)-1]
	}
	live := map[int]outflank.LiveGame{}
	if list, err := s.live.LiveGames(r.Context(), t.Slug); err == nil {
		for _, g := range t.CurrentLive(list) {
			if g.Round == v.Round {
				live[g.Table] = g
			}
		}
	}
	if rd, ok := t.Round(v.Round); ok {
		matches := map[int]string{}
		if rd.Stage.Withdrawable() { // a knockout round: each game's match
			for _, g := range report.RoundOf(t, rd).Games {
				if g.MatchLabel != "" {
					matches[g.Table] = fmt.Sprintf("%s, game %d", capitalize(g.MatchLabel), g.Game)
				}
			}
		}
		for _, g := range rd.Games {
			if !covers(g.Table) {
				continue
			}
			jt := judgeTable{Table: g.Table, Black: t.Describe(g.Black), White: t.Describe(g.White), State: "not started",
				Href: fmt.Sprintf("/t/%s/judge/%d/%d", t.Slug, v.Round, g.Table), Match: matches[g.Table]}
			if lg, ok := live[g.Table]; ok {
				jt.State = liveWords(lg)
			}
			if g.Result != nil {
				jt.State = "result " + g.Result.Summary()
				if lg, ok := live[g.Table]; ok && lg.State == outflank.LiveFlagged {
					jt.State += "; the judge's disagrees, for a director to decide"
				}
			}
			v.Tables = append(v.Tables, jt)
		}
	}
	switch {
	case len(t.Rounds) == 0:
		v.Empty = "No round is paired yet: come back when the director has paired the first."
	case len(v.Rounds) == 0:
		v.Empty = fmt.Sprintf("Your link is for round %d, which is not paired yet.", linkRound)
	case len(v.Tables) == 0:
		v.Empty = fmt.Sprintf("Round %d has no game at the tables your link covers.", v.Round)
	}
	s.privatePage(w, r, "judges", view{Title: "Judge: pick a table", Tournament: t, Data: v})
}

// liveWords says where a live game is, for the table picker and review.
func liveWords(g outflank.LiveGame) string {
	switch g.State {
	case outflank.LivePending:
		return "submitted, waiting for a director"
	case outflank.LiveFlagged:
		return "flagged: disagrees with the result entered"
	case outflank.LiveEntered, outflank.LiveDismissed:
		return "done"
	}
	return words.Count(len(g.Moves)/2, "move") + " recorded"
}

// judgeSquare is a square of the judge's board: its disc (b, w or e), its
// mark (legal, last or none) and, for a legal square, the transcript after
// playing it: the value its button sends. Label names it for a screen
// reader with what is on it ("d3, empty, legal move for black"), as
// static/judge.js names it once the page plays the moves itself.
type judgeSquare struct {
	Index      int
	Name       string
	Disc, Mark string
	Move       string
	Label      string
}

// squareLabel names a square of the judge's board by its coordinate and
// what is on it; turn is the side to move when the square is a legal move.
func squareLabel(sq judgeSquare, turn string) string {
	label := sq.Name + ", empty"
	switch sq.Disc {
	case "b":
		label = sq.Name + ", black disc"
	case "w":
		label = sq.Name + ", white disc"
	}
	switch {
	case sq.Mark == "last":
		label += ", last move"
	case sq.Move != "":
		label += ", legal move for " + turn
	}
	return label
}

// judgeBoardView is the judge's board of a game.
type judgeBoardView struct {
	Record  report.GameRecord
	Actor   string
	Live    outflank.LiveGame
	Next    int64  // the number of the next edit
	CSRF    string // the session's token, which the forms and the script send
	Action  string // the forms' address
	API     string // the JSON routes' address
	Key     string // where the script keeps the game in localStorage
	Squares []judgeSquare
	// TakeBack is the transcript without its last move; CanTakeBack
	// says whether there is a move to take back.
	TakeBack    string
	CanTakeBack bool
	Current     plyView
	Moves       []moveView
	Open        bool // the judge may still record moves
	Finished    bool
	Result      string // the game's result, once entered
}

// newJudgeBoard draws up the board of live game g of rec.
func newJudgeBoard(rec report.GameRecord, g outflank.LiveGame) (judgeBoardView, error) {
	v := judgeBoardView{Record: rec, Live: g, Next: g.Seq + 1, Open: g.State.Open(),
		Action: fmt.Sprintf("/t/%s/judge/%d/%d", rec.Tournament, rec.Round, rec.Table),
		API:    fmt.Sprintf("/api/t/%s/judge/%d/%d", rec.Tournament, rec.Round, rec.Table),
		// The key names the game's players too: a transcript kept on the
		// device for a game withdrawn from the table is never restored
		// onto the game paired there since.
		Key: fmt.Sprintf("outflank-judge/%s/%d/%d/%d-%d", rec.Tournament, rec.Round, rec.Table, g.Black, g.White)}
	if rec.Result != nil {
		v.Result = rec.Result.Summary()
	}
	game, err := g.Game()
	if err != nil {
		return v, err
	}
	plies := plyViews(game)
	v.Current, v.Moves, v.Finished = plies[len(plies)-1], moveViews(game), game.Finished()
	if n := len(game.Moves); n > 0 {
		v.TakeBack, v.CanTakeBack = othello.FormatTranscript(game.Moves[:n-1]), v.Open
	}
	legal := map[int]bool{}
	for _, sq := range v.Current.Legal {
		legal[sq] = true
	}
	for i := range 64 {
		sq := judgeSquare{Index: i, Name: othello.Square(i).String(), Disc: "e"}
		switch v.Current.Board[i] {
		case 'b':
			sq.Disc = "b"
		case 'w':
			sq.Disc = "w"
		}
		switch {
		case i == v.Current.Last:
			sq.Mark = "last"
		case legal[i] && v.Open:
			sq.Mark = "legal"
		}
		if legal[i] && v.Open {
			sq.Move = g.Moves + sq.Name
		}
		sq.Label = squareLabel(sq, v.Current.Turn)
		v.Squares = append(v.Squares, sq)
	}
	return v, nil
}

// Rows are the board's squares row by row, 1 to 8: the rows of its grid.
func (v judgeBoardView) Rows() [][]judgeSquare {
	var rows [][]judgeSquare
	for i := 0; i+8 <= len(v.Squares); i += 8 {
		rows = append(rows, v.Squares[i:i+8])
	}
	return rows
}

// judgeGame reads the path's game and returns its record and live game
// (at sequence 0 when no move was recorded).
func (s *Server) judgeGame(ctx context.Context, t *outflank.Tournament, round, table int) (report.GameRecord, outflank.LiveGame, error) {
	rec, err := report.GameRecordOf(t, round, table)
	if err != nil {
		return rec, outflank.LiveGame{}, err
	}
	game, err := t.Game(round, table)
	if err != nil {
		return rec, outflank.LiveGame{}, err
	}
	g, err := s.live.LiveGame(ctx, t.Slug, round, table)
	switch {
	case outflank.ErrorCode(err) == outflank.ENOTFOUND:
		g = &outflank.LiveGame{Tournament: t.Slug, Round: round, Table: table, State: outflank.LivePlaying}
	case err != nil:
		return rec, outflank.LiveGame{}, err
	}
	return rec, g.For(*game), nil // not a transcript of a game withdrawn from the table
}

// handleJudgeBoard is the judge's board of a game.
func (s *Server) handleJudgeBoard(w http.ResponseWriter, r *http.Request) {
	t, round, table, ok := s.judgedGame(w, r, true)
	if !ok {
		return
	}
	rec, g, err := s.judgeGame(r.Context(), t, round, table)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v, err := newJudgeBoard(rec, g)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v.Actor = principal(r).Actor()
	if sess := session(r); sess != nil {
		v.CSRF = sess.CSRF
	}
	title := fmt.Sprintf("Judge: round %d, table %d", round, table)
	if rec.MatchLabel != "" {
		title = fmt.Sprintf("Judge: %s (round %d, table %d)", rec.Heading(), round, table)
	}
	s.privatePage(w, r, "judge", view{Title: title, Tournament: t, Data: v})
}

// handleJudgeForm takes the board's forms without JavaScript: a move or
// a take-back (the transcript after it, numbered), or the result; then
// shows the board again.
func (s *Server) handleJudgeForm(w http.ResponseWriter, r *http.Request) {
	t, round, table, ok := s.judgedGame(w, r, false)
	if !ok {
		return
	}
	seq, err := strconv.ParseInt(r.PostFormValue("seq"), 10, 64)
	if err != nil {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "the form has no edit number: reload the board and try again"))
		return
	}
	moves := r.PostFormValue("moves")
	if err := checkBoard(t, round, table, boardFields{Black: atoiOr(r.PostFormValue("black"), 0), White: atoiOr(r.PostFormValue("white"), 0)}); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if r.PostFormValue("action") == "result" {
		sub, err := submissionOf(submissionFields{Outcome: r.PostFormValue("outcome"), Defaulter: r.PostFormValue("defaulter"),
			DefaulterFlags: atoiOr(r.PostFormValue("defaulter_flags"), 1), OpponentFlags: atoiOr(r.PostFormValue("opponent_flags"), 0),
			Loser: r.PostFormValue("loser"), Reason: r.PostFormValue("reason"), Moves: moves})
		if err == nil {
			var j *director.Judged
			if j, err = director.SubmitJudged(r.Context(), s.store, s.live, t.Slug, round, table, seq, sub); err == nil {
				s.noteLive(*j.Live)
			}
		}
		if err != nil {
			s.writeFailed(w, r, err)
			return
		}
	} else {
		g, recorded, err := director.RecordMoves(r.Context(), s.live, t, round, table, seq, moves)
		if err != nil {
			s.writeFailed(w, r, err)
			return
		}
		if recorded == outflank.RecordApplied {
			s.noteLive(*g)
		}
	}
	http.Redirect(w, r, fmt.Sprintf("/t/%s/judge/%d/%d", t.Slug, round, table), http.StatusSeeOther)
}

// atoiOr reads a number of a form, or def when it has none.
func atoiOr(text string, def int) int {
	if n, err := strconv.Atoi(text); err == nil {
		return n
	}
	return def
}
