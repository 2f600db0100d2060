package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"outflank"
	"outflank/othello"
	"outflank/report"
	"outflank/words"
)

func (s *Server) registerGamesRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /t/{slug}/games/{round}/{table}", reads(s.handleGame, "ply"))
	mux.HandleFunc("GET /api/t/{slug}/games/{round}/{table}", reads(s.handleGameAPI))
}

// gameView is what the game viewer shows: the game, and, when its
// transcript was recorded, the position after Ply moves and every other
// position for stepping through it in the browser.
type gameView struct {
	Record report.GameRecord
	Result string // the result as entered, in words; "" before it is
	Note   string // why the official score is not the board's, or ""
	Winner string // "won by Ann", "a draw", or ""
	Stage  string // the stage of a knockout or playoff round, or ""
	// Live says, for a game without a result, how far its table judge
	// has recorded it; "" for a game with a result. Playing: moves are
	// coming in.
	Live    string
	Playing bool

	Ply     int // the ply shown
	Prev    int // the plies of the links to the previous, next and last positions
	Next    int
	Last    int
	Current plyView    // the position after it
	Rows    []string   // the position after it in words, row by row
	Plies   []plyView  // every position, from the start
	Moves   []moveView // the moves, with the passes after them
	Board   boardView
}

// gamePath reads the round and table of the path. Anything else than two
// numbers names no game: a 404 saying how games are addressed.
func (s *Server) gamePath(w http.ResponseWriter, r *http.Request) (round, table int, ok bool) {
	round, err1 := strconv.Atoi(r.PathValue("round"))
	table, err2 := strconv.Atoi(r.PathValue("table"))
	if err1 != nil || err2 != nil || round < 1 || table < 1 {
		s.notFound(w, r, fmt.Sprintf("A game is addressed by its round and table, two numbers: /t/%s/games/1/2 is round 1, table 2.", r.PathValue("slug")))
		return 0, 0, false
	}
	return round, table, true
}

// plyQuery reads ?ply=: the number of moves played in the position shown,
// or -1 (the default) for the last position.
func plyQuery(r *http.Request) (int, error) {
	text := r.URL.Query().Get("ply")
	if text == "" {
		return -1, nil
	}
	ply, err := strconv.Atoi(text)
	if err != nil || ply < 0 {
		return 0, outflank.Errorf(outflank.EINVALID, "ply %q: give the number of moves played, from 0 (the start)", text)
	}
	return ply, nil
}

func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	ply, err := plyQuery(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	slug := r.PathValue("slug")
	if s.inProgress(r, slug, round, table) {
		// A game without a result follows its table judge's moves: its
		// page is kept per move, apart from the tournament's pages.
		s.livePage(w, r, s.liveStamp(slug, round, table), "text/html; charset=utf-8", func(ctx context.Context, t *outflank.Tournament, fragment bool) ([]byte, error) {
			v, err := s.gamePageView(ctx, t, round, table, ply)
			if err != nil {
				return nil, err
			}
			v.Tournament = t
			v.Live = fmt.Sprintf("/t/%s/events?since=%d&moves=%s", t.Slug, t.Version, gameName(round, table))
			return s.pages.render("game", fragment, v)
		})
		return
	}
	s.tournamentPage(w, r, "game", func(t *outflank.Tournament) (view, error) {
		return s.gamePageView(r.Context(), t, round, table, ply)
	})
}

// inProgress reports whether the game at table of round of slug has no
// result yet, on a server that records live games.
func (s *Server) inProgress(r *http.Request, slug string, round, table int) bool {
	if s.live == nil {
		return false
	}
	t, err := s.current(r.Context(), slug)
	if err != nil {
		return false
	}
	g, err := t.Game(round, table)
	return err == nil && g.Result == nil
}

