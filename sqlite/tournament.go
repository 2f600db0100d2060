package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"outflank"
)

// maxAttempts bounds how many times a change is prepared again because
// another one was saved between its read and its write.
const maxAttempts = 8

// errStale is returned inside a write when the tournament changed since the
// read the change was prepared from.
var errStale = errors.New("sqlite: the tournament changed since it was read")

// reprepared counts the changes prepared again because another one was
// saved between their read and their write (tests and benchmarks read it).
var reprepared atomic.Int64

// Create stores a new tournament and everything it holds, with one event.
func (db *DB) Create(ctx context.Context, t *outflank.Tournament, kind, summary string) (*outflank.Event, error) {
	changes, err := outflank.Created(t)
	if err != nil {
		return nil, err
	}
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return nil, err
	}
	var ev *outflank.Event
	err = db.writeTx(ctx, func(tx *sql.Tx) error {
		now := db.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version, writing) VALUES (?, ?, ?, ?, ?, ?, 1, 1)`,
			t.Slug, t.Name, t.Date, string(t.Rules), string(settings), now.Format(timeFormat))
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return outflank.Errorf(outflank.ECONFLICT, "a tournament %q already exists in %s: choose another slug", t.Slug, db.path)
			}
			return translate(fmt.Errorf("creating tournament %s: %w", t.Slug, err), db.path)
		}
		l := &loaded{t: t, versions: map[string]int{}}
		if l.id, err = res.LastInsertId(); err != nil {
			return translate(err, db.path)
		}
		rows := changes[1:] // changes[0] is the tournament row, inserted above
		if err := db.writeRows(ctx, tx, l, rows); err != nil {
			return err
		}
		ev = &outflank.Event{Tournament: t.Slug, At: now, Kind: kind, Summary: summary, Changes: changes}
		return db.insertEvent(ctx, tx, l.id, ev)
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// now is the time of an event, to the microsecond the database keeps.
func (db *DB) now() time.Time { return db.Now().UTC().Truncate(time.Microsecond) }

// Tournament reads the tournament with slug, consistently (one snapshot).
func (db *DB) Tournament(ctx context.Context, slug string) (*outflank.Tournament, error) {
	l, err := db.snapshot(ctx, slug)
	if err != nil {
		return nil, err
	}
	if l.unshared {
		return l.t, nil
	}
	return l.t.Clone(), nil // l.t may be the state kept in memory
}

var _ outflank.SharedReader = (*DB)(nil)

// SharedTournament reads the tournament with slug, consistently, and
// returns it as kept in memory (outflank.SharedReader): it must not be
// changed.
func (db *DB) SharedTournament(ctx context.Context, slug string) (*outflank.Tournament, error) {
	l, err := db.snapshot(ctx, slug)
	if err != nil {
		return nil, err
	}
	return l.t, nil // kept (internal/memo), hence sealed and never changed
}

// snapshot loads the tournament with slug in a read transaction of its own.
func (db *DB) snapshot(ctx context.Context, slug string) (*loaded, error) {
	var l *loaded
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		l, err = db.load(ctx, tx, slug, false)
		return err
	})
	return l, err
}

// Tournaments lists the tournaments, most recent first.
func (db *DB) Tournaments(ctx context.Context) ([]outflank.TournamentSummary, error) {
	var list []outflank.TournamentSummary
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT slug, name, date, rules,
			(SELECT count(*) FROM players p WHERE p.tournament_id = t.id),
			(SELECT count(*) FROM rounds r WHERE r.tournament_id = t.id)
			FROM tournaments t ORDER BY date DESC, slug`)
		if err != nil {
			return translate(fmt.Errorf("listing tournaments: %w", err), db.path)
		}
		defer rows.Close()
		for rows.Next() {
			var s outflank.TournamentSummary
			if err := rows.Scan(&s.Slug, &s.Name, &s.Date, &s.Rules, &s.Players, &s.Rounds); err != nil {
				return translate(fmt.Errorf("listing tournaments: %w", err), db.path)
			}
			list = append(list, s)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}

