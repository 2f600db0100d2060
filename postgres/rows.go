package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/rowcols"
)

// write is one statement of writeRows, with what checking its result needs.
type write struct {
	c outflank.Change
	// doing is "creating", "updating" or "deleting", for messages;
	// conditional writes must match exactly one row.
	doing       string
	conditional bool
}

// writeRows stores changes (in the order outflank.Diff gives them) into the
// rows of tournament l. Updates and deletions name the version each row had
// when it was loaded: a row changed since is a conflict, never overwritten.
// The statements go to the server in one batch (an import writes a hundred
// thousand rows: one round trip each would cost more than writing them);
// pgx prepares each distinct statement once.
func (db *DB) writeRows(ctx context.Context, tx pgx.Tx, l *loaded, changes []outflank.Change) error {
	batch := &pgx.Batch{}
	writes, err := queueRows(batch, l, changes)
	if err != nil || len(writes) == 0 {
		return err
	}
	results := tx.SendBatch(ctx, batch)
	defer results.Close()
	if err := checkRows(results, writes); err != nil {
		return err
	}
	return results.Close()
}

// queueRows queues the statements that store changes into the rows of
// tournament l in batch (see writeRows), and returns what checkRows needs
// to check their results.
func queueRows(batch *pgx.Batch, l *loaded, changes []outflank.Change) ([]write, error) {
	writes := make([]write, 0, len(changes))
	for _, c := range changes {
		version := l.version(versionKey(c.Entity, c.Key))
		var query string
		var args []any
		var err error
		w := write{c: c}
		switch {
		case c.After == nil:
			w.doing, w.conditional = "deleting", true
			query, args, err = deleteRow(l.id, c, version)
		case c.Before == nil:
			w.doing = "creating"
			query, args, err = insertRow(l.id, c)
		default:
			w.doing, w.conditional = "updating", true
			query, args, err = updateRow(l.id, c, version)
		}
		if err != nil {
			return nil, fmt.Errorf("postgres: %s %s %s: %w", w.doing, c.Entity, c.Key, err)
		}
		batch.Queue(query, args...)
		writes = append(writes, w)
	}
	return writes, nil
}

// checkRows reads the results of the statements queueRows queued, in order.
func checkRows(results pgx.BatchResults, writes []write) error {
	for _, w := range writes {
		tag, err := results.Exec()
		if err != nil {
			return fmt.Errorf("%s %s %s: %w", w.doing, w.c.Entity, w.c.Key, err)
		}
		if w.conditional && tag.RowsAffected() != 1 {
			return outflank.Errorf(outflank.ECONFLICT, "%s %s was changed by another command meanwhile: nothing was saved; look again and retry", w.c.Entity, w.c.Key)
		}
	}
	return nil
}

func insertRow(tid int64, c outflank.Change) (string, []any, error) {
	switch c.Entity {
	case outflank.EntityPlayer:
		var p outflank.Player
		if err := json.Unmarshal(c.After, &p); err != nil {
			return "", nil, err
		}
		return `INSERT INTO players (tournament_id, id, name, country, wof_id, new_to_wof, rating, gender, born,
			seeded, additional, team, withdrawn_after, absent_rounds, citizenship, resident_since, exemption, version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 1)`,
			append([]any{tid, p.ID}, playerColumns(p)...), nil
	case outflank.EntityRound:
		var r roundRow
		if err := json.Unmarshal(c.After, &r); err != nil {
			return "", nil, err
		}
		return `INSERT INTO rounds (tournament_id, number, stage, method, seed, version) VALUES ($1, $2, $3, $4, $5, 1)`,
			[]any{tid, r.Number, string(r.Stage), r.Method, r.Seed}, nil
	case outflank.EntityGame:
		round, _, err := outflank.KeyNumbers(c.Key)
		if err != nil {
			return "", nil, err
		}
		var g outflank.Game
		if err := json.Unmarshal(c.After, &g); err != nil {
			return "", nil, err
		}
		return `INSERT INTO games (tournament_id, round, table_no, black, white, outcome, black_discs, white_discs,
			board_black, board_white, moves, defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 1)`,
			append([]any{tid, round, g.Table, g.Black, g.White}, rowcols.Game(&g)...), nil
	case outflank.EntityBye:
		round, player, err := outflank.KeyNumbers(c.Key)
		if err != nil {
			return "", nil, err
		}
		return `INSERT INTO byes (tournament_id, round, player, version) VALUES ($1, $2, $3, 1)`, []any{tid, round, player}, nil
	}
	return "", nil, fmt.Errorf("cannot create a %s row here", c.Entity)
}