// gamePageView draws up the game viewer's page: the game's transcript, or,
// before its result, the moves its table judge recorded so far.
func (s *Server) gamePageView(ctx context.Context, t *outflank.Tournament, round, table, ply int) (view, error) {
	rec, err := report.GameRecordOf(t, round, table)
	if err != nil {
		return view{}, err
	}
	live, playing := "", false
	if rec.Result == nil && s.live != nil {
		g, err := s.live.LiveGame(ctx, t.Slug, round, table)
		if game, gerr := t.Game(round, table); err == nil && gerr == nil && !g.Of(*game) {
			fresh := g.For(*game) // a transcript of a game withdrawn from the table: not this one's
			g = &fresh
		}
		switch {
		case err == nil && g.Moves != "":
			if rec.Game, err = g.Game(); err != nil {
				return view{}, err
			}
			live, playing = fmt.Sprintf("The table judge has recorded %s.", plural(len(rec.Game.Moves), "move")), true
			if g.State == outflank.LivePending {
				live = fmt.Sprintf("The table judge has submitted the result after %s; it waits for a director.", plural(len(rec.Game.Moves), "move"))
			}
		case err == nil || outflank.ErrorCode(err) == outflank.ENOTFOUND:
			live = "No move recorded yet: the board appears here, and follows the game move by move, when a table judge records it."
		default:
			return view{}, err
		}
	}
	v, err := newGameView(t, rec, ply)
	if err != nil {
		return view{}, err
	}
	v.Live, v.Playing = live, playing
	if playing && len(v.Plies) > 0 {
		// A live game does not stop at its last move: it goes on.
		last := len(v.Plies) - 1
		if v.Plies[last].Turn != "" {
			v.Plies[last].Score = ""
			if v.Ply == last {
				v.Current.Score = ""
			}
		}
	}
	title := fmt.Sprintf("Round %d, table %d: %s v %s", round, table, rec.Black.Name, rec.White.Name)
	if rec.MatchLabel != "" {
		title = fmt.Sprintf("%s (round %d, table %d): %s v %s", rec.Heading(), round, table, rec.Black.Name, rec.White.Name)
	}
	return view{Title: title, Nav: "pairings", Data: v}, nil
}

func (s *Server) handleGameAPI(w http.ResponseWriter, r *http.Request) {
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	s.tournamentJSON(w, r, func(t *outflank.Tournament) (any, error) {
		return report.GameRecordOf(t, round, table)
	})
}

// newGameView draws up the viewer of rec at ply (-1: the last).
func newGameView(t *outflank.Tournament, rec report.GameRecord, ply int) (gameView, error) {
	v := gameView{Record: rec}
	if _, _, knockout := outflank.Stage(rec.Stage).Knockout(); knockout || rec.Stage == string(outflank.StagePlayoff) || rec.Stage == string(outflank.StagePlacement) {
		v.Stage = strings.ReplaceAll(rec.Stage, "-", " ")
	}
	if res := rec.Result; res != nil {
		v.Result, v.Note = res.Summary(), capital(res.OfficialNote())
		if res.DiscsUnknown {
			v.Note = "The discs were not recorded: counted 33-31 for the winner, 32-32 for a draw."
		} else if v.Note != "" {
			v.Note += "."
		}
		switch black, white := res.Points(); {
		case black > white:
			v.Winner = "won by " + rec.Black.Name
		case white > black:
			v.Winner = "won by " + rec.White.Name
		default:
			v.Winner = "a draw"
		}
	}
	g := rec.Game
	if g == nil {
		return v, nil
	}
	if ply > len(g.Moves) {
		return v, outflank.Errorf(outflank.EINVALID, "ply %d: this game's transcript has %s; give a ply from 0 to %d", ply, words.Count(len(g.Moves), "move"), len(g.Moves))
	}
	if ply < 0 {
		ply = len(g.Moves)
	}
	v.Ply, v.Plies, v.Moves = ply, plyViews(g), moveViews(g)
	v.Prev, v.Next, v.Last = max(ply-1, 0), min(ply+1, len(g.Moves)), len(g.Moves)
	v.Current = v.Plies[ply]
	v.Rows = positionRows(v.Current.Board)
	v.Board = newBoardView(g, ply)
	return v, nil
}

// moveView is a move of the transcript, in the list of moves.
type moveView struct {
	Ply    int
	Square string
	Side   string // the side that played it
	Passed string // the side that had to pass after it, or ""
}

func moveViews(g *othello.Game) []moveView {
	moves := make([]moveView, len(g.Moves))
	passed := map[int]bool{}
	for _, p := range g.Passes {
		passed[p] = true
	}
	for i, sq := range g.Moves {
		m := moveView{Ply: i + 1, Square: sq.String(), Side: g.Positions[i].Turn.String()}
		if passed[i+1] {
			m.Passed = g.Positions[i+1].Turn.Opponent().String()
		}
		moves[i] = m
	}
	return moves
}
