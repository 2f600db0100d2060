package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
	"outflank/words"
)

// PairRequest is a pairing as asked for: by `outflank pair`, the console's
// banner, the write API.
type PairRequest struct {
	// Round is the round the caller means to pair, as it saw the event; 0
	// fixes it from the event as Pair reads it first, before the change
	// (a store may give the change the event only once, as it is when the
	// change's turn comes). Either way, a round paired meanwhile by
	// someone else is refused, not paired after it.
	Round int
	// Seed seeds the random choices; SeedGiven says it was chosen.
	Seed      uint64
	SeedGiven bool
	// Fix and Forbid are pairs "BLACK-WHITE" / "A-B" (ids or names).
	Fix, Forbid []string
	// Choices are knockout choices "[PLAYER=]black|white|draw-win".
	Choices []string
	// Match pairs one knockout match alone; Replace pairs its game in
	// play again.
	Match   string
	Replace bool
	// Untold are the players (ids or names) who have not told their
	// choice of colour yet; AskChoices refuses a choice neither given
	// nor untold (outflank.PairOptions).
	Untold     []string
	AskChoices bool
}

// Paired is a pairing saved.
type Paired struct {
	Event      *outflank.Event
	Paired     *outflank.Paired
	Tournament *outflank.Tournament // the event as paired
	// Version is the tournament's version after the change (NextVersion).
	Version int64
}

// Pair pairs the next round or knockout stage of slug by its ruleset and
// saves it, in one change.
func Pair(ctx context.Context, store outflank.Store, slug string, req PairRequest) (*Paired, error) {
	round := req.Round
	if round == 0 {
		// The next round as the event is now: if another pairing is
		// saved before this change's turn, the change says so, rather
		// than fail on that round's missing results.
		t, err := store.Tournament(ctx, slug)
		if err != nil {
			return nil, err
		}
		round = len(t.Rounds) + 1
	}
	return pairSaved(ctx, store, slug, func(t *outflank.Tournament) (PairRequest, error) {
		fixed := req
		fixed.Round = round
		return fixed, nil
	})
}

// pairSaved pairs slug as the request prepare reads from the tournament
// asks, and saves it in one change.
func pairSaved(ctx context.Context, store outflank.Store, slug string, prepare func(t *outflank.Tournament) (PairRequest, error)) (*Paired, error) {
	out := &Paired{}
	ev, err := store.Update(ctx, slug, outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		req, err := prepare(t)
		if err != nil {
			return "", err
		}
		opts, err := pairOptions(t, req)
		if err != nil {
			return "", err
		}
		p, err := t.PairNext(opts)
		if err != nil {
			return "", err
		}
		out.Paired, out.Tournament, out.Version = p, t, NextVersion(t)
		return PairSummary(t, p), nil
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	return out, nil
}

// PairSummary is the audit log's words for a pairing.
func PairSummary(t *outflank.Tournament, p *outflank.Paired) string {
	if g := p.Repaired; g != 0 {
		game, _ := t.Game(p.Round.Number, g)
		return fmt.Sprintf("re-paired round %d table %d (%s): %s v %s", p.Round.Number, g, p.Round.Stage, t.Describe(game.Black), t.Describe(game.White))
	}
	var parts []string
	for _, q := range append([]*outflank.Paired{p}, p.Also...) {
		r := q.Round
		parts = append(parts, fmt.Sprintf("paired round %d (%s%s): %s, %s", r.Number, r.Method, SeedNote(r.Seed), words.Count(len(r.Games), "game"), words.Count(len(r.Byes), "bye")))
	}
	return strings.Join(parts, "; ")
}

// SeedNote names a round's seed, if its pairing drew anything at random.
func SeedNote(seed string) string {
	if seed == "" {
		return ""
	}
	return ", seed " + seed
}

// Undo reverts the latest change of slug; with expect set, only if that
// change is still change expect.
func Undo(ctx context.Context, store outflank.Store, slug string, expect int64) (*outflank.Event, error) {
	if expect < 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "expect %d: give the number of a change, as the log shows it", expect)
	}
	return store.Undo(ctx, slug, expect)
}

// RoundByHand is a round a director enters himself, as 'round add' does:
// its games (BLACK-WHITE, by ids or exact names, table 1 first) and byes,
// its stage ("" for the event's format: outflank.Tournament.HandStage), and Force to enter it
// where a rulebook forbids it (the log says it was forced).
type RoundByHand struct {
	Stage string
	Pairs []string
	Byes  []string
	Force bool
	// Round is the round the caller means to enter, as it saw the event;
	// 0 for the next. If another round was entered meanwhile, the round
	// is refused (ECONFLICT) rather than entered after it.
	Round int
}

// HandRound is a round entered by hand and saved: the change, what the
// rulebooks warn of (or forbid, when forced), the round's number and the
// tournament's version after the change (NextVersion).
type HandRound struct {
	Event   *outflank.Event
	Notices []outflank.Notice
	Round   int
	Version int64
}

// AddRound enters the round req in slug.
func AddRound(ctx context.Context, store outflank.Store, slug string, req RoundByHand) (*HandRound, error) {
	out := &HandRound{}
	var notices []outflank.Notice
	ev, err := store.Update(ctx, slug, outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		if n := len(t.Rounds) + 1; req.Round != 0 && req.Round != n {
			if req.Round < n {
				return "", outflank.Errorf(outflank.ECONFLICT, "round %d was entered meanwhile: nothing was saved; 'outflank status %s' says what comes next", req.Round, t.Slug)
			}
			return "", outflank.Errorf(outflank.ECONFLICT, "round %d cannot be entered: %s has %s, so the next is round %d", req.Round, t.Slug, words.Count(len(t.Rounds), "round"), n)
		}
		st := t.HandStage()
		if req.Stage != "" {
			st = outflank.Stage(req.Stage)
		}
		var ps []outflank.Pair
		for _, text := range req.Pairs {
			p, err := ParsePair(t, text)
			if err != nil {
				return "", err
			}
			ps = append(ps, p)
		}
		var ids []int
		for _, ref := range req.Byes {
			p, err := t.FindPlayer(ref)
			if err != nil {
				return "", err
			}
			ids = append(ids, p.ID)
		}
		// What the rulebooks forbid is looked for before the round is
		// added, and reported after AddRound's own checks.
		notices = t.CheckRound(st, ps, ids)
		var forbidden []string
		for _, n := range notices {
			if n.Forbidden {
				forbidden = append(forbidden, n.Text)
			}
		}
		r, err := t.AddRound(st, ps, ids)
		if err != nil {
			return "", err
		}
		if len(forbidden) > 0 && !req.Force {
			return "", outflank.Errorf(outflank.EINVALID, "round %d not entered:\n  %s\nCorrect the round, or add --force to enter it anyway (the log records that it was forced)",
				r.Number, strings.Join(forbidden, "\n  "))
		}
		out.Round, out.Version = r.Number, NextVersion(t)
		forced := ""
		if len(forbidden) > 0 {
			forced = fmt.Sprintf(" [forced: %d rule(s) overridden]", len(forbidden))
		}
		var parts []string
		for _, g := range r.Games {
			parts = append(parts, fmt.Sprintf("%d-%d", g.Black, g.White))
		}
		for _, id := range r.Byes {
			parts = append(parts, fmt.Sprintf("bye %d", id))
		}
		return fmt.Sprintf("round %d (%s): %s%s", r.Number, r.Stage, strings.Join(parts, ", "), forced), nil
	})
	if err != nil {
		return nil, err
	}
	out.Event, out.Notices = ev, notices
	return out, nil
}
