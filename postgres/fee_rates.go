package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"outflank"
)

func (db *DB) SetFeeRates(ctx context.Context, r outflank.FeeRates) error {
	if err := r.Validate(); err != nil {
		return err
	}
	r.Default = false
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		old := outflank.DefaultFeeRates(r.Federation, r.Year)
		err := tx.QueryRow(ctx, `SELECT standard, unwaged, family FROM fee_rates WHERE federation = $1 AND year = $2 FOR UPDATE`, r.Federation, r.Year).
			Scan(&old.Standard, &old.Unwaged, &old.Family)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
		case err != nil:
			return err
		default:
			old.Default = false
		}
		if old.Standard == r.Standard && old.Unwaged == r.Unwaged && old.Family == r.Family && !old.Default {
			return outflank.Errorf(outflank.EINVALID, "the rates of %s: nothing to change", r.Describe())
		}
		if _, err := tx.Exec(ctx, `INSERT INTO fee_rates (federation, year, standard, unwaged, family) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (federation, year) DO UPDATE SET standard = excluded.standard, unwaged = excluded.unwaged, family = excluded.family`,
			r.Federation, r.Year, r.Standard, r.Unwaged, r.Family); err != nil {
			return err
		}
		return db.memberEvent(ctx, tx, outflank.MemberFeeRates, r.Federation, "set the rates of "+r.Describe()+"; were "+old.Describe())
	})
}

func (db *DB) FeeRateList(ctx context.Context) ([]outflank.FeeRates, error) {
	list := []outflank.FeeRates{}
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT federation, year, standard, unwaged, family FROM fee_rates ORDER BY federation, year`)
		if err != nil {
			return err
		}
		got, err := collect(rows, func(r pgx.CollectableRow) (outflank.FeeRates, error) {
			var f outflank.FeeRates
			err := r.Scan(&f.Federation, &f.Year, &f.Standard, &f.Unwaged, &f.Family)
			return f, err
		})
		if got != nil {
			list = got
		}
		return err
	})
	return list, err
}
