package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
)

// ResultFields are a result as typed: the command line's arguments, the
// write API's JSON, a console form. Empty fields are left out.
type ResultFields struct {
	// Round and Table name the game; or Match and Game ("final", 2).
	Round int    `json:"round,omitempty"`
	Table int    `json:"table,omitempty"`
	Match string `json:"match,omitempty"`
	Game  int    `json:"game,omitempty"`
	// Score is black's discs first, "40-24"; "40" alone gives black 40 and
	// white the rest (a score sheet's shorthand).
	Score          string `json:"score,omitempty"`
	Moves          string `json:"moves,omitempty"`
	Outcome        string `json:"outcome,omitempty"`
	Defaulter      string `json:"defaulter,omitempty"`
	Loser          string `json:"loser,omitempty"`
	Winner         string `json:"winner,omitempty"`
	DefaulterFlags int    `json:"defaulter_flags,omitempty"`
	OpponentFlags  int    `json:"opponent_flags,omitempty"`
	Reason         string `json:"reason,omitempty"`
	Choice         string `json:"choice,omitempty"`
	Replace        bool   `json:"replace,omitempty"`
	// Expect, with Replace, is the score the writer saw stored: the
	// replacement is refused if the game no longer has it.
	Expect string `json:"expect,omitempty"`
}

// ResultRequest is a result checked for form, ready for EnterResult.
type ResultRequest struct {
	Round, Table int
	Match        string
	Game         int
	Input        outflank.ResultInput
	Choice       outflank.Decision
	Options      outflank.ResultOptions
}

// Request checks the fields' form: numbers, sides, outcome, score.
func (f ResultFields) Request() (ResultRequest, error) {
	r := ResultRequest{Round: f.Round, Table: f.Table, Match: strings.TrimSpace(f.Match), Game: f.Game,
		Options: outflank.ResultOptions{Replace: f.Replace}}
	switch {
	case r.Match != "" && r.Game < 1:
		return r, outflank.Errorf(outflank.EINVALID, "game %d of %s: games are numbered from 1", r.Game, r.Match)
	case r.Match == "" && (r.Round < 1 || r.Table < 1):
		return r, outflank.Errorf(outflank.EINVALID, "round %d table %d: name the game by its round and table, both from 1", r.Round, r.Table)
	}
	flags := f.DefaulterFlags
	if flags == 0 {
		flags = 1
	}
	r.Input = outflank.ResultInput{Moves: strings.TrimSpace(f.Moves), DefaulterFlags: flags, OpponentFlags: f.OpponentFlags, Reason: strings.TrimSpace(f.Reason)}
	outcome := f.Outcome
	if outcome == "" {
		outcome = string(outflank.OutcomeNormal)
	}
	var err error
	if r.Input.Outcome, err = outflank.ParseOutcome(outcome); err != nil {
		return r, err
	}
	if s := strings.TrimSpace(f.Score); s != "" {
		if r.Input.Score, err = ParseScore(s); err != nil {
			return r, err
		}
	}
	for _, side := range []struct {
		text string
		dst  *outflank.Side
	}{{f.Defaulter, &r.Input.Defaulter}, {f.Loser, &r.Input.Loser}, {f.Winner, &r.Input.Winner}} {
		if side.text != "" {
			if *side.dst, err = outflank.ParseSide(side.text); err != nil {
				return r, err
			}
		}
	}
	if f.Choice != "" {
		if r.Choice, err = outflank.ParseDecision(f.Choice); err != nil {
			return r, err
		}
	}
	if f.Expect != "" {
		if !f.Replace {
			return r, outflank.Errorf(outflank.EINVALID, "expect goes with replace: it is the result a replacement expects to find")
		}
		if r.Options.Expect, err = ParseScore(f.Expect); err != nil {
			return r, err
		}
	}
	return r, nil
}

// Entered is a result saved.
type Entered struct {
	Event        *outflank.Event
	Round, Table int
	// Version is the tournament's version after the change: the number
	// the live streams' change event for it carries.
	Version int64
	// Result is the game's result as entered.
	Result *outflank.Result
	// Note says why the official score differs from the score typed
	// ("official score 34-30: empty squares go to the winner ..."), or "".
	Note string
	// Needless are the knockout games the result (a correction) made
	// needless: paired after the game that now decides their match, to
	// withdraw (outflank.Tournament.WithdrawGame).
	Needless []outflank.NeedlessGame
	// Words are the warnings to show: each needless game, in the
	// command line's words (the console says them in its own).
	Words []string
}

