package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"outflank"
)

var _ outflank.LiveGames = (*DB)(nil)

// liveColumns is what a live game is read with.
const liveColumns = `tournament, round, table_no, seq, moves, state, actor, submission, note, stamp, updated_at, black, white`

// scanLive reads a live game row.
func scanLive(scan func(dest ...any) error) (*outflank.LiveGame, error) {
	var g outflank.LiveGame
	var state, submission, updated string
	if err := scan(&g.Tournament, &g.Round, &g.Table, &g.Seq, &g.Moves, &state, &g.Actor, &submission, &g.Note, &g.Stamp, &updated, &g.Black, &g.White); err != nil {
		return nil, err
	}
	g.State = outflank.LiveState(state)
	g.UpdatedAt, _ = time.Parse(timeFormat, updated)
	if submission != "" {
		g.Submission = &outflank.Submission{}
		if err := json.Unmarshal([]byte(submission), g.Submission); err != nil {
			return nil, fmt.Errorf("live game %s %d/%d: its submission: %w", g.Tournament, g.Round, g.Table, err)
		}
	}
	return &g, nil
}

func (db *DB) UpdateLive(ctx context.Context, slug string, round, table int, change func(g *outflank.LiveGame) (bool, error)) (*outflank.LiveGame, error) {
	var out *outflank.LiveGame
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		g, err := scanLive(tx.QueryRowContext(ctx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = ? AND round = ? AND table_no = ?`,
			slug, round, table).Scan)
		if errors.Is(err, sql.ErrNoRows) {
			g, err = &outflank.LiveGame{Tournament: slug, Round: round, Table: table, State: outflank.LivePlaying}, nil
		}
		if err != nil {
			return translate(fmt.Errorf("reading live game %d/%d: %w", round, table, err), db.path)
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
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(stamp), 0) + 1 FROM live_games`).Scan(&g.Stamp); err != nil {
			return translate(fmt.Errorf("stamping live game %d/%d: %w", round, table, err), db.path)
		}
		g.UpdatedAt = db.now()
		_, err = tx.ExecContext(ctx, `INSERT INTO live_games (`+liveColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (tournament, round, table_no) DO UPDATE SET seq = excluded.seq, moves = excluded.moves, state = excluded.state,
			actor = excluded.actor, submission = excluded.submission, note = excluded.note, stamp = excluded.stamp, updated_at = excluded.updated_at,
			black = excluded.black, white = excluded.white`,
			slug, round, table, g.Seq, g.Moves, string(g.State), g.Actor, string(submission), g.Note, g.Stamp, g.UpdatedAt.UTC().Format(timeFormat), g.Black, g.White)
		if err != nil {
			return translate(fmt.Errorf("saving live game %d/%d: %w", round, table, err), db.path)
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

// errUnchanged rolls back a live game's transaction that has nothing to
// write: no commit, so no stamp and nothing for the watchers.
var errUnchanged = errors.New("sqlite: unchanged")

func (db *DB) LiveGame(ctx context.Context, slug string, round, table int) (*outflank.LiveGame, error) {
	var g *outflank.LiveGame
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		g, err = scanLive(tx.QueryRowContext(ctx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = ? AND round = ? AND table_no = ?`,
			slug, round, table).Scan)
		if errors.Is(err, sql.ErrNoRows) {
			return outflank.Errorf(outflank.ENOTFOUND, "round %d table %d of %s has no live game: no judge has recorded a move of it", round, table, slug)
		}
		return translate(err, db.path)
	})
	return g, err
}

func (db *DB) LiveGames(ctx context.Context, slug string) ([]outflank.LiveGame, error) {
	var list []outflank.LiveGame
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		list, err = db.queryLive(ctx, tx, `SELECT `+liveColumns+` FROM live_games WHERE tournament = ? ORDER BY round, table_no`, slug)
		return err
	})
	return list, err
}

// queryLive reads the live games a query selects.
func (db *DB) queryLive(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string, args ...any) ([]outflank.LiveGame, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, translate(fmt.Errorf("reading live games: %w", err), db.path)
	}
	defer rows.Close()
	list := []outflank.LiveGame{}
	for rows.Next() {
		g, err := scanLive(rows.Scan)
		if err != nil {
			return nil, translate(err, db.path)
		}
		list = append(list, *g)
	}
	return list, translate(rows.Err(), db.path)
}

// WatchLive implements outflank.LiveGames as Watch follows the
// tournaments: one connection of its own asks PRAGMA data_version every
// WatchEvery, and only when another connection committed does it read the
// live games stamped since the last it saw.
func (db *DB) WatchLive(ctx context.Context, changed func(games []outflank.LiveGame)) error {
	var last int64
	first := true
	return db.onCommits(ctx, "watching the live games", func(conn *sql.Conn) error {
		games, err := db.queryLive(ctx, conn, `SELECT `+liveColumns+` FROM live_games WHERE stamp > ? ORDER BY stamp`, last)
		if err != nil {
			return err
		}
		if len(games) > 0 || first {
			if len(games) > 0 {
				last = games[len(games)-1].Stamp
			}
			changed(games)
			first = false
		}
		return nil
	})
}
