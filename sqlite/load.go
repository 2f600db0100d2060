package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

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
	// bumped is set once the write transaction has bumped the
	// tournament's version (commitIn), which its row's update must name.
	bumped bool
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
// row. A state read in full is kept for the next time.
func (db *DB) load(ctx context.Context, q queryer, slug string) (*loaded, error) {
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
				full, err := db.loadRows(ctx, q, slug, h)
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
	l, err := db.loadRows(ctx, q, slug, h)
	if err != nil {
		return nil, err
	}
	db.memo.Loaded(slug, l.state())
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
// kept in memory: what an audit or a copy must see.
func (db *DB) loadFresh(ctx context.Context, q queryer, slug string) (*loaded, error) {
	h, err := db.loadHeader(ctx, q, slug)
	if err != nil {
		return nil, err
	}
	return db.loadRows(ctx, q, slug, h)
}

// loadRows reads the rows of the tournament whose own row is h.
func (db *DB) loadRows(ctx context.Context, q queryer, slug string, h *header) (*loaded, error) {
	l := &loaded{id: h.id, event: h.event, t: &outflank.Tournament{}, versions: map[string]int{}}
	t := l.t
	t.Slug, t.Name, t.Date, t.Rules = h.slug, h.name, h.date, rules.ID(h.rules)
	if err := json.Unmarshal([]byte(h.settings), &t.Settings); err != nil {
		return nil, fmt.Errorf("sqlite: settings of %s: %w", slug, err)
	}
	l.versions[versionKey(outflank.EntityTournament, slug)] = int(h.version)
	t.Version = h.version
	if err := db.loadPlayers(ctx, q, l); err != nil {
		return nil, err
	}
	rounds, err := db.loadRounds(ctx, q, l)
	if err != nil {
		return nil, err
	}
	if err := db.loadGames(ctx, q, l, rounds); err != nil {
		return nil, err
	}
	if err := db.loadByes(ctx, q, l, rounds); err != nil {
		return nil, err
	}
	outflank.Assemble(t, rounds)
	return l, nil
}

func (db *DB) loadPlayers(ctx context.Context, q queryer, l *loaded) error {
	rows, err := q.QueryContext(ctx, `SELECT id, name, country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, absent_rounds,
		citizenship, resident_since, exemption, version FROM players WHERE tournament_id = ?`, l.id)
	if err != nil {
		return translate(fmt.Errorf("reading players: %w", err), db.path)
	}
	defer rows.Close()
	for rows.Next() {
		var p outflank.Player
		var withdrawn sql.NullInt64
		var version int
		var absent string
		if err := rows.Scan(&p.ID, &p.Name, &p.Country, &p.WOFID, &p.NewToWOF, &p.Rating, &p.Gender, &p.Born, &p.Seeded,
			&p.Additional, &p.Team, &withdrawn, &absent, &p.Citizenship, &p.ResidentSince, &p.Exemption, &version); err != nil {
			return translate(fmt.Errorf("reading players: %w", err), db.path)
		}
		var err error
		if p.AbsentRounds, err = parseRounds(absent); err != nil {
			return err
		}
		if withdrawn.Valid {
			n := int(withdrawn.Int64)
			p.WithdrawnAfterRound = &n
		}
		l.versions[versionKey(outflank.EntityPlayer, itoa(p.ID))] = version
		l.t.Players = append(l.t.Players, p)
	}
	return translate(rows.Err(), db.path)
}

func (db *DB) loadRounds(ctx context.Context, q queryer, l *loaded) (map[int]*outflank.Round, error) {
	rows, err := q.QueryContext(ctx, `SELECT number, stage, method, seed, version FROM rounds WHERE tournament_id = ?`, l.id)
	if err != nil {
		return nil, translate(fmt.Errorf("reading rounds: %w", err), db.path)
	}
	defer rows.Close()
	rounds := map[int]*outflank.Round{}
	for rows.Next() {
		r := &outflank.Round{}
		var version int
		if err := rows.Scan(&r.Number, &r.Stage, &r.Method, &r.Seed, &version); err != nil {
			return nil, translate(fmt.Errorf("reading rounds: %w", err), db.path)
		}
		l.versions[versionKey(outflank.EntityRound, itoa(r.Number))] = version
		rounds[r.Number] = r
	}
	return rounds, translate(rows.Err(), db.path)
}

// gameRare is true for a game row with more than its players and score:
// a board, a transcript, a default, an adjudication or a knockout choice.
// Most games have none, and each column read costs (the driver locks the
// connection for every one): loadGames reads the rest of the columns only
// for the games that have them (loadRareColumns). A 5,000-player event's
// 32,500 games load in half the time.
const gameRare = `(board_black IS NOT NULL OR board_white IS NOT NULL OR moves <> '' OR defaulter <> '' OR defaulter_flags <> 0
	OR opponent_flags <> 0 OR loser <> '' OR winner <> '' OR reason <> '' OR discs_unknown <> 0 OR chooser IS NOT NULL OR chose <> '')`

func (db *DB) loadGames(ctx context.Context, q queryer, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := q.QueryContext(ctx, `SELECT round, table_no, black, white, outcome, black_discs, white_discs, version, `+gameRare+`
		FROM games WHERE tournament_id = ?`, l.id)
	if err != nil {
		return translate(fmt.Errorf("reading games: %w", err), db.path)
	}
	defer rows.Close()
	rare := false
	for rows.Next() {
		var g outflank.Game
		var number int
		var outcome sql.NullString
		var blackDiscs, whiteDiscs sql.NullInt64
		var more bool
		if err := rows.Scan(&number, &g.Table, &g.Black, &g.White, &outcome, &blackDiscs, &whiteDiscs, &g.Version, &more); err != nil {
			return translate(fmt.Errorf("reading games: %w", err), db.path)
		}
		if outcome.Valid {
			g.Result = &outflank.Result{Outcome: outflank.Outcome(outcome.String), BlackDiscs: int(blackDiscs.Int64), WhiteDiscs: int(whiteDiscs.Int64)}
		}
		rare = rare || more
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("sqlite: game %d/%d of %s has no round", number, g.Table, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityGame, itoa(number)+"/"+itoa(g.Table))] = g.Version
		r.Games = append(r.Games, g)
	}
	if err := rows.Err(); err != nil {
		return translate(err, db.path)
	}
	rows.Close()
	if !rare {
		return nil
	}
	return db.loadRareColumns(ctx, q, l, rounds)
}

