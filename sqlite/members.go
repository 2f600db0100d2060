package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"outflank"
)

var _ outflank.Members = (*DB)(nil)

// memberColumns is what a member row is read with.
const memberColumns = `id, wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until`

func scanMember(sc interface{ Scan(...any) error }) (*outflank.Member, error) {
	var m outflank.Member
	err := sc.Scan(&m.ID, &m.WOFID, &m.Name, &m.Country, &m.Citizenship, &m.ResidentSince, &m.Unwaged, &m.Family, &m.PaidUntil)
	return &m, err
}

// memberTaken is the error for a second record of one name and country.
func memberTaken(m *outflank.Member) error {
	return outflank.Errorf(outflank.ECONFLICT, "a member %q of country %q already exists: edit that record ('outflank member edit'), or give another name", m.Name, m.Country)
}

func (db *DB) AddMember(ctx context.Context, m *outflank.Member) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO members (wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return memberTaken(m)
			}
			return translate(err, db.path)
		}
		if m.ID, err = res.LastInsertId(); err != nil {
			return translate(err, db.path)
		}
		return db.memberEvent(ctx, tx, outflank.MemberAdd, m.Name, fmt.Sprintf("added member #%d: %s", m.ID, outflank.DescribeMember(m)))
	})
}

func (db *DB) UpdateMember(ctx context.Context, m *outflank.Member) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		old, err := scanMember(tx.QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE id = ?`, m.ID))
		if errors.Is(err, sql.ErrNoRows) {
			return noMember(fmt.Sprintf("#%d", m.ID))
		}
		if err != nil {
			return translate(err, db.path)
		}
		if *old == *m {
			return outflank.Errorf(outflank.EINVALID, "member #%d %s: nothing to change (give the flags to change)", m.ID, m.Name)
		}
		_, err = tx.ExecContext(ctx, `UPDATE members SET wof_id = ?, name = ?, country = ?, citizenship = ?, resident_since = ?, unwaged = ?, family = ?, paid_until = ? WHERE id = ?`,
			m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil, m.ID)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") {
				return memberTaken(m)
			}
			return translate(err, db.path)
		}
		return db.memberEvent(ctx, tx, outflank.MemberEdit, m.Name, fmt.Sprintf("edited member #%d: was %s; now %s", m.ID, outflank.DescribeMember(old), outflank.DescribeMember(m)))
	})
}

func (db *DB) RemoveMember(ctx context.Context, id int64) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		m, err := scanMember(tx.QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE id = ?`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return noMember(fmt.Sprintf("#%d", id))
		}
		if err != nil {
			return translate(err, db.path)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM members WHERE id = ?`, id); err != nil {
			return translate(err, db.path)
		}
		return db.memberEvent(ctx, tx, outflank.MemberRemove, m.Name, fmt.Sprintf("removed member #%d: %s", id, outflank.DescribeMember(m)))
	})
}

// noMember is the error for a reference that names no member.
func noMember(ref string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no member %s: 'outflank member list' shows the members", ref)
}

func (db *DB) Member(ctx context.Context, ref string) (*outflank.Member, error) {
	var m *outflank.Member
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if id, err := strconv.ParseInt(strings.TrimPrefix(ref, "#"), 10, 64); err == nil {
			var err error
			m, err = scanMember(tx.QueryRowContext(ctx, `SELECT `+memberColumns+` FROM members WHERE id = ?`, id))
			if errors.Is(err, sql.ErrNoRows) {
				return noMember("#" + strconv.FormatInt(id, 10))
			}
			return translate(err, db.path)
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+memberColumns+` FROM members WHERE name = ? ORDER BY id`, ref)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		var found []*outflank.Member
		for rows.Next() {
			r, err := scanMember(rows)
			if err != nil {
				return translate(err, db.path)
			}
			found = append(found, r)
		}
		if err := rows.Err(); err != nil {
			return translate(err, db.path)
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
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT `+memberColumns+` FROM members ORDER BY name, country, id`)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			m, err := scanMember(rows)
			if err != nil {
				return translate(err, db.path)
			}
			list = append(list, *m)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}

// memberEvent records a change of the member records, in tx, naming the
// actor of ctx.
func (db *DB) memberEvent(ctx context.Context, tx *sql.Tx, action, name, summary string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO member_events (at, actor, action, member, summary) VALUES (?, ?, ?, ?, ?)`,
		db.now().Format(timeFormat), outflank.ActorFrom(ctx), action, name, summary)
	return translate(err, db.path)
}

func (db *DB) MemberLog(ctx context.Context, limit int) ([]outflank.MemberEvent, error) {
	var list []outflank.MemberEvent
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, at, actor, action, member, summary FROM member_events ORDER BY id DESC LIMIT ?`, limit)
		if err != nil {
			return translate(err, db.path)
		}
		defer rows.Close()
		for rows.Next() {
			var e outflank.MemberEvent
			var at string
			if err := rows.Scan(&e.ID, &at, &e.Actor, &e.Action, &e.Member, &e.Summary); err != nil {
				return translate(err, db.path)
			}
			e.At, _ = time.Parse(timeFormat, at)
			list = append(list, e)
		}
		return translate(rows.Err(), db.path)
	})
	return list, err
}
