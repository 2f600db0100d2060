package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"outflank"
)

var _ outflank.Archive = (*DB)(nil)

// Dump reads the tournament with slug, its creation time and its whole log
// from one snapshot.
func (db *DB) Dump(ctx context.Context, slug string) (*outflank.TournamentRecord, error) {
	var rec *outflank.TournamentRecord
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		rec, err = db.dumpIn(ctx, tx, slug)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// dumpIn reads the tournament with slug, its creation time and its whole
// log in tx.
func (db *DB) dumpIn(ctx context.Context, tx *sql.Tx, slug string) (*outflank.TournamentRecord, error) {
	rec := &outflank.TournamentRecord{}
	err := func() error {
		tid, head, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		rec.Head = head
		var created string
		if err := tx.QueryRowContext(ctx, `SELECT created_at FROM tournaments WHERE id = ?`, tid).Scan(&created); err != nil {
			return translate(fmt.Errorf("reading tournament %s: %w", slug, err), db.path)
		}
		if rec.CreatedAt, err = time.Parse(timeFormat, created); err != nil {
			return fmt.Errorf("sqlite: creation time %q of %s: %w", created, slug, err)
		}
		if rec.Events, err = db.events(ctx, tx, slug, tid); err != nil {
			return err
		}
		if rec.Outside, err = db.outsideEdits(ctx, tx, tid); err != nil {
			return err
		}
		l, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		rec.Tournament = l.t
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// Restore stores a tournament read by Dump (from this store or another),
// in one transaction: its rows, its version and its games', and its log
// with the events' own ids and hashes.
func (db *DB) Restore(ctx context.Context, rec *outflank.TournamentRecord) error {
	t := rec.Tournament
	changes, err := outflank.Created(t)
	if err != nil {
		return err
	}
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		return db.restoreIn(ctx, tx, rec, changes, settings)
	})
}

// restoreIn stores rec in tx: Restore's work, given the rows of its
// tournament (outflank.Created) and its settings as JSON.
func (db *DB) restoreIn(ctx context.Context, tx *sql.Tx, rec *outflank.TournamentRecord, changes []outflank.Change, settings []byte) error {
	t := rec.Tournament
	var exists int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM tournaments WHERE slug = ?`, t.Slug).Scan(&exists); err != nil {
		return translate(fmt.Errorf("looking for tournament %s: %w", t.Slug, err), db.path)
	}
	if exists != 0 {
		return outflank.Errorf(outflank.ECONFLICT, "a tournament %q already exists in %s: nothing was copied", t.Slug, db.path)
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version, log_head, writing) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)`,
		t.Slug, t.Name, t.Date, string(t.Rules), string(settings), rec.CreatedAt.UTC().Format(timeFormat), max(t.Version, 1), rec.Head)
	if err != nil {
		return translate(fmt.Errorf("copying tournament %s: %w", t.Slug, err), db.path)
	}
	l := &loaded{t: t, versions: map[string]int{}}
	if l.id, err = res.LastInsertId(); err != nil {
		return translate(err, db.path)
	}
	if err := db.writeRows(ctx, tx, l, changes[1:]); err != nil {
		return err
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Version > 1 {
				if _, err := tx.ExecContext(ctx, `UPDATE games SET version = ? WHERE tournament_id = ? AND round = ? AND table_no = ?`, g.Version, l.id, r.Number, g.Table); err != nil {
					return translate(fmt.Errorf("copying game %d/%d of %s: %w", r.Number, g.Table, t.Slug, err), db.path)
				}
			}
		}
	}
	if err := db.restoreEvents(ctx, tx, l.id, rec, 0); err != nil {
		return err
	}
	// The edits made outside Outflank in the other store, as its triggers
	// recorded them (to the millisecond, as migration 15's do).
	for _, o := range rec.Outside {
		if _, err := tx.ExecContext(ctx, `INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind) VALUES (?, ?, ?, ?, ?)`,
			l.id, o.At.UTC().Format(outsideTimeFormat), o.Entity, o.Key, o.Kind); err != nil {
			return translate(fmt.Errorf("copying the edits of %s made outside Outflank: %w", t.Slug, err), db.path)
		}
	}
	// Every row written was Outflank's (migration 15).
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET writing = 0 WHERE id = ?`, l.id); err != nil {
		return translate(fmt.Errorf("copying tournament %s: %w", t.Slug, err), db.path)
	}
	return nil
}

// restoreEvents inserts the log of rec from its event from on, as
// recorded; the undo marks go in once every event is in, since an event is
// marked by a later one (and an event appended can mark one before from).
func (db *DB) restoreEvents(ctx context.Context, sqlTx *sql.Tx, tid int64, rec *outflank.TournamentRecord, from int) error {
	tx := newStatements(sqlTx)
	defer tx.Close()
	for i := from; i < len(rec.Events); i++ {
		ev := &rec.Events[i]
		changes, err := json.Marshal(ev.Changes)
		if err != nil {
			return err
		}
		var undoes any
		if ev.Undoes != 0 {
			undoes = ev.Undoes
		}
		// seq, the row's own number, is the next (migration 19).
		_, err = tx.ExecContext(ctx, `INSERT INTO events (id, tournament_id, at, actor, kind, summary, changes, undoes, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?)`,
			ev.ID, tid, ev.At.UTC().Format(timeFormat), ev.Actor, ev.Kind, ev.Summary, changes, undoes, ev.PrevHash, ev.Hash)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "event #%d of %s is twice in its log: nothing was copied; 'outflank log %s --verify' on the source says more", ev.ID, rec.Tournament.Slug, rec.Tournament.Slug)
			}
			return translate(fmt.Errorf("copying event %d of %s: %w", ev.ID, rec.Tournament.Slug, err), db.path)
		}
	}
	for _, ev := range rec.Events {
		if ev.UndoneBy == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET undone_by = ? WHERE tournament_id = ? AND id = ?`, ev.UndoneBy, tid, ev.ID); err != nil {
			return translate(fmt.Errorf("copying the undo of event %d of %s: %w", ev.ID, rec.Tournament.Slug, err), db.path)
		}
	}
	return nil
}

