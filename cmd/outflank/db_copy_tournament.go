package main

import (
	"context"
	"fmt"
	"strings"

	"outflank"
	"outflank/words"
)

// oneTournament copies the tournament slug alone into a destination that
// may hold others (db copy --tournament), merging by its log: the log is a
// hash chain (docs/records.md), so two databases hold the same tournament
// as far as their logs have the same events, and the first event where
// they differ is where they parted. So:
//   - a tournament the destination does not have is added whole;
//   - one whose log there is the start of the source's (a hall went on
//     playing after its copy was taken) gets the events that follow, each
//     written as it was made (outflank.Archive.Append);
//   - the same log on both sides, or a source that is the start of the
//     destination's, is left alone, saying so;
//   - logs that part (both sides changed the tournament since they held
//     the same) are refused, naming the first change that differs on each
//     side, and nothing is written.
//
// The user accounts, API tokens and judge links are not copied: they are
// the destination's own (a hall's laptop must not add administrators to a
// federation's server), and a judge link is issued for one server's
// address. Nor are circuits, member records and the player database.
func (c *dbCopy) oneTournament(ctx context.Context, slug string) error {
	rec, err := c.srcArchive.Dump(ctx, slug)
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q in %s: nothing was copied; 'outflank --db %s list' shows its tournaments", slug, c.fromName, c.fromName)
	}
	if err != nil {
		return err
	}
	if _, err := rec.Audit().Verify(); err != nil {
		return outflank.Errorf(outflank.ECONFLICT, "%s in %s: its log does not verify (%s): nothing was copied; 'outflank log %s --verify' says more", slug, c.fromName, outflank.ErrorMessage(err), slug)
	}
	have, err := c.dstArc.Dump(ctx, slug)
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		c.e.printf(c.e.stdout, "copying %s from %s to %s: new there\n", slug, c.fromName, c.toName)
		if err := c.tournament(ctx, slug); err != nil {
			return err
		}
		return c.notCopiedOne(ctx, slug)
	}
	if err != nil {
		return err
	}
	if _, err := have.Audit().Verify(); err != nil {
		return outflank.Errorf(outflank.ECONFLICT, "%s in %s: its log does not verify (%s): nothing was copied; 'outflank log %s --verify' says more", slug, c.toName, outflank.ErrorMessage(err), slug)
	}
	src, dst := rec.Events, have.Events
	n := 0 // the events both logs share: a hash covers every event before
	for n < len(src) && n < len(dst) && src[n].Hash == dst[n].Hash {
		n++
	}
	switch {
	case n == len(src) && n == len(dst):
		c.e.printf(c.e.stdout, "%s: %s already has it as %s has it (%s, head %.12s): nothing to copy\n", slug, c.toName, c.fromName, words.Count(n, "event"), rec.Head)
		return nil
	case n == len(src):
		c.e.printf(c.e.stdout, "%s: %s has every event of %s's log and %s more (the latest %s): nothing to copy\n",
			slug, c.toName, c.fromName, words.Count(len(dst)-n, "event"), describeEvent(dst[len(dst)-1]))
		return nil
	case n < len(dst):
		return c.parted(slug, rec, have, n)
	}
	if err := c.dstArc.Append(ctx, rec, n); err != nil {
		return err
	}
	audit, err := c.dst.Audit(ctx, slug)
	if err != nil {
		return err
	}
	if head, err := audit.Verify(); err != nil || head != rec.Head {
		return outflank.Errorf(outflank.EINTERNAL, "%s was brought up to date in %s, but its log there does not verify (head %s, want %s: %v)", slug, c.toName, head, rec.Head, err)
	}
	added := src[n:]
	ids := fmt.Sprintf("#%d", added[0].ID)
	if len(added) > 1 {
		ids += fmt.Sprintf(" to #%d", added[len(added)-1].ID)
	}
	c.e.printf(c.e.stdout, "brought %s (%s) up to date in %s: %s added after event #%d (%s, by %s), %s in all; log verified, head %.12s\n",
		slug, rec.Tournament.Name, c.toName, words.Count(len(added), "event"), src[n-1].ID, ids,
		strings.Join(actors(added), ", "), words.Count(len(src), "event"), rec.Head)
	if len(rec.Outside) > 0 {
		// Only whole tournaments take them (db copy's Restore).
		c.e.printf(c.e.stdout, "NOT copied: the %s of %s made outside Outflank recorded in %s (bringing a tournament up to date adds its events only): 'log %s --verify' there names them\n",
			words.Count(len(rec.Outside), "edit"), slug, c.fromName, slug)
	}
	return c.notCopiedOne(ctx, slug)
}

