package director

import (
	"context"
	"fmt"
	"time"

	"outflank"
)

// The table judges' work (WOC IV.2): a transcript recorded move by move,
// kept apart from the tournament (outflank.LiveGames), then submitted as
// the game's result through EnterResult, as a director's result is. The
// judge is the actor of the context: the log names the judge of every
// result a judge enters.

// RecordMoves records moves, the transcript numbered seq (see
// outflank.LiveGame.Record), of the game at table of round of t, from the
// actor of ctx. t is the tournament as read: it must have that game.
//
// The transcript kept is the game's now at the table (LiveGame.For): one
// of a game withdrawn there, or of a round undone and paired again, is
// set aside, never continued.
func RecordMoves(ctx context.Context, live outflank.LiveGames, t *outflank.Tournament, round, table int, seq int64, moves string) (*outflank.LiveGame, outflank.Recorded, error) {
	game, err := t.Game(round, table)
	if err != nil {
		return nil, 0, err
	}
	var recorded outflank.Recorded
	g, err := live.UpdateLive(ctx, t.Slug, round, table, func(g *outflank.LiveGame) (bool, error) {
		*g = g.For(*game)
		var err error
		recorded, err = g.Record(seq, moves, outflank.ActorFrom(ctx))
		return recorded == outflank.RecordApplied, err
	})
	if g != nil {
		*g = g.For(*game)
	}
	return g, recorded, err
}

// Judged is what became of a judge's submission: the live game, in its
// new state, and the result when it was entered.
type Judged struct {
	Live    *outflank.LiveGame
	Entered *Entered
}

