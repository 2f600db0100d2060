package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"outflank"
	"outflank/words"
)

const dbCopyUsage = "db copy --from SRC --to DST [--tournament SLUG]"

var dbCommands = map[string]command{
	"copy": {usage: dbCopyUsage, help: "copy everything but the sessions and live games (tournaments with their audit logs and the edits made outside Outflank, circuits, members and fee rates, accounts, records of what was removed, player database) from one database (a SQLite file or a postgres:// URL) to another; with --tournament, one tournament into a database that holds others, adding the events its log there lacks", run: runDBCopy},
}

func runDB(e *env, args []string) error { return e.subcommand("db", dbCommands, args) }

// runDBCopy copies one database into another exactly: each tournament in
// a transaction of its own, so that the copy's log verifies and its export
// is the original's, with the edits made outside Outflank recorded; then
// the player database, the user accounts, the records of what was
// removed, the circuits and the member records with the fee rates, with
// their logs and ids. It writes
// nothing when the destination already has any of them. With --tournament
// it copies that tournament alone, merging by its log (oneTournament).
func runDBCopy(e *env, args []string) error {
	fs := e.newFlags("db copy", dbCopyUsage)
	from := fs.String("from", "", "the database to copy from: a SQLite `file` or a postgres:// URL")
	to := fs.String("to", "", "the database to copy to: a SQLite `file` (made if it does not exist) or a postgres:// URL")
	slug := fs.String("tournament", "", "copy only this tournament (`slug`), into a database that may hold others: added when new there, else brought up to date when its log there is the start of this one's")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *from == "" || *to == "" {
		return usagef("usage: outflank %s", dbCopyUsage)
	}
	if *from == *to {
		return usagef("db copy: --from and --to name the same database")
	}
	ctx, err := e.commandContext()
	if err != nil {
		return err
	}
	c := &dbCopy{e: e, fromName: redactURL(*from), toName: redactURL(*to)}
	src, err := openStore(ctx, *from, false)
	if err != nil {
		return redactError(err, *from)
	}
	defer src.Close()
	dst, err := e.openStore(ctx, *to, true)
	if err != nil {
		return redactError(err, *to)
	}
	defer dst.Close()
	c.src, c.dst = src, dst
	if *slug != "" {
		err = c.archives()
		if err == nil {
			err = c.oneTournament(ctx, *slug)
		}
	} else {
		err = c.run(ctx)
	}
	return redactError(redactError(err, *from), *to)
}

// dbCopy is one run of db copy.
type dbCopy struct {
	e                  *env
	src, dst           database
	fromName, toName   string
	srcArchive, dstArc outflank.Archive
}

// archives sets the stores' outflank.Archive.
func (c *dbCopy) archives() error {
	var ok bool
	if c.srcArchive, ok = c.src.(outflank.Archive); !ok {
		return outflank.Errorf(outflank.EINVALID, "%s: this store cannot copy its tournaments yet", c.fromName)
	}
	if c.dstArc, ok = c.dst.(outflank.Archive); !ok {
		return outflank.Errorf(outflank.EINVALID, "%s: this store cannot receive copied tournaments yet", c.toName)
	}
	return nil
}

func (c *dbCopy) run(ctx context.Context) error {
	if err := c.archives(); err != nil {
		return err
	}
	list, err := c.src.Tournaments(ctx)
	if err != nil {
		return err
	}
	have, err := c.dst.Tournaments(ctx)
	if err != nil {
		return err
	}
	var clash []string
	for _, t := range list {
		if slices.ContainsFunc(have, func(h outflank.TournamentSummary) bool { return h.Slug == t.Slug }) {
			clash = append(clash, "tournament "+t.Slug)
		}
	}
	records, err := c.readRecords(ctx)
	if err != nil {
		return err
	}
	if clash, err = c.recordsClash(ctx, records, clash); err != nil {
		return err
	}
	if len(clash) > 0 {
		return outflank.Errorf(outflank.ECONFLICT, "%s already has %s: nothing was copied; copy one tournament at a time into it with --tournament SLUG (which adds what its log there lacks), or copy everything into another database",
			c.toName, strings.Join(clash, ", "))
	}
	c.e.printf(c.e.stdout, "copying %s from %s to %s\n", words.Count(len(list), "tournament"), c.fromName, c.toName)
	for i, t := range list {
		if err := c.tournament(ctx, t.Slug); err != nil {
			return copiedBefore(err, i)
		}
	}
	if err := c.playerDB(ctx); err != nil {
		return err
	}
	if err := c.restoreRecords(ctx, records); err != nil {
		return err
	}
	return c.notCopied(ctx, list)
}

