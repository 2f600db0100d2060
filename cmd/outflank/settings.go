package main

import (
	"context"
	"flag"

	"outflank"
	"outflank/director"
	"outflank/rules"
)

// ratedFlagSet holds the flags that decide whether a tournament's games
// are rated (BOF Ratings 1-3), shared by new and settings.
type ratedFlagSet struct {
	place, clocks, told *string
}

func ratedFlags(fs *flag.FlagSet) ratedFlagSet {
	return ratedFlagSet{
		place:  fs.String("place", "", "the country the games are played in, three letters (GBR) or an ISO code (GB, UK) (default: the ruleset's: GBR for the BOF's, else not recorded); BOF games are rated in the UK only (BOF Ratings 1 a)"),
		clocks: fs.String("clocks", "", "yes or no: the games are played with clocks (default yes; without, they are not rated: BOF Ratings 1 b)"),
		told:   fs.String("told", "", "yes or no: both players are told the games are rated (default yes: BOF Ratings 2; no: not rated, BOF Ratings 1 c)"),
	}
}

// apply puts the flags given in s; validation follows.
func (r ratedFlagSet) apply(s *outflank.Settings) error {
	place, err := outflank.NormalizePlace(*r.place)
	if err != nil {
		return err
	}
	s.Place, s.Clocks, s.Told = place, *r.clocks, *r.told
	return nil
}

const settingsUsage = "settings SLUG [--name NAME] [--date YYYY-MM-DD] [--rules RULESET] [--rounds N] [--system swiss|round-robin|rules] [--minutes M] [--place CCC] [--clocks yes|no] [--told yes|no] [--contact-nations CCC,CCC] [--sender NAME]"

// runSettings changes a tournament's settings before round 1 is paired,
// as the console's settings page does: the flags given change, the others
// keep their values.
func runSettings(e *env, args []string) error {
	fs := e.newFlags("settings", settingsUsage)
	name := fs.String("name", "", "the tournament's `name`")
	date := fs.String("date", "", "first day, YYYY-MM-DD (\"\" for none)")
	ruleset := fs.String("rules", "", "the `ruleset`: woc, egp, aof, bof-regional, bof-national or custom (brings its own settings)")
	rounds := fs.Int("rounds", 0, "number of rounds (0: the ruleset's format for the field)")
	minutes := fs.Int("minutes", 0, "each player's time per game in `minutes` (0: not recorded)")
	system := fs.String("system", "", "swiss, round-robin, or rules for the ruleset's system for the field; after round 1 a round robin may become a Swiss before round 2 is paired where the rules allow (AOF 1.2, BOF general rule 8, custom), or when it cannot be completed without a rematch")
	rated := ratedFlags(fs)
	contact := fs.String("contact-nations", "", "the WOF Nations with Contact Person, `codes` separated by commas: at a WOC each sends one player and an additional young player (WOC I.2.1); every other nation is a National Federation (\"\" for none)")
	sender := fs.String("sender", "", "who sends the .ELO file to the WOF, your federation's `name`, for its %%Sender: line (\"\": the ruleset's federation); it may change after round 1")
	slug, _, err := e.parseSlug(fs, args, 0, settingsUsage)
	if err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if len(given) == 0 {
		return usagef("settings: give the settings to change: outflank %s", settingsUsage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		t, err := db.Tournament(ctx, slug)
		if err != nil {
			return err
		}
		edit := outflank.SettingsEdit{Name: t.Name, Date: t.Date, Rules: t.Rules, Minutes: t.Settings.Minutes,
			Place: t.Settings.Place, Clocks: t.Settings.Clocks, Told: t.Settings.Told}
		if !t.Settings.RoundsByPlan {
			edit.Rounds = t.Settings.Rounds
		}
		set := map[string]func(){
			"name": func() { edit.Name = *name }, "date": func() { edit.Date = *date },
			"rules": func() { edit.Rules = rules.ID(*ruleset) }, "rounds": func() { edit.Rounds = *rounds },
			"minutes": func() { edit.Minutes = *minutes }, "place": func() { edit.Place = *rated.place },
			"clocks": func() { edit.Clocks = *rated.clocks }, "told": func() { edit.Told = *rated.told },
			"contact-nations": func() { edit.ContactNations = contact }, "sender": func() { edit.ELOSender = sender },
			"system": func() {
				s := *system
				if s == "rules" {
					s = ""
				}
				edit.System = &s
			},
		}
		for f := range given {
			set[f]()
		}
		ev, err := director.EditSettings(ctx, db, slug, edit)
		if err != nil {
			return err
		}
		e.saved(ev, "")
		if t, err = db.Tournament(ctx, slug); err != nil {
			return err
		}
		if given["system"] {
			e.printf(e.stdout, "system: %s\n", t.System())
		}
		if w := unratedWarning(t); w != "" {
			e.printf(e.stderr, "%s", w)
		}
		return nil
	})
}
