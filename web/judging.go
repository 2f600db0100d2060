package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"outflank"
	"outflank/director"
)

// The director's side of the judges' work: the results judges submitted
// that wait for a director (the tournament requires confirmation, or the
// judge's result disagrees with the one entered), with what to do about
// each, and the setting that makes submissions wait: a console page, which
// the console's bar links to with the number waiting, and its banner when
// any does.

func (s *Server) registerJudgingRoutes(mux *http.ServeMux) {
	s.route(mux, "GET /t/{slug}/judge/review", Director, s.handleJudgeReview)
	s.route(mux, "POST /t/{slug}/judge/{round}/{table}/confirm", Director, s.handleJudgeConfirm)
	s.route(mux, "POST /t/{slug}/judge/{round}/{table}/dismiss", Director, s.handleJudgeDismiss)
	s.route(mux, "POST /t/{slug}/judge/settings", Director, s.handleJudgeSettings)
}

// reviewItem is a live game as the director's review shows it.
type reviewItem struct {
	Round, Table int
	Black, White string
	State        outflank.LiveState
	Words        string // the state in words
	Judge        string // who recorded it, or submitted it
	Moves        int
	Submitted    string // the judge's result, as the rules score it
	Entered      string // the result entered, or ""
	Expect       string // its official score, which a replacement expects
	Note         string
}

// reviewView is the director's review of the judges' games, a console
// page.
type reviewView struct {
	Confirm bool // the tournament's setting: submissions wait for a director
	Waiting []reviewItem
	Others  []reviewItem
}

func (s *Server) handleJudgeReview(w http.ResponseWriter, r *http.Request) {
	t, ok := s.judging(w, r, true)
	if !ok {
		return
	}
	s.reviewPage(w, r, t, http.StatusOK, "")
}

// reviewPage renders the review of t's judges' games, in the console,
// with message when a decision was refused.
func (s *Server) reviewPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string) {
	list, err := s.live.LiveGames(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := reviewView{Confirm: t.Settings.JudgeConfirm}
	for _, g := range t.CurrentLive(list) {
		item := reviewItem{Round: g.Round, Table: g.Table, State: g.State, Words: liveWords(g), Judge: g.Actor, Moves: len(g.Moves) / 2, Note: g.Note}
		if game, err := t.Game(g.Round, g.Table); err == nil {
			item.Black, item.White = t.Describe(game.Black), t.Describe(game.White)
			if game.Result != nil {
				item.Entered = game.Result.Summary()
				item.Expect = fmt.Sprintf("%d-%d", game.Result.BlackDiscs, game.Result.WhiteDiscs)
			}
		}
		if sub := g.Submission; sub != nil {
			item.Judge = sub.Actor
			if res, err := t.Settings.ScoreResult(sub.Input()); err == nil {
				item.Submitted = res.Summary()
			}
		}
		if g.State == outflank.LivePending || g.State == outflank.LiveFlagged {
			page.Waiting = append(page.Waiting, item)
		} else {
			page.Others = append(page.Others, item)
		}
	}
	v := s.newConsoleView(w, r, t, "review")
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "judging", "Judges' results · "+t.Name, v)
}

// judgesWaiting counts a tournament's judges' results that wait for a
// director: Pending for a confirmation, Flagged because they disagree
// with the result entered.
type judgesWaiting struct {
	Pending, Flagged int
}

// Total is the number of judges' results waiting.
func (j judgesWaiting) Total() int { return j.Pending + j.Flagged }

// Words says what waits, as the console's banner tells it; "" when
// nothing does.
func (j judgesWaiting) Words() string {
	verb := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	var parts []string
	if j.Pending > 0 {
		parts = append(parts, verb(j.Pending, "waits", "wait")+" for your confirmation")
	}
	if j.Flagged > 0 {
		parts = append(parts, verb(j.Flagged, "disagrees", "disagree")+" with the result entered")
	}
	if len(parts) == 0 {
		return ""
	}
	return "Table judges' results wait for you: " + strings.Join(parts, ", and ") + "."
}

// judgesWaiting reads what waits for a director among slug's judges'
// results; nil when the server records no live games.
func (s *Server) judgesWaiting(ctx context.Context, t *outflank.Tournament) *judgesWaiting {
	if s.live == nil {
		return nil
	}
	j := &judgesWaiting{}
	list, err := s.live.LiveGames(ctx, t.Slug)
	if err != nil {
		// The console still works; the count is only missing.
		s.log.Warn("reading the live games for the console", "tournament", t.Slug, "err", err)
		return j
	}
	for _, g := range t.CurrentLive(list) {
		switch g.State {
		case outflank.LivePending:
			j.Pending++
		case outflank.LiveFlagged:
			j.Flagged++
		}
	}
	return j
}

// decided answers a director's decision: back to the review, with
// message; when refused, the review again with the reason.
func (s *Server) decided(w http.ResponseWriter, r *http.Request, message string, err error) {
	if err != nil {
		again := func(status int, text string) {
			t, ok := s.judging(w, r, true)
			if !ok {
				return
			}
			s.reviewPage(w, r, t, status, consoleWords(text))
		}
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/t/"+r.PathValue("slug")+"/judge/review", message)
}

// handleJudgeConfirm enters a judge's submission: one waiting for
// confirmation, or a flagged one in place of the result entered, if that
// is still the form's expect.
func (s *Server) handleJudgeConfirm(w http.ResponseWriter, r *http.Request) {
	_, round, table, ok := s.judgedGame(w, r, false)
	if !ok {
		return
	}
	var expect *outflank.Discs
	if text := r.PostFormValue("expect"); text != "" {
		var err error
		if expect, err = director.ParseScore(text); err != nil {
			s.decided(w, r, "", err)
			return
		}
	}
	j, err := director.ConfirmJudged(r.Context(), s.store, s.live, r.PathValue("slug"), round, table, expect)
	if j != nil {
		s.noteLive(*j.Live)
	}
	message := fmt.Sprintf("Round %d, table %d: the judge's result is entered.", round, table)
	if j != nil && j.Entered != nil {
		message = "Entered: " + j.Entered.Event.Summary + "."
	}
	s.decided(w, r, message, err)
}

// handleJudgeDismiss returns a submission waiting for confirmation to its
// judge, or closes a flagged one, the result entered standing.
func (s *Server) handleJudgeDismiss(w http.ResponseWriter, r *http.Request) {
	_, round, table, ok := s.judgedGame(w, r, false)
	if !ok {
		return
	}
	g, err := director.DismissJudged(r.Context(), s.live, r.PathValue("slug"), round, table)
	message := ""
	if err == nil {
		s.noteLive(*g)
		message = fmt.Sprintf("Round %d, table %d: %s", round, table, g.Note)
	}
	s.decided(w, r, message, err)
}

// handleJudgeSettings sets whether the judges' results wait for a
// director's confirmation (form field confirm: on or off).
func (s *Server) handleJudgeSettings(w http.ResponseWriter, r *http.Request) {
	on := r.PostFormValue("confirm")
	if on != "on" && on != "off" {
		s.decided(w, r, "", outflank.Errorf(outflank.EINVALID, "confirm %q: on (the judges' results wait for a director) or off", on))
		return
	}
	ev, err := director.SetJudgeConfirm(r.Context(), s.store, r.PathValue("slug"), on == "on")
	message := ""
	if err == nil {
		message = "Saved: " + ev.Summary + "."
	}
	s.decided(w, r, message, err)
}
