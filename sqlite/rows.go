package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"outflank"
	"outflank/internal/rowcols"
)

// execer is what writing needs of a *sql.Tx.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// statements prepares each statement of a transaction once: an import
// writes a hundred thousand rows with the same few statements, and parsing
// them again for each row would cost more than writing them.
type statements struct {
	tx   *sql.Tx
	byID map[string]*sql.Stmt
}

func newStatements(tx *sql.Tx) *statements {
	return &statements{tx: tx, byID: map[string]*sql.Stmt{}}
}

// ExecContext runs query, prepared on its first use.
func (s *statements) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, ok := s.byID[query]
	if !ok {
		var err error
		if st, err = s.tx.PrepareContext(ctx, query); err != nil {
			return nil, err
		}
		s.byID[query] = st
	}
	return st.ExecContext(ctx, args...)
}

// Close releases the prepared statements.
func (s *statements) Close() {
	for _, st := range s.byID {
		st.Close()
	}
}

// writeRows stores changes (in the order outflank.Diff gives them) into the rows
// of tournament l. Updates and deletions name the version each row had when
// it was loaded: a row changed since is a conflict, never overwritten.
func (db *DB) writeRows(ctx context.Context, sqlTx *sql.Tx, l *loaded, changes []outflank.Change) error {
	tx := newStatements(sqlTx)
	defer tx.Close()
	for _, c := range changes {
		version := l.version(versionKey(c.Entity, c.Key))
		var err error
		switch {
		case c.After == nil:
			err = db.deleteRow(ctx, tx, l.id, c, version)
		case c.Before == nil:
			err = db.insertRow(ctx, tx, l.id, c)
		default:
			err = db.updateRow(ctx, tx, l.id, c, version)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (db *DB) insertRow(ctx context.Context, tx execer, tid int64, c outflank.Change) error {
	var err error
	switch c.Entity {
	case outflank.EntityPlayer:
		var p outflank.Player
		if err = json.Unmarshal(c.After, &p); err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO players (tournament_id, id, name, country, wof_id, new_to_wof, rating, gender, born,
				seeded, additional, team, withdrawn_after, absent_rounds, citizenship, resident_since, exemption, version)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
				append([]any{tid, p.ID}, playerColumns(p)...)...)
		}
	case outflank.EntityRound:
		var r roundRow
		if err = json.Unmarshal(c.After, &r); err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO rounds (tournament_id, number, stage, method, seed, version) VALUES (?, ?, ?, ?, ?, 1)`,
				tid, r.Number, r.Stage, r.Method, r.Seed)
		}
	case outflank.EntityGame:
		var g outflank.Game
		var round int
		if round, _, err = outflank.KeyNumbers(c.Key); err == nil {
			if err = json.Unmarshal(c.After, &g); err == nil {
				_, err = tx.ExecContext(ctx, `INSERT INTO games (tournament_id, round, table_no, black, white, outcome, black_discs, white_discs,
					board_black, board_white, moves, defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version)
					VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
					append([]any{tid, round, g.Table, g.Black, g.White}, rowcols.Game(&g)...)...)
			}
		}
	case outflank.EntityBye:
		var round, player int
		if round, player, err = outflank.KeyNumbers(c.Key); err == nil {
			_, err = tx.ExecContext(ctx, `INSERT INTO byes (tournament_id, round, player, version) VALUES (?, ?, ?, 1)`, tid, round, player)
		}
	default:
		return fmt.Errorf("sqlite: cannot create a %s row here", c.Entity)
	}
	if err != nil {
		return translate(fmt.Errorf("creating %s %s: %w", c.Entity, c.Key, err), db.path)
	}
	return nil
}

