package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
)

var _ outflank.LiveGames = (*DB)(nil)

// liveChannel is the channel of LISTEN/NOTIFY on which every write of a
// live game is announced, with its stamp: apart from the tournaments' feed.
const liveChannel = "outflank_live"

// liveColumns is what a live game is read with.
const liveColumns = `tournament, round, table_no, seq, moves, state, actor, submission, note, stamp, updated_at, black, white`

// scanLive reads a live game row.
func scanLive(row pgx.Row) (*outflank.LiveGame, error) {
	var g outflank.LiveGame
	var state string
	var submission []byte
	if err := row.Scan(&g.Tournament, &g.Round, &g.Table, &g.Seq, &g.Moves, &state, &g.Actor, &submission, &g.Note, &g.Stamp, &g.UpdatedAt, &g.Black, &g.White); err != nil {
		return nil, err
	}
	g.State = outflank.LiveState(state)
	g.UpdatedAt = g.UpdatedAt.UTC()
	if submission != nil {
		g.Submission = &outflank.Submission{}
		if err := json.Unmarshal(submission, g.Submission); err != nil {
			return nil, fmt.Errorf("live game %s %d/%d: its submission: %w", g.Tournament, g.Round, g.Table, err)
		}
	}
	return &g, nil
}

// UpdateLive implements outflank.LiveGames. It locks the one row of
// live_stamp before it reads the game, so that the writes of live games
// come one after another, as in SQLite: no two judges' devices apply an
// edit to the same transcript at once, and the stamps commit in order.
func (db *DB) UpdateLive(ctx context.Context, slug string, round, table int, change func(g *outflank.LiveGame) (bool, error)) (*outflank.LiveGame, error) {
	var out *outflank.LiveGame
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		var stamp int64
		if err := tx.QueryRow(ctx, `SELECT stamp FROM live_stamp WHERE id = 1 FOR UPDATE`).Scan(&stamp); err != nil {
			return fmt.Errorf("stamping live game %d/%d: %w", round, table, err)
		}
		g, err := scanLive(tx.QueryRow(ctx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = $1 AND round = $2 AND table_no = $3`,
			slug, round, table))
		if errors.Is(err, pgx.ErrNoRows) {
			g, err = &outflank.LiveGame{Tournament: slug, Round: round, Table: table, State: outflank.LivePlaying}, nil
		}
		if err != nil {
			return fmt.Errorf("reading live game %d/%d: %w", round, table, err)
		}
		changed, err := change(g)
		if err != nil {
			return err
		}
		g.Tournament, g.Round, g.Table = slug, round, table // not the change's to move
		if !changed {
			out = g
			return errUnchanged
		}
		var submission []byte
		if g.Submission != nil {
			if submission, err = json.Marshal(g.Submission); err != nil {
				return err
			}
		}
		g.Stamp, g.UpdatedAt = stamp+1, db.now()
		if _, err := tx.Exec(ctx, `UPDATE live_stamp SET stamp = $1 WHERE id = 1`, g.Stamp); err != nil {
			return fmt.Errorf("stamping live game %d/%d: %w", round, table, err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO live_games (`+liveColumns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
			ON CONFLICT (tournament, round, table_no) DO UPDATE SET seq = excluded.seq, moves = excluded.moves, state = excluded.state,
			actor = excluded.actor, submission = excluded.submission, note = excluded.note, stamp = excluded.stamp, updated_at = excluded.updated_at,
			black = excluded.black, white = excluded.white`,
			slug, round, table, g.Seq, g.Moves, string(g.State), g.Actor, jsonOrNull(submission), g.Note, g.Stamp, g.UpdatedAt, g.Black, g.White)
		if err != nil {
			return fmt.Errorf("saving live game %d/%d: %w", round, table, err)
		}
		// Delivered at the commit, to every server listening.
		if _, err := tx.Exec(ctx, `SELECT pg_notify($1, $2)`, liveChannel, fmt.Sprint(g.Stamp)); err != nil {
			return fmt.Errorf("announcing live game %d/%d: %w", round, table, err)
		}
		out = g
		return nil
	})
	if errors.Is(err, errUnchanged) {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// jsonOrNull is a JSON document for a jsonb column, NULL when empty.
func jsonOrNull(doc []byte) any {
	if doc == nil {
		return nil
	}
	return string(doc)
}

// errUnchanged rolls back a live game's transaction that has nothing to
// write: no commit, so no stamp and nothing for the watchers.
var errUnchanged = errors.New("postgres: unchanged")

func (db *DB) LiveGame(ctx context.Context, slug string, round, table int) (*outflank.LiveGame, error) {
	var g *outflank.LiveGame
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		g, err = scanLive(tx.QueryRow(ctx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = $1 AND round = $2 AND table_no = $3`,
			slug, round, table))
		if errors.Is(err, pgx.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "round %d table %d of %s has no live game: no judge has recorded a move of it", round, table, slug)
		}
		return err
	})
	return g, err
}

func (db *DB) LiveGames(ctx context.Context, slug string) ([]outflank.LiveGame, error) {
	var list []outflank.LiveGame
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		list, err = queryLive(ctx, tx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = $1 ORDER BY round, table_no`, slug)
		return err
	})
	return list, err
}

// querier is what runs a query: a transaction or a connection.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// queryLive reads the live games a query selects (an empty list, not nil,
// when there are none).
func queryLive(ctx context.Context, q querier, query string, args ...any) ([]outflank.LiveGame, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("reading live games: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (outflank.LiveGame, error) {
		g, err := scanLive(r)
		if err != nil {
			return outflank.LiveGame{}, err
		}
		return *g, nil
	})
	return list, err
}