// Update prepares the change from a consistent read and writes the
// difference with its audit event in a short write transaction. It does so
// in the writer's turn (queue.go), so no other writer of this process can
// save a change in between; the write lock SQLite gives to one process at a
// time is held only for the write, not while change runs (it may take
// seconds: pairing 5,000 players), so that other processes are not kept
// waiting meanwhile. If another process saved a change in between, change
// runs again on the new state, so it must decide only from the tournament
// it is given; a change that was meant for the state the caller saw says
// so with its own conditions (ResultOptions.Expect, PairOptions.Round).
func (db *DB) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	return db.change(ctx, slug, func(_ *sql.Tx, l *loaded) (*prepared, error) {
		after := l.t.Clone()
		summary, err := change(after)
		if err != nil {
			return nil, err
		}
		return &prepared{after: after, kind: kind, summary: summary}, nil
	})
}

// Undo reverts the latest event that is neither an undo nor undone; with
// expect set, only if that event is expect.
func (db *DB) Undo(ctx context.Context, slug string, expect int64) (*outflank.Event, error) {
	return db.change(ctx, slug, func(tx *sql.Tx, l *loaded) (*prepared, error) {
		var last outflank.Event
		var changes string
		err := tx.QueryRowContext(ctx, `SELECT id, actor, kind, summary, changes FROM events
			WHERE tournament_id = ? AND undone_by IS NULL AND kind <> ? ORDER BY id DESC LIMIT 1`, l.id, outflank.KindUndo).
			Scan(&last.ID, &last.Actor, &last.Kind, &last.Summary, &changes)
		if errors.Is(err, sql.ErrNoRows) {
			return prepareUndo(l, nil, expect)
		}
		if err != nil {
			return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
		}
		if err := json.Unmarshal([]byte(changes), &last.Changes); err != nil {
			return nil, fmt.Errorf("sqlite: event %d: %w", last.ID, err)
		}
		return prepareUndo(l, &last, expect)
	})
}

// prepared is a change worked out from a tournament as loaded: the
// tournament after it, and its audit event.
type prepared struct {
	after         *outflank.Tournament
	kind, summary string
	undoes        int64
}

// change saves the change prepare works out from the tournament with slug.
// It runs in the writer's turn (queue.go): prepare runs on a read snapshot
// taken in that turn, so no writer of this process can save a change before
// it is written, and it is prepared once. Another process can (the command
// line while a web server runs): the write checks that no change was saved
// since the read, or prepares it again. After maxAttempts-1 losses to
// another process, the last attempt prepares the change holding SQLite's
// write lock, so that it cannot lose again: no writer is starved.
func (db *DB) change(ctx context.Context, slug string, prepare func(tx *sql.Tx, l *loaded) (*prepared, error)) (*outflank.Event, error) {
	var ev *outflank.Event
	err := db.inTurn(ctx, func() error {
		var err error
		ev, err = db.changeInTurn(ctx, slug, prepare)
		return err
	})
	return ev, err
}

// changeInTurn is change, in the writer's turn.
func (db *DB) changeInTurn(ctx context.Context, slug string, prepare func(tx *sql.Tx, l *loaded) (*prepared, error)) (*outflank.Event, error) {
	for attempt := 1; attempt < maxAttempts; attempt++ {
		var l *loaded
		var p *prepared
		err := db.readTx(ctx, func(tx *sql.Tx) error {
			var err error
			if l, err = db.load(ctx, tx, slug, true); err != nil {
				return err
			}
			p, err = prepare(tx, l)
			return err
		})
		if err != nil {
			return nil, err
		}
		var ev *outflank.Event
		err = db.writeInTurn(ctx, func(tx *sql.Tx) error {
			var err error
			ev, err = db.commitIn(ctx, tx, l, p)
			return err
		})
		if !errors.Is(err, errStale) {
			if err == nil {
				db.memo.Committed(l.t.Slug, l.state(), ev.ID, ev.Changes)
			}
			return ev, err
		}
		reprepared.Add(1)
	}
	var ev *outflank.Event
	var l *loaded
	err := db.writeInTurn(ctx, func(tx *sql.Tx) error {
		var err error
		l, err = db.load(ctx, tx, slug, true)
		if err != nil {
			return err
		}
		p, err := prepare(tx, l)
		if err != nil {
			return err
		}
		ev, err = db.commitIn(ctx, tx, l, p)
		return err
	})
	if err == nil {
		db.memo.Committed(l.t.Slug, l.state(), ev.ID, ev.Changes)
	}
	return ev, err
}

