package main

import (
	"context"
	"flag"
	"time"

	"outflank"
	"outflank/words"
)

const (
	memberFlags       = "[--wof-id N] [--country CCC] [--citizenship CCC] [--resident-since DATE] [--unwaged] [--family GROUP] [--paid-until DATE]"
	memberAddUsage    = "member add --name NAME " + memberFlags
	memberEditUsage   = "member edit MEMBER [--name NAME] " + memberFlags
	memberRemoveUsage = "member remove MEMBER"
	memberListUsage   = "member list [--as-of DATE] [--results DIR] [--json]"
	memberShowUsage   = "member show MEMBER [--as-of DATE] [--results DIR] [--json]"
	memberLogUsage    = "member log [--limit N] [--json]"
	memberEnrolUsage  = "member enrol SLUG [--yes] [--json]"
	memberRatesUsage  = "member rates [--federation BOF] [--year YYYY [--standard N] [--unwaged N] [--family N]] [--json]"
)

var memberCommands = map[string]command{
	"add":    {usage: memberAddUsage, help: "add a person's federation record (BOF Membership & finance)", run: runMemberAdd},
	"edit":   {usage: memberEditUsage, help: "correct a record; only the flags given change", run: runMemberEdit},
	"remove": {usage: memberRemoveUsage, help: "remove a record", run: runMemberRemove},
	"list":   {usage: memberListUsage, help: "every record with its membership as of a date, and why", run: runMemberList},
	"show":   {usage: memberShowUsage, help: "one record, its membership and the tournaments it rests on", run: runMemberShow},
	"log":    {usage: memberLogUsage, help: "the latest changes of the records, and who made them", run: runMemberLog},
	"rates":  {usage: memberRatesUsage, help: "the charges of a year's Regionals and National (BOF Membership & finance 3's by default); the amounts set them", run: runMemberRates},
	"enrol":  {usage: memberEnrolUsage, help: "offer records for a BOF tournament's players who have none; --yes adds them", run: runMemberEnrol},
}

// runMemberEnrol lists the records a BOF-rated tournament's players
// without one would get (BOF Membership & finance 1 enrols them) and, with
// --yes, adds them.
func runMemberEnrol(e *env, args []string) error {
	fs := e.newFlags("member enrol", memberEnrolUsage)
	yes := fs.Bool("yes", false, "add the records offered")
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", memberEnrolUsage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		u, err := outflank.NewMemberRecords(ctx, db, db, pos[0])
		if err != nil {
			return err
		}
		added := []outflank.Member{}
		if *yes {
			got, err := outflank.AddMemberRecords(ctx, db, u)
			added = append(added, got...)
			if err != nil {
				for _, m := range added {
					e.printf(e.stdout, "saved: member #%d %s\n", m.ID, outflank.DescribeMember(&m))
				}
				return err
			}
		}
		if *asJSON {
			return writeJSON(e.stdout, map[string]any{"tournament": u.Tournament.Slug, "new": u.New, "taken": u.Taken, "added": added})
		}
		for _, m := range u.Taken {
			e.printf(e.stderr, "warning: %s of %s: another record has this name and country (another WOF id): match them by hand ('outflank member edit')\n", m.Name, m.Country)
		}
		switch {
		case len(u.New) == 0:
			e.printf(e.stdout, "every player of %s has a member record\n", u.Tournament.Slug)
		case *yes:
			for _, m := range added {
				e.printf(e.stdout, "saved: member #%d %s\n", m.ID, outflank.DescribeMember(&m))
			}
		default:
			e.printf(e.stdout, "%s of %s %s no member record (BOF Membership & finance 1 enrols them at their first BOF-rated tournament):\n",
				words.Count(len(u.New), "player"), u.Tournament.Slug, words.Verb(len(u.New), "has", "have"))
			for _, m := range u.New {
				e.printf(e.stdout, "  %s\n", outflank.DescribeMember(&m))
			}
			e.printf(e.stdout, "'outflank member enrol %s --yes' adds %s\n", u.Tournament.Slug, words.Verb(len(u.New), "it", "them"))
		}
		return nil
	})
}

