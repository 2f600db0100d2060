package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"

	"outflank"
	"outflank/internal/memo"
)

// loaded is a tournament as read inside a transaction, with what writing
// its changes back needs: its row id and the version of every row. It may
// be the state kept in memory (internal/memo): t and versions are never
// changed; a change works on a copy.
type loaded struct {
	id int64
	// event is the id of the latest event of the tournament's log.
	event    int64
	t        *outflank.Tournament
	versions map[string]int // "entity key" -> version
	// bumped is set once the write transaction has bumped the
	// tournament's version (commitIn), which its row's update must name.
	bumped bool
	// unshared is set when t was read in full and not kept in memory: no
	// one else holds it.
	unshared bool
}

// version is the version of the row at key in the transaction.
func (l *loaded) version(key string) int {
	v := l.versions[key]
	if l.bumped && key == versionKey(outflank.EntityTournament, l.t.Slug) {
		v++
	}
	return v
}

func versionKey(entity, key string) string { return memo.Key(entity, key) }

// state is l as the memo keeps it.
func (l *loaded) state() *memo.State {
	return &memo.State{ID: l.id, Event: l.event, T: l.t, Versions: l.versions}
}

// queryer is what load needs of a *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// load reads the tournament with slug as it is in the transaction q: the
// state kept in memory when the database still has its version, or
// caught up from the events saved since (memo.State.CatchUp), else every
// row. A state read in full is kept for the next time, unless the
// database was opened to read once (Options.ReadOnce); then, unless the
// state is read for a change, the versions of its rows are not read
// either (versions is nil): only a change, or the memo, needs them.
func (db *DB) load(ctx context.Context, q queryer, slug string, forChange bool) (*loaded, error) {
	h, err := db.loadHeader(ctx, q, slug)
	if err != nil {
		return nil, err
	}
	if kept := db.memo.Get(slug); kept != nil && kept.ID == h.id {
		s, err := db.catchUp(ctx, q, kept, h)
		if err != nil {
			return nil, err
		}
		if s != nil {
			err := db.memo.Served(slug, kept, s, func() (*memo.State, error) {
				full, err := db.loadByColumn(ctx, q, slug, h)
				if err != nil {
					return nil, err
				}
				return full.state(), nil
			})
			if err != nil {
				return nil, err
			}
			return &loaded{id: s.ID, event: s.Event, t: s.T, versions: s.Versions}, nil
		}
	}
	l, err := db.loadRows(ctx, q, slug, h, forChange || !db.readOnce)
	if err != nil {
		return nil, err
	}
	if db.readOnce {
		l.unshared = true
	} else {
		db.memo.Loaded(slug, l.state())
	}
	return l, nil
}

// MemoStats tells how the tournaments read were served: from memory, caught
// up from the log, or read in full (internal/memo).
func (db *DB) MemoStats() memo.Stats { return db.memo.Stats() }

// header is a tournament's own row, and the id of its log's latest event.
type header struct {
	id, version, event int64
	slug, name, date   string
	rules, settings    string
}

func (db *DB) loadHeader(ctx context.Context, q queryer, slug string) (*header, error) {
	h := &header{}
	err := q.QueryRowContext(ctx, `SELECT id, slug, name, date, rules, settings, version,
		(SELECT coalesce(max(e.id), 0) FROM events e WHERE e.tournament_id = t.id) FROM tournaments t WHERE slug = ?`, slug).
		Scan(&h.id, &h.slug, &h.name, &h.date, &h.rules, &h.settings, &h.version, &h.event)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.path)
	}
	if err != nil {
		return nil, translate(fmt.Errorf("reading tournament %s: %w", slug, err), db.path)
	}
	return h, nil
}

// catchUp returns kept brought to the version of h from the events saved
// since, or nil when that cannot be done (too many, or they do not lead
// there): the tournament must then be read in full.
func (db *DB) catchUp(ctx context.Context, q queryer, kept *memo.State, h *header) (*memo.State, error) {
	if kept.Version() == h.version && kept.Event == h.event {
		return kept, nil
	}
	if kept.Version() > h.version || h.event-kept.Event > memo.MaxCatchUp {
		return nil, nil // an older file, or much has changed
	}
	rows, err := q.QueryContext(ctx, `SELECT id, changes FROM events WHERE tournament_id = ? AND id > ? ORDER BY id LIMIT ?`, h.id, kept.Event, memo.MaxCatchUp+1)
	if err != nil {
		return nil, translate(fmt.Errorf("reading the log of %s: %w", h.slug, err), db.path)
	}
	defer rows.Close()
	var events []memo.Logged
	for rows.Next() {
		var ev memo.Logged
		var changes []byte
		if err := rows.Scan(&ev.ID, &changes); err != nil {
			return nil, translate(fmt.Errorf("reading the log of %s: %w", h.slug, err), db.path)
		}
		if err := json.Unmarshal(changes, &ev.Changes); err != nil {
			return nil, nil // read in full, where a broken log does not matter
		}
		events = append(events, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, translate(fmt.Errorf("reading the log of %s: %w", h.slug, err), db.path)
	}
	if len(events) > memo.MaxCatchUp {
		return nil, nil
	}
	s, err := kept.CatchUp(events, h.version, h.event)
	if err != nil {
		return nil, nil
	}
	return s, nil
}

// loadFresh reads the tournament with slug and all its rows, whatever is
// kept in memory, column by column: what an audit or a copy must see.
func (db *DB) loadFresh(ctx context.Context, q queryer, slug string) (*loaded, error) {
	h, err := db.loadHeader(ctx, q, slug)
	if err != nil {
		return nil, err
	}
	return db.loadByColumn(ctx, q, slug, h)
}

// loadRows reads the rows of the tournament whose own row is h, packed
// (load_packed.go), unless the database keeps its texts in UTF-16; the
// versions of its rows only when versions is set (else l.versions is
// nil). When the memo verifies what it serves (the tests), it also reads
// them column by column, and a difference is an internal error: every test
// that loads a tournament checks the packed reading.
func (db *DB) loadRows(ctx context.Context, q queryer, slug string, h *header, versions bool) (*loaded, error) {
	if db.utf16 {
		return db.loadByColumn(ctx, q, slug, h)
	}
	l, err := db.loadPacked(ctx, q, slug, h, versions)
	if err != nil || !db.memo.Verifying() {
		return l, err
	}
	byColumn, err := db.loadByColumn(ctx, q, slug, h)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s was read packed, but not column by column: %w", slug, err)
	}
	if !versions {
		byColumn.versions = nil
	}
	return l, samePacked(l, byColumn)
}

// samePacked returns nil when packed, a tournament read packed, is
// byColumn, the same read column by column, or an internal error that
// names the first difference.
func samePacked(packed, byColumn *loaded) error {
	if packed.id == byColumn.id && packed.event == byColumn.event && reflect.DeepEqual(packed.t, byColumn.t) &&
		(packed.versions == nil) == (byColumn.versions == nil) && maps.Equal(packed.versions, byColumn.versions) {
		return nil
	}
	what := "the row ids, latest events or versions"
	if changes, err := outflank.Diff(byColumn.t, packed.t); err == nil && len(changes) > 0 {
		what = fmt.Sprintf("%d rows, the first %s %s", len(changes), changes[0].Entity, changes[0].Key)
	} else if !reflect.DeepEqual(packed.t, byColumn.t) {
		what = "the games' versions or the empty lists"
	}
	return outflank.Errorf(outflank.EINTERNAL, "the tournament %s read packed differs from its rows read column by column in %s", byColumn.t.Slug, what)
}