// commitIn writes, in the write transaction tx, the difference between l
// and p.after, after checking that the tournament is still as l read it
// (errStale if not), bumps the tournament's version and records the event.
func (db *DB) commitIn(ctx context.Context, tx *sql.Tx, l *loaded, p *prepared) (*outflank.Event, error) {
	changes, err := outflank.Diff(l.t, p.after)
	if err != nil {
		return nil, err
	}
	if len(changes) == 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "nothing to change: %s already is that way", l.t.Slug)
	}
	key := versionKey(outflank.EntityTournament, l.t.Slug)
	// writing = 1 marks the rows written next as Outflank's (migration
	// 15); insertEvent clears it before the commit.
	res, err := tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1, writing = 1 WHERE id = ? AND version = ?`, l.id, l.versions[key])
	if err != nil {
		return nil, translate(fmt.Errorf("updating tournament %s: %w", l.t.Slug, err), db.path)
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, translate(err, db.path)
	} else if n != 1 {
		return nil, errStale
	}
	l.bumped = true // the row writes that follow see the new version
	if err := db.writeRows(ctx, tx, l, changes); err != nil {
		return nil, err
	}
	ev := &outflank.Event{Tournament: l.t.Slug, At: db.now(), Kind: p.kind, Summary: p.summary, Changes: changes, Undoes: p.undoes}
	if err := db.insertEvent(ctx, tx, l.id, ev); err != nil {
		return nil, err
	}
	if p.undoes != 0 {
		if _, err := tx.ExecContext(ctx, `UPDATE events SET undone_by = ? WHERE tournament_id = ? AND id = ?`, ev.ID, l.id, p.undoes); err != nil {
			return nil, translate(fmt.Errorf("marking event %d undone: %w", p.undoes, err), db.path)
		}
	}
	return ev, nil
}

// prepareUndo works out the undo of last (nil: nothing to undo) from the
// tournament as loaded (outflank.UndoLatest).
func prepareUndo(l *loaded, last *outflank.Event, expect int64) (*prepared, error) {
	u, err := outflank.UndoLatest(l.t, last, expect)
	if err != nil {
		return nil, err
	}
	return &prepared{after: u.After, kind: outflank.KindUndo, summary: u.Summary, undoes: last.ID}, nil
}

// insertEvent appends ev to its tournament's log, chained to the entry
// before it, and sets its ID, Actor and hashes.
func (db *DB) insertEvent(ctx context.Context, tx *sql.Tx, tid int64, ev *outflank.Event) error {
	ev.Actor = outflank.ActorFrom(ctx)
	if err := tx.QueryRowContext(ctx, `SELECT log_head FROM tournaments WHERE id = ?`, tid).Scan(&ev.PrevHash); err != nil {
		return translate(fmt.Errorf("reading the log's head: %w", err), db.path)
	}
	changes, err := json.Marshal(ev.Changes)
	if err != nil {
		return err
	}
	var undoes any
	if ev.Undoes != 0 {
		undoes = ev.Undoes
	}
	// The hash covers the event's id, so the id is worked out first, as
	// AUTOINCREMENT would give it (the writer holds the database): one
	// insert, where inserting then sealing wrote an import's record of
	// megabytes twice and left as much free space in the file. It follows
	// every id of the database, those of logs copied from elsewhere
	// included, so that a log's ids grow with its chain (migration 19).
	if err := tx.QueryRowContext(ctx, `SELECT max(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0), COALESCE((SELECT max(id) FROM events), 0)) + 1`).Scan(&ev.ID); err != nil {
		return translate(fmt.Errorf("numbering the event: %w", err), db.path)
	}
	if ev.Hash, err = outflank.ChainHash(ev.PrevHash, ev); err != nil {
		return err
	}
	// The changes go as bytes, cast to text by SQLite: an import's record
	// is tens of megabytes, not worth a copy as a Go string.
	if _, err := tx.ExecContext(ctx, `INSERT INTO events (seq, id, tournament_id, at, actor, kind, summary, changes, undoes, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, CAST(? AS TEXT), ?, ?, ?)`,
		ev.ID, ev.ID, tid, ev.At.Format(timeFormat), ev.Actor, ev.Kind, ev.Summary, changes, undoes, ev.PrevHash, ev.Hash); err != nil {
		return translate(fmt.Errorf("recording the event: %w", err), db.path)
	}
	// writing = 0: the rows written since writing was set were Outflank's;
	// any written later, by whatever else, are outside edits (migration 15).
	if _, err := tx.ExecContext(ctx, `UPDATE tournaments SET log_head = ?, writing = 0 WHERE id = ?`, ev.Hash, tid); err != nil {
		return translate(fmt.Errorf("recording the log's head: %w", err), db.path)
	}
	return nil
}