// parted is the refusal of a tournament whose logs part after their first
// n events (none: two different tournaments of one slug).
func (c *dbCopy) parted(slug string, src, dst *outflank.TournamentRecord, n int) error {
	var b strings.Builder
	if n == 0 {
		fmt.Fprintf(&b, "%s in %s and %s in %s are different tournaments (their logs differ from the first event): nothing was copied", slug, c.fromName, slug, c.toName)
	} else {
		fmt.Fprintf(&b, "%s was changed in both %s and %s since event #%d (%s): nothing was copied", slug, c.fromName, c.toName, src.Events[n-1].ID, eventWhen(src.Events[n-1]))
	}
	fmt.Fprintf(&b, "\n  first change that differs, event %d of each log:", n+1)
	for _, side := range []struct {
		name string
		rec  *outflank.TournamentRecord
	}{{c.fromName, src}, {c.toName, dst}} {
		fmt.Fprintf(&b, "\n    in %s: %s", side.name, describeEvent(side.rec.Events[n]))
		if more := len(side.rec.Events) - n - 1; more > 0 {
			fmt.Fprintf(&b, " (and %s after it)", words.Count(more, "change"))
		}
	}
	fmt.Fprintf(&b, "\n  One log cannot hold both: keep the side that is right. To keep %s's, enter in it the changes only %s has, remove %s from %s ('outflank remove %s'), and copy again; to keep %s's, enter there the changes only %s has.",
		c.fromName, c.toName, slug, c.toName, slug, c.toName, c.fromName)
	return outflank.Errorf(outflank.ECONFLICT, "%s", b.String())
}

// describeEvent names an event of a log for a director: its id, when, who,
// and what.
func describeEvent(ev outflank.Event) string { return fmt.Sprintf("#%d, %s", ev.ID, eventWhen(ev)) }

// eventWhen says when an event was made, by whom, and what it did.
func eventWhen(ev outflank.Event) string {
	who := ev.Actor
	if who == "" {
		who = "someone unrecorded"
	}
	return fmt.Sprintf("%s by %s: %s", ev.At.Local().Format("2006-01-02 15:04:05"), who, ev.Summary)
}

// actors are the authors of events, each once, in the order of their
// first event.
func actors(events []outflank.Event) []string {
	var list []string
	seen := map[string]bool{}
	for _, ev := range events {
		if !seen[ev.Actor] {
			seen[ev.Actor] = true
			list = append(list, ev.Actor)
		}
	}
	return list
}

// notCopiedOne says what of the tournament slug a copy of it alone leaves
// behind: its judge links (the accounts are the destination's own) and
// its live games.
func (c *dbCopy) notCopiedOne(ctx context.Context, slug string) error {
	links, err := c.src.JudgeLinks(ctx, slug)
	if err != nil {
		return err
	}
	games, err := c.src.LiveGames(ctx, slug)
	if err != nil {
		return err
	}
	if len(links) > 0 {
		c.e.printf(c.e.stdout, "NOT copied: %s of %s in %s (a copy of one tournament copies no accounts, tokens or judge links): 'outflank --db %s judge add %s' issues new ones\n",
			words.Count(len(links), "judge link"), slug, c.fromName, c.toName, slug)
	}
	if len(games) > 0 {
		c.e.printf(c.e.stdout, "NOT copied: %s recorded move by move: db copy does not copy them; the results they led to are in the tournament\n", words.Count(len(games), "live game"))
	}
	return nil
}
