package director_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
	"outflank/rules"
	"outflank/sqlite"
)

// game is a whole game (the README's: black wins 36-28, with a pass).
const game = "f5d6c3d3c4f4f6f3e6e7d7g6g5c5c6f7e8h6d2c8c7b4g4h5e3b5b6f8g8c2g3d8b8h2a4f2e2b3a3c1e1d1b1b2a1a2g7h8h7a8h3a7a6h4g1b7a5g2f1h1"

// judgeSite is a store with a tournament, "club", of one round of two
// games, and the contexts of a judge and of a director.
type judgeSite struct {
	db              *sqlite.DB
	judge, director context.Context
}

func newJudgeSite(t *testing.T, confirm bool) *judgeSite {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "judge.db"), sqlite.Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tour, err := outflank.NewTournament("club", "Club", "2026-11-23", rules.WOC, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"Ann", "Ben", "Cid", "Dee"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: n}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	s := &judgeSite{db: db, judge: outflank.WithActor(ctx, "judge #3 Dan (round 1, table 1)"), director: outflank.WithActor(ctx, "alice")}
	if confirm {
		if _, err := director.SetJudgeConfirm(s.director, db, "club", true); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// record records the game's first n moves, one edit each, as a judge's
// page sends them.
func (s *judgeSite) record(t *testing.T, table, n int) {
	t.Helper()
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, _, err := director.RecordMoves(s.judge, s.db, tour, 1, table, int64(i), game[:2*i]); err != nil {
			t.Fatal(err)
		}
	}
}

func (s *judgeSite) result(t *testing.T, table int) *outflank.Result {
	t.Helper()
	tour, err := s.db.Tournament(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	g, err := tour.Game(1, table)
	if err != nil {
		t.Fatal(err)
	}
	return g.Result
}

func (s *judgeSite) lastEvent(t *testing.T) outflank.Event {
	t.Helper()
	log, err := s.db.Log(context.Background(), "club")
	if err != nil {
		t.Fatal(err)
	}
	return log[len(log)-1]
}

// TestSubmitJudged: the judge's transcript becomes the result, scored by
// the rules, the judge named in the log; submitting again changes
// nothing.
func TestSubmitJudged(t *testing.T) {
	s := newJudgeSite(t, false)
	s.record(t, 1, 60)
	sub := outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game}
	j, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, sub)
	if err != nil {
		t.Fatal(err)
	}
	if j.Live.State != outflank.LiveEntered || j.Entered == nil {
		t.Fatalf("submitted: %+v", j.Live)
	}
	if r := s.result(t, 1); r.BlackDiscs != 36 || r.WhiteDiscs != 28 || r.Moves != game {
		t.Errorf("the result: %+v", r)
	}
	ev := s.lastEvent(t)
	if ev.Actor != "judge #3 Dan (round 1, table 1)" || ev.Kind != outflank.KindResult {
		t.Errorf("the log: %s %s", ev.Actor, ev.Kind)
	}
	again, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, sub)
	if err != nil || again.Live.State != outflank.LiveEntered || again.Live.Stamp != j.Live.Stamp {
		t.Errorf("submitted again: %+v %v", again, err)
	}
	if s.lastEvent(t).ID != ev.ID {
		t.Error("submitting again entered the result again")
	}
	// No more moves once submitted.
	tour, _ := s.db.Tournament(context.Background(), "club")
	if _, _, err := director.RecordMoves(s.judge, s.db, tour, 1, 1, 61, game[:2]); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("a move after the result: %v", err)
	}
}

// TestSubmitJudgedRefused: what the rules refuse is not kept.
func TestSubmitJudgedRefused(t *testing.T) {
	s := newJudgeSite(t, false)
	s.record(t, 1, 20)
	for _, c := range []struct {
		name string
		sub  outflank.Submission
		seq  int64
		want string
	}{
		{"an unfinished game", outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game[:40]}, 20, "before the end of the game"},
		{"a penalty", outflank.Submission{Outcome: outflank.OutcomePenalty, Moves: game[:40], Reason: "x"}, 20, "director's to enter"},
		{"a forfeit without its loser", outflank.Submission{Outcome: outflank.OutcomeForfeit, Moves: game[:40]}, 20, "--loser"},
		{"an older edit", outflank.Submission{Outcome: outflank.OutcomeForfeit, Loser: outflank.White, Moves: game[:38]}, 19, "older than the one kept"},
		{"an illegal move", outflank.Submission{Outcome: outflank.OutcomeForfeit, Loser: outflank.White, Moves: game[:40] + "a1"}, 21, "illegal move at ply 21"},
		{"a game that does not exist", outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game}, 99, "table 9"},
	} {
		table := 1
		if strings.Contains(c.name, "does not exist") {
			table = 9
		}
		if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, table, c.seq, c.sub); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	g, err := s.db.LiveGame(context.Background(), "club", 1, 1)
	if err != nil || g.State != outflank.LivePlaying || g.Submission != nil || g.Seq != 20 {
		t.Errorf("the live game after the refusals: %+v %v", g, err)
	}
	if s.result(t, 1) != nil {
		t.Error("a refused submission entered a result")
	}
}

// TestSubmitJudgedTimeDefaultAndForfeit: a time default (the game went
// on, WOC IV.6) and a forfeit (64-0, WOC IV.8), from the judge's board.
func TestSubmitJudgedTimeDefaultAndForfeit(t *testing.T) {
	s := newJudgeSite(t, false)
	s.record(t, 1, 60)
	if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, outflank.Submission{Outcome: outflank.OutcomeTimeDefault, Defaulter: outflank.Black, Moves: game}); err != nil {
		t.Fatal(err)
	}
	if r := s.result(t, 1); r.Outcome != outflank.OutcomeTimeDefault || r.WhiteDiscs != 33 || r.BlackDiscs != 31 {
		t.Errorf("a time default by the winner on the board: %+v", r)
	}
	s.record(t, 2, 12)
	if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 2, 12, outflank.Submission{Outcome: outflank.OutcomeForfeit, Loser: outflank.White, Moves: game[:24]}); err != nil {
		t.Fatal(err)
	}
	if r := s.result(t, 2); r.Outcome != outflank.OutcomeForfeit || r.BlackDiscs != 64 || r.Moves != game[:24] {
		t.Errorf("a forfeit: %+v", r)
	}
}

