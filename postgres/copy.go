package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"outflank"
)

var _ outflank.Archive = (*DB)(nil)

// Dump reads the tournament with slug, its creation time and its whole log
// from one snapshot.
func (db *DB) Dump(ctx context.Context, slug string) (*outflank.TournamentRecord, error) {
	var rec *outflank.TournamentRecord
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		var err error
		rec, err = db.dumpIn(ctx, tx, slug)
		return err
	})
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// dumpIn reads the tournament with slug, its creation time and its whole
// log in tx.
func (db *DB) dumpIn(ctx context.Context, tx pgx.Tx, slug string) (*outflank.TournamentRecord, error) {
	rec := &outflank.TournamentRecord{}
	err := func() error {
		tid, head, err := db.tournamentID(ctx, tx, slug)
		if err != nil {
			return err
		}
		rec.Head = head
		if err := tx.QueryRow(ctx, `SELECT created_at FROM tournaments WHERE id = $1`, tid).Scan(&rec.CreatedAt); err != nil {
			return fmt.Errorf("reading tournament %s: %w", slug, err)
		}
		rec.CreatedAt = rec.CreatedAt.UTC()
		if rec.Events, err = db.events(ctx, tx, slug, tid); err != nil {
			return err
		}
		if rec.Outside, err = outsideEdits(ctx, tx, tid); err != nil {
			return err
		}
		l, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		rec.Tournament = l.t
		return nil
	}()
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// Restore stores a tournament read by Dump (from this store or another),
// in one transaction: its rows, its version and its games', and its log
// with the events' own ids and hashes. The events table is locked against
// other writers meanwhile, and its id sequence moved past the ids copied,
// so that the events written after the copy follow them.
func (db *DB) Restore(ctx context.Context, rec *outflank.TournamentRecord) error {
	t := rec.Tournament
	changes, err := outflank.Created(t)
	if err != nil {
		return err
	}
	settings, err := json.Marshal(t.Settings)
	if err != nil {
		return err
	}
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		return db.restoreIn(ctx, tx, rec, changes, settings)
	})
}

// restoreIn stores rec in tx: Restore's work, given the rows of its
// tournament (outflank.Created) and its settings as JSON.
func (db *DB) restoreIn(ctx context.Context, tx pgx.Tx, rec *outflank.TournamentRecord, changes []outflank.Change, settings []byte) error {
	t := rec.Tournament
	var maxID int64
	for _, ev := range rec.Events {
		maxID = max(maxID, ev.ID)
	}
	if _, err := tx.Exec(ctx, `LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE`); err != nil {
		return fmt.Errorf("locking the log: %w", err)
	}
	l := &loaded{t: t, versions: map[string]int{}}
	err := tx.QueryRow(ctx, `INSERT INTO tournaments (slug, name, date, rules, settings, created_at, version, log_head) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		t.Slug, t.Name, t.Date, string(t.Rules), settings, rec.CreatedAt, max(t.Version, 1), rec.Head).Scan(&l.id)
	if err != nil {
		if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == stateUniqueViolation {
			return outflank.Errorf(outflank.ECONFLICT, "a tournament %q already exists in %s: nothing was copied", t.Slug, db.where)
		}
		return fmt.Errorf("copying tournament %s: %w", t.Slug, err)
	}
	if err := db.writeRows(ctx, tx, l, changes[1:]); err != nil {
		return err
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Version > 1 {
				if _, err := tx.Exec(ctx, `UPDATE games SET version = $1 WHERE tournament_id = $2 AND round = $3 AND table_no = $4`, g.Version, l.id, r.Number, g.Table); err != nil {
					return fmt.Errorf("copying game %d/%d of %s: %w", r.Number, g.Table, t.Slug, err)
				}
			}
		}
	}
	if err := db.restoreEvents(ctx, tx, l.id, rec, 0); err != nil {
		return err
	}
	// The edits made outside Outflank in the other store, as its triggers
	// recorded them.
	for _, o := range rec.Outside {
		if _, err := tx.Exec(ctx, `INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind) VALUES ($1, $2, $3, $4, $5)`,
			l.id, o.At, o.Entity, o.Key, o.Kind); err != nil {
			return fmt.Errorf("copying the edits of %s made outside Outflank: %w", t.Slug, err)
		}
	}
	if maxID > 0 {
		if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('events', 'id'), greatest($1, (SELECT max(id) FROM events)))`, maxID); err != nil {
			return fmt.Errorf("moving the event ids past the copy: %w", err)
		}
	}
	return notify(ctx, tx, t.Slug, max(t.Version, 1))
}

