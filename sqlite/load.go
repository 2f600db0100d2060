package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"outflank"
	"outflank/rules"
)

// loaded is a tournament as read inside a transaction, with what writing
// its changes back needs: its row id and the version of every row.
type loaded struct {
	id       int64
	t        *outflank.Tournament
	versions map[string]int // "entity key" -> version
}

func versionKey(entity, key string) string { return entity + " " + key }

// queryer is what load needs of a *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// load reads the tournament with slug and all its rows.
func (db *DB) load(ctx context.Context, q queryer, slug string) (*loaded, error) {
	l := &loaded{t: &outflank.Tournament{}, versions: map[string]int{}}
	t := l.t
	var settings, ruleset string
	var version int
	err := q.QueryRowContext(ctx, `SELECT id, slug, name, date, rules, settings, version FROM tournaments WHERE slug = ?`, slug).
		Scan(&l.id, &t.Slug, &t.Name, &t.Date, &ruleset, &settings, &version)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.path)
	}
	if err != nil {
		return nil, translate(fmt.Errorf("reading tournament %s: %w", slug, err), db.path)
	}
	t.Rules = rules.ID(ruleset)
	if err := json.Unmarshal([]byte(settings), &t.Settings); err != nil {
		return nil, fmt.Errorf("sqlite: settings of %s: %w", slug, err)
	}
	l.versions[versionKey(outflank.EntityTournament, slug)] = version
	t.Version = int64(version)
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

func (db *DB) loadGames(ctx context.Context, q queryer, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := q.QueryContext(ctx, `SELECT round, table_no, black, white, outcome, black_discs, white_discs, board_black, board_white,
		moves, defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version FROM games WHERE tournament_id = ?`, l.id)
	if err != nil {
		return translate(fmt.Errorf("reading games: %w", err), db.path)
	}
	defer rows.Close()
	for rows.Next() {
		var g outflank.Game
		var number int
		var outcome sql.NullString
		var blackDiscs, whiteDiscs, boardBlack, boardWhite sql.NullInt64
		var res outflank.Result
		var defaulter, loser, winner, chose string
		var chooser sql.NullInt64
		if err := rows.Scan(&number, &g.Table, &g.Black, &g.White, &outcome, &blackDiscs, &whiteDiscs, &boardBlack, &boardWhite,
			&res.Moves, &defaulter, &res.DefaulterFlags, &res.OpponentFlags, &loser, &winner, &res.Reason, &res.DiscsUnknown, &chooser, &chose, &g.Version); err != nil {
			return translate(fmt.Errorf("reading games: %w", err), db.path)
		}
		if chooser.Valid {
			g.Choice = &outflank.Choice{Player: int(chooser.Int64), Chose: outflank.Decision(chose)}
		}
		if outcome.Valid {
			res.Outcome = outflank.Outcome(outcome.String)
			res.BlackDiscs, res.WhiteDiscs = int(blackDiscs.Int64), int(whiteDiscs.Int64)
			if boardBlack.Valid {
				res.Board = &outflank.Discs{Black: int(boardBlack.Int64), White: int(boardWhite.Int64)}
			}
			res.Defaulter, res.Loser, res.Winner = outflank.Side(defaulter), outflank.Side(loser), outflank.Side(winner)
			g.Result = &res
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("sqlite: game %d/%d of %s has no round", number, g.Table, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityGame, itoa(number)+"/"+itoa(g.Table))] = g.Version
		r.Games = append(r.Games, g)
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
