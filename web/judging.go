package web

import (
	"fmt"
	"net/http"

	"outflank"
	"outflank/director"
)

// The director's side of the judges' work: the results judges submitted
// that wait for a director (the tournament requires confirmation, or the
// judge's result disagrees with the one entered), with what to do about
// each, and the setting that makes submissions wait. The console links
// here.

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

// reviewView is the director's review of the judges' games.
type reviewView struct {
	CSRF    string
	Confirm bool // the tournament's setting: submissions wait for a director
	Waiting []reviewItem
	Others  []reviewItem
}

func (s *Server) handleJudgeReview(w http.ResponseWriter, r *http.Request) {
	t, ok := s.judging(w, r, true)
	if !ok {
		return
	}
	list, err := s.live.LiveGames(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := reviewView{Confirm: t.Settings.JudgeConfirm}
	if sess := session(r); sess != nil {
		v.CSRF = sess.CSRF
	}
	for _, g := range list {
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
			v.Waiting = append(v.Waiting, item)
		} else {
			v.Others = append(v.Others, item)
		}
	}
	s.privatePage(w, r, "judging", view{Title: "Judges' results", Tournament: t, Data: v})
}

// decided answers a director's decision: back to the review.
func (s *Server) decided(w http.ResponseWriter, r *http.Request, err error) {
	if err != nil {
		s.errorPage(w, r, statusOf(err), consoleWords(outflank.ErrorMessage(err)), link{"/t/" + r.PathValue("slug") + "/judge/review", "Back to the judges' results"})
		return
	}
	http.Redirect(w, r, "/t/"+r.PathValue("slug")+"/judge/review", http.StatusSeeOther)
}

// handleJudgeConfirm enters a judge's submission: one waiting for
// confirmation, or a flagged one in place of the result entered, if that
// is still the form's expect.
func (s *Server) handleJudgeConfirm(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.judging(w, r, false); !ok {
		return
	}
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	var expect *outflank.Discs
	if text := r.PostFormValue("expect"); text != "" {
		var err error
		if expect, err = director.ParseScore(text); err != nil {
			s.decided(w, r, err)
			return
		}
	}
	j, err := director.ConfirmJudged(r.Context(), s.store, s.live, r.PathValue("slug"), round, table, expect)
	if j != nil {
		s.noteLive(*j.Live)
	}
	s.decided(w, r, err)
}

// handleJudgeDismiss returns a submission waiting for confirmation to its
// judge, or closes a flagged one, the result entered standing.
func (s *Server) handleJudgeDismiss(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.judging(w, r, false); !ok {
		return
	}
	round, table, ok := s.gamePath(w, r)
	if !ok {
		return
	}
	g, err := director.DismissJudged(r.Context(), s.live, r.PathValue("slug"), round, table)
	if err == nil {
		s.noteLive(*g)
	}
	s.decided(w, r, err)
}

// handleJudgeSettings sets whether the judges' results wait for a
// director's confirmation (form field confirm: on or off).
func (s *Server) handleJudgeSettings(w http.ResponseWriter, r *http.Request) {
	on := r.PostFormValue("confirm")
	if on != "on" && on != "off" {
		s.decided(w, r, outflank.Errorf(outflank.EINVALID, "confirm %q: on (the judges' results wait for a director) or off", on))
		return
	}
	_, err := director.SetJudgeConfirm(r.Context(), s.store, r.PathValue("slug"), on == "on")
	s.decided(w, r, err)
}
