package director

import (
	"context"

	"outflank"
)

// GameRef names a game: by its round and table, or by its match and its
// number in it ("semi-final-1", 3), as 'result' does.
type GameRef struct {
	Round, Table int
	Match        string
	Game         int
}

// find returns the round and table ref names in t.
func (ref GameRef) find(t *outflank.Tournament) (round, table int, err error) {
	if ref.Match != "" {
		return t.FindMatchGame(ref.Match, ref.Game)
	}
	if ref.Round < 1 || ref.Table < 1 {
		return 0, 0, outflank.Errorf(outflank.EINVALID, "round %d table %d: name the game by its round and table, both from 1", ref.Round, ref.Table)
	}
	return ref.Round, ref.Table, nil
}

// GameWithdrawn is a knockout game taken back and saved.
type GameWithdrawn struct {
	Event     *outflank.Event
	Withdrawn *outflank.Withdrawn
	Version   int64
}

// WithdrawGame takes back one knockout game of slug, the one ref names,
// in one change: a game the rules no longer call for, or one not played
// yet (outflank.Tournament.WithdrawGame). The other games keep their
// rounds and tables; undo puts the game back.
func WithdrawGame(ctx context.Context, store outflank.Store, slug string, ref GameRef) (*GameWithdrawn, error) {
	out := &GameWithdrawn{}
	ev, err := store.Update(ctx, slug, outflank.KindWithdrawGame, func(t *outflank.Tournament) (string, error) {
		round, table, err := ref.find(t)
		if err != nil {
			return "", err
		}
		w, err := t.WithdrawGame(round, table)
		if err != nil {
			return "", err
		}
		out.Withdrawn, out.Version = w, NextVersion(t)
		return w.Summary(t), nil
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	return out, nil
}
