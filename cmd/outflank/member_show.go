package main

import (
	"context"
	"time"

	"outflank"
	"outflank/member"
)

// runMemberShow prints one record, its membership and the tournaments the
// membership rests on.
func runMemberShow(e *env, args []string) error {
	fs := e.newFlags("member show", memberShowUsage)
	asOf := asOfFlag(fs)
	results := resultsFlag(fs)
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", memberShowUsage)
	}
	if !member.ValidDate(*asOf) {
		return outflank.Errorf(outflank.EINVALID, "--as-of %q: give a date YYYY-MM-DD", *asOf)
	}
	archive, err := e.ratedEvents(*results)
	if err != nil {
		return err
	}
	return e.withStore(func(ctx context.Context, db database) error {
		m, err := db.Member(ctx, pos[0])
		if err != nil {
			return err
		}
		ts, err := outflank.AllTournaments(ctx, db)
		if err != nil {
			return err
		}
		played := outflank.PlayedWith(ts, archive, m.WOFID, m.Name, m.Country)
		st := member.Membership(m.Record(), played, *asOf)
		s := outflank.MemberStatus{Member: *m, IsMember: st.Member, Basis: string(st.Basis), Reason: st.Reason, Until: st.Until}
		type tournament struct {
			Slug  string `json:"slug"`
			Name  string `json:"name"`
			Date  string `json:"date"`
			Rated bool   `json:"bof_rated"`
			// Archive marks a rated tournament of the WOF's archive
			// (--results) that the database does not hold.
			Archive bool `json:"archive"`
		}
		list := []tournament{}
		for _, p := range played {
			archived := p.Kind == member.Other && p.Rated
			list = append(list, tournament{p.Slug, p.Name, p.Date, p.Rated && !archived, archived})
		}
		if *asJSON {
			return writeJSON(e.stdout, map[string]any{"as_of": *asOf, "member": s, "tournaments": list})
		}
		e.printf(e.stdout, "#%d %s\n", m.ID, outflank.DescribeMember(m))
		state := "a member"
		if !s.IsMember {
			state = "not a member"
		}
		e.printf(e.stdout, "as of %s: %s: %s\n", *asOf, state, s.Reason)
		if s.Until != "" {
			e.printf(e.stdout, "until %s, unless a BOF-rated tournament or a subscription renews it\n", s.Until)
		}
		if len(list) == 0 {
			e.printf(e.stdout, "no tournament in the database matches (by WOF id, else exact name and country)\n")
		}
		for _, p := range list {
			rated := "not BOF-rated"
			if p.Archive {
				rated = "rated"
			} else if p.Rated {
				rated = "BOF-rated"
			}
			e.printf(e.stdout, "  %s  %-24s %s (%s)\n", p.Date, p.Slug, p.Name, rated)
		}
		return nil
	})
}

// runMemberLog prints the members' log: who added, edited or removed
// which record.
func runMemberLog(e *env, args []string) error {
	return recordsLog[outflank.MemberEvent]{name: "member log", usage: memberLogUsage, none: "no changes of the member records yet",
		read: database.MemberLog,
		line: func(ev outflank.MemberEvent) (int64, time.Time, string, string) {
			return ev.ID, ev.At, ev.Actor, ev.Summary
		},
	}.run(e, args)
}
