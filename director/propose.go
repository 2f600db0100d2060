package director

import (
	"context"

	"outflank"
)

// A pairing in the console is proposed before it is published. The
// proposal is computed, not stored: pairing is deterministic from the
// event's state, the seed and the director's fixes, so the director looks
// at it, fixes or forbids pairs and asks again, and publishing pairs once
// more with the same seed and fixes, in one change, refused if the event
// changed since the proposal was computed (its version). Until then the
// round exists nowhere, and the public pages cannot show it.

// Propose pairs what req asks for on a copy of t, saving nothing: the
// round as PairAsProposed would save it, with its explanation, and the
// copy as paired.
func Propose(t *outflank.Tournament, req PairRequest) (*outflank.Paired, *outflank.Tournament, error) {
	c := t.Clone()
	opts, err := pairOptions(c, req)
	if err != nil {
		return nil, nil, err
	}
	p, err := c.PairNext(opts)
	if err != nil {
		return nil, nil, err
	}
	return p, c, nil
}

// PairAsProposed saves the pairing req asks for, as Pair does, if slug is
// still at version, the version its proposal was computed from: a
// change saved meanwhile (a late entry, a result replaced, an undo) may
// pair the round otherwise, so it is refused, and the director looks at
// the new proposal.
func PairAsProposed(ctx context.Context, store outflank.Store, slug string, req PairRequest, version int64) (*Paired, error) {
	return pairSaved(ctx, store, slug, func(t *outflank.Tournament) (PairRequest, error) {
		if t.Version != version {
			return req, outflank.Errorf(outflank.ECONFLICT, "%s changed since this pairing was proposed (version %d, now %d): nothing was saved; look at the new proposal and publish it", slug, version, t.Version)
		}
		return req, nil
	})
}

// pairOptions reads req against t, as Pair does.
func pairOptions(t *outflank.Tournament, req PairRequest) (outflank.PairOptions, error) {
	round := req.Round
	if round == 0 {
		round = len(t.Rounds) + 1
	}
	opts := outflank.PairOptions{Seed: req.Seed, Round: round, SeedGiven: req.SeedGiven, Match: req.Match, Replace: req.Replace, AskChoices: req.AskChoices}
	for _, ref := range req.Untold {
		p, err := t.FindPlayer(ref)
		if err != nil {
			return opts, err
		}
		opts.Untold = append(opts.Untold, p.ID)
	}
	for _, text := range req.Choices {
		c, err := t.ParseChoiceOption(text)
		if err != nil {
			return opts, err
		}
		opts.Choices = append(opts.Choices, c)
	}
	var err error
	opts.Fixed, opts.Forbidden, err = ParsePairs(t, req.Fix, req.Forbid)
	return opts, err
}