// TestSubmitJudgedAgainstTheDirector: a game whose result a director
// entered keeps it; the judge's agrees, or is flagged for a director, who
// replaces the result with it only if it is still what he saw.
func TestSubmitJudgedAgainstTheDirector(t *testing.T) {
	s := newJudgeSite(t, false)
	enter := func(table int, score string) {
		t.Helper()
		req, err := director.ResultFields{Round: 1, Table: table, Score: score}.Request()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := director.EnterResult(s.director, s.db, "club", req, nil); err != nil {
			t.Fatal(err)
		}
	}
	enter(1, "36-28")
	enter(2, "40-24")
	s.record(t, 1, 60)
	s.record(t, 2, 60)
	sub := outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game}
	j, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, sub)
	if err != nil || j.Live.State != outflank.LiveEntered || !strings.Contains(j.Live.Note, "Agrees with the result 36-28 entered by alice") {
		t.Fatalf("a result that agrees: %+v %v", j, err)
	}
	before := s.lastEvent(t).ID
	j, err = director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 2, 60, sub)
	if err != nil || j.Live.State != outflank.LiveFlagged || !strings.Contains(j.Live.Note, "disagrees with the result 40-24 entered by alice") {
		t.Fatalf("a result that disagrees: %+v %v", j.Live, err)
	}
	if r := s.result(t, 2); r.BlackDiscs != 40 || s.lastEvent(t).ID != before {
		t.Fatalf("the director's result was overwritten: %+v", r)
	}
	// The director decides: a replacement expecting what is no longer
	// there is refused, naming who changed it.
	if _, err := director.ConfirmJudged(s.director, s.db, s.db, "club", 1, 2, nil); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("a replacement without expect: %v", err)
	}
	if _, err := director.ConfirmJudged(s.director, s.db, s.db, "club", 1, 2, &outflank.Discs{Black: 30, White: 34}); outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "last changed by alice") {
		t.Errorf("a replacement expecting another score: %v", err)
	}
	j, err = director.ConfirmJudged(s.director, s.db, s.db, "club", 1, 2, &outflank.Discs{Black: 40, White: 24})
	if err != nil || j.Live.State != outflank.LiveEntered {
		t.Fatalf("confirmed: %+v %v", j, err)
	}
	if r := s.result(t, 2); r.BlackDiscs != 36 || r.Moves != game {
		t.Errorf("the judge's result: %+v", r)
	}
	if ev := s.lastEvent(t); ev.Actor != "judge #3 Dan (round 1, table 1), confirmed by alice" {
		t.Errorf("the log's actor: %q", ev.Actor)
	}
}

// TestSubmitJudgedWaitsForConfirmation: with judge_confirm, a submission
// waits; a director confirms it (the log naming both), or returns it to
// the judge, who corrects it and submits again.
func TestSubmitJudgedWaitsForConfirmation(t *testing.T) {
	s := newJudgeSite(t, true)
	s.record(t, 1, 60)
	before := s.lastEvent(t).ID
	sub := outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: game}
	j, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, sub)
	if err != nil || j.Live.State != outflank.LivePending || j.Entered != nil {
		t.Fatalf("submitted: %+v %v", j, err)
	}
	if s.result(t, 1) != nil || s.lastEvent(t).ID != before {
		t.Fatal("a submission waiting for confirmation was entered")
	}
	if j, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, sub); err != nil || j.Live.State != outflank.LivePending {
		t.Errorf("submitted again: %+v %v", j, err)
	}
	other := sub
	other.Outcome, other.Defaulter = outflank.OutcomeTimeDefault, outflank.White
	if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 60, other); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("another submission while one waits: %v", err)
	}
	// Returned to the judge: a move taken back, the game finished again.
	g, err := director.DismissJudged(s.director, s.db, "club", 1, 1)
	if err != nil || g.State != outflank.LivePlaying || !strings.Contains(g.Note, "Returned to the judge by alice") {
		t.Fatalf("returned: %+v %v", g, err)
	}
	tour, _ := s.db.Tournament(context.Background(), "club")
	if _, _, err := director.RecordMoves(s.judge, s.db, tour, 1, 1, 61, game[:118]); err != nil {
		t.Fatal(err)
	}
	if _, err := director.SubmitJudged(s.judge, s.db, s.db, "club", 1, 1, 62, sub); err != nil {
		t.Fatal(err)
	}
	j, err = director.ConfirmJudged(s.director, s.db, s.db, "club", 1, 1, nil)
	if err != nil || j.Live.State != outflank.LiveEntered {
		t.Fatalf("confirmed: %+v %v", j, err)
	}
	if ev := s.lastEvent(t); ev.Actor != "judge #3 Dan (round 1, table 1), confirmed by alice" || !strings.Contains(ev.Summary, "36-28") {
		t.Errorf("the log: %q %q", ev.Actor, ev.Summary)
	}
	if _, err := director.ConfirmJudged(s.director, s.db, s.db, "club", 1, 1, nil); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("confirmed twice: %v", err)
	}
	if _, err := director.DismissJudged(s.director, s.db, "club", 1, 2); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("dismissing a game never recorded: %v", err)
	}
}
