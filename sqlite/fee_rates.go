package sqlite

import (
	"context"
	"database/sql"
	"errors"

	"outflank"
)

func (db *DB) SetFeeRates(ctx context.Context, r outflank.FeeRates) error {
	if err := r.Validate(); err != nil {
		return err
	}
	r.Default = false
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		old := outflank.DefaultFeeRates(r.Federation, r.Year)
		err := tx.QueryRowContext(ctx, `SELECT standard, unwaged, family FROM fee_rates WHERE federation = ? AND year = ?`, r.Federation, r.Year).
			Scan(&old.Standard, &old.Unwaged, &old.Family)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return translate(err, db.path)
		default:
			old.Default = false
		}
		if old.Standard == r.Standard && old.Unwaged == r.Unwaged && old.Family == r.Family && !old.Default {
			return outflank.Errorf(outflank.EINVALID, "the rates of %s: nothing to change", r.Describe())
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO fee_rates (federation, year, standard, unwaged, family) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (federation, year) DO UPDATE SET standard = excluded.standard, unwaged = excluded.unwaged, family = excluded.family`,
			r.Federation, r.Year, r.Standard, r.Unwaged, r.Family); err != nil {
			return translate(err, db.path)
		}
		return db.memberEvent(ctx, tx, outflank.MemberFeeRates, r.Federation, "set the rates of "+r.Describe()+"; were "+old.Describe())
	})
}

func (db *DB) FeeRateList(ctx context.Context) ([]outflank.FeeRates, error) {
	list := []outflank.FeeRates{}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT federation, year, standard, unwaged, family FROM fee_rates ORDER BY federation, year`)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			var r outflank.FeeRates
			if err := rows.Scan(&r.Federation, &r.Year, &r.Standard, &r.Unwaged, &r.Family); err != nil {
				return translate(err, db.path)
			}
			list = append(list, r)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}
