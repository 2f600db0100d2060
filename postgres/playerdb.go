package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
)

var _ outflank.PlayerDirectory = (*DB)(nil)

// LoadPlayerDB replaces the WOF player database in one transaction: a
// search never sees half of one. The players go in by COPY: a WOF file of
// 100,000 players loads in about half a second here (loads one after
// another take longer until autovacuum has cleared the rows replaced).
func (db *DB) LoadPlayerDB(ctx context.Context, source string, players []outflank.WOFPlayer) (*outflank.PlayerDBInfo, error) {
	info := &outflank.PlayerDBInfo{Source: source, LoadedAt: db.now(), Players: len(players)}
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		// DELETE, not TRUNCATE: TRUNCATE is not MVCC-safe, and a search
		// whose snapshot is older than this load would find the table
		// empty. The dead rows it leaves are autovacuum's.
		if _, err := tx.Exec(ctx, `DELETE FROM wof_players`); err != nil {
			return fmt.Errorf("clearing the player database: %w", err)
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"wof_players"}, []string{"wof_id", "seq", "surname", "firstname", "country", "rating"},
			pgx.CopyFromSlice(len(players), func(i int) ([]any, error) {
				p := &players[i]
				return []any{p.ID, i, p.Surname, p.Firstname, p.Country, p.Rating}, nil
			}))
		if err != nil {
			return fmt.Errorf("storing the WOF players: %w", err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO wof_player_db (id, source, loaded_at, players) VALUES (1, $1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET source = excluded.source, loaded_at = excluded.loaded_at, players = excluded.players`,
			source, info.LoadedAt, len(players))
		return err
	})
	if err != nil {
		return nil, err
	}
	return info, nil
}

// noPlayerDB is the error for a store without a player database.
var noPlayerDB = outflank.Errorf(outflank.ENOTFOUND, "no WOF player database is loaded: 'outflank playerdb load joueurs.txt' loads one")

func (db *DB) PlayerDBInfo(ctx context.Context) (*outflank.PlayerDBInfo, error) {
	var info *outflank.PlayerDBInfo
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		info, err = playerDBInfo(ctx, tx)
		return err
	})
	return info, err
}

func playerDBInfo(ctx context.Context, tx pgx.Tx) (*outflank.PlayerDBInfo, error) {
	var info outflank.PlayerDBInfo
	err := tx.QueryRow(ctx, `SELECT source, loaded_at, players FROM wof_player_db WHERE id = 1`).Scan(&info.Source, &info.LoadedAt, &info.Players)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, noPlayerDB
	}
	if err != nil {
		return nil, err
	}
	info.LoadedAt = info.LoadedAt.UTC()
	return &info, nil
}

func (db *DB) PlayerDB(ctx context.Context) (*outflank.PlayerDBInfo, []outflank.WOFPlayer, error) {
	var info *outflank.PlayerDBInfo
	var players []outflank.WOFPlayer
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		if info, err = playerDBInfo(ctx, tx); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT wof_id, surname, firstname, country, rating FROM wof_players ORDER BY seq`)
		if err != nil {
			return err
		}
		players, err = pgx.AppendRows(make([]outflank.WOFPlayer, 0, info.Players), rows, func(r pgx.CollectableRow) (outflank.WOFPlayer, error) {
			var p outflank.WOFPlayer
			err := r.Scan(&p.ID, &p.Surname, &p.Firstname, &p.Country, &p.Rating)
			return p, err
		})
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return info, players, nil
}
