package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"outflank"
	"outflank/rules"
)

// The reading of a tournament's rows column by column, each column of each
// row read by the driver on its own. It is the reference the packed
// reading (load_packed.go) is checked against, and what reads the rows
// that reading cannot: it is also what reads a tournament for an audit or
// a copy (loadFresh).

// newLoaded is the tournament whose own row is h, without its rows.
func newLoaded(h *header, versions map[string]int) (*loaded, error) {
	l := &loaded{id: h.id, event: h.event, t: &outflank.Tournament{}, versions: versions}
	t := l.t
	t.Slug, t.Name, t.Date, t.Rules = h.slug, h.name, h.date, rules.ID(h.rules)
	if err := json.Unmarshal([]byte(h.settings), &t.Settings); err != nil {
		return nil, fmt.Errorf("sqlite: settings of %s: %w", h.slug, err)
	}
	l.versions[versionKey(outflank.EntityTournament, h.slug)] = int(h.version)
	t.Version = h.version
	return l, nil
}

// loadByColumn reads the rows of the tournament whose own row is h, column
// by column.
func (db *DB) loadByColumn(ctx context.Context, q queryer, slug string, h *header) (*loaded, error) {
	l, err := newLoaded(h, map[string]int{})
	if err != nil {
		return nil, err
	}
	if err := db.loadPlayers(ctx, q, l); err != nil {
		return nil, err
	}
	rounds, err := db.loadRounds(ctx, q, l)
	if err != nil {
		return nil, err
	}
	err = db.scanGames(ctx, q, l.id, "", func(number int, g outflank.Game) error {
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("sqlite: game %d/%d of %s has no round", number, g.Table, slug)
		}
		l.versions[versionKey(outflank.EntityGame, itoa(number)+"/"+itoa(g.Table))] = g.Version
		r.Games = append(r.Games, g)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := db.loadByes(ctx, q, l, rounds); err != nil {
		return nil, err
	}
	outflank.Assemble(l.t, rounds)
	return l, nil
}

func (db *DB) loadPlayers(ctx context.Context, q queryer, l *loaded) error {
	return db.scanPlayers(ctx, q, l.id, func(p outflank.Player, version int) {
		l.versions[versionKey(outflank.EntityPlayer, itoa(p.ID))] = version
		l.t.Players = append(l.t.Players, p)
	})
}

// scanPlayers reads every column of the players of tournament tid, and
// gives each, with its version, to fn.
func (db *DB) scanPlayers(ctx context.Context, q queryer, tid int64, fn func(p outflank.Player, version int)) error {
	rows, err := q.QueryContext(ctx, `SELECT id, name, country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, absent_rounds,
		citizenship, resident_since, exemption, version FROM players WHERE tournament_id = ?`, tid)
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
		fn(p, version)
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

// scanGames reads every column of the games of tournament tid that also
// meet the condition where ("AND ...", or "" for all), and gives each, with
// its round's number, to fn.
func (db *DB) scanGames(ctx context.Context, q queryer, tid int64, where string, fn func(round int, g outflank.Game) error) error {
	rows, err := q.QueryContext(ctx, gamesQuery(where), tid)
	if err != nil {
		return translate(fmt.Errorf("reading games: %w", err), db.path)
	}
	defer rows.Close()
	for rows.Next() {
		var g outflank.Game
		var number int
		var outcome sql.NullString
		var blackDiscs, whiteDiscs, boardBlack, boardWhite, chooser sql.NullInt64
		var res outflank.Result
		var defaulter, loser, winner, chose string
		if err := rows.Scan(&number, &g.Table, &g.Black, &g.White, &outcome, &blackDiscs, &whiteDiscs, &boardBlack, &boardWhite, &res.Moves,
			&defaulter, &res.DefaulterFlags, &res.OpponentFlags, &loser, &winner, &res.Reason, &res.DiscsUnknown, &chooser, &chose, &g.Version); err != nil {
			return translate(fmt.Errorf("reading games: %w", err), db.path)
		}
		if outcome.Valid {
			res.Outcome, res.BlackDiscs, res.WhiteDiscs = outflank.Outcome(outcome.String), int(blackDiscs.Int64), int(whiteDiscs.Int64)
			if boardBlack.Valid {
				res.Board = &outflank.Discs{Black: int(boardBlack.Int64), White: int(boardWhite.Int64)}
			}
			res.Defaulter, res.Loser, res.Winner = outflank.Side(defaulter), outflank.Side(loser), outflank.Side(winner)
			g.Result = &res
		}
		if chooser.Valid {
			g.Choice = &outflank.Choice{Player: int(chooser.Int64), Chose: outflank.Decision(chose)}
		}
		if err := fn(number, g); err != nil {
			return err
		}
	}
	return translate(rows.Err(), db.path)
}

// gamesQuery reads every column of a tournament's games that meet where.
func gamesQuery(where string) string {
	return `SELECT round, table_no, black, white, outcome, black_discs, white_discs, board_black, board_white, moves,
		defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version
		FROM games WHERE tournament_id = ? ` + where
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