func runMember(e *env, args []string) error { return e.subcommand("member", memberCommands, args) }

// memberFlagSet declares the flags of a record on fs; apply copies those
// given onto m.
func memberFlagSet(fs *flag.FlagSet) (apply func(m *outflank.Member) bool) {
	name := fs.String("name", "", "the person's `name`, as tournaments register it")
	wofID := fs.Int("wof-id", 0, "the person's WOF id (0: unknown)")
	country := fs.String("country", "", "the country `code` the person plays for (GBR or GB)")
	citizenship := fs.String("citizenship", "", "the person's citizenship `code` (GBR: a first BOF tournament free)")
	resident := fs.String("resident-since", "", "the `date` the person has lived in the UK since (YYYY-MM-DD)")
	unwaged := fs.Bool("unwaged", false, "unwaged: 5 pounds at a Regional or National (--unwaged=false to clear)")
	family := fs.String("family", "", "the family `group` that pays the family rate together (empty: none)")
	paid := fs.String("paid-until", "", "the last `date` a subscription covers (YYYY-MM-DD; empty: none)")
	return func(m *outflank.Member) bool {
		given := false
		fs.Visit(func(f *flag.Flag) {
			given = true
			switch f.Name {
			case "name":
				m.Name = *name
			case "wof-id":
				m.WOFID = *wofID
			case "country":
				m.Country = *country
			case "citizenship":
				m.Citizenship = *citizenship
			case "resident-since":
				m.ResidentSince = *resident
			case "unwaged":
				m.Unwaged = *unwaged
			case "family":
				m.Family = *family
			case "paid-until":
				m.PaidUntil = *paid
			}
		})
		return given
	}
}

func runMemberAdd(e *env, args []string) error {
	fs := e.newFlags("member add", memberAddUsage)
	apply := memberFlagSet(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank %s", memberAddUsage)
	}
	var m outflank.Member
	apply(&m)
	if m.Name == "" {
		return usagef("member add: give --name")
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := db.AddMember(ctx, &m); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: member #%d %s\n", m.ID, outflank.DescribeMember(&m))
		return nil
	})
}

func runMemberEdit(e *env, args []string) error {
	fs := e.newFlags("member edit", memberEditUsage)
	apply := memberFlagSet(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", memberEditUsage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		m, err := db.Member(ctx, pos[0])
		if err != nil {
			return err
		}
		if !apply(m) {
			return usagef("member edit: give at least one of --name, --wof-id, --country, --citizenship, --resident-since, --unwaged, --family, --paid-until")
		}
		if err := db.UpdateMember(ctx, m); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: member #%d %s\n", m.ID, outflank.DescribeMember(m))
		return nil
	})
}

func runMemberRemove(e *env, args []string) error {
	fs := e.newFlags("member remove", memberRemoveUsage)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", memberRemoveUsage)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		m, err := db.Member(ctx, pos[0])
		if err != nil {
			return err
		}
		if err := db.RemoveMember(ctx, m.ID); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: removed member #%d %s\n", m.ID, m.Name)
		return nil
	})
}

// asOfFlag declares --as-of, today by default.
func asOfFlag(fs *flag.FlagSet) *string {
	return fs.String("as-of", time.Now().Format(time.DateOnly), "the `date` membership is told as of (YYYY-MM-DD; default today)")
}

// memberLine prints a member's status in one line.
func (e *env) memberLine(s *outflank.MemberStatus) {
	state := "member"
	if !s.IsMember {
		state = "not a member"
	}
	e.printf(e.stdout, "#%-4d %-28s %-3s  %-12s %s\n", s.ID, s.Name, s.Country, state, s.Reason)
}

