package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
	"outflank/rules"
	"outflank/words"
)

// NewTournament is a tournament as 'outflank new' creates it: its slug,
// name and date, its ruleset, its rounds (0: the ruleset's format for the
// field, fixed when round 1 is paired) and each player's minutes.
type NewTournament struct {
	Slug, Name, Date string
	Rules            rules.ID
	Rounds, Minutes  int
	// System is the main stage's system: "swiss", "round-robin", or ""
	// for the ruleset's for the field (outflank.Settings.System).
	System string
}

// CreateTournament creates the tournament nt describes, with the
// ruleset's settings and a drawn seed for the random draw between players
// equal on everything (recorded, as 'new' records it). Without a slug, it
// is made from the name (outflank.SlugOf), as the console's form fills it.
func CreateTournament(ctx context.Context, store outflank.Store, nt NewTournament) (*outflank.Tournament, *outflank.Event, error) {
	if nt.Slug == "" && strings.TrimSpace(nt.Name) != "" {
		if nt.Slug = outflank.SlugOf(nt.Name); nt.Slug == "" {
			return nil, nil, outflank.Errorf(outflank.EINVALID, "name %q has no letter or digit an address can use: give the address by hand (lowercase letters, digits and hyphens, e.g. woc-2026)", nt.Name)
		}
	}
	t, err := outflank.NewTournament(nt.Slug, nt.Name, nt.Date, nt.Rules, nt.Rounds)
	if err != nil {
		return nil, nil, err
	}
	t.Settings.Minutes = nt.Minutes
	if err := t.ChooseSystem(nt.System, nt.Rounds != 0); err != nil {
		return nil, nil, err
	}
	if t.Settings.DrawSeed, err = ParseSeed(""); err != nil {
		return nil, nil, err
	}
	if err := t.Validate(); err != nil {
		return nil, nil, err
	}
	rounds := words.Count(t.Settings.Rounds, "round")
	if t.Settings.RoundsByPlan {
		rounds = "rounds by the ruleset's format for the number of players, fixed when round 1 is paired"
	}
	ev, err := store.Create(ctx, t, outflank.KindCreate, CreatedSummary(t, rounds))
	if err != nil {
		return nil, nil, err
	}
	return t, ev, nil
}

// CreatedSummary is the audit log's words for a tournament created: its
// name, ruleset, rounds (in words) and the system when the director chose
// it.
func CreatedSummary(t *outflank.Tournament, rounds string) string {
	if t.Settings.System != "" {
		rounds += ", " + t.Settings.System + " chosen"
	}
	return fmt.Sprintf("created %s (%s, %s)", t.Name, t.Rules, rounds)
}

// EditSettings changes slug's name, date, ruleset, rounds or time before
// its first round, in one change (outflank.Tournament.EditSettings).
func EditSettings(ctx context.Context, store outflank.Store, slug string, edit outflank.SettingsEdit) (*outflank.Event, error) {
	return store.Update(ctx, slug, outflank.KindSettings, func(t *outflank.Tournament) (string, error) {
		what, err := t.EditSettings(edit)
		if err != nil {
			return "", err
		}
		return "settings: " + what, nil
	})
}
