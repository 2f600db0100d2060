package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/rules"
)

// loaded is a tournament as read inside a transaction, with what writing
// its changes back needs: its row id and the version of every row.
type loaded struct {
	id       int64
	t        *outflank.Tournament
	versions map[string]int // "entity key" -> version
	// head is the hash of the latest event of the log (tournaments.log_head).
	head string
}

func versionKey(entity, key string) string { return entity + " " + key }

// notFound is the error for a slug that names no tournament.
func (db *DB) notFound(slug string) error {
	return outflank.Errorf(outflank.ENOTFOUND, "no tournament %q: 'outflank list' shows the tournaments in %s", slug, db.where)
}

// load reads the tournament with slug and all its rows. The five queries
// go to the server together, in one round trip: the later ones find the
// tournament by its slug. With lock, in a write transaction (READ
// COMMITTED), the first query locks the tournament's row, waiting for the
// writer that holds it to end; each later query then sees every change
// committed before the lock was granted, and none can be committed until
// this transaction ends: the tournament as it is.
func (db *DB) load(ctx context.Context, tx pgx.Tx, slug string, lock bool) (*loaded, error) {
	const ofSlug = `(SELECT id FROM tournaments WHERE slug = $1)`
	head := `SELECT id, slug, name, date, rules, settings, version, log_head FROM tournaments WHERE slug = $1`
	if lock {
		// FOR NO KEY UPDATE is the lock the UPDATE of the version takes,
		// and leaves the inserts of rows that refer to the tournament
		// (which take FOR KEY SHARE) alone.
		head += ` FOR NO KEY UPDATE`
	}
	batch := &pgx.Batch{}
	batch.Queue(head, slug)
	batch.Queue(`SELECT id, name, country, wof_id, new_to_wof, rating, gender, born, seeded, additional, team, withdrawn_after, absent_rounds,
		citizenship, resident_since, exemption, version FROM players WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT number, stage, method, seed, version FROM rounds WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT round, table_no, black, white, outcome, black_discs, white_discs, board_black, board_white,
		moves, defaulter, defaulter_flags, opponent_flags, loser, winner, reason, discs_unknown, chooser, chose, version
		FROM games WHERE tournament_id = `+ofSlug, slug)
	batch.Queue(`SELECT round, player, version FROM byes WHERE tournament_id = `+ofSlug, slug)
	results := tx.SendBatch(ctx, batch)
	defer results.Close()

	l := &loaded{t: &outflank.Tournament{}, versions: map[string]int{}}
	t := l.t
	var settings []byte
	var ruleset string
	var version int64
	err := results.QueryRow().Scan(&l.id, &t.Slug, &t.Name, &t.Date, &ruleset, &settings, &version, &l.head)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, db.notFound(slug)
	}
	if err != nil {
		return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	t.Rules = rules.ID(ruleset)
	if err := json.Unmarshal(settings, &t.Settings); err != nil {
		return nil, fmt.Errorf("postgres: settings of %s: %w", slug, err)
	}
	l.versions[versionKey(outflank.EntityTournament, slug)] = int(version)
	t.Version = version
	if err := loadPlayers(results, l); err != nil {
		return nil, err
	}
	rounds, err := loadRounds(results, l)
	if err != nil {
		return nil, err
	}
	if err := loadGames(results, l, rounds); err != nil {
		return nil, err
	}
	if err := loadByes(results, l, rounds); err != nil {
		return nil, err
	}
	if err := results.Close(); err != nil {
		return nil, fmt.Errorf("reading tournament %s: %w", slug, err)
	}
	outflank.Assemble(t, rounds)
	return l, nil
}

func loadPlayers(results pgx.BatchResults, l *loaded) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading players: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p outflank.Player
		var withdrawn *int
		var version int
		var absent []int
		if err := rows.Scan(&p.ID, &p.Name, &p.Country, &p.WOFID, &p.NewToWOF, &p.Rating, &p.Gender, &p.Born, &p.Seeded,
			&p.Additional, &p.Team, &withdrawn, &absent, &p.Citizenship, &p.ResidentSince, &p.Exemption, &version); err != nil {
			return fmt.Errorf("reading players: %w", err)
		}
		if len(absent) > 0 {
			p.AbsentRounds = absent
		}
		p.WithdrawnAfterRound = withdrawn
		l.versions[versionKey(outflank.EntityPlayer, itoa(p.ID))] = version
		l.t.Players = append(l.t.Players, p)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading players: %w", err)
	}
	return nil
}

func loadRounds(results pgx.BatchResults, l *loaded) (map[int]*outflank.Round, error) {
	rows, err := results.Query()
	if err != nil {
		return nil, fmt.Errorf("reading rounds: %w", err)
	}
	defer rows.Close()
	rounds := map[int]*outflank.Round{}
	for rows.Next() {
		r := &outflank.Round{}
		var stage string
		var version int
		if err := rows.Scan(&r.Number, &stage, &r.Method, &r.Seed, &version); err != nil {
			return nil, fmt.Errorf("reading rounds: %w", err)
		}
		r.Stage = outflank.Stage(stage)
		l.versions[versionKey(outflank.EntityRound, itoa(r.Number))] = version
		rounds[r.Number] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading rounds: %w", err)
	}
	return rounds, nil
}

func loadGames(results pgx.BatchResults, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading games: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g outflank.Game
		var number int
		var outcome *string
		var blackDiscs, whiteDiscs, boardBlack, boardWhite, chooser *int
		var res outflank.Result
		var defaulter, loser, winner, chose string
		if err := rows.Scan(&number, &g.Table, &g.Black, &g.White, &outcome, &blackDiscs, &whiteDiscs, &boardBlack, &boardWhite,
			&res.Moves, &defaulter, &res.DefaulterFlags, &res.OpponentFlags, &loser, &winner, &res.Reason, &res.DiscsUnknown, &chooser, &chose, &g.Version); err != nil {
			return fmt.Errorf("reading games: %w", err)
		}
		if chooser != nil {
			g.Choice = &outflank.Choice{Player: *chooser, Chose: outflank.Decision(chose)}
		}
		if outcome != nil {
			res.Outcome = outflank.Outcome(*outcome)
			res.BlackDiscs, res.WhiteDiscs = deref(blackDiscs), deref(whiteDiscs)
			if boardBlack != nil {
				res.Board = &outflank.Discs{Black: *boardBlack, White: deref(boardWhite)}
			}
			res.Defaulter, res.Loser, res.Winner = outflank.Side(defaulter), outflank.Side(loser), outflank.Side(winner)
			g.Result = &res
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("postgres: game %d/%d of %s has no round", number, g.Table, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityGame, itoa(number)+"/"+itoa(g.Table))] = g.Version
		r.Games = append(r.Games, g)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading games: %w", err)
	}
	return nil
}

func loadByes(results pgx.BatchResults, l *loaded, rounds map[int]*outflank.Round) error {
	rows, err := results.Query()
	if err != nil {
		return fmt.Errorf("reading byes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var number, player, version int
		if err := rows.Scan(&number, &player, &version); err != nil {
			return fmt.Errorf("reading byes: %w", err)
		}
		r, ok := rounds[number]
		if !ok {
			return fmt.Errorf("postgres: bye %d/%d of %s has no round", number, player, l.t.Slug)
		}
		l.versions[versionKey(outflank.EntityBye, itoa(number)+"/"+itoa(player))] = version
		r.Byes = append(r.Byes, player)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading byes: %w", err)
	}
	return nil
}

func deref(n *int) int {
	if n == nil {
		return 0
	}
	return *n
}