func runMemberList(e *env, args []string) error {
	fs := e.newFlags("member list", memberListUsage)
	asOf := asOfFlag(fs)
	results := resultsFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank %s", memberListUsage)
	}
	archive, err := e.ratedEvents(*results)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		list, err := outflank.MembershipWith(ctx, db, db, *asOf, archive)
		if err != nil {
			return err
		}
		if *asJSON {
			return writeJSON(e.stdout, map[string]any{"as_of": *asOf, "members": list})
		}
		if len(list) == 0 {
			e.printf(e.stdout, "no member records yet: 'outflank member add --name NAME' adds one\n")
			return nil
		}
		n := 0
		for i := range list {
			e.memberLine(&list[i])
			if list[i].IsMember {
				n++
			}
		}
		e.printf(e.stdout, "%d of %d records are members as of %s\n", n, len(list), *asOf)
		return nil
	})
}

// resultsFlag adds --results to fs: the WOF's archive, whose rated
// tournaments keep a rating active (BOF Membership & finance 1).
func resultsFlag(fs *flag.FlagSet) *string {
	return fs.String("results", "", "the `folder` of the WOF's .ELO result archive: every rated tournament of a member's WOF id counts, not only the database's")
}

// ratedEvents reads the archive of --results, nil when not given.
func (e *env) ratedEvents(folder string) (*outflank.RatedEvents, error) {
	if folder == "" {
		return nil, nil
	}
	a, err := e.readRatingArchive(folder, "")
	if err != nil {
		return nil, err
	}
	return outflank.RatedEventsOf(a.files), nil
}

// runMemberRates shows a federation's charges by year or, given amounts,
// sets those of --year (the others keep the year's current value).
func runMemberRates(e *env, args []string) error {
	fs := e.newFlags("member rates", memberRatesUsage)
	federation := fs.String("federation", outflank.BOF, "the `federation` whose charges these are")
	year := fs.Int("year", 0, "the `year` of the tournaments the charges apply to")
	standard := fs.Int("standard", 0, "the standard charge, in `pounds`")
	unwaged := fs.Int("unwaged", 0, "the unwaged charge, in `pounds`")
	family := fs.Int("family", 0, "the family rate, in `pounds`")
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank %s", memberRatesUsage)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	amounts := set["standard"] || set["unwaged"] || set["family"]
	if amounts && *year == 0 {
		return usagef("member rates: give --year with the charges it sets")
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if amounts {
			r, err := outflank.RatesFor(ctx, db, *federation, *year)
			if err != nil {
				return err
			}
			for name, v := range map[string]struct {
				to   *int
				from int
			}{"standard": {&r.Standard, *standard}, "unwaged": {&r.Unwaged, *unwaged}, "family": {&r.Family, *family}} {
				if set[name] {
					*v.to = v.from
				}
			}
			if err := db.SetFeeRates(ctx, r); err != nil {
				return err
			}
			e.printf(e.stdout, "saved: the rates of %s\n", r.Describe())
			return nil
		}
		list, err := db.FeeRateList(ctx)
		if err != nil {
			return err
		}
		if *year != 0 {
			r, err := outflank.RatesFor(ctx, db, *federation, *year)
			if err != nil {
				return err
			}
			list = []outflank.FeeRates{r}
		}
		if *asJSON {
			return writeJSON(e.stdout, map[string]any{"default": outflank.DefaultFeeRates(*federation, 0), "rates": list})
		}
		for _, r := range list {
			from := "set for the year"
			if r.Default {
				from = "BOF Membership & finance 3, none set for the year"
			}
			e.printf(e.stdout, "%s (%s)\n", r.Describe(), from)
		}
		if *year == 0 {
			d := outflank.DefaultFeeRates(*federation, 0)
			e.printf(e.stdout, "any other year: %d pounds, %d unwaged, %d family (BOF Membership & finance 3)\n", d.Standard, d.Unwaged, d.Family)
		}
		return nil
	})
}