// restoreEvents inserts the log of rec from its event from on, as
// recorded; the undo marks go in once every event is in, since an event is
// marked by a later one (and an event appended can mark one before from).
func (db *DB) restoreEvents(ctx context.Context, tx pgx.Tx, tid int64, rec *outflank.TournamentRecord, from int) error {
	batch := &pgx.Batch{}
	for i := from; i < len(rec.Events); i++ {
		ev := &rec.Events[i]
		changes, err := json.Marshal(ev.Changes)
		if err != nil {
			return err
		}
		var undoes *int64
		if ev.Undoes != 0 {
			undoes = &ev.Undoes
		}
		batch.Queue(`INSERT INTO events (id, tournament_id, at, actor, kind, summary, changes, undoes, prev_hash, hash)
			OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			ev.ID, tid, ev.At, ev.Actor, ev.Kind, ev.Summary, changes, undoes, ev.PrevHash, ev.Hash)
	}
	for _, ev := range rec.Events {
		if ev.UndoneBy != 0 {
			batch.Queue(`UPDATE events SET undone_by = $1 WHERE tournament_id = $3 AND id = $2`, ev.UndoneBy, ev.ID, tid)
		}
	}
	results := tx.SendBatch(ctx, batch)
	defer results.Close()
	for range batch.Len() {
		if _, err := results.Exec(); err != nil {
			if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == stateUniqueViolation {
				return outflank.Errorf(outflank.ECONFLICT, "an event id is twice in the log of %s (%s): nothing was copied; 'outflank log %s --verify' on the source says more",
					rec.Tournament.Slug, pgErr.Detail, rec.Tournament.Slug)
			}
			return fmt.Errorf("copying the log of %s: %w", rec.Tournament.Slug, err)
		}
	}
	return results.Close()
}

// Append adds the events rec.Events[from:] to the tournament's log, which
// must end with rec.Events[from-1], writing each event's changes in turn
// as the event wrote them (outflank.Archive). It locks the tournament's
// row first, as every writer does, then the log's table against other
// writers, whose ids the sequence moved past the copied ones would
// otherwise give again.
func (db *DB) Append(ctx context.Context, rec *outflank.TournamentRecord, from int) error {
	slug := rec.Tournament.Slug
	if from < 1 || from > len(rec.Events) {
		return fmt.Errorf("postgres: appending events %d on of a log of %d to %s", from, len(rec.Events), slug)
	}
	var maxID int64
	for _, ev := range rec.Events {
		maxID = max(maxID, ev.ID)
	}
	err := db.writeTx(ctx, func(tx pgx.Tx) error {
		var head string
		err := tx.QueryRow(ctx, `SELECT log_head FROM tournaments WHERE slug = $1 FOR NO KEY UPDATE`, slug).Scan(&head)
		if errors.Is(err, pgx.ErrNoRows) {
			return db.notFound(slug)
		}
		if err != nil {
			return fmt.Errorf("locking tournament %s: %w", slug, err)
		}
		if want := rec.Events[from-1].Hash; head != want {
			return outflank.Errorf(outflank.ECONFLICT, "%s in %s was changed meanwhile (its log's head is %.12s, not %.12s): nothing was copied; copy it again", slug, db.where, head, want)
		}
		if _, err := tx.Exec(ctx, `LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("locking the log: %w", err)
		}
		l, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		// Every event's writes in one round trip: the versions each names
		// are worked out as memo (and so a server's catch-up) does.
		batch := &pgx.Batch{}
		var writes [][]write
		s := l.state()
		key := versionKey(outflank.EntityTournament, slug)
		for i := from; i < len(rec.Events); i++ {
			ev := &rec.Events[i]
			batch.Queue(`UPDATE tournaments SET version = version + 1 WHERE id = $1 AND version = $2`, l.id, l.versions[key])
			l.bumped = true
			w, err := queueRows(batch, l, ev.Changes)
			if err != nil {
				return err
			}
			writes = append(writes, w)
			if s, err = s.Next(ev.ID, ev.Changes); err != nil {
				return outflank.Errorf(outflank.ECONFLICT, "event #%d of %s does not apply to %s in %s (%v): nothing was copied", ev.ID, slug, slug, db.where, err)
			}
			l.t, l.versions, l.event, l.bumped = s.T, s.Versions, ev.ID, false
		}
		err = func() error {
			results := tx.SendBatch(ctx, batch)
			defer results.Close()
			for i, w := range writes {
				tag, err := results.Exec()
				if err != nil {
					return fmt.Errorf("copying event #%d of %s: %w", rec.Events[from+i].ID, slug, err)
				}
				if tag.RowsAffected() != 1 {
					return stale(slug)
				}
				if err := checkRows(results, w); err != nil {
					return fmt.Errorf("copying event #%d of %s: %w", rec.Events[from+i].ID, slug, err)
				}
			}
			return results.Close()
		}()
		if err != nil {
			return err
		}
		if err := db.restoreEvents(ctx, tx, l.id, rec, from); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE tournaments SET log_head = $1 WHERE id = $2`, rec.Head, l.id); err != nil {
			return fmt.Errorf("copying the log's head of %s: %w", slug, err)
		}
		if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence('events', 'id'), greatest($1, (SELECT max(id) FROM events)))`, maxID); err != nil {
			return fmt.Errorf("moving the event ids past the copy: %w", err)
		}
		after, err := db.loadFresh(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := rec.CheckAppended(after.t, db.where); err != nil {
			return err
		}
		return notify(ctx, tx, slug, after.t.Version)
	})
	db.memo.Forget(slug)
	return err
}