// Append adds the events rec.Events[from:] to the tournament's log, which
// must end with rec.Events[from-1], writing each event's changes in turn
// as the event wrote them (outflank.Archive).
func (db *DB) Append(ctx context.Context, rec *outflank.TournamentRecord, from int) error {
	slug := rec.Tournament.Slug
	if from < 1 || from > len(rec.Events) {
		return fmt.Errorf("sqlite: appending events %d on of a log of %d to %s", from, len(rec.Events), slug)
	}
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		l, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		var head string
		if err := tx.QueryRowContext(ctx, `SELECT log_head FROM tournaments WHERE id = ?`, l.id).Scan(&head); err != nil {
			return translate(fmt.Errorf("reading the log's head of %s: %w", slug, err), db.path)
		}
		if want := rec.Events[from-1].Hash; head != want {
			return outflank.Errorf(outflank.ECONFLICT, "%s in %s was changed meanwhile (its log's head is %.12s, not %.12s): nothing was copied; copy it again", slug, db.path, head, want)
		}
		s := l.state()
		key := versionKey(outflank.EntityTournament, slug)
		for i := from; i < len(rec.Events); i++ {
			ev := &rec.Events[i]
			// writing = 1 marks the rows written as Outflank's
			// (migration 15); cleared with the head below.
			res, err := tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1, writing = 1 WHERE id = ? AND version = ?`, l.id, l.versions[key])
			if err != nil {
				return translate(fmt.Errorf("copying event %d of %s: %w", ev.ID, slug, err), db.path)
			}
			if n, err := res.RowsAffected(); err != nil {
				return translate(err, db.path)
			} else if n != 1 {
				return outflank.Errorf(outflank.ECONFLICT, "%s in %s was changed meanwhile: nothing was copied; copy it again", slug, db.path)
			}
			l.bumped = true
			if err := db.writeRows(ctx, tx, l, ev.Changes); err != nil {
				return fmt.Errorf("copying event #%d of %s: %w", ev.ID, slug, err)
			}
			// The versions the next event's writes name, as memo
			// (and so a server's catch-up) works them out.
			if s, err = s.Next(ev.ID, ev.Changes); err != nil {
				return outflank.Errorf(outflank.ECONFLICT, "event #%d of %s does not apply to %s in %s (%v): nothing was copied", ev.ID, slug, slug, db.path, err)
			}
			l.t, l.versions, l.event, l.bumped = s.T, s.Versions, ev.ID, false
		}
		if err := db.restoreEvents(ctx, tx, l.id, rec, from); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET log_head = ?, writing = 0 WHERE id = ?`, rec.Head, l.id); err != nil {
			return translate(fmt.Errorf("copying the log's head of %s: %w", slug, err), db.path)
		}
		after, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		return rec.CheckAppended(after.t, db.path)
	})
	db.memo.Forget(slug)
	return err
}
