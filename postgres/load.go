package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/memo"
	"outflank/rules"
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
	// head is the hash of the latest event of the log (tournaments.log_head).
	head string
	// bumped is set once the write transaction has bumped the
	// tournament's version (commitIn), which its row's update must name.
	bumped bool
}

func versionKey(entity, key string) string { return memo.Key(entity, key) }

// version is the version of the row at key in the transaction.
func (l *loaded) version(key string) int {
	v := l.versions[key]
	if l.bumped && key == versionKey(outflank.EntityTournament, l.t.Slug) {
		v++
	}
	return v
}

// state is l as the memo keeps it.
func (l *loaded) state() *memo.State {
	return &memo.State{ID: l.id, Event: l.event, T: l.t, Versions: l.versions}
}

// notFound is the error for a slug that names no tournament.
func (db *DB) notFound(slug string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.where)
}

// ofSlug finds a tournament's row id by its slug, in the queries that
// follow the header's in a batch.
const ofSlug = `(SELECT id FROM tournaments WHERE slug = $1)`

// load reads the tournament with slug as it is in tx: the state kept in
// memory when the database still has its version, or caught up from the
// events saved since (memo.State.CatchUp: other instances' changes), else
// every row. A state read in full is kept for the next time.
//
// The queries go to the server together, in one round trip: the
// tournament's row and either the events since the state kept or, with
// nothing kept, every row. The later ones find the tournament by its
// slug. With lock, in a write transaction (READ COMMITTED), the first
// query locks the tournament's row, waiting for the writer that holds it
// to end; each later query then sees every change committed before the
// lock was granted, and none can be committed until this transaction ends:
// the tournament as it is. A catch-up that cannot be done (too many
// events) reads every row in a second round trip, under the same lock.
func (db *DB) load(ctx context.Context, tx pgx.Tx, slug string, lock bool) (*loaded, error) {
	head := headerQuery
	if lock {
		// FOR NO KEY UPDATE is the lock the UPDATE of the version takes,
		// and leaves the inserts of rows that refer to the tournament
		// (which take FOR KEY SHARE) alone.
		head += ` FOR NO KEY UPDATE`
	}
	kept := db.memo.Get(slug)
	batch := &pgx.Batch{}
	batch.Queue(head, slug)
	if kept != nil {
		batch.Queue(`SELECT id, changes FROM events WHERE tournament_id = `+ofSlug+` AND id > $2 ORDER BY id LIMIT $3`, slug, kept.Event, memo.MaxCatchUp+1)
	} else {
		queueTournamentRows(batch, slug)
	}
	results := tx.SendBatch(ctx, batch)
	defer results.Close()

	h, err := db.readHeader(results, slug)
	if err != nil {
		return nil, err
	}
	if kept == nil {
		l, err := readRows(results, h)
		if err != nil {
			return nil, err
		}
		if err := results.Close(); err != nil {
			return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
		}
		db.memo.Loaded(slug, l.state())
		return l, nil
	}
	events, err := readEvents(results)
	if err != nil {
		return nil, err
	}
	if err := results.Close(); err != nil {
		return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	// The events are those of the tournament as it is: a later statement
	// than the lock's (whose snapshot may be older than the row it locked).
	latest := kept.Event
	if len(events) > 0 {
		latest = events[len(events)-1].ID
	}
	if kept.ID == h.id && len(events) <= memo.MaxCatchUp {
		if s, _ := kept.CatchUp(events, h.version, latest); s != nil {
			err := db.memo.Served(slug, kept, s, func() (*memo.State, error) {
				full, err := db.loadRows(ctx, tx, slug, h)
				if err != nil {
					return nil, err
				}
				return full.state(), nil
			})
			if err != nil {
				return nil, err
			}
			return &loaded{id: s.ID, event: s.Event, t: s.T, versions: s.Versions, head: h.logHead}, nil
		}
	}
	l, err := db.loadRows(ctx, tx, slug, h)
	if err != nil {
		return nil, err
	}
	db.memo.Loaded(slug, l.state())
	return l, nil
}

// loadFresh reads the tournament with slug and all its rows, whatever is
// kept in memory: what an audit or a copy must see.
func (db *DB) loadFresh(ctx context.Context, tx pgx.Tx, slug string) (*loaded, error) {
	return db.readBatch(ctx, tx, slug, nil)
}

// loadRows reads the rows of the tournament whose own row is h, in a
// round trip of their own.
func (db *DB) loadRows(ctx context.Context, tx pgx.Tx, slug string, h *header) (*loaded, error) {
	return db.readBatch(ctx, tx, slug, h)
}

// readBatch reads the rows of the tournament with slug in one round trip,
// and its own row first when h is nil.
func (db *DB) readBatch(ctx context.Context, tx pgx.Tx, slug string, h *header) (*loaded, error) {
	batch := &pgx.Batch{}
	if h == nil {
		batch.Queue(headerQuery, slug)
	}
	queueTournamentRows(batch, slug)
	results := tx.SendBatch(ctx, batch)
	defer results.Close()
	if h == nil {
		var err error
		if h, err = db.readHeader(results, slug); err != nil {
			return nil, err
		}
	}
	l, err := readRows(results, h)
	if err != nil {
		return nil, err
	}
	if err := results.Close(); err != nil {
		return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	return l, nil
}

// headerQuery reads a tournament's own row.
const headerQuery = `SELECT id, slug, name, date, rules, settings, version, log_head FROM tournaments WHERE slug = $1`

// header is a tournament's own row.
type header struct {
	id, version      int64
	slug, name, date string
	rules, logHead   string
	settings         []byte
}

func (db *DB) readHeader(results pgx.BatchResults, slug string) (*header, error) {
	h := &header{}
	err := results.QueryRow().Scan(&h.id, &h.slug, &h.name, &h.date, &h.rules, &h.settings, &h.version, &h.logHead)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, db.notFound(slug)
	}
	if err != nil {
		return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	return h, nil
}

// readEvents reads the events of a catch-up. One whose changes do not
// decode ends the list: the catch-up then fails, and every row is read.
func readEvents(results pgx.BatchResults) ([]memo.Logged, error) {
	rows, err := results.Query()
	if err != nil {
		return nil, fmt.Errorf("reading the log: %w", err)
	}
	defer rows.Close()
	var events []memo.Logged
	for rows.Next() {
		var ev memo.Logged
		var changes []byte
		if err := rows.Scan(&ev.ID, &changes); err != nil {
			return nil, fmt.Errorf("reading the log: %w", err)
		}
		if json.Unmarshal(changes, &ev.Changes) != nil {
			break
		}
		events = append(events, ev)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading the log: %w", err)
	}
	return events, nil
}

// queueTournamentRows queues the queries of every row of the tournament
// with slug, and of its log's latest event. Under the lock of load, they
// are later statements than the lock's, so they all see the tournament as
// it is (the lock's own snapshot, taken before it waited, may not).
func queueTournamentRows(batch *pgx.Batch, slug string) {
	batch.Queue(`SELECT coalesce(max(id), 0) FROM events WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT id, name, country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, absent_rounds,
		citizenship, resident_since, exemption, version FROM players WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT number, stage, method, seed, version FROM rounds WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT round, table_no, black, white, outcome, black_discs, white_discs, board_black, board_white,
		moves, defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version
		FROM games WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT round, player, version FROM byes WHERE tournament_id = `+ofSlug, slug)
}

// readRows reads the results of queueTournamentRows.
func readRows(results pgx.BatchResults, h *header) (*loaded, error) {
	l := &loaded{id: h.id, head: h.logHead, t: &outflank.Tournament{}, versions: map[string]int{}}
	if err := results.QueryRow().Scan(&l.event); err != nil {
		return nil, fmt.Errorf("reading the log of %s: %w", h.slug, err)
	}
	t := l.t
	t.Slug, t.Name, t.Date, t.Rules = h.slug, h.name, h.date, rules.ID(h.rules)
	if err := json.Unmarshal(h.settings, &t.Settings); err != nil {
		return nil, fmt.Errorf("postgres: settings of %s: %w", h.slug, err)
	}
	l.versions[versionKey(outflank.EntityTournament, h.slug)] = int(h.version)
	t.Version = h.version
	if err := loadPlayers(results, l); err != nil {
		return nil, err
	}
	rounds, err := loadRounds(results, l)
	if err != nil {
		return nil, err
	}
	if err := loadGames(results, l, rounds); err != nil {
		return nil, err
	}
	if err := loadByes(results, l, rounds); err != nil {
		return nil, err
	}
	outflank.Assemble(t, rounds)
	return l, nil
}

// MemoStats tells how the tournaments read were served: from memory, caught
// up from the log, or read in full (internal/memo).
func (db *DB) MemoStats() memo.Stats { return db.memo.Stats() }

func loadPlayers(results pgx.BatchResults, l *loaded) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p outflank.Player
		var withdrawn *int
		var version int
		var absent []int
		if err := rows.Scan(&p.ID, &p.Name, &p.Country, &p.WOFID, &p.NewToWOF, &p.Rating, &p.Gender, &p.Born, &p.Seeded,
			&p.Additional, &p.Team, &withdrawn, &absent, &p.Citizenship, &p.ResidentSince, &p.Exemption, &version); err != nil {
			return fmt.Errorf("reading players: %w", err)
		}
		if len(absent) > 0 {
			p.AbsentRounds = absent
		}
		p.WithdrawnAfterRound = withdrawn
		l.versions[versionKey(outflank.EntityPlayer, itoa(p.ID))] = version
		l.t.Players = append(l.t.Players, p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading players: %w", err)
	}
	return nil
}

func loadRounds(results pgx.BatchResults, l *loaded) (map[int]*outflank.Round, error) {
	rows, err := results.Query()
	if err != nil {
		return nil, fmt.Errorf("reading rounds: %w", err)
	}
	defer rows.Close()
	rounds := map[int]*outflank.Round{}
	for rows.Next() {
		r := &outflank.Round{}
		var stage string
		var version int
		if err := rows.Scan(&r.Number, &stage, &r.Method, &r.Seed, &version); err != nil {
			return nil, fmt.Errorf("reading rounds: %w", err)
		}
		r.Stage = outflank.Stage(stage)
		l.versions[versionKey(outflank.EntityRound, itoa(r.Number))] = version
		rounds[r.Number] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading rounds: %w", err)
	}
	return rounds, nil
}

func loadGames(results pgx.BatchResults, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading games: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g outflank.Game
		var number int
		var outcome *string
		var blackDiscs, whiteDiscs, boardBlack, boardWhite, chooser *int
		var res outflank.Result
		var defaulter, loser, winner, chose string
		if err := rows.Scan(&number, &g.Table, &g.Black, &g.White, &outcome, &blackDiscs, &whiteDiscs, &boardBlack, &boardWhite,
			&res.Moves, &defaulter, &res.DefaulterFlags, &res.OpponentFlags, &loser, &winner, &res.Reason, &res.DiscsUnknown, &chooser, &chose, &g.Version); err != nil {
			return fmt.Errorf("reading games: %w", err)
		}
		if chooser != nil {
			g.Choice = &outflank.Choice{Player: *chooser, Chose: outflank.Decision(chose)}
		}
		if outcome != nil {
			res.Outcome = outflank.Outcome(*outcome)
			res.BlackDiscs, res.WhiteDiscs = deref(blackDiscs), deref(whiteDiscs)
			if boardBlack != nil {
				res.Board = &outflank.Discs{Black: *boardBlack, White: deref(boardWhite)}
			}
			res.Defaulter, res.Loser, res.Winner = outflank.Side(defaulter), outflank.Side(loser), outflank.Side(winner)
			g.Result = &res
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("postgres: game %d/%d of %s has no round", number, g.Table, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityGame, itoa(number)+"/"+itoa(g.Table))] = g.Version
		r.Games = append(r.Games, g)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading games: %w", err)
	}
	return nil
}

func loadByes(results pgx.BatchResults, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading byes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var number, player, version int
		if err := rows.Scan(&number, &player, &version); err != nil {
			return fmt.Errorf("reading byes: %w", err)
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("postgres: bye %d/%d of %s has no round", number, player, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityBye, itoa(number)+"/"+itoa(player))] = version
		r.Byes = append(r.Byes, player)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading byes: %w", err)
	}
	return nil
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}
