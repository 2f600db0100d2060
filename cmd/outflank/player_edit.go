package main

import (
	"context"
	"flag"

	"outflank"
	"outflank/director"
)

const playerEditUsage = "player edit SLUG PLAYER [--name NAME] [--country CCC] [--rating N] [--gender f|m] [--born YYYY-MM-DD] [--team NAME] [--wof-id N] [--new[=false]] [--citizenship CCC] [--resident-since YYYY-MM-DD] [--exemption REASON] [--seeded[=false]] [--additional[=false]] [--override REASON]"

// runPlayerEdit corrects a registration; only the flags given change.
func runPlayerEdit(e *env, args []string) error {
	fs := e.newFlags("player edit", playerEditUsage)
	name := fs.String("name", "", "the player's corrected `name`")
	country := fs.String("country", "", "country `code` (GBR or GB; empty to clear)")
	rating := fs.Int("rating", 0, "rating (0: unrated)")
	gender := fs.String("gender", "", "f, m, or empty to clear")
	born := fs.String("born", "", "birth date YYYY-MM-DD, or empty to clear")
	team := fs.String("team", "", "the team the player's points count for (empty: the country)")
	wofID := fs.Int("wof-id", 0, "the player's WOF id, or for a player new to the WOF the id the federation gives him, who stays marked new (+ID in the .ELO file) until the WOF's player database lists him (0: unknown)")
	isNew := fs.Bool("new", false, "mark the player new to the WOF (+ID in the .ELO file); --new=false unmarks him")
	citizenship := fs.String("citizenship", "", "the country `code` the player is a citizen of (WOC I.2.3 a), or empty to clear")
	residentSince := fs.String("resident-since", "", "the `date` since which the player has lived in the country they represent (WOC I.2.3 b, BOF National 12), or empty to clear")
	exemption := fs.String("exemption", "", "bof-national: the chairman's exemption from the 183-day rule and its `reason` (BOF National 13), or empty to withdraw it")
	seeded := fs.Bool("seeded", false, "put the player in group A of the first round's draw (WOC II.7.1); --seeded=false takes him out (until round 1 is paired)")
	additional := fs.Bool("additional", false, "mark the additional player (WOC II.2); --additional=false unmarks him")
	override := fs.String("override", "", "make a correction an eligibility rule refuses (WOC I.2, BOF National 12), for this `reason`, recorded in the log")
	slug, rest, err := e.parseSlug(fs, args, 1, playerEditUsage)
	if err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	str := func(flagName string, v *string) *string {
		if given[flagName] {
			return v
		}
		return nil
	}
	num := func(flagName string, v *int) *int {
		if given[flagName] {
			return v
		}
		return nil
	}
	flagBool := func(flagName string, v *bool) *bool {
		if given[flagName] {
			return v
		}
		return nil
	}
	edit := outflank.PlayerEdit{Seeded: flagBool("seeded", seeded), Additional: flagBool("additional", additional), Name: str("name", name), Country: str("country", country), Gender: str("gender", gender),
		Born: str("born", born), Team: str("team", team), Rating: num("rating", rating), WOFID: num("wof-id", wofID),
		Citizenship: str("citizenship", citizenship), ResidentSince: str("resident-since", residentSince), Exemption: str("exemption", exemption),
		NewToWOF: flagBool("new", isNew)}
	if len(given) == 0 || len(given) == 1 && given["override"] {
		return usagef("player edit: give at least one of --name, --country, --rating, --gender, --born, --team, --wof-id, --new, --citizenship, --resident-since, --exemption, --seeded, --additional")
	}
	if given["wof-id"] && !given["new"] && *wofID != 0 {
		// An id the WOF's player database lists is no new player's.
		err := e.withStore(func(ctx context.Context, db database) error {
			listed, _, err := director.WOFListed(ctx, db, []int{*wofID})
			if listed[*wofID] {
				no := false
				edit.NewToWOF = &no
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	var who string
	var warnings []string
	err = e.update(slug, outflank.KindEdit, func(t *outflank.Tournament) (string, error) {
		p, err := t.FindPlayer(rest[0])
		if err != nil {
			return "", err
		}
		who = p.Name
		summary, err := director.EditIn(t, p.ID, edit, *override)
		if err == nil {
			warnings = director.EditWarnings(t, p.ID, edit)
		}
		return summary, err
	})
	if err != nil {
		return err
	}
	if given["rating"] {
		e.warnNegativeRating(who, *rating)
	}
	for _, w := range warnings {
		e.printf(e.stderr, "warning: %s\n", w)
	}
	return nil
}
