package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"outflank"
)

var _ outflank.PlayerDirectory = (*DB)(nil)

// LoadPlayerDB replaces the WOF player database in one transaction: a
// search never sees half of one.
func (db *DB) LoadPlayerDB(ctx context.Context, source string, players []outflank.WOFPlayer) (*outflank.PlayerDBInfo, error) {
	info := &outflank.PlayerDBInfo{Source: source, LoadedAt: db.now(), Players: len(players)}
	err := db.writeTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM wof_players`); err != nil {
			return translate(fmt.Errorf("clearing the player database: %w", err), db.path)
		}
		stmt, err := tx.PrepareContext(ctx, `INSERT INTO wof_players (wof_id, seq, surname, firstname, country, rating) VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return translate(err, db.path)
		}
		defer stmt.Close()
		for i, p := range players {
			if _, err := stmt.ExecContext(ctx, p.ID, i, p.Surname, p.Firstname, p.Country, p.Rating); err != nil {
				return translate(fmt.Errorf("storing WOF player %d: %w", p.ID, err), db.path)
			}
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO wof_player_db (id, source, loaded_at, players) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET source = excluded.source, loaded_at = excluded.loaded_at, players = excluded.players`,
			source, info.LoadedAt.Format(timeFormat), len(players))
		return translate(err, db.path)
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
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		info, err = playerDBInfo(ctx, tx)
		return translate(err, db.path)
	})
	return info, err
}

func playerDBInfo(ctx context.Context, tx *sql.Tx) (*outflank.PlayerDBInfo, error) {
	var info outflank.PlayerDBInfo
	var at string
	err := tx.QueryRowContext(ctx, `SELECT source, loaded_at, players FROM wof_player_db WHERE id = 1`).Scan(&info.Source, &at, &info.Players)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, noPlayerDB
	}
	if err != nil {
		return nil, err
	}
	info.LoadedAt, _ = time.Parse(timeFormat, at)
	return &info, nil
}

func (db *DB) PlayerDB(ctx context.Context) (*outflank.PlayerDBInfo, []outflank.WOFPlayer, error) {
	var info *outflank.PlayerDBInfo
	var players []outflank.WOFPlayer
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		if info, err = playerDBInfo(ctx, tx); err != nil {
			return translate(err, db.path)
		}
		rows, err := tx.QueryContext(ctx, `SELECT wof_id, surname, firstname, country, rating FROM wof_players ORDER BY seq`)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		players = make([]outflank.WOFPlayer, 0, info.Players)
		for rows.Next() {
			var p outflank.WOFPlayer
			var rating sql.NullInt64
			if err := rows.Scan(&p.ID, &p.Surname, &p.Firstname, &p.Country, &rating); err != nil {
				return translate(err, db.path)
			}
			if rating.Valid {
				r := int(rating.Int64)
				p.Rating = &r
			}
			players = append(players, p)
		}
		return translate(rows.Err(), db.path)
	})
	if err != nil {
		return nil, nil, err
	}
	return info, players, nil
}
