package director

import (
	"context"
	"fmt"

	"outflank"
)

// Registered is a player registered.
type Registered struct {
	Event  *outflank.Event
	Player outflank.Player
	// Warnings are what the director should check: a late entry never
	// paired in a round robin under way, a negative rating typed by hand.
	Warnings []string
}

// AddPlayer registers p in slug, in one change. from, when not empty,
// says where the details came from, for the log (" (WOF 123, from
// joueurs.txt)"); typedRating says the rating was typed by hand.
func AddPlayer(ctx context.Context, store outflank.Store, slug string, p outflank.Player, from string, typedRating bool) (*Registered, error) {
	out := &Registered{}
	var note string
	ev, err := store.Update(ctx, slug, outflank.KindPlayer, func(t *outflank.Tournament) (string, error) {
		added, err := t.AddPlayer(p)
		if err != nil {
			return "", err
		}
		out.Player = *added
		note = t.LateEntryNote([]int{added.ID})
		return fmt.Sprintf("added player #%d %s%s", added.ID, added.Name, from), nil
	})
	if err != nil {
		return nil, err
	}
	out.Event = ev
	if typedRating && out.Player.Rating < 0 {
		out.Warnings = append(out.Warnings, NegativeRating(out.Player.Name, out.Player.Rating))
	}
	if note != "" {
		out.Warnings = append(out.Warnings, note)
	}
	return out, nil
}

// NegativeRating warns about a negative rating typed by hand. WOF ratings
// can be negative (the list goes below -700), so it is kept; but a
// director typing one more often meant something else (5, or 0 for
// unrated), and nothing else would say so.
func NegativeRating(who string, rating int) string {
	return fmt.Sprintf("rating %d of %s is negative: kept, since WOF ratings can be below 0, but check it is not a typo (0 means unrated; --players-db fills in the WOF's rating)", rating, who)
}