// SubmitJudged takes the result a judge submits for the game at table of
// round of slug: its transcript numbered seq, recorded as RecordMoves
// does, and how the game ended. The result is scored by the rules first
// (nothing is kept of a submission they refuse). When the tournament
// requires a director's confirmation it waits for one (LivePending);
// otherwise it is entered at once, as the judge's. A game that already has
// a result keeps it: if the judge's agrees, the game is done; if not, the
// judge's is kept beside it for a director to decide (LiveFlagged), never
// written over it. Submitting the same again answers as the first time.
func SubmitJudged(ctx context.Context, store outflank.Store, live outflank.LiveGames, slug string, round, table int, seq int64, sub outflank.Submission) (*Judged, error) {
	if err := sub.CheckJudged(); err != nil {
		return nil, err
	}
	t, game, err := gameAt(ctx, store, slug, round, table)
	if err != nil {
		return nil, err
	}
	sub.Actor, sub.At = outflank.ActorFrom(ctx), time.Now().UTC()
	resent := false
	g, err := live.UpdateLive(ctx, slug, round, table, func(g *outflank.LiveGame) (bool, error) {
		*g = g.For(*game)
		recorded, err := g.Record(seq, sub.Moves, sub.Actor)
		if err != nil {
			return false, err
		}
		sub.Moves = g.Moves
		switch {
		case !g.State.Open() && g.Submission.Same(&sub):
			resent = true
			return false, nil
		case !g.State.Open():
			return false, outflank.Errorf(outflank.ECONFLICT, "round %d table %d: %s", round, table, "a result was submitted already: only a director may change it now")
		case recorded == outflank.RecordStale:
			return false, outflank.Errorf(outflank.ECONFLICT, "round %d table %d: the transcript submitted (edit %d) is older than the one kept (edit %d): submit again from the board", round, table, seq, g.Seq)
		}
		if _, err := t.Settings.ScoreResult(sub.Input()); err != nil {
			return false, err
		}
		g.Submission, g.Note = &sub, ""
		if t.Settings.JudgeConfirm {
			g.State, g.Note = outflank.LivePending, "Submitted by "+sub.Actor+": waits for a director's confirmation."
		}
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	if resent || g.State == outflank.LivePending {
		return &Judged{Live: g}, nil
	}
	return enterJudged(ctx, store, live, g, outflank.ResultOptions{})
}

// enterJudged enters the submission of g, as the actor of ctx, and records
// in g what became of it: entered, or flagged when the game has another
// result.
func enterJudged(ctx context.Context, store outflank.Store, live outflank.LiveGames, g *outflank.LiveGame, opts outflank.ResultOptions) (*Judged, error) {
	sub := g.Submission
	entered, err := EnterResult(ctx, store, g.Tournament, ResultRequest{Round: g.Round, Table: g.Table, Input: sub.Input(), Options: opts}, nil)
	state, note := outflank.LiveEntered, ""
	switch {
	case err == nil:
		note = fmt.Sprintf("Entered as change #%d by %s.", entered.Event.ID, entered.Event.Actor)
	case outflank.ErrorCode(err) == outflank.ECONFLICT && opts.Expect == nil:
		// The game has a result already: the judge's agrees, or is kept
		// for a director to decide.
		var agrees bool
		if agrees, note, err = compareJudged(ctx, store, g); err != nil {
			return nil, err
		}
		if !agrees {
			state = outflank.LiveFlagged
		}
	default:
		return nil, err
	}
	stored, err := live.UpdateLive(ctx, g.Tournament, g.Round, g.Table, func(now *outflank.LiveGame) (bool, error) {
		if !now.Submission.Same(sub) {
			return false, outflank.Errorf(outflank.ECONFLICT, "round %d table %d: the submission changed meanwhile", g.Round, g.Table)
		}
		now.State, now.Note = state, note
		return true, nil
	})
	if err != nil {
		return nil, err
	}
	return &Judged{Live: stored, Entered: entered}, nil
}

// compareJudged compares the judge's submission of g with the result the
// game has: whether they agree, and a note saying who entered the result.
func compareJudged(ctx context.Context, store outflank.Store, g *outflank.LiveGame) (bool, string, error) {
	t, err := store.Tournament(ctx, g.Tournament)
	if err != nil {
		return false, "", err
	}
	game, err := t.Game(g.Round, g.Table)
	if err != nil {
		return false, "", err
	}
	if game.Result == nil {
		return false, "", outflank.Errorf(outflank.ECONFLICT, "round %d table %d: the result could not be entered, and the game has none: submit again", g.Round, g.Table)
	}
	res, err := t.Settings.ScoreResult(g.Submission.Input())
	if err != nil {
		return false, "", err
	}
	by := "an unrecorded actor"
	if events, err := store.Log(ctx, g.Tournament); err == nil {
		if ev := outflank.LastChangeOf(events, outflank.EntityGame, fmt.Sprintf("%d/%d", g.Round, g.Table)); ev != nil && ev.Actor != "" {
			by = fmt.Sprintf("%s (change #%d)", ev.Actor, ev.ID)
		}
	}
	have := game.Result
	if have.Outcome == res.Outcome && have.BlackDiscs == res.BlackDiscs && have.WhiteDiscs == res.WhiteDiscs {
		return true, fmt.Sprintf("Agrees with the result %s entered by %s.", have.Summary(), by), nil
	}
	return false, fmt.Sprintf("The judge's result %s disagrees with the result %s entered by %s: kept for a director to decide.", res.Summary(), have.Summary(), by), nil
}

// ConfirmJudged is a director's decision on a submission: one that waits
// for confirmation is entered; a flagged one replaces the result entered,
// only if that is still expect (the score the director saw: the
// replacement is conditional). The log names the judge and the director.
// A result entered meanwhile by someone else is kept: the submission is
// then flagged, and the error says so (with the Judged).
func ConfirmJudged(ctx context.Context, store outflank.Store, live outflank.LiveGames, slug string, round, table int, expect *outflank.Discs) (*Judged, error) {
	g, err := live.LiveGame(ctx, slug, round, table)
	if err != nil {
		return nil, err
	}
	t, game, err := gameAt(ctx, store, slug, round, table)
	if err != nil {
		return nil, err
	}
	if !g.Of(*game) {
		// The judge's submission was of a game withdrawn from the table,
		// or of a round paired again: it is not this game's result.
		return nil, outflank.Errorf(outflank.ECONFLICT, "round %d table %d has no submission waiting for a director: the judge's was of %s v %s, no longer played there",
			round, table, t.Describe(g.Black), t.Describe(g.White))
	}
	if g.Submission == nil || (g.State != outflank.LivePending && g.State != outflank.LiveFlagged) {
		return nil, outflank.Errorf(outflank.ECONFLICT, "round %d table %d has no submission waiting for a director (it is %s)", round, table, g.State)
	}
	opts := outflank.ResultOptions{}
	if g.State == outflank.LiveFlagged {
		if expect == nil {
			return nil, outflank.Errorf(outflank.EINVALID, "round %d table %d: give the score entered now (expect), which the judge's result replaces only if it is still there", round, table)
		}
		opts.Replace, opts.Expect = true, expect
	}
	ctx = outflank.WithActor(ctx, g.Submission.Actor+", confirmed by "+outflank.ActorFrom(ctx))
	j, err := enterJudged(ctx, store, live, g, opts)
	if err == nil && j.Entered == nil {
		// Someone entered another result meanwhile: the director is told,
		// and the judge's is now flagged beside it.
		return j, outflank.Errorf(outflank.ECONFLICT, "round %d table %d: %s", round, table, j.Live.Note)
	}
	return j, err
}

// DismissJudged is a director's refusal of a submission: one that waits
// for confirmation goes back to the judge, to correct and submit again; a
// flagged one is closed, the result entered standing.
func DismissJudged(ctx context.Context, live outflank.LiveGames, slug string, round, table int) (*outflank.LiveGame, error) {
	return live.UpdateLive(ctx, slug, round, table, func(g *outflank.LiveGame) (bool, error) {
		switch {
		case g.Seq == 0:
			return false, outflank.Errorf(outflank.ENOTFOUND, "round %d table %d of %s has no live game", round, table, slug)
		case g.State == outflank.LivePending:
			g.State, g.Note = outflank.LivePlaying, "Returned to the judge by "+outflank.ActorFrom(ctx)+": correct the game and submit it again."
		case g.State == outflank.LiveFlagged:
			g.State, g.Note = outflank.LiveDismissed, "Dismissed by "+outflank.ActorFrom(ctx)+": the result entered stands."
		default:
			return false, outflank.Errorf(outflank.ECONFLICT, "round %d table %d has no submission waiting for a director (it is %s)", round, table, g.State)
		}
		return true, nil
	})
}

// SetJudgeConfirm says whether the results table judges submit in slug
// wait for a director's confirmation (Settings.JudgeConfirm), as an
// audited change.
func SetJudgeConfirm(ctx context.Context, store outflank.Store, slug string, on bool) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindSettings, func(t *outflank.Tournament) (string, error) {
		t.Settings.JudgeConfirm = on
		if on {
			return "results submitted by table judges wait for a director's confirmation", nil
		}
		return "results submitted by table judges are entered at once", nil
	})
}

// gameAt reads slug and the game at table of its round: the game a live
// game's transcript must be of.
func gameAt(ctx context.Context, store outflank.Store, slug string, round, table int) (*outflank.Tournament, *outflank.Game, error) {
	t, err := store.Tournament(ctx, slug)
	if err != nil {
		return nil, nil, err
	}
	game, err := t.Game(round, table)
	if err != nil {
		return nil, nil, err
	}
	return t, game, nil
}