func updateRow(tid int64, c outflank.Change, version int) (string, []any, error) {
	switch c.Entity {
	case outflank.EntityTournament:
		var h struct {
			Name     string            `json:"name"`
			Date     string            `json:"date"`
			Rules    string            `json:"rules"`
			Settings outflank.Settings `json:"settings"`
		}
		if err := json.Unmarshal(c.After, &h); err != nil {
			return "", nil, err
		}
		settings, err := json.Marshal(h.Settings)
		if err != nil {
			return "", nil, err
		}
		return `UPDATE tournaments SET name = $1, date = $2, rules = $3, settings = $4, version = version + 1
			WHERE id = $5 AND version = $6`, []any{h.Name, h.Date, h.Rules, settings, tid, version}, nil
	case outflank.EntityPlayer:
		var p outflank.Player
		if err := json.Unmarshal(c.After, &p); err != nil {
			return "", nil, err
		}
		return `UPDATE players SET name = $1, country = $2, wof_id = $3, new_to_wof = $4, rating = $5, gender = $6,
			born = $7, seeded = $8, additional = $9, team = $10, withdrawn_after = $11, absent_rounds = $12, citizenship = $13,
			resident_since = $14, exemption = $15, version = version + 1
			WHERE tournament_id = $16 AND id = $17 AND version = $18`, append(playerColumns(p), tid, p.ID, version), nil
	case outflank.EntityRound:
		var r roundRow
		if err := json.Unmarshal(c.After, &r); err != nil {
			return "", nil, err
		}
		return `UPDATE rounds SET stage = $1, method = $2, seed = $3, version = version + 1
			WHERE tournament_id = $4 AND number = $5 AND version = $6`, []any{string(r.Stage), r.Method, r.Seed, tid, r.Number, version}, nil
	case outflank.EntityGame:
		round, _, err := outflank.KeyNumbers(c.Key)
		if err != nil {
			return "", nil, err
		}
		var g outflank.Game
		if err := json.Unmarshal(c.After, &g); err != nil {
			return "", nil, err
		}
		return `UPDATE games SET black = $1, white = $2, outcome = $3, black_discs = $4, white_discs = $5,
			board_black = $6, board_white = $7, moves = $8, defaulter = $9, defaulter_flags = $10, opponent_flags = $11, loser = $12,
			winner = $13, reason = $14, discs_unknown = $15, chooser = $16, chose = $17, version = version + 1
			WHERE tournament_id = $18 AND round = $19 AND table_no = $20 AND version = $21`,
			append(append([]any{g.Black, g.White}, rowcols.Game(&g)...), tid, round, g.Table, version), nil
	}
	return "", nil, fmt.Errorf("cannot update a %s row", c.Entity)
}

func deleteRow(tid int64, c outflank.Change, version int) (string, []any, error) {
	a, b, err := outflank.KeyNumbers(c.Key)
	if err != nil {
		return "", nil, err
	}
	switch c.Entity {
	case outflank.EntityPlayer:
		return `DELETE FROM players WHERE tournament_id = $1 AND id = $2 AND version = $3`, []any{tid, a, version}, nil
	case outflank.EntityRound:
		return `DELETE FROM rounds WHERE tournament_id = $1 AND number = $2 AND version = $3`, []any{tid, a, version}, nil
	case outflank.EntityGame:
		return `DELETE FROM games WHERE tournament_id = $1 AND round = $2 AND table_no = $3 AND version = $4`, []any{tid, a, b, version}, nil
	case outflank.EntityBye:
		return `DELETE FROM byes WHERE tournament_id = $1 AND round = $2 AND player = $3 AND version = $4`, []any{tid, a, b, version}, nil
	}
	return "", nil, fmt.Errorf("cannot delete a %s row", c.Entity)
}

// roundRow is a round's own columns, as the audit JSON carries them.
type roundRow struct {
	Number int            `json:"round"`
	Stage  outflank.Stage `json:"stage"`
	Method string         `json:"method"`
	Seed   string         `json:"seed"`
}

func playerColumns(p outflank.Player) []any {
	var withdrawn *int
	if p.WithdrawnAfterRound != nil {
		n := *p.WithdrawnAfterRound
		withdrawn = &n
	}
	absent := p.AbsentRounds
	if absent == nil {
		absent = []int{} // the column is NOT NULL: none is an empty array
	}
	return []any{p.Name, p.Country, p.WOFID, p.NewToWOF, p.Rating, p.Gender, p.Born, p.Seeded, p.Additional, p.Team, withdrawn,
		absent, p.Citizenship, p.ResidentSince, p.Exemption}
}

func itoa(n int) string { return strconv.Itoa(n) }