var _ outflank.RecordsArchive = (*DB)(nil)

// RestoreCircuit stores a circuit copied from another store, with its log
// under its own ids (the log's table locked meanwhile, its id sequence
// moved past them).
func (db *DB) RestoreCircuit(ctx context.Context, c *outflank.Circuit, log []outflank.CircuitEvent) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		return db.restoreCircuitIn(ctx, tx, c, log, false)
	})
}

// restoreCircuitIn stores c with its log in tx: with their own ids, or,
// renumber set, with new ones in the same order (a deleted circuit
// restored: a circuit's log is not chained by hashes, and its undo marks
// follow the new ids).
func (db *DB) restoreCircuitIn(ctx context.Context, tx pgx.Tx, c *outflank.Circuit, log []outflank.CircuitEvent, renumber bool) error {
	if !renumber {
		if _, err := tx.Exec(ctx, `LOCK TABLE circuit_events IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("locking the circuits' log: %w", err)
		}
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO circuits (slug, name, rules, year) VALUES ($1, $2, $3, $4) RETURNING id`,
		c.Slug, c.Name, string(c.Rules), c.Year).Scan(&id)
	if isUnique(err) {
		return outflank.Errorf(outflank.ECONFLICT, "a circuit %q already exists in %s: nothing was copied", c.Slug, db.where)
	}
	if err != nil {
		return fmt.Errorf("copying circuit %s: %w", c.Slug, err)
	}
	if err := storeCircuit(ctx, tx, id, c); err != nil {
		return fmt.Errorf("copying circuit %s: %w", c.Slug, err)
	}
	ids := map[int64]int64{}
	for _, e := range log {
		var undoes *int64
		if e.Undoes != 0 {
			u := e.Undoes
			if renumber {
				u = ids[e.Undoes]
			}
			undoes = &u
		}
		var newID int64
		if renumber {
			err = tx.QueryRow(ctx, `INSERT INTO circuit_events (circuit, at, actor, action, summary, before, undoes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
				id, e.At, e.Actor, e.Action, e.Summary, string(e.Before), undoes).Scan(&newID)
		} else {
			_, err = tx.Exec(ctx, `INSERT INTO circuit_events (id, circuit, at, actor, action, summary, before, undoes) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				e.ID, id, e.At, e.Actor, e.Action, e.Summary, string(e.Before), undoes)
		}
		if isUnique(err) {
			return outflank.Errorf(outflank.ECONFLICT, "entry #%d of the log of circuit %s is already used by another circuit's log in %s: circuit %s was not copied", e.ID, c.Slug, db.where, c.Slug)
		}
		if err != nil {
			return fmt.Errorf("copying the log of circuit %s: %w", c.Slug, err)
		}
		ids[e.ID] = newID
	}
	if renumber {
		return nil
	}
	return moveSequence(ctx, tx, "circuit_events")
}

// RestoreMembers stores member records copied from another store, with
// their ids, their log and the fee rates, into a store that has none.
func (db *DB) RestoreMembers(ctx context.Context, members []outflank.Member, log []outflank.MemberEvent, rates []outflank.FeeRates) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE members, member_events, fee_rates IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("locking the member records: %w", err)
		}
		var n int64
		if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM member_events) + (SELECT count(*) FROM fee_rates)`).Scan(&n); err != nil {
			return fmt.Errorf("counting member records: %w", err)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has member records, a members' log or fee rates: nothing was copied", db.where)
		}
		for _, r := range rates {
			if _, err := tx.Exec(ctx, `INSERT INTO fee_rates (federation, year, standard, unwaged, family) VALUES ($1, $2, $3, $4, $5)`,
				r.Federation, r.Year, r.Standard, r.Unwaged, r.Family); err != nil {
				return fmt.Errorf("copying the fee rates of %s: %w", r.Describe(), err)
			}
		}
		for _, m := range members {
			if _, err := tx.Exec(ctx, `INSERT INTO members (id, wof_id, name, country, citizenship, resident_since, unwaged, family, paid_until) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
				m.ID, m.WOFID, m.Name, m.Country, m.Citizenship, m.ResidentSince, m.Unwaged, m.Family, m.PaidUntil); err != nil {
				return fmt.Errorf("copying member #%d: %w", m.ID, err)
			}
		}
		for _, e := range log {
			if _, err := tx.Exec(ctx, `INSERT INTO member_events (id, at, actor, action, member, summary) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6)`,
				e.ID, e.At, e.Actor, e.Action, e.Member, e.Summary); err != nil {
				return fmt.Errorf("copying the members' log: %w", err)
			}
		}
		if err := moveSequence(ctx, tx, "members"); err != nil {
			return err
		}
		return moveSequence(ctx, tx, "member_events")
	})
}

