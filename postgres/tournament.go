package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
	"outflank/rules"
)

var _ outflank.Store = (*DB)(nil)

// stale is the error of a write that finds the tournament's version other
// than the one read under its lock: a writer that did not take the lock.
func stale(slug string) error {
	return outflank.Errorf(outflank.ECONFLICT, "tournament %s was changed by another command meanwhile: nothing was saved; look again and retry", slug)
}

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
	err = db.writeTx(ctx, func(tx pgx.Tx) error {
		now := db.now()
		l := &loaded{t: t, versions: map[string]int{}}
		err := tx.QueryRow(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version) VALUES ($1, $2, $3, $4, $5, $6, 1) RETURNING id`,
			t.Slug, t.Name, t.Date, string(t.Rules), settings, now).Scan(&l.id)
		if err != nil {
			if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == stateUniqueViolation {
				return outflank.Errorf(outflank.ECONFLICT, "a tournament %q already exists in %s: choose another slug", t.Slug, db.where)
			}
			return fmt.Errorf("creating tournament %s: %w", t.Slug, err)
		}
		rows := changes[1:] // changes[0] is the tournament row, inserted above
		if err := db.writeRows(ctx, tx, l, rows); err != nil {
			return err
		}
		ev = &outflank.Event{Tournament: t.Slug, At: now, Kind: kind, Summary: summary, Changes: changes}
		if err := db.insertEvent(ctx, tx, l.id, "", ev); err != nil {
			return err
		}
		return notify(ctx, tx, t.Slug, 1)
	})
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// Tournament reads the tournament with slug, consistently (one snapshot).
func (db *DB) Tournament(ctx context.Context, slug string) (*outflank.Tournament, error) {
	l, err := db.snapshot(ctx, slug)
	if err != nil {
		return nil, err
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
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		l, err = db.load(ctx, tx, slug, false)
		return err
	})
	return l, err
}

// Tournaments lists the tournaments, most recent first. Dates and slugs
// compare byte by byte, as in SQLite, whatever the database's collation.
func (db *DB) Tournaments(ctx context.Context) ([]outflank.TournamentSummary, error) {
	var list []outflank.TournamentSummary
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT slug, name, date, rules,
			(SELECT count(*) FROM players p WHERE p.tournament_id = t.id),
			(SELECT count(*) FROM rounds r WHERE r.tournament_id = t.id)
			FROM tournaments t ORDER BY date COLLATE "C" DESC, slug COLLATE "C"`)
		if err != nil {
			return fmt.Errorf("listing tournaments: %w", err)
		}
		defer rows.Close()
		list = nil // a retried transaction starts again
		for rows.Next() {
			var s outflank.TournamentSummary
			var ruleset string
			var players, rounds int64
			if err := rows.Scan(&s.Slug, &s.Name, &s.Date, &ruleset, &players, &rounds); err != nil {
				return fmt.Errorf("listing tournaments: %w", err)
			}
			s.Rules = rules.ID(ruleset)
			s.Players, s.Rounds = int(players), int(rounds)
			list = append(list, s)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("listing tournaments: %w", err)
		}
		return nil
	})
	return list, err
}