// EnterResult enters the result of req in tournament slug, scored by the
// rules, in one change. A conditional replacement (Options.Expect) that
// finds another result says what is stored now and who entered it, when.
// Allowed, when not nil, decides whether the caller may enter the result
// of the game it names (a judge's tables); it sees the round and table.
func EnterResult(ctx context.Context, store outflank.Store, slug string, req ResultRequest, allowed func(round, table int) error) (*Entered, error) {
	out := &Entered{Round: req.Round, Table: req.Table}
	ev, err := store.Update(ctx, slug, outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		where := ""
		if req.Match != "" {
			var err error
			if out.Round, out.Table, err = t.FindMatchGame(req.Match, req.Game); err != nil {
				return "", err
			}
			where = fmt.Sprintf("%s game %d, ", req.Match, req.Game)
		}
		if allowed != nil {
			if err := allowed(out.Round, out.Table); err != nil {
				return "", err
			}
		}
		res, err := t.Settings.ScoreResult(req.Input)
		if err != nil {
			return "", err
		}
		out.Note = res.OfficialNote()
		if err := t.CheckResultNeeded(out.Round, out.Table); err != nil {
			return "", err
		}
		if err := t.CheckDrawWin(out.Round, out.Table, res); err != nil {
			return "", err
		}
		if req.Choice != "" {
			if _, err := t.RecordChoice(out.Round, out.Table, req.Choice); err != nil {
				return "", err
			}
		}
		before := map[[2]int]bool{}
		for _, ng := range t.NeedlessGames() {
			before[[2]int{ng.Round, ng.Game.Table}] = true
		}
		g, err := t.SetResult(out.Round, out.Table, res, req.Options)
		if err != nil {
			return "", err
		}
		summary := fmt.Sprintf("%sround %d table %d, %s v %s: %s", where, out.Round, out.Table, t.Describe(g.Black), t.Describe(g.White), g.Result.Summary())
		if c := t.ChoiceOfDrawWin(out.Round, out.Table); c != nil {
			// A draw-win entered without the choice behind it: the choice
			// it implies is recorded, as pairing records it (WOC IV.9).
			summary += fmt.Sprintf(" (%s chose %s)", t.Describe(c.Player), c.Chose)
		}
		for _, ng := range t.NeedlessGames() {
			if !before[[2]int{ng.Round, ng.Game.Table}] {
				out.Needless = append(out.Needless, ng)
				out.Words = append(out.Words, ng.Words(t))
			}
		}
		out.Version, out.Result = NextVersion(t), g.Result
		return summary, nil
	})
	if err != nil {
		if req.Options.Expect != nil && outflank.ErrorCode(err) == outflank.ECONFLICT && out.Round != 0 {
			return nil, WhoChanged(ctx, store, err, slug, outflank.EntityGame, fmt.Sprintf("%d/%d", out.Round, out.Table))
		}
		return nil, err
	}
	out.Event = ev
	return out, nil
}

// NextVersion is the version a store gives the tournament t, as loaded
// for a change (Store.Update), once the change is saved: a store saves a
// change only onto the version it was worked out from, and counts one
// more (the number the Feed then gives, and the live streams' change
// event carries).
func NextVersion(t *outflank.Tournament) int64 { return t.Version + 1 }

// WhoChanged adds to a refused conditional write who made the change the
// writer did not expect, and when, from the audit log; or, when the row
// was last changed outside Outflank (a store that records such changes:
// outflank.OutsideEditor), that it was, and when.
func WhoChanged(ctx context.Context, store outflank.Store, refused error, slug, entity, key string) error {
	ev := LastChange(ctx, store, slug, entity, key)
	if o := lastOutsideEdit(ctx, store, slug, entity, key); o != nil && (ev == nil || !o.At.Before(ev.At)) {
		return outflank.Errorf(outflank.ECONFLICT, "%s (changed outside Outflank at %s, not through it: the change is not in the log)", outflank.ErrorMessage(refused), o.At.Local().Format("2006-01-02 15:04:05"))
	}
	if ev == nil {
		return refused
	}
	actor := ev.Actor
	if actor == "" {
		actor = "an unrecorded actor"
	}
	return outflank.Errorf(outflank.ECONFLICT, "%s (last changed by %s at %s, change #%d)", outflank.ErrorMessage(refused), actor, ev.At.Local().Format("2006-01-02 15:04:05"), ev.ID)
}

// LastChange is the latest change of slug's log to the row entity key (a
// game: "round/table"), nil when the log cannot say: whom to name when a
// director is about to replace it.
func LastChange(ctx context.Context, store outflank.Store, slug, entity, key string) *outflank.Event {
	events, err := store.Log(ctx, slug)
	if err != nil {
		return nil
	}
	return outflank.LastChangeOf(events, entity, key)
}

// lastOutsideEdit is the latest change to the row entity key made outside
// Outflank, as the store recorded it, or nil.
func lastOutsideEdit(ctx context.Context, store outflank.Store, slug, entity, key string) *outflank.OutsideEdit {
	o, ok := store.(outflank.OutsideEditor)
	if !ok {
		return nil
	}
	edits, err := o.OutsideEdits(ctx, slug)
	if err != nil {
		return nil
	}
	for i := len(edits) - 1; i >= 0; i-- {
		if edits[i].Entity == entity && edits[i].Key == key {
			return &edits[i]
		}
	}
	return nil
}
