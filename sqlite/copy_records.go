package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"outflank"
)

var _ outflank.RecordsArchive = (*DB)(nil)

// RestoreCircuit stores a circuit copied from another store, with its log.
func (db *DB) RestoreCircuit(ctx context.Context, c *outflank.Circuit, log []outflank.CircuitEvent) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		return db.restoreCircuitIn(ctx, tx, c, log, false)
	})
}

// restoreCircuitIn stores c with its log in tx: with their own ids, or,
// renumber set, with new ones in the same order (a deleted circuit
// restored, whose ids a later circuit's log may have taken: a circuit's
// log is not chained by hashes, and its undo marks follow the new ids).
func (db *DB) restoreCircuitIn(ctx context.Context, tx *sql.Tx, c *outflank.Circuit, log []outflank.CircuitEvent, renumber bool) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO circuits (slug, name, rules, year) VALUES (?, ?, ?, ?)`, c.Slug, c.Name, string(c.Rules), c.Year)
	if err != nil {
		if strings.Contains(err.Error(), "UNIQUE") {
			return outflank.Errorf(outflank.ECONFLICT, "a circuit %q already exists in %s: nothing was copied", c.Slug, db.path)
		}
		return translate(fmt.Errorf("copying circuit %s: %w", c.Slug, err), db.path)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return translate(err, db.path)
	}
	if err := storeCircuit(ctx, tx, id, c); err != nil {
		return translate(fmt.Errorf("copying circuit %s: %w", c.Slug, err), db.path)
	}
	ids := map[int64]int64{}
	for _, e := range log {
		var eid, undoes any = e.ID, nil
		if renumber {
			eid = nil
		}
		if e.Undoes != 0 {
			undoes = e.Undoes
			if renumber {
				undoes = ids[e.Undoes]
			}
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO circuit_events (id, circuit, at, actor, action, summary, before, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			eid, id, e.At.UTC().Format(timeFormat), e.Actor, e.Action, e.Summary, string(e.Before), undoes)
		if err != nil {
			if strings.Contains(err.Error(), "UNIQUE") || strings.Contains(err.Error(), "PRIMARY KEY") {
				return outflank.Errorf(outflank.ECONFLICT, "entry #%d of the log of circuit %s is already used by another circuit's log in %s: circuit %s was not copied", e.ID, c.Slug, db.path, c.Slug)
			}
			return translate(fmt.Errorf("copying the log of circuit %s: %w", c.Slug, err), db.path)
		}
		if ids[e.ID], err = res.LastInsertId(); err != nil {
			return translate(err, db.path)
		}
	}
	return nil
}

// RestoreMembers stores member records copied from another store, with
// their log and the fee rates, into a store that has none.
func (db *DB) RestoreMembers(ctx context.Context, members []outflank.Member, log []outflank.MemberEvent, rates []outflank.FeeRates) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM member_events) + (SELECT count(*) FROM fee_rates)`).Scan(&n); err != nil {
			return translate(fmt.Errorf("counting member records: %w", err), db.path)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has member records, a members' log or fee rates: nothing was copied", db.path)
		}
		for _, r := range rates {
			if _, err := tx.ExecContext(ctx, `INSERT INTO fee_rates (federation, year, standard, unwaged, family) VALUES (?, ?, ?, ?, ?)`,
				r.Federation, r.Year, r.Standard, r.Unwaged, r.Family); err != nil {
				return translate(fmt.Errorf("copying the fee rates of %s: %w", r.Describe(), err), db.path)
			}
		}
		for _, m := range members {
			if _, err := tx.ExecContext(ctx, `INSERT INTO members (id, wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				m.ID, m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil); err != nil {
				return translate(fmt.Errorf("copying member #%d: %w", m.ID, err), db.path)
			}
		}
		for _, e := range log {
			if _, err := tx.ExecContext(ctx, `INSERT INTO member_events (id, at, actor, action, member, summary) VALUES (?, ?, ?, ?, ?, ?)`,
				e.ID, e.At.UTC().Format(timeFormat), e.Actor, e.Action, e.Member, e.Summary); err != nil {
				return translate(fmt.Errorf("copying the members' log: %w", err), db.path)
			}
		}
		return nil
	})
}

// DumpAccounts reads the users with their grants, the tokens, the judge
// links and the accounts' log, from one snapshot.
func (db *DB) DumpAccounts(ctx context.Context) (*outflank.AccountsRecord, error) {
	a := &outflank.AccountsRecord{Issued: map[string]int64{}}
	err := db.readTx(ctx, func(tx *sql.Tx) error {
		if err := queryRows(ctx, tx, `SELECT name, seq FROM sqlite_sequence`, func(rows *sql.Rows) error {
			var name string
			var seq int64
			if err := rows.Scan(&name, &seq); err != nil {
				return err
			}
			if slices.Contains(outflank.CredentialTables, name) {
				a.Issued[name] = seq
			}
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the ids given: %w", err), db.path)
		}
		if err := queryRows(ctx, tx, `SELECT id, name, password, admin, created_at FROM users ORDER BY id`, func(rows *sql.Rows) error {
			var u outflank.User
			var at string
			if err := rows.Scan(&u.ID, &u.Name, &u.PasswordHash, &u.Admin, &at); err != nil {
				return err
			}
			u.CreatedAt, _ = time.Parse(timeFormat, at)
			a.Users = append(a.Users, u)
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the users: %w", err), db.path)
		}
		byID := map[int64]int{}
		for i, u := range a.Users {
			byID[u.ID] = i
		}
		if err := queryRows(ctx, tx, `SELECT user_id, tournament, role FROM grants ORDER BY user_id, tournament, role`, func(rows *sql.Rows) error {
			var id int64
			var g outflank.Grant
			if err := rows.Scan(&id, &g.Tournament, &g.Role); err != nil {
				return err
			}
			if i, ok := byID[id]; ok {
				a.Users[i].Grants = append(a.Users[i].Grants, g)
			}
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the grants: %w", err), db.path)
		}
		if err := queryRows(ctx, tx, `SELECT t.id, t.user_id, u.name, t.name, t.hash, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id ORDER BY t.id`, func(rows *sql.Rows) error {
			var t outflank.Token
			var at string
			if err := rows.Scan(&t.ID, &t.UserID, &t.User, &t.Name, &t.Hash, &at); err != nil {
				return err
			}
			t.CreatedAt, _ = time.Parse(timeFormat, at)
			a.Tokens = append(a.Tokens, t)
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the tokens: %w", err), db.path)
		}
		if err := queryRows(ctx, tx, `SELECT `+judgeLinkColumns+` FROM judge_links ORDER BY id`, func(rows *sql.Rows) error {
			var j outflank.JudgeLink
			var at string
			if err := rows.Scan(&j.ID, &j.Tournament, &j.Round, &j.Table, &j.Label, &j.CreatedBy, &at, &j.Hash); err != nil {
				return err
			}
			j.ExpiresAt, _ = time.Parse(timeFormat, at)
			a.JudgeLinks = append(a.JudgeLinks, j)
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the judge links: %w", err), db.path)
		}
		if err := queryRows(ctx, tx, `SELECT id, at, actor, action, subject, summary FROM account_events ORDER BY id`, func(rows *sql.Rows) error {
			var e outflank.AccountEvent
			var at string
			if err := rows.Scan(&e.ID, &at, &e.Actor, &e.Action, &e.Subject, &e.Summary); err != nil {
				return err
			}
			e.At, _ = time.Parse(timeFormat, at)
			a.Log = append(a.Log, e)
			return nil
		}); err != nil {
			return translate(fmt.Errorf("reading the accounts' log: %w", err), db.path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// queryRows runs query in tx and calls each for every row.
func queryRows(ctx context.Context, tx *sql.Tx, query string, each func(rows *sql.Rows) error) error {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// RestoreAccounts stores accounts copied from another store, with their
// ids and hashes, into a store that has none.
func (db *DB) RestoreAccounts(ctx context.Context, a *outflank.AccountsRecord) error {
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM tokens) + (SELECT count(*) FROM judge_links) + (SELECT count(*) FROM account_events)`).Scan(&n); err != nil {
			return translate(fmt.Errorf("counting the accounts: %w", err), db.path)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has user accounts or an accounts' log: nothing was copied", db.path)
		}
		for _, u := range a.Users {
			if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, name, password, admin, created_at) VALUES (?, ?, ?, ?, ?)`,
				u.ID, u.Name, u.PasswordHash, u.Admin, u.CreatedAt.UTC().Format(timeFormat)); err != nil {
				return translate(fmt.Errorf("copying user %s: %w", u.Name, err), db.path)
			}
			for _, g := range u.Grants {
				if _, err := tx.ExecContext(ctx, `INSERT INTO grants (user_id, tournament, role) VALUES (?, ?, ?)`, u.ID, g.Tournament, g.Role); err != nil {
					return translate(fmt.Errorf("copying the grants of %s: %w", u.Name, err), db.path)
				}
			}
		}
		for _, t := range a.Tokens {
			if _, err := tx.ExecContext(ctx, `INSERT INTO tokens (id, user_id, name, hash, created_at) VALUES (?, ?, ?, ?, ?)`,
				t.ID, t.UserID, t.Name, t.Hash, t.CreatedAt.UTC().Format(timeFormat)); err != nil {
				return translate(fmt.Errorf("copying token %s of %s: %w", t.Name, t.User, err), db.path)
			}
		}
		for _, j := range a.JudgeLinks {
			if _, err := tx.ExecContext(ctx, `INSERT INTO judge_links (id, tournament, round, table_no, label, created_by, expires_at, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
				j.ID, j.Tournament, j.Round, j.Table, j.Label, j.CreatedBy, j.ExpiresAt.UTC().Format(timeFormat), j.Hash); err != nil {
				return translate(fmt.Errorf("copying judge link #%d: %w", j.ID, err), db.path)
			}
		}
		for _, e := range a.Log {
			if _, err := tx.ExecContext(ctx, `INSERT INTO account_events (id, at, actor, action, subject, summary) VALUES (?, ?, ?, ?, ?, ?)`,
				e.ID, e.At.UTC().Format(timeFormat), e.Actor, e.Action, e.Subject, e.Summary); err != nil {
				return translate(fmt.Errorf("copying the accounts' log: %w", err), db.path)
			}
		}
		// The ids given and since removed are not given again (AUTOINCREMENT
		// counts from sqlite_sequence, which the inserts above set to the
		// largest id copied).
		for _, table := range outflank.CredentialTables {
			if a.Issued[table] == 0 {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)`, table, table); err != nil {
				return translate(fmt.Errorf("copying the ids given: %w", err), db.path)
			}
			if _, err := tx.ExecContext(ctx, `UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?`, a.Issued[table], table); err != nil {
				return translate(fmt.Errorf("copying the ids given: %w", err), db.path)
			}
		}
		return nil
	})
}

// RestorePlayerDB loads a player database copied from another store, then
// records when it was loaded there.
func (db *DB) RestorePlayerDB(ctx context.Context, info *outflank.PlayerDBInfo, players []outflank.WOFPlayer) error {
	if _, err := db.LoadPlayerDB(ctx, info.Source, players); err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE wof_player_db SET loaded_at = ? WHERE id = 1`, info.LoadedAt.UTC().Format(timeFormat))
		return translate(err, db.path)
	})
}
