package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"outflank"
	"outflank/report"
)

// Live games: the transcripts table judges record move by move
// (judge.go), shown as they grow. They are not the tournament's state: a
// move changes no tournament version, so no page of the tournament is
// rendered anew for it, and the standings of a 1,000-player event stay in
// the cache. The server learns of moves from its own judges at once and
// from other processes through the store's WatchLive; each new move is
// pushed, as a short "move" event without an id (the stream's last id
// stays the tournament's version), only to the live streams that follow
// that game (its viewer, ?moves=ROUND/TABLE) or every game (the event's
// page and the live boards, ?moves=all). Those pages then fetch what shows
// the game, rendered once per move for all of them and kept in a cache of
// its own (livePages), so that moves never push the tournament's other
// pages out of theirs.

// liveKey names a live game.
type liveKey struct {
	slug         string
	round, table int
}

// noteLive records live games written, by this server's judges or another
// process, and tells the pages that follow each one of its new moves, once
// per stamp.
func (s *Server) noteLive(games ...outflank.LiveGame) {
	for _, g := range games {
		k := liveKey{g.Tournament, g.Round, g.Table}
		s.liveMu.Lock()
		if s.liveTold[k] >= g.Stamp {
			s.liveMu.Unlock()
			continue
		}
		s.liveTold[k] = g.Stamp
		s.liveStamps[g.Tournament] = max(s.liveStamps[g.Tournament], g.Stamp)
		s.liveMu.Unlock()
		s.hub.sendMove(g.Tournament, gameName(g.Round, g.Table), []byte(moveEvent(g)))
	}
}

// moveEvent is the event that tells a page a live game has new moves.
func moveEvent(g outflank.LiveGame) string {
	data, _ := json.Marshal(struct {
		Round int    `json:"round"`
		Table int    `json:"table"`
		Stamp int64  `json:"stamp"`
		Plies int    `json:"plies"`
		State string `json:"state"`
	}{g.Round, g.Table, g.Stamp, len(g.Moves) / 2, string(g.State)})
	return "event: move\ndata: " + string(data) + "\n\n"
}

// watchLive follows the store's live games until ctx ends.
func (s *Server) watchLive(ctx context.Context) error {
	if s.live == nil {
		return nil
	}
	return s.live.WatchLive(ctx, func(games []outflank.LiveGame) { s.noteLive(games...) })
}

// liveStamp returns the stamp of the latest move of the game at table of
// round of slug, or of any of its games when round is 0.
func (s *Server) liveStamp(slug string, round, table int) int64 {
	s.liveMu.Lock()
	defer s.liveMu.Unlock()
	if round == 0 {
		return s.liveStamps[slug]
	}
	return s.liveTold[liveKey{slug, round, table}]
}

// current returns the tournament with slug at its current version.
func (s *Server) current(ctx context.Context, slug string) (*outflank.Tournament, error) {
	version, ok := s.version(ctx, slug)
	if !ok {
		select {
		case <-s.watched:
		default:
			return nil, errNotReady
		}
		return nil, outflank.Errorf(outflank.ENOTFOUND, "There is no tournament %q.", slug)
	}
	return s.tours.get(ctx, slug, version)
}

