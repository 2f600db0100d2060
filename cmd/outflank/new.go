package main

import (
	"context"

	"outflank"
	"outflank/director"
	"outflank/report"
	"outflank/rules"
	"outflank/words"
)

func runNew(e *env, args []string) error {
	const usage = "new SLUG --name NAME --rules RULESET [--rounds N] [--system swiss|round-robin] [--date YYYY-MM-DD] [--brightwell-c C] [--bye-discs R-B] [--same-country avoid|allow] [--minutes M] [--absence allow|forbid] [--sender NAME] [--country NAME] [--judge-confirm] [--place CCC] [--clocks yes|no] [--told yes|no]"
	fs := e.newFlags("new", usage)
	name := fs.String("name", "", "the tournament's `name`")
	ruleset := fs.String("rules", "", "the `ruleset`: woc, egp, aof, bof-regional, bof-national or custom")
	rounds := fs.Int("rounds", 0, "number of rounds (default: the ruleset's format for the number of players, fixed when round 1 is paired)")
	system := fs.String("system", "", "swiss or round-robin (default: the ruleset's system for the field: WOC II.2, EGP II.2, AOF 1.2, BOF general rule 8; WOC and EGP leave no choice)")
	minutes := fs.Int("minutes", 0, "each player's time per game in `minutes` (checked against the ruleset's minimum)")
	date := fs.String("date", "", "first day, YYYY-MM-DD")
	brightwell := fs.Float64("brightwell-c", -1, "the Brightwell constant C (default: the ruleset's)")
	byeDiscs := fs.String("bye-discs", "", "a bye's discs, receiver's first, e.g. 44-20 (default: the ruleset's)")
	drawSeed := fs.String("draw-seed", "", "seed of the random draw between players equal on everything (default: drawn and recorded)")
	tieBreak := fs.String("tie-break", "", "mbq or discs (default: the ruleset's: discs in AOF and BOF round robins)")
	sameCountry := fs.String("same-country", "", "avoid or allow players of the same country meeting in Swiss rounds (default: the ruleset's; WOC and AOF avoid)")
	absence := fs.String("absence", "", "allow or forbid players to miss rounds and come back (default: the ruleset's: BOF and custom allow; WOC, EGP and AOF forbid)")
	sender := fs.String("sender", "", "who sends the .ELO file to the WOF (its %%Sender: line)")
	country := fs.String("country", "", "the country the event is held in, in words (Italy, Great-Britain, World): the .ELO file's %%Country: line")
	judgeConfirm := fs.Bool("judge-confirm", false, "results table judges submit on the web wait for a director's confirmation")
	rated := ratedFlags(fs)
	slug, _, err := e.parseSlug(fs, args, 0, usage)
	if err != nil {
		return err
	}
	if *ruleset == "" {
		return usagef("new: give --rules (woc, egp, aof, bof-regional, bof-national or custom)")
	}
	t, err := outflank.NewTournament(slug, *name, *date, rules.ID(*ruleset), *rounds)
	if err != nil {
		return err
	}
	if err := t.ChooseSystem(*system, *rounds != 0); err != nil {
		return err
	}
	if *brightwell >= 0 {
		t.Settings.BrightwellC, t.Settings.BrightwellCByRules = *brightwell, false
	}
	t.Settings.Minutes = *minutes
	if *byeDiscs != "" {
		d, err := director.ParseScore(*byeDiscs)
		if err != nil {
			return err
		}
		t.Settings.ByeDiscs = [2]int{d.Black, d.White}
	}
	switch *sameCountry {
	case "":
	case "avoid":
		t.Settings.AvoidSameCountry = true
	case "allow":
		t.Settings.AvoidSameCountry = false
	default:
		return outflank.Errorf(outflank.EINVALID, "--same-country %q: use avoid or allow", *sameCountry)
	}
	if t.Settings.DrawSeed, err = director.ParseSeed(*drawSeed); err != nil {
		return err
	}
	t.Settings.TieBreak = *tieBreak
	t.Settings.JudgeConfirm = *judgeConfirm
	t.Settings.Absence = *absence
	if err := rated.apply(&t.Settings); err != nil {
		return err
	}
	if t.Settings.ELOSender, err = outflank.ELOHeader("sender", *sender); err != nil {
		return err
	}
	if t.Settings.ELOCountry, err = outflank.ELOHeader("country", *country); err != nil {
		return err
	}
	if err := t.Validate(); err != nil {
		return err
	}
	return e.withNewStore(func(ctx context.Context, db database) error {
		rounds := words.Count(t.Settings.Rounds, "round")
		if t.Settings.RoundsByPlan {
			rounds = "rounds by the ruleset's format for the number of players, fixed when round 1 is paired"
		}
		ev, err := db.Create(ctx, t, outflank.KindCreate, director.CreatedSummary(t, rounds))
		if err != nil {
			return err
		}
		e.saved(ev, "")
		e.printf(e.stdout, "system: %s\n", t.System())
		return nil
	})
}

func runList(e *env, args []string) error {
	fs := e.newFlags("list", "list [--json]")
	asJSON := fs.Bool("json", false, "print one JSON document, with each tournament's state")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank list [--json]")
	}
	return e.withStore(func(ctx context.Context, db database) error {
		list, err := db.Tournaments(ctx)
		if err != nil {
			return err
		}
		if *asJSON {
			doc, err := report.TournamentsOf(ctx, list, db.Tournament)
			if err != nil {
				return err
			}
			return writeJSON(e.stdout, doc)
		}
		if len(list) == 0 {
			e.printf(e.stdout, "no tournaments yet in %s: 'outflank new SLUG --name NAME --rules RULESET' creates one\n", e.dbName())
			return nil
		}
		for _, s := range list {
			e.printf(e.stdout, "%-24s %-10s %-12s %3d %-7s %3d %-6s  %s\n", s.Slug, s.Date, s.Rules, s.Players, words.Noun(s.Players, "player"), s.Rounds, words.Noun(s.Rounds, "round"), s.Name)
		}
		return nil
	})
}
