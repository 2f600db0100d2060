package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"outflank"
)

var _ outflank.Members = (*DB)(nil)

// memberColumns is what a member row is read with.
const memberColumns = `id, wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until`

func scanMember(row pgx.Row) (*outflank.Member, error) {
	var m outflank.Member
	err := row.Scan(&m.ID, &m.WOFID, &m.Name, &m.Country, &m.Citizenship, &m.ResidentSince, &m.Unwaged, &m.Family, &m.PaidUntil)
	return &m, err
}

// memberTaken is the error for a second record of one name and country.
func memberTaken(m *outflank.Member) error {
	return outflank.Errorf(outflank.ECONFLICT, "a member %q of country %q already exists: edit that record ('outflank member edit'), or give another name", m.Name, m.Country)
}

// noMember is the error for a reference that names no member.
func noMember(ref string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no member %s: 'outflank member list' shows the members", ref)
}

func (db *DB) AddMember(ctx context.Context, m *outflank.Member) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO members (wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
			m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil).Scan(&m.ID)
		if isUnique(err) {
			return memberTaken(m)
		}
		if err != nil {
			return err
		}
		return db.memberEvent(ctx, tx, outflank.MemberAdd, m.Name, fmt.Sprintf("added member #%d: %s", m.ID, outflank.DescribeMember(m)))
	})
}

func (db *DB) UpdateMember(ctx context.Context, m *outflank.Member) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		old, err := scanMember(tx.QueryRow(ctx, `SELECT `+memberColumns+` FROM members WHERE id = $1 FOR UPDATE`, m.ID))
		if errors.Is(err, pgx.ErrNoRows) {
			return noMember(fmt.Sprintf("#%d", m.ID))
		}
		if err != nil {
			return err
		}
		if *old == *m {
			return outflank.Errorf(outflank.EINVALID, "member #%d %s: nothing to change (give the flags to change)", m.ID, m.Name)
		}
		_, err = tx.Exec(ctx, `UPDATE members SET wof_id = $1, name = $2, country = $3, citizenship = $4, resident_since = $5, unwaged = $6, family = $7, paid_until = $8 WHERE id = $9`,
			m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil, m.ID)
		if isUnique(err) {
			return memberTaken(m)
		}
		if err != nil {
			return err
		}
		return db.memberEvent(ctx, tx, outflank.MemberEdit, m.Name, fmt.Sprintf("edited member #%d: was %s; now %s", m.ID, outflank.DescribeMember(old), outflank.DescribeMember(m)))
	})
}

func (db *DB) RemoveMember(ctx context.Context, id int64) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		m, err := scanMember(tx.QueryRow(ctx, `DELETE FROM members WHERE id = $1 RETURNING `+memberColumns, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return noMember(fmt.Sprintf("#%d", id))
		}
		if err != nil {
			return err
		}
		return db.memberEvent(ctx, tx, outflank.MemberRemove, m.Name, fmt.Sprintf("removed member #%d: %s", id, outflank.DescribeMember(m)))
	})
}

func (db *DB) Member(ctx context.Context, ref string) (*outflank.Member, error) {
	var m *outflank.Member
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		if id, err := strconv.ParseInt(strings.TrimPrefix(ref, "#"), 10, 64); err == nil {
			var err error
			m, err = scanMember(tx.QueryRow(ctx, `SELECT `+memberColumns+` FROM members WHERE id = $1`, id))
			if errors.Is(err, pgx.ErrNoRows) {
				return noMember("#" + strconv.FormatInt(id, 10))
			}
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+memberColumns+` FROM members WHERE name = $1 ORDER BY id`, ref)
		if err != nil {
			return err
		}
		found, err := collect(rows, func(r pgx.CollectableRow) (*outflank.Member, error) { return scanMember(r) })
		if err != nil {
			return err
		}
		switch len(found) {
		case 0:
			return noMember(strconv.Quote(ref))
		case 1:
			m = found[0]
			return nil
		}
		return outflank.Errorf(outflank.EINVALID, "%d members are named %q: name one by its number (#%d, #%d, ...)", len(found), ref, found[0].ID, found[1].ID)
	})
	return m, err
}

func (db *DB) MemberList(ctx context.Context) ([]outflank.Member, error) {
	var list []outflank.Member
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+memberColumns+` FROM members ORDER BY name, country, id`)
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.Member, error) {
			m, err := scanMember(r)
			return *m, err
		})
		return err
	})
	return list, err
}

// memberEvent records a change of the member records, in tx, naming the
// actor of ctx.
func (db *DB) memberEvent(ctx context.Context, tx pgx.Tx, action, name, summary string) error {
	_, err := tx.Exec(ctx, `INSERT INTO member_events (at, actor, action, member, summary) VALUES ($1, $2, $3, $4, $5)`,
		db.now(), outflank.ActorFrom(ctx), action, name, summary)
	return err
}

func (db *DB) MemberLog(ctx context.Context, limit int) ([]outflank.MemberEvent, error) {
	var list []outflank.MemberEvent
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT id, at, actor, action, member, summary FROM member_events ORDER BY id DESC LIMIT $1`, sqlLimit(limit))
		if err != nil {
			return err
		}
		list, err = collect(rows, func(r pgx.CollectableRow) (outflank.MemberEvent, error) {
			var e outflank.MemberEvent
			err := r.Scan(&e.ID, &e.At, &e.Actor, &e.Action, &e.Member, &e.Summary)
			e.At = e.At.UTC()
			return e, err
		})
		return err
	})
	return list, err
}