// livePage serves a document that shows live games, from livePages: kept
// for the tournament's version and the live stamp, rendered by render.
func (s *Server) livePage(w http.ResponseWriter, r *http.Request, stamp int64, ctype string, render func(ctx context.Context, t *outflank.Tournament, fragment bool) ([]byte, error)) {
	slug := r.PathValue("slug")
	tv, ok := s.version(r.Context(), slug)
	if !ok {
		s.noTournament(w, r, slug, true)
		return
	}
	// One number that grows when either does: a tournament has far
	// fewer than 2^31 versions, a store far fewer than 2^32 moves.
	version := tv<<32 + stamp
	key := cacheKey(r)
	fragment := r.URL.Query().Has("fragment")
	p, err := s.livePages.page(r.Context(), key, version, func(ctx context.Context) (*page, error) {
		t, err := s.tours.get(ctx, slug, tv)
		if err != nil {
			return nil, err
		}
		body, err := render(ctx, t, fragment)
		if err != nil {
			return nil, err
		}
		return newPage(key, version, ctype, body), nil
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.write(w, r, p)
}

func (s *Server) registerLiveRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /t/{slug}/live", Public, reads(s.handleLiveBoards))
	s.route(mux, "GET /api/t/{slug}/live", Public, reads(s.handleLiveAPI))
}

// liveGameDoc is a game in progress as /api/t/{slug}/live gives it.
type liveGameDoc struct {
	Round  int               `json:"round"`
	Table  int               `json:"table"`
	Stage  string            `json:"stage"`
	Black  report.GamePlayer `json:"black"`
	White  report.GamePlayer `json:"white"`
	Seq    int64             `json:"seq"`
	State  string            `json:"state"`
	Stamp  int64             `json:"stamp"`
	Replay report.Replay     `json:"replay"`
	// Board is the position now, 64 letters from a1 to h8: b, w or .
	Board string `json:"board"`
}

// liveDoc is /api/t/{slug}/live: the games in progress that table judges
// record, by round and table.
type liveDoc struct {
	Tournament string        `json:"tournament"`
	Stamp      int64         `json:"stamp"`
	Games      []liveGameDoc `json:"games"`
}

// liveGamesOf returns the games of t in progress that judges record: a
// live game whose game has no result yet, with its record and replay.
func (s *Server) liveGamesOf(ctx context.Context, t *outflank.Tournament) ([]liveGameDoc, []liveBoard, error) {
	list, err := s.live.LiveGames(ctx, t.Slug)
	if err != nil {
		return nil, nil, err
	}
	docs, boards := []liveGameDoc{}, []liveBoard{}
	list = t.CurrentLive(list) // not the transcripts of games withdrawn from their tables
	for i := range list {
		g := &list[i]
		rec, err := report.GameRecordOf(t, g.Round, g.Table)
		if err != nil || rec.Result != nil || len(g.Moves) == 0 {
			continue // a game no longer paired, finished, or not begun
		}
		game, err := g.Game()
		if err != nil {
			return nil, nil, err
		}
		views := plyViews(game)
		doc := liveGameDoc{Round: g.Round, Table: g.Table, Stage: rec.Stage, Black: rec.Black, White: rec.White, Seq: g.Seq,
			State: string(g.State), Stamp: g.Stamp, Replay: report.ReplayOf(game), Board: views[len(views)-1].Board}
		docs = append(docs, doc)
		status := "game over"
		switch turn := views[len(views)-1].Turn; {
		case g.State == outflank.LivePending:
			status = "result submitted"
		case turn != "":
			status = turn + " to move"
		}
		boards = append(boards, liveBoard{Doc: doc, Board: newBoardView(game, len(game.Moves)), Status: status})
	}
	return docs, boards, nil
}

func (s *Server) handleLiveAPI(w http.ResponseWriter, r *http.Request) {
	if s.live == nil {
		s.notFound(w, r, "This server records no live games.")
		return
	}
	slug := r.PathValue("slug")
	stamp := s.liveStamp(slug, 0, 0)
	s.livePage(w, r, stamp, "application/json", func(ctx context.Context, t *outflank.Tournament, _ bool) ([]byte, error) {
		docs, _, err := s.liveGamesOf(ctx, t)
		if err != nil {
			return nil, err
		}
		return jsonBytes(liveDoc{Tournament: t.Slug, Stamp: stamp, Games: docs})
	})
}

// liveBoard is a game in progress as the live boards show it.
type liveBoard struct {
	Doc    liveGameDoc
	Board  boardView
	Status string
}

// handleLiveBoards is the page of the games in progress, each a small
// board linking to its viewer; its fragment is the event page's strip.
func (s *Server) handleLiveBoards(w http.ResponseWriter, r *http.Request) {
	if s.live == nil {
		s.notFound(w, r, "This server records no live games.")
		return
	}
	slug := r.PathValue("slug")
	s.livePage(w, r, s.liveStamp(slug, 0, 0), "text/html; charset=utf-8", func(ctx context.Context, t *outflank.Tournament, fragment bool) ([]byte, error) {
		_, boards, err := s.liveGamesOf(ctx, t)
		if err != nil {
			return nil, err
		}
		v := view{Title: "Live games", Tournament: t, Nav: "event", Data: boards,
			Live: fmt.Sprintf("/t/%s/events?since=%d&moves=all", t.Slug, t.Version)}
		return s.pages.render("live", fragment, v)
	})
}

// jsonBytes encodes doc as the API writes every document.
func jsonBytes(doc any) ([]byte, error) {
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// gameName names a game for the streams that follow it: "ROUND/TABLE".
func gameName(round, table int) string {
	return strconv.Itoa(round) + "/" + strconv.Itoa(table)
}
