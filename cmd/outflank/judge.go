package main

import (
	"context"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"outflank"
	"outflank/auth"
	"outflank/director"
)

const judgeAddUsage = "judge add SLUG [--round N] [--table T] [--label NAME] [--base-url URL]"

const judgeRemoveUsage = "judge remove SLUG ID"

const judgeConfirmationUsage = "judge confirmation SLUG on|off"

var judgeCommands = map[string]command{
	"add":          {usage: judgeAddUsage, help: "issue a table judge's link, valid until the end of the day", run: runJudgeAdd},
	"list":         {usage: "judge list SLUG", help: "the judge links of a tournament", run: runJudgeList},
	"remove":       {usage: judgeRemoveUsage, help: "withdraw a judge link before it expires (a lost phone)", run: runJudgeRemove},
	"confirmation": {usage: judgeConfirmationUsage, help: "whether the results table judges submit wait for a director's confirmation", run: runJudgeConfirmation},
}

func runJudge(e *env, args []string) error { return e.subcommand("judge", judgeCommands, args) }

func runJudgeAdd(e *env, args []string) error {
	fs := e.newFlags("judge add", judgeAddUsage)
	round := fs.Int("round", 0, "only this round (default: any)")
	table := fs.Int("table", 0, "only this table (default: any)")
	label := fs.String("label", "", "the judge's `name`, for the log")
	baseURL := fs.String("base-url", "http://localhost:8080", "the `URL` the site is reached at")
	slug, _, err := e.parseSlug(fs, args, 0, judgeAddUsage)
	if err != nil {
		return err
	}
	if err := checkBaseURL(*baseURL); err != nil {
		return err
	}
	return e.withAuth(func(ctx context.Context, s *auth.Service, _ database) error {
		by := outflank.ActorFrom(ctx)
		secret, j, err := s.AddJudgeLink(ctx, slug, *round, *table, *label, by)
		if err != nil {
			return err
		}
		e.printf(e.stderr, "saved: judge link #%d for %s, %s, valid until %s; open it on the judge's phone:\n", j.ID, slug, j.Scope(), j.ExpiresAt.Local().Format("2006-01-02 15:04"))
		e.printf(e.stdout, "%s/j/%s\n", strings.TrimRight(*baseURL, "/"), secret)
		if u, err := url.Parse(*baseURL); err == nil && isLoopback(u.Hostname()) {
			e.printf(e.stderr, "warning: this link names %s, which a judge's phone cannot reach: give --base-url with the address 'outflank serve' prints for the hall's network (http://192.168.1.20:8080)\n", u.Host)
		}
		return nil
	})
}

func runJudgeList(e *env, args []string) error {
	fs := e.newFlags("judge list", "judge list SLUG")
	slug, _, err := e.parseSlug(fs, args, 0, "judge list SLUG")
	if err != nil {
		return err
	}
	return e.withAuth(func(ctx context.Context, _ *auth.Service, db database) error {
		list, err := db.JudgeLinks(ctx, slug)
		if err != nil {
			return err
		}
		for _, j := range list {
			e.printf(e.stdout, "#%-4d %-20s %-28s by %-16s until %s\n", j.ID, j.Label, j.Scope(), j.CreatedBy, j.ExpiresAt.Local().Format("2006-01-02 15:04"))
		}
		if len(list) == 0 {
			e.printf(e.stdout, "no judge links for %s: 'outflank judge add %s' issues one\n", slug, slug)
		}
		return nil
	})
}

// runJudgeConfirmation sets whether the results table judges submit on
// the web wait for a director's confirmation (on) or are entered at once
// (off): an audited change of the tournament's settings.
func runJudgeConfirmation(e *env, args []string) error {
	fs := e.newFlags("judge confirmation", judgeConfirmationUsage)
	slug, pos, err := e.parseSlug(fs, args, 1, judgeConfirmationUsage)
	if err != nil {
		return err
	}
	if pos[0] != "on" && pos[0] != "off" {
		return usagef("judge confirmation: say on (the judges' results wait for a director) or off (they are entered at once)")
	}
	return e.withStore(func(ctx context.Context, db database) error {
		ev, err := director.SetJudgeConfirm(ctx, db, slug, pos[0] == "on")
		if err != nil {
			return err
		}
		e.saved(ev, "")
		return nil
	})
}

// runJudgeRemove withdraws a judge link: whoever holds it can no longer
// record anything, at once.
func runJudgeRemove(e *env, args []string) error {
	fs := e.newFlags("judge remove", judgeRemoveUsage)
	slug, pos, err := e.parseSlug(fs, args, 1, judgeRemoveUsage)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(strings.TrimPrefix(pos[0], "#"), 10, 64)
	if err != nil || id < 1 {
		return usagef("judge remove: %q is not a link's number: 'outflank judge list %s' shows them (#1, #2, ...)", pos[0], slug)
	}
	return e.withStore(func(ctx context.Context, db database) error {
		if err := db.RemoveJudgeLink(ctx, slug, id); err != nil {
			return err
		}
		e.printf(e.stdout, "saved: judge link #%d of %s withdrawn; whoever holds it can no longer record games\n", id, slug)
		return nil
	})
}

// isLoopback says whether host names this machine only.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}