// moveSequence moves the id sequence of table past its largest id, so that
// the rows added after a copy follow the copied ones.
func moveSequence(ctx context.Context, tx pgx.Tx, table string) error {
	_, err := tx.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%s', 'id'), max(id)) FROM %s HAVING max(id) IS NOT NULL`, table, table))
	if err != nil {
		return fmt.Errorf("moving the ids of %s past the copy: %w", table, err)
	}
	return nil
}

// DumpAccounts reads the users with their grants, the tokens, the judge
// links and the accounts' log, from one snapshot.
func (db *DB) DumpAccounts(ctx context.Context) (*outflank.AccountsRecord, error) {
	var a *outflank.AccountsRecord
	err := db.readTx(ctx, func(tx pgx.Tx) error {
		a = &outflank.AccountsRecord{Issued: map[string]int64{}} // a retried transaction starts afresh
		for _, table := range outflank.CredentialTables {
			var seq string
			if err := tx.QueryRow(ctx, `SELECT pg_get_serial_sequence($1, 'id')`, table).Scan(&seq); err != nil {
				return fmt.Errorf("reading the ids given: %w", err)
			}
			var last int64
			if err := tx.QueryRow(ctx, `SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM `+seq).Scan(&last); err != nil {
				return fmt.Errorf("reading the ids given: %w", err)
			}
			a.Issued[table] = last
		}
		rows, _ := tx.Query(ctx, `SELECT id, name, password, admin, created_at FROM users ORDER BY id`)
		var u outflank.User
		if _, err := pgx.ForEachRow(rows, []any{&u.ID, &u.Name, &u.PasswordHash, &u.Admin, &u.CreatedAt}, func() error {
			u.CreatedAt = u.CreatedAt.UTC()
			a.Users = append(a.Users, u)
			return nil
		}); err != nil {
			return fmt.Errorf("reading the users: %w", err)
		}
		byID := map[int64]int{}
		for i, u := range a.Users {
			byID[u.ID] = i
		}
		rows, _ = tx.Query(ctx, `SELECT user_id, tournament, role FROM grants ORDER BY user_id, tournament, role`)
		var id int64
		var g outflank.Grant
		if _, err := pgx.ForEachRow(rows, []any{&id, &g.Tournament, &g.Role}, func() error {
			if i, ok := byID[id]; ok {
				a.Users[i].Grants = append(a.Users[i].Grants, g)
			}
			return nil
		}); err != nil {
			return fmt.Errorf("reading the grants: %w", err)
		}
		rows, _ = tx.Query(ctx, `SELECT t.id, t.user_id, u.name, t.name, t.hash, t.created_at FROM tokens t JOIN users u ON u.id = t.user_id ORDER BY t.id`)
		var t outflank.Token
		if _, err := pgx.ForEachRow(rows, []any{&t.ID, &t.UserID, &t.User, &t.Name, &t.Hash, &t.CreatedAt}, func() error {
			t.CreatedAt = t.CreatedAt.UTC()
			a.Tokens = append(a.Tokens, t)
			return nil
		}); err != nil {
			return fmt.Errorf("reading the tokens: %w", err)
		}
		rows, _ = tx.Query(ctx, `SELECT id, tournament, round, table_no, label, created_by, expires_at, hash FROM judge_links ORDER BY id`)
		var j outflank.JudgeLink
		if _, err := pgx.ForEachRow(rows, []any{&j.ID, &j.Tournament, &j.Round, &j.Table, &j.Label, &j.CreatedBy, &j.ExpiresAt, &j.Hash}, func() error {
			j.ExpiresAt = j.ExpiresAt.UTC()
			a.JudgeLinks = append(a.JudgeLinks, j)
			return nil
		}); err != nil {
			return fmt.Errorf("reading the judge links: %w", err)
		}
		rows, _ = tx.Query(ctx, `SELECT id, at, actor, action, subject, summary FROM account_events ORDER BY id`)
		var e outflank.AccountEvent
		if _, err := pgx.ForEachRow(rows, []any{&e.ID, &e.At, &e.Actor, &e.Action, &e.Subject, &e.Summary}, func() error {
			e.At = e.At.UTC()
			a.Log = append(a.Log, e)
			return nil
		}); err != nil {
			return fmt.Errorf("reading the accounts' log: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// RestoreAccounts stores accounts copied from another store, with their
// ids and hashes, into a store that has none.
func (db *DB) RestoreAccounts(ctx context.Context, a *outflank.AccountsRecord) error {
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `LOCK TABLE users, tokens, judge_links, account_events IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("locking the accounts: %w", err)
		}
		var n int64
		if err := tx.QueryRow(ctx, `SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM tokens) + (SELECT count(*) FROM judge_links) + (SELECT count(*) FROM account_events)`).Scan(&n); err != nil {
			return fmt.Errorf("counting the accounts: %w", err)
		}
		if n > 0 {
			return outflank.Errorf(outflank.ECONFLICT, "%s already has user accounts or an accounts' log: nothing was copied", db.where)
		}
		batch := &pgx.Batch{}
		for _, u := range a.Users {
			batch.Queue(`INSERT INTO users (id, name, password, admin, created_at) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5)`,
				u.ID, u.Name, u.PasswordHash, u.Admin, u.CreatedAt)
			for _, g := range u.Grants {
				batch.Queue(`INSERT INTO grants (user_id, tournament, role) VALUES ($1, $2, $3)`, u.ID, g.Tournament, g.Role)
			}
		}
		for _, t := range a.Tokens {
			batch.Queue(`INSERT INTO tokens (id, user_id, name, hash, created_at) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5)`,
				t.ID, t.UserID, t.Name, t.Hash, t.CreatedAt)
		}
		for _, j := range a.JudgeLinks {
			batch.Queue(`INSERT INTO judge_links (id, tournament, round, table_no, label, created_by, expires_at, hash) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				j.ID, j.Tournament, j.Round, j.Table, j.Label, j.CreatedBy, j.ExpiresAt, j.Hash)
		}
		for _, e := range a.Log {
			batch.Queue(`INSERT INTO account_events (id, at, actor, action, subject, summary) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6)`,
				e.ID, e.At, e.Actor, e.Action, e.Subject, e.Summary)
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("copying the accounts: %w", err)
		}
		for _, table := range outflank.CredentialTables {
			if err := moveSequence(ctx, tx, table); err != nil {
				return err
			}
			// Past the ids given and since removed too: they are not
			// given again.
			if issued := a.Issued[table]; issued > 0 {
				if _, err := tx.Exec(ctx, `SELECT setval(pg_get_serial_sequence($1, 'id'), greatest($2::bigint, (SELECT coalesce(max(id), 0) FROM `+table+`)))`, table, issued); err != nil {
					return fmt.Errorf("moving the ids of %s past the copy: %w", table, err)
				}
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
	return db.writeTx(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE wof_player_db SET loaded_at = $1 WHERE id = 1`, info.LoadedAt)
		return err
	})
}
