package director

import (
	"context"

	"outflank"
)

// WOFListed returns the ids of ids that the WOF player database loaded in
// store lists (outflank.PlayerDirectory); loaded is false when the store
// has none, and then nothing is known to be listed.
func WOFListed(ctx context.Context, store outflank.Store, ids []int) (listed map[int]bool, loaded bool, err error) {
	dir, ok := store.(outflank.PlayerDirectory)
	if !ok || len(ids) == 0 {
		return nil, false, nil
	}
	_, players, err := dir.PlayerDB(ctx)
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	want := map[int]bool{}
	for _, id := range ids {
		want[id] = true
	}
	listed = map[int]bool{}
	for _, p := range players {
		if want[p.ID] {
			listed[p.ID] = true
		}
	}
	return listed, true, nil
}

// UnmarkListed takes the new-player mark off the players of t (as loaded
// for an export, not stored) whom the WOF player database of store now
// lists: a player is new to the WOF, "+ID" in the .ELO file, until the WOF
// lists him. It returns their descriptions.
func UnmarkListed(ctx context.Context, store outflank.Store, t *outflank.Tournament) ([]string, error) {
	var ids []int
	for _, p := range t.Players {
		if p.NewToWOF && p.WOFID != 0 {
			ids = append(ids, p.WOFID)
		}
	}
	listed, _, err := WOFListed(ctx, store, ids)
	if err != nil {
		return nil, err
	}
	var names []string
	for i := range t.Players {
		if p := &t.Players[i]; p.NewToWOF && listed[p.WOFID] {
			p.NewToWOF = false
			names = append(names, t.Describe(p.ID))
		}
	}
	return names, nil
}
