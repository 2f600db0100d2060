package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"outflank"
)

// Create stores a new tournament and everything it holds, with one event.
func (db *DB) Create(ctx context.Context, t *outflank.Tournament, kind, summary string) (*outflank.Event, error) {
	changes, err := outflank.Created(t)
	if err != nil {
		return nil, err
	}
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return nil, err
	}
	now := db.Now().UTC()
	res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version) VALUES (?, ?, ?, ?, ?, ?, 1)`,
		t.Slug, t.Name, t.Date, string(t.Rules), string(settings), now.Format(timeFormat))
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return nil, outflank.Errorf(outflank.ECONFLICT, "a tournament %q already exists in %s: choose another slug", t.Slug, db.path)
		}
		return nil, translate(fmt.Errorf("creating tournament %s: %w", t.Slug, err), db.path)
	}
	l := &loaded{t: t, versions: map[string]int{}}
	if l.id, err = res.LastInsertId(); err != nil {
		return nil, translate(err, db.path)
	}
	rows := changes[1:] // changes[0] is the tournament row, inserted above
	if err := db.write(ctx, tx, l, rows); err != nil {
		return nil, err
	}
	ev := &outflank.Event{Tournament: t.Slug, At: now, Kind: kind, Summary: summary, Changes: changes}
	if err := db.insertEvent(ctx, tx, l.id, ev); err != nil {
		return nil, err
	}
	if err := db.commit(tx); err != nil {
		return nil, err
	}
	return ev, nil
}

// Tournament reads the tournament with slug, consistently (one snapshot).
func (db *DB) Tournament(ctx context.Context, slug string) (*outflank.Tournament, error) {
	tx, err := db.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, translate(fmt.Errorf("beginning a read: %w", err), db.path)
	}
	defer tx.Rollback()
	l, err := db.load(ctx, tx, slug)
	if err != nil {
		return nil, err
	}
	return l.t, nil
}

// Tournaments lists the tournaments, most recent first.
func (db *DB) Tournaments(ctx context.Context) ([]outflank.TournamentSummary, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT slug, name, date, rules,
		(SELECT count(*) FROM players p WHERE p.tournament_id = t.id),
		(SELECT count(*) FROM rounds r WHERE r.tournament_id = t.id)
		FROM tournaments t ORDER BY date DESC, slug`)
	if err != nil {
		return nil, translate(fmt.Errorf("listing tournaments: %w", err), db.path)
	}
	defer rows.Close()
	var list []outflank.TournamentSummary
	for rows.Next() {
		var s outflank.TournamentSummary
		if err := rows.Scan(&s.Slug, &s.Name, &s.Date, &s.Rules, &s.Players, &s.Rounds); err != nil {
			return nil, translate(fmt.Errorf("listing tournaments: %w", err), db.path)
		}
		list = append(list, s)
	}
	return list, translate(rows.Err(), db.path)
}

// Update applies change to the tournament and stores the difference, with
// its audit event, in one transaction.
func (db *DB) Update(ctx context.Context, slug, kind string, change func(t *outflank.Tournament) (string, error)) (*outflank.Event, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	l, err := db.load(ctx, tx, slug)
	if err != nil {
		return nil, err
	}
	after := l.t.Clone()
	summary, err := change(after)
	if err != nil {
		return nil, err
	}
	ev, err := db.store(ctx, tx, l, after, kind, summary, 0)
	if err != nil {
		return nil, err
	}
	return ev, db.commit(tx)
}

// store writes the difference between l and after, bumps the tournament's
// version (so that two changes to one tournament never interleave, whatever
// the database) and records the event.
func (db *DB) store(ctx context.Context, tx *sql.Tx, l *loaded, after *outflank.Tournament, kind, summary string, undoes int64) (*outflank.Event, error) {
	changes, err := outflank.Diff(l.t, after)
	if err != nil {
		return nil, err
	}
	if len(changes) == 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "nothing to change: %s already is that way", l.t.Slug)
	}
	key := versionKey(outflank.EntityTournament, l.t.Slug)
	res, err := tx.ExecContext(ctx, `UPDATE tournaments SET version = version + 1 WHERE id = ? AND version = ?`, l.id, l.versions[key])
	if err := db.checkWritten(res, err, "updating", outflank.Change{Entity: outflank.EntityTournament, Key: l.t.Slug}); err != nil {
		return nil, err
	}
	l.versions[key]++
	if err := db.write(ctx, tx, l, changes); err != nil {
		return nil, err
	}
	ev := &outflank.Event{Tournament: l.t.Slug, At: db.Now().UTC(), Kind: kind, Summary: summary, Changes: changes, Undoes: undoes}
	if err := db.insertEvent(ctx, tx, l.id, ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// Undo reverts the latest event that is neither an undo nor undone.
func (db *DB) Undo(ctx context.Context, slug string) (*outflank.Event, error) {
	tx, err := db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	l, err := db.load(ctx, tx, slug)
	if err != nil {
		return nil, err
	}
	var last outflank.Event
	var changes string
	err = tx.QueryRowContext(ctx, `SELECT id, kind, summary, changes FROM events
		WHERE tournament_id = ? AND undone_by IS NULL AND kind <> ? ORDER BY id DESC LIMIT 1`, l.id, outflank.KindUndo).
		Scan(&last.ID, &last.Kind, &last.Summary, &changes)
	if errors.Is(err, sql.ErrNoRows) || last.Kind == outflank.KindCreate || last.Kind == outflank.KindImport {
		return nil, outflank.Errorf(outflank.EINVALID, "nothing to undo in %s: every change since it was created has been undone", slug)
	}
	if err != nil {
		return nil, translate(fmt.Errorf("reading the log: %w", err), db.path)
	}
	if err := json.Unmarshal([]byte(changes), &last.Changes); err != nil {
		return nil, fmt.Errorf("sqlite: event %d: %w", last.ID, err)
	}
	after, err := l.t.Apply(outflank.Invert(last.Changes))
	if err != nil {
		return nil, err
	}
	ev, err := db.store(ctx, tx, l, after, outflank.KindUndo, fmt.Sprintf("undid #%d (%s: %s)", last.ID, last.Kind, last.Summary), last.ID)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE events SET undone_by = ? WHERE id = ?`, ev.ID, last.ID); err != nil {
		return nil, translate(fmt.Errorf("marking event %d undone: %w", last.ID, err), db.path)
	}
	return ev, db.commit(tx)
}

// insertEvent appends ev to the log and sets its ID.
func (db *DB) insertEvent(ctx context.Context, tx *sql.Tx, tid int64, ev *outflank.Event) error {
	changes, err := json.Marshal(ev.Changes)
	if err != nil {
		return err
	}
	var undoes any
	if ev.Undoes != 0 {
		undoes = ev.Undoes
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO events (tournament_id, at, kind, summary, changes, undoes) VALUES (?, ?, ?, ?, ?, ?)`,
		tid, ev.At.Format(timeFormat), ev.Kind, ev.Summary, string(changes), undoes)
	if err != nil {
		return translate(fmt.Errorf("recording the event: %w", err), db.path)
	}
	ev.ID, err = res.LastInsertId()
	return translate(err, db.path)
}