// loadRareColumns reads the columns of the games that have more than
// their players and score (gameRare) into the games loadGames read.
func (db *DB) loadRareColumns(ctx context.Context, q queryer, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := q.QueryContext(ctx, `SELECT round, table_no, board_black, board_white, moves, defaulter, defaulter_flags, opponent_flags,
		loser, winner, reason, discs_unknown, chooser, chose FROM games WHERE tournament_id = ? AND `+gameRare, l.id)
	if err != nil {
		return translate(fmt.Errorf("reading games: %w", err), db.path)
	}
	defer rows.Close()
	tables := map[int]map[int]int{} // round -> table -> index in its Games
	for rows.Next() {
		var number, table int
		var boardBlack, boardWhite, chooser sql.NullInt64
		var res outflank.Result
		var defaulter, loser, winner, chose string
		if err := rows.Scan(&number, &table, &boardBlack, &boardWhite, &res.Moves, &defaulter, &res.DefaulterFlags, &res.OpponentFlags,
			&loser, &winner, &res.Reason, &res.DiscsUnknown, &chooser, &chose); err != nil {
			return translate(fmt.Errorf("reading games: %w", err), db.path)
		}
		r := rounds[number]
		if tables[number] == nil {
			tables[number] = make(map[int]int, len(r.Games))
			for i, g := range r.Games {
				tables[number][g.Table] = i
			}
		}
		i, ok := tables[number][table]
		if !ok {
			return fmt.Errorf("sqlite: game %d/%d of %s changed while it was read", number, table, l.t.Slug)
		}
		g := &r.Games[i]
		if chooser.Valid {
			g.Choice = &outflank.Choice{Player: int(chooser.Int64), Chose: outflank.Decision(chose)}
		}
		if g.Result != nil {
			res.Outcome, res.BlackDiscs, res.WhiteDiscs = g.Result.Outcome, g.Result.BlackDiscs, g.Result.WhiteDiscs
			if boardBlack.Valid {
				res.Board = &outflank.Discs{Black: int(boardBlack.Int64), White: int(boardWhite.Int64)}
			}
			res.Defaulter, res.Loser, res.Winner = outflank.Side(defaulter), outflank.Side(loser), outflank.Side(winner)
			*g.Result = res
		}
	}
	return translate(rows.Err(), db.path)
}

func (db *DB) loadByes(ctx context.Context, q queryer, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := q.QueryContext(ctx, `SELECT round, player, version FROM byes WHERE tournament_id = ?`, l.id)
	if err != nil {
		return translate(fmt.Errorf("reading byes: %w", err), db.path)
	}
	defer rows.Close()
	for rows.Next() {
		var number, player, version int
		if err := rows.Scan(&number, &player, &version); err != nil {
			return translate(fmt.Errorf("reading byes: %w", err), db.path)
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("sqlite: bye %d/%d of %s has no round", number, player, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityBye, itoa(number)+"/"+itoa(player))] = version
		r.Byes = append(r.Byes, player)
	}
	return translate(rows.Err(), db.path)
}
