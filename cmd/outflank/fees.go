package main

import (
	"context"
	"sort"

	"outflank"
)

const feesUsage = "fees SLUG [--json]"

// runFees prints what each entrant of a tournament owes and why (BOF
// Membership & finance 2-3), and the totals for the organiser.
func runFees(e *env, args []string) error {
	fs := e.newFlags("fees", feesUsage)
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, feesUsage)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		f, err := outflank.TournamentFees(ctx, db, db, slug)
		if err != nil {
			return err
		}
		if *asJSON {
			return writeJSON(e.stdout, f)
		}
		if f.Kind == "other" {
			e.printf(e.stderr, "warning: %s is not a BOF Regional or National (its ruleset is not bof-regional or bof-national): the BOF rules set no charge for it\n", slug)
		}
		e.printf(e.stdout, "%s (%s, %s)\n", f.Name, f.Kind, f.Date)
		if f.Kind != "other" {
			from := "BOF Membership & finance 3"
			if !f.Rates.Default {
				from = "set for the year: 'outflank member rates'"
			}
			e.printf(e.stdout, "charges: %d pounds, %d unwaged, %d a family (%s)\n", f.Rates.Standard, f.Rates.Unwaged, f.Rates.Family, from)
		}
		for _, l := range f.Lines {
			e.printf(e.stdout, "%3d  %-28s %3d pounds  %s\n", l.Player, l.Name, l.Pounds, l.Reason)
		}
		rates := make([]string, 0, len(f.ByRate))
		for r := range f.ByRate {
			rates = append(rates, r)
		}
		sort.Strings(rates)
		e.printf(e.stdout, "total: %d pounds from %d entrants;", f.Total, len(f.Lines))
		for _, r := range rates {
			e.printf(e.stdout, " %s %d", r, f.ByRate[r])
		}
		e.printf(e.stdout, "\n")
		return nil
	})
}