func (db *DB) updateRow(ctx context.Context, tx execer, tid int64, c outflank.Change, version int) error {
	var res sql.Result
	var err error
	switch c.Entity {
	case outflank.EntityTournament:
		var h struct {
			Name     string            `json:"name"`
			Date     string            `json:"date"`
			Rules    string            `json:"rules"`
			Settings outflank.Settings `json:"settings"`
		}
		if err = json.Unmarshal(c.After, &h); err == nil {
			var settings []byte
			if settings, err = json.Marshal(h.Settings); err == nil {
				res, err = tx.ExecContext(ctx, `UPDATE tournaments SET name = ?, date = ?, rules = ?, settings = ?, version = version + 1
					WHERE id = ? AND version = ?`, h.Name, h.Date, h.Rules, string(settings), tid, version)
			}
		}
	case outflank.EntityPlayer:
		var p outflank.Player
		if err = json.Unmarshal(c.After, &p); err == nil {
			res, err = tx.ExecContext(ctx, `UPDATE players SET name = ?, country = ?, wof_id = ?, new_to_wof = ?, rating = ?, gender = ?,
				born = ?, seeded = ?, additional = ?, team = ?, withdrawn_after = ?, absent_rounds = ?, citizenship = ?, resident_since = ?,
				exemption = ?, version = version + 1
				WHERE tournament_id = ? AND id = ? AND version = ?`, append(playerColumns(p), tid, p.ID, version)...)
		}
	case outflank.EntityRound:
		var r roundRow
		if err = json.Unmarshal(c.After, &r); err == nil {
			res, err = tx.ExecContext(ctx, `UPDATE rounds SET stage = ?, method = ?, seed = ?, version = version + 1
				WHERE tournament_id = ? AND number = ? AND version = ?`, r.Stage, r.Method, r.Seed, tid, r.Number, version)
		}
	case outflank.EntityGame:
		var g outflank.Game
		var round int
		if round, _, err = outflank.KeyNumbers(c.Key); err == nil {
			if err = json.Unmarshal(c.After, &g); err == nil {
				res, err = tx.ExecContext(ctx, `UPDATE games SET black = ?, white = ?, outcome = ?, black_discs = ?, white_discs = ?,
					board_black = ?, board_white = ?, moves = ?, defaulter = ?, defaulter_flags = ?, opponent_flags = ?, loser = ?,
					winner = ?, reason = ?, discs_unknown = ?, chooser = ?, chose = ?, version = version + 1
					WHERE tournament_id = ? AND round = ? AND table_no = ? AND version = ?`,
					append(append([]any{g.Black, g.White}, rowcols.Game(&g)...), tid, round, g.Table, version)...)
			}
		}
	default:
		return fmt.Errorf("sqlite: cannot update a %s row", c.Entity)
	}
	return db.checkWritten(res, err, "updating", c)
}

func (db *DB) deleteRow(ctx context.Context, tx execer, tid int64, c outflank.Change, version int) error {
	a, b, err := outflank.KeyNumbers(c.Key)
	if err != nil {
		return err
	}
	var res sql.Result
	switch c.Entity {
	case outflank.EntityPlayer:
		res, err = tx.ExecContext(ctx, `DELETE FROM players WHERE tournament_id = ? AND id = ? AND version = ?`, tid, a, version)
	case outflank.EntityRound:
		res, err = tx.ExecContext(ctx, `DELETE FROM rounds WHERE tournament_id = ? AND number = ? AND version = ?`, tid, a, version)
	case outflank.EntityGame:
		res, err = tx.ExecContext(ctx, `DELETE FROM games WHERE tournament_id = ? AND round = ? AND table_no = ? AND version = ?`, tid, a, b, version)
	case outflank.EntityBye:
		res, err = tx.ExecContext(ctx, `DELETE FROM byes WHERE tournament_id = ? AND round = ? AND player = ? AND version = ?`, tid, a, b, version)
	default:
		return fmt.Errorf("sqlite: cannot delete a %s row", c.Entity)
	}
	return db.checkWritten(res, err, "deleting", c)
}

// checkWritten turns "no row matched the version" into a conflict.
func (db *DB) checkWritten(res sql.Result, err error, doing string, c outflank.Change) error {
	if err != nil {
		return translate(fmt.Errorf("%s %s %s: %w", doing, c.Entity, c.Key, err), db.path)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return translate(fmt.Errorf("%s %s %s: %w", doing, c.Entity, c.Key, err), db.path)
	}
	if n != 1 {
		return outflank.Errorf(outflank.ECONFLICT, "%s %s was changed by another command meanwhile: nothing was saved; look again and retry", c.Entity, c.Key)
	}
	return nil
}

// roundRow is a round's own columns, as the audit JSON carries them.
type roundRow struct {
	Number int            `json:"round"`
	Stage  outflank.Stage `json:"stage"`
	Method string         `json:"method"`
	Seed   string         `json:"seed"`
}

func playerColumns(p outflank.Player) []any {
	var withdrawn any
	if p.WithdrawnAfterRound != nil {
		withdrawn = *p.WithdrawnAfterRound
	}
	return []any{p.Name, p.Country, p.WOFID, p.NewToWOF, p.Rating, p.Gender, p.Born, p.Seeded, p.Additional, p.Team, withdrawn,
		formatRounds(p.AbsentRounds), p.Citizenship, p.ResidentSince, p.Exemption}
}

// formatRounds writes round numbers as the absent_rounds column keeps
// them: "3,5", or "" for none.
func formatRounds(rounds []int) string {
	parts := make([]string, len(rounds))
	for i, n := range rounds {
		parts[i] = itoa(n)
	}
	return strings.Join(parts, ",")
}

// parseRounds reads the absent_rounds column.
func parseRounds(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var rounds []int
	for part := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(part)
		if err != nil {
			return nil, fmt.Errorf("sqlite: absent rounds %q: %w", s, err)
		}
		rounds = append(rounds, n)
	}
	return rounds, nil
}

func itoa(n int) string { return strconv.Itoa(n) }