// Update runs change on the tournament as it is, under its lock, and
// writes the difference with its audit event, in one write transaction
// (db.change). Writers of one tournament take turns: change runs once, on
// the state the writer before left, and holds up the tournament's other
// writers while it runs (pairing 5,000 players takes a second or two). change must decide only from the tournament it is given
// and have no other effect, since a transaction that fails with a
// deadlock runs again; a change that was meant for the state the caller
// saw says so with its own conditions (ResultOptions.Expect,
// PairOptions.Round).
func (db *DB) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	return db.change(ctx, slug, func(_ pgx.Tx, l *loaded) (*prepared, error) {
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
	return db.change(ctx, slug, func(tx pgx.Tx, l *loaded) (*prepared, error) {
		var last outflank.Event
		var changes []byte
		err := tx.QueryRow(ctx, `SELECT id, actor, kind, summary, changes FROM events
			WHERE tournament_id = $1 AND undone_by IS NULL AND kind <> $2 ORDER BY id DESC LIMIT 1`, l.id, outflank.KindUndo).
			Scan(&last.ID, &last.Actor, &last.Kind, &last.Summary, &changes)
		if errors.Is(err, pgx.ErrNoRows) {
			return prepareUndo(l, nil, expect)
		}
		if err != nil {
			return nil, fmt.Errorf("reading the log: %w", err)
		}
		if err := json.Unmarshal(changes, &last.Changes); err != nil {
			return nil, fmt.Errorf("postgres: event %d: %w", last.ID, err)
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

// change saves the change prepare works out from the tournament with
// slug. It is pessimistic: one write transaction (READ COMMITTED) locks
// the tournament's row and reads the tournament in the same round trip
// (load with lock), runs prepare on it, writes the difference and commits.
// Every statement after the lock sees every change committed before it was
// granted, and every writer of the tournament takes that lock first, so
// prepare sees the tournament as it is and runs once: writers of one
// tournament wait for each other instead of redoing their work, and
// writers of different tournaments never wait for each other. Within this
// process, the writers of one tournament also take turns before they take
// a connection from the pool (db.turns), so that waiting writers do not
// hold connections that readers and other tournaments' writers need.
func (db *DB) change(ctx context.Context, slug string, prepare func(tx pgx.Tx, l *loaded) (*prepared, error)) (*outflank.Event, error) {
	prepare, done := db.countPreparations(prepare)
	defer done()
	release, err := db.turns.wait(ctx, slug)
	if err != nil {
		return nil, db.translate(err)
	}
	defer release()
	var ev *outflank.Event
	var l *loaded
	err = db.writeTx(ctx, func(tx pgx.Tx) error {
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

// countPreparations returns prepare counting its calls, and a function to
// call when the change is over, which adds the calls after the first (a
// transaction run again) to db.repreparations.
func (db *DB) countPreparations(prepare func(tx pgx.Tx, l *loaded) (*prepared, error)) (func(tx pgx.Tx, l *loaded) (*prepared, error), func()) {
	calls := 0
	return func(tx pgx.Tx, l *loaded) (*prepared, error) {
			calls++
			return prepare(tx, l)
		}, func() {
			if calls > 1 {
				db.repreparations.Add(int64(calls - 1))
			}
		}
}

// commitIn writes, in the write transaction tx that holds the tournament's
// row lock (load with lock), the difference between l and p.after, bumps
// the tournament's version, records the event and queues the notification
// of the new version. The writes go in two round trips: the version, the
// rows and the event; then the event's hash, which needs its id, the undo
// mark and the notification. The version and row writes stay conditional
// on the versions l read, which the lock keeps: one that matches nothing
// means a writer that did not take the lock, and fails the change
// (ECONFLICT) rather than write over it.
func (db *DB) commitIn(ctx context.Context, tx pgx.Tx, l *loaded, p *prepared) (*outflank.Event, error) {
	changes, err := outflank.Diff(l.t, p.after)
	if err != nil {
		return nil, err
	}
	if len(changes) == 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "nothing to change: %s already is that way", l.t.Slug)
	}
	ev := &outflank.Event{Tournament: l.t.Slug, At: db.now(), Kind: p.kind, Summary: p.summary, Changes: changes, Undoes: p.undoes,
		Actor: outflank.ActorFrom(ctx), PrevHash: l.head}
	eventChanges, err := json.Marshal(ev.Changes)
	if err != nil {
		return nil, err
	}
	var undoes *int64
	if ev.Undoes != 0 {
		undoes = &ev.Undoes
	}

	key := versionKey(outflank.EntityTournament, l.t.Slug)
	batch := &pgx.Batch{}
	batch.Queue(`UPDATE tournaments SET version = version + 1 WHERE id = $1 AND version = $2`, l.id, l.versions[key])
	l.bumped = true // the row writes that follow see the new version
	version := int64(l.version(key))
	writes, err := queueRows(batch, l, changes)
	if err != nil {
		return nil, err
	}
	batch.Queue(`INSERT INTO events (tournament_id, at, actor, kind, summary, changes, undoes, prev_hash, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '') RETURNING id`,
		l.id, ev.At, ev.Actor, ev.Kind, ev.Summary, eventChanges, undoes, ev.PrevHash)
	err = func() error {
		results := tx.SendBatch(ctx, batch)
		defer results.Close()
		tag, err := results.Exec()
		if err != nil {
			return fmt.Errorf("updating tournament %s: %w", l.t.Slug, err)
		}
		if tag.RowsAffected() != 1 {
			return stale(l.t.Slug)
		}
		if err := checkRows(results, writes); err != nil {
			return err
		}
		if err := results.QueryRow().Scan(&ev.ID); err != nil {
			return fmt.Errorf("recording the event: %w", err)
		}
		return results.Close()
	}()
	if err != nil {
		return nil, err
	}
	if ev.Hash, err = outflank.ChainHash(ev.PrevHash, ev); err != nil {
		return nil, err
	}

	batch = &pgx.Batch{}
	batch.Queue(`WITH sealed AS (UPDATE events SET hash = $1 WHERE tournament_id = $3 AND id = $2)
		UPDATE tournaments SET log_head = $1 WHERE id = $3`, ev.Hash, ev.ID, l.id)
	if p.undoes != 0 {
		batch.Queue(`UPDATE events SET undone_by = $1 WHERE tournament_id = $3 AND id = $2`, ev.ID, p.undoes, l.id)
	}
	queueNotify(batch, l.t.Slug, version)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return nil, fmt.Errorf("sealing the event: %w", err)
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

// insertEvent appends ev to its tournament's log, after the entry whose
// hash is head, and sets its ID, Actor and hashes. The caller holds the
// tournament's row lock (it updated or inserted it), so head is the latest.
func (db *DB) insertEvent(ctx context.Context, tx pgx.Tx, tid int64, head string, ev *outflank.Event) error {
	ev.Actor = outflank.ActorFrom(ctx)
	ev.PrevHash = head
	changes, err := json.Marshal(ev.Changes)
	if err != nil {
		return err
	}
	var undoes *int64
	if ev.Undoes != 0 {
		undoes = &ev.Undoes
	}
	err = tx.QueryRow(ctx, `INSERT INTO events (tournament_id, at, actor, kind, summary, changes, undoes, prev_hash, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '') RETURNING id`,
		tid, ev.At, ev.Actor, ev.Kind, ev.Summary, changes, undoes, ev.PrevHash).Scan(&ev.ID)
	if err != nil {
		return fmt.Errorf("recording the event: %w", err)
	}
	if ev.Hash, err = outflank.ChainHash(ev.PrevHash, ev); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `WITH sealed AS (UPDATE events SET hash = $1 WHERE tournament_id = $3 AND id = $2)
		UPDATE tournaments SET log_head = $1 WHERE id = $3`, ev.Hash, ev.ID, tid); err != nil {
		return fmt.Errorf("sealing the event: %w", err)
	}
	return nil
}