// tournament copies one tournament, after checking its log, and checks the
// copy's.
func (c *dbCopy) tournament(ctx context.Context, slug string) error {
	rec, err := c.srcArchive.Dump(ctx, slug)
	if err != nil {
		return err
	}
	head, err := rec.Audit().Verify()
	if err != nil {
		return outflank.Errorf(outflank.ECONFLICT, "%s in %s: its log does not verify (%s): not copied; 'outflank log %s --verify' says more", slug, c.fromName, outflank.ErrorMessage(err), slug)
	}
	if err := c.dstArc.Restore(ctx, rec); err != nil {
		return err
	}
	audit, err := c.dst.Audit(ctx, slug)
	if err != nil {
		return err
	}
	// The edits made outside Outflank are copied with the tournament and
	// compared apart: 'log --verify' names them on the copy as on the
	// original, and the chain itself must verify.
	outside := audit.Outside
	audit.Outside = nil
	if got, err := audit.Verify(); err != nil || got != head {
		return outflank.Errorf(outflank.EINTERNAL, "%s was copied to %s, but the copy's log does not verify (head %s, want %s: %v)", slug, c.toName, got, head, err)
	}
	if !sameOutsideEdits(outside, rec.Outside) {
		return outflank.Errorf(outflank.EINTERNAL, "%s was copied to %s, but the edits made outside Outflank recorded there (%d) are not the original's (%d)", slug, c.toName, len(outside), len(rec.Outside))
	}
	t := rec.Tournament
	edits := ""
	if len(rec.Outside) > 0 {
		edits = fmt.Sprintf("; with the %s made outside Outflank, which 'log %s --verify' names there too", words.Count(len(rec.Outside), "edit"), slug)
	}
	c.e.printf(c.e.stdout, "copied %s (%s): %s, %s, %s; log verified, head %.12s%s\n", slug, t.Name,
		words.Count(len(t.Players), "player"), words.Count(len(t.Rounds), "round"), words.Count(len(rec.Events), "event"), head, edits)
	return nil
}

// sameOutsideEdits compares the edits made outside Outflank recorded by
// two stores, their times to the millisecond (SQLite's triggers record no
// finer).
func sameOutsideEdits(a, b []outflank.OutsideEdit) bool {
	return slices.EqualFunc(a, b, func(x, y outflank.OutsideEdit) bool {
		same := x.At.Truncate(time.Millisecond).Equal(y.At.Truncate(time.Millisecond))
		x.At = y.At
		return same && x == y
	})
}

// playerDB copies the player database, unless the destination has one.
func (c *dbCopy) playerDB(ctx context.Context) error {
	info, players, err := c.src.PlayerDB(ctx)
	if outflank.ErrorCode(err) == outflank.ENOTFOUND {
		c.e.printf(c.e.stdout, "player database: none in %s\n", c.fromName)
		return nil
	}
	if err != nil {
		return err
	}
	if had, err := c.dst.PlayerDBInfo(ctx); err == nil {
		c.e.printf(c.e.stdout, "player database: NOT copied: %s already has one (%s, %s); 'outflank playerdb load' replaces it\n", c.toName, had.Source, words.Count(had.Players, "player"))
		return nil
	} else if outflank.ErrorCode(err) != outflank.ENOTFOUND {
		return err
	}
	if arc, ok := c.dst.(outflank.RecordsArchive); ok {
		err = arc.RestorePlayerDB(ctx, info, players)
	} else {
		_, err = c.dst.LoadPlayerDB(ctx, info.Source, players)
	}
	if err != nil {
		return err
	}
	c.e.printf(c.e.stdout, "player database: copied (%s, %s; loaded %s)\n", info.Source, words.Count(len(players), "player"), info.LoadedAt.Local().Format("2006-01-02 15:04"))
	return nil
}

// notCopied says what the source holds that db copy does not copy: the
// live games (the accounts' line says that the sessions are not copied).
func (c *dbCopy) notCopied(ctx context.Context, list []outflank.TournamentSummary) error {
	live := 0
	for _, t := range list {
		games, err := c.src.LiveGames(ctx, t.Slug)
		if err != nil {
			return err
		}
		live += len(games)
	}
	if live > 0 {
		c.e.printf(c.e.stdout, "NOT copied: %s recorded move by move: db copy does not copy them; the results they led to are in the tournaments\n", words.Count(live, "live game"))
	}
	return nil
}

// copiedBefore adds to err that the n tournaments reported before it
// were copied.
func copiedBefore(err error, n int) error {
	if n == 0 {
		return err
	}
	if code := outflank.ErrorCode(err); code != outflank.EINTERNAL {
		return outflank.Errorf(code, "%s (the %s above were copied)", outflank.ErrorMessage(err), words.Count(n, "tournament"))
	}
	return fmt.Errorf("%w (the %s above were copied)", err, words.Count(n, "tournament"))
}
