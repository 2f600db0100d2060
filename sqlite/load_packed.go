package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"

	"outflank"
)

// Reading a tournament's rows packed. The driver's cost is in each column
// of each row it reads, not in the bytes: a 5,000-player event of 13
// rounds has 32,500 games of 20 columns. So the queries below have SQLite
// pack the columns into one text (a round's games, or all the players),
// numbers with char() and texts after their length, which packed reads
// (packed.go). A game's rare columns (a board, a transcript, a default, an
// adjudication, a knockout choice, an outcome other than normal) are not
// packed: the games that have any are found through the partial index
// games_unpacked (migration 13) and read column by column
// (load_columns.go). So is a table with a value that its packed text
// cannot hold as the driver would read it: a value of another type than
// its column's (found through the partial indexes too: only a file edited
// by hand has any), or a number char() cannot write (a negative one). It
// is never a guess.

// unpacked counts the tables read column by column because their packed
// text could not be read (tests read it).
var unpacked atomic.Int64

// gamePacked is true for a game row that the packed reading reads whole:
// its numbers are integers, it has no result or a normal one (whose discs
// add up to 64), and its rare columns hold their defaults. Its negation is
// the condition of the index games_unpacked, word for word
// (TestUnpackedIndexes), so that SQLite finds the other rows through it.
// A new column of games needs its default here and in the index (a
// migration), or a place in gamesPackedQuery (TestPackedKnowsEveryColumn).
const gamePacked = `(typeof(table_no) = 'integer' AND typeof(black) = 'integer' AND typeof(white) = 'integer' AND typeof(version) = 'integer'
	AND (outcome IS NULL AND black_discs IS NULL AND white_discs IS NULL
		OR outcome IS 'normal' AND typeof(black_discs) = 'integer' AND white_discs IS 64 - black_discs)
	AND board_black IS NULL AND board_white IS NULL AND chooser IS NULL AND moves IS '' AND defaulter IS '' AND loser IS ''
	AND winner IS '' AND reason IS '' AND chose IS '' AND defaulter_flags IS 0 AND opponent_flags IS 0
	AND discs_unknown IS 0 AND typeof(discs_unknown) = 'integer')`

// playerPacked is true for a player row whose values are of their
// columns' types, which the packed reading reads as the driver would. Its
// negation is the condition of the index players_unpacked.
const playerPacked = `(typeof(id) = 'integer' AND typeof(wof_id) = 'integer' AND typeof(new_to_wof) = 'integer' AND typeof(rating) = 'integer'
	AND typeof(seeded) = 'integer' AND typeof(additional) = 'integer' AND typeof(withdrawn_after) IN ('integer', 'null')
	AND typeof(version) = 'integer' AND typeof(name) = 'text' AND typeof(country) = 'text' AND typeof(gender) = 'text'
	AND typeof(born) = 'text' AND typeof(team) = 'text' AND typeof(absent_rounds) = 'text' AND typeof(citizenship) = 'text'
	AND typeof(resident_since) = 'text' AND typeof(exemption) = 'text')`

// loadPacked reads the rows of the tournament whose own row is h, packed;
// the versions of its rows only when versions is set (else l.versions is
// nil).
func (db *DB) loadPacked(ctx context.Context, q queryer, slug string, h *header, versions bool) (*loaded, error) {
	players, playerVersions, err := db.playersPacked(ctx, q, h.id)
	if errors.Is(err, errUnpacked) {
		unpacked.Add(1)
		players, playerVersions = nil, nil
		err = db.scanPlayers(ctx, q, h.id, func(p outflank.Player, version int) {
			players = append(players, p)
			playerVersions = append(playerVersions, version)
		})
	}
	if err != nil {
		return nil, err
	}
	games, n, err := db.gamesPacked(ctx, q, h.id)
	if errors.Is(err, errUnpacked) {
		unpacked.Add(1)
		games, n = map[int][]outflank.Game{}, 0
		err = db.scanGames(ctx, q, h.id, "", func(number int, g outflank.Game) error {
			games[number] = append(games[number], g)
			n++
			return nil
		})
	}
	if err != nil {
		return nil, err
	}
	size := 64 // the rounds' and byes' versions
	if versions {
		size += len(players) + n
	}
	l, err := newLoaded(h, make(map[string]int, 1+size))
	if err != nil {
		return nil, err
	}
	l.t.Players = players
	rounds, err := db.loadRounds(ctx, q, l)
	if err != nil {
		return nil, err
	}
	for number, list := range games {
		r, ok := rounds[number]
		if !ok {
			return nil, fmt.Errorf("sqlite: game %d/%d of %s has no round", number, list[0].Table, slug)
		}
		r.Games = list
	}
	if err := db.loadUnpackedGames(ctx, q, l, rounds); err != nil {
		return nil, err
	}
	if err := db.loadByes(ctx, q, l, rounds); err != nil {
		return nil, err
	}
	if versions {
		k := newKeys(len(players) + n)
		for i, p := range players {
			k.add(outflank.EntityPlayer, p.ID).set(playerVersions[i])
		}
		for _, r := range rounds {
			for _, g := range r.Games {
				k.add(outflank.EntityGame, r.Number).and(g.Table).set(g.Version)
			}
		}
		k.into(l.versions)
	} else {
		l.versions = nil
	}
	outflank.Assemble(l.t, rounds)
	return l, nil
}

// playersPacked reads the players of tournament tid packed, with each
// one's version: 8 numbers (rating shifted by ratingShift, since char()
// writes no negative number; withdrawn_after plus one, 0 for none), the
// lengths of the 9 texts, then the texts.
func (db *DB) playersPacked(ctx context.Context, q queryer, tid int64) ([]outflank.Player, []int, error) {
	var count, odd int
	var text sql.NullString
	err := q.QueryRowContext(ctx, playersPackedQuery, tid, ratingShift).Scan(&count, &odd, &text)
	if err != nil {
		return nil, nil, translate(fmt.Errorf("reading players: %w", err), db.path)
	}
	if odd > 0 {
		return nil, nil, fmt.Errorf("%w: %d players have a value of another type than its column's", errUnpacked, odd)
	}
	return unpackPlayers(text.String, count)
}

// playersPackedQuery reads the players of tournament ?1 packed, their
// ratings shifted by ?2: how many there are, how many the packed text
// cannot hold (not playerPacked), and that text.
const playersPackedQuery = `SELECT count(*), (SELECT count(*) FROM players WHERE tournament_id = ?1 AND NOT ` + playerPacked + `),
	group_concat(char(id, wof_id, new_to_wof, rating + ?2, seeded, additional, ifnull(withdrawn_after + 1, 0), version,
		octet_length(name), octet_length(country), octet_length(gender), octet_length(born), octet_length(team), octet_length(absent_rounds),
		octet_length(citizenship), octet_length(resident_since), octet_length(exemption))
		|| name || country || gender || born || team || absent_rounds || citizenship || resident_since || exemption, '')
	FROM players WHERE tournament_id = ?1`

// ratingShift is added to a rating to pack it: WOF ratings go below -700.
const ratingShift = 1 << 17

// unpackPlayers reads count players and their versions from s, as
// playersPacked's query packs them.
func unpackPlayers(s string, count int) ([]outflank.Player, []int, error) {
	if count < 0 || count > len(s) {
		return nil, nil, fmt.Errorf("%w: %d players in %d bytes", errUnpacked, count, len(s))
	}
	p := &packed{s: s}
	var players []outflank.Player // nil for none, as read column by column
	var versions []int
	if count > 0 {
		players, versions = make([]outflank.Player, 0, count), make([]int, 0, count)
	}
	var lengths [9]int
	for p.more() {
		var pl outflank.Player
		pl.ID, pl.WOFID, pl.NewToWOF, pl.Rating = p.int(), p.int(), p.bool(), p.int()-ratingShift
		pl.Seeded, pl.Additional = p.bool(), p.bool()
		if w := p.int(); w > 0 {
			w--
			pl.WithdrawnAfterRound = &w
		}
		version := p.int()
		for i := range lengths {
			lengths[i] = p.int()
		}
		pl.Name, pl.Country, pl.Gender, pl.Born, pl.Team = p.text(lengths[0]), p.text(lengths[1]), p.text(lengths[2]), p.text(lengths[3]), p.text(lengths[4])
		absent := p.text(lengths[5])
		pl.Citizenship, pl.ResidentSince, pl.Exemption = p.text(lengths[6]), p.text(lengths[7]), p.text(lengths[8])
		if p.err != nil {
			return nil, nil, p.err
		}
		var err error
		if pl.AbsentRounds, err = parseRounds(absent); err != nil {
			return nil, nil, err
		}
		players = append(players, pl)
		versions = append(versions, version)
	}
	if len(players) != count {
		// A row whose texts are not all there (NULL) packs to nothing.
		return nil, nil, fmt.Errorf("%w: %d players of %d", errUnpacked, len(players), count)
	}
	return players, versions, nil
}

// gamesPacked reads the games of tournament tid packed, by round number,
// with how many there are: for each round, five numbers a game (table,
// black, white, black's discs plus one or 0 for no result, version). A
// game's result read so is normal, its white discs what black's leave:
// loadUnpackedGames reads again the games that have anything else.
func (db *DB) gamesPacked(ctx context.Context, q queryer, tid int64) (map[int][]outflank.Game, int, error) {
	rows, err := q.QueryContext(ctx, gamesPackedQuery, tid)
	if err != nil {
		return nil, 0, translate(fmt.Errorf("reading games: %w", err), db.path)
	}
	defer rows.Close()
	byRound := map[int][]outflank.Game{}
	total := 0
	for rows.Next() {
		var number, count int
		var text string
		if err := rows.Scan(&number, &count, &text); err != nil {
			return nil, 0, translate(fmt.Errorf("reading games: %w", err), db.path)
		}
		games, err := unpackGames(text, count)
		if err != nil {
			return nil, 0, err
		}
		byRound[number] = games
		total += count
	}
	return byRound, total, translate(rows.Err(), db.path)
}

// gamesPackedQuery reads a tournament's games packed, a row a round.
const gamesPackedQuery = `SELECT round, count(*), group_concat(char(table_no, black, white, black_discs + 1, version), '')
	FROM games WHERE tournament_id = ? GROUP BY round`

// unpackGames reads count games from s, as gamesPacked's query packs them.
func unpackGames(s string, count int) ([]outflank.Game, error) {
	if count < 0 || count > len(s) {
		return nil, fmt.Errorf("%w: %d games in %d bytes", errUnpacked, count, len(s))
	}
	p := &packed{s: s}
	games := make([]outflank.Game, count)
	var results []outflank.Result // one allocation for the round's
	for i := range games {
		g := &games[i]
		g.Table, g.Black, g.White = p.int(), p.int(), p.int()
		if discs := p.int(); discs > 0 {
			if results == nil {
				results = make([]outflank.Result, 0, count-i)
			}
			results = append(results, outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: discs - 1, WhiteDiscs: 65 - discs})
			g.Result = &results[len(results)-1]
		}
		g.Version = p.int()
	}
	if p.err != nil {
		return nil, p.err
	}
	if p.more() {
		return nil, fmt.Errorf("%w: more than %d games", errUnpacked, count)
	}
	return games, nil
}

// loadUnpackedGames reads column by column the games that the packed
// reading does not read whole (not gamePacked), in place of what it read of
// them.
func (db *DB) loadUnpackedGames(ctx context.Context, q queryer, l *loaded, rounds map[int]*outflank.Round) error {
	tables := map[int]map[int]int{} // round -> table -> index in its Games
	return db.scanGames(ctx, q, l.id, "AND NOT "+gamePacked, func(number int, g outflank.Game) error {
		r := rounds[number]
		if r != nil && tables[number] == nil {
			tables[number] = make(map[int]int, len(r.Games))
			for i, g := range r.Games {
				tables[number][g.Table] = i
			}
		}
		i, ok := tables[number][g.Table]
		if !ok {
			return fmt.Errorf("sqlite: game %d/%d of %s changed while it was read", number, g.Table, l.t.Slug)
		}
		r.Games[i] = g
		return nil
	})
}

// keys writes the keys of rows' versions (memo.Key) into one string, of
// which each key is a part: one allocation for all, where a 5,000-player
// event has 37,500 rows.
type keys struct {
	buf      []byte
	ends     []int
	versions []int
}

// newKeys returns keys for about n rows.
func newKeys(n int) *keys {
	return &keys{buf: make([]byte, 0, 16*n), ends: make([]int, 0, n), versions: make([]int, 0, n)}
}

// add begins the key of the row of entity numbered a.
func (k *keys) add(entity string, a int) *keys {
	k.buf = strconv.AppendInt(append(append(k.buf, entity...), ' '), int64(a), 10)
	return k
}

// and adds "/b" to the key begun: the row numbered a/b.
func (k *keys) and(b int) *keys {
	k.buf = strconv.AppendInt(append(k.buf, '/'), int64(b), 10)
	return k
}

// set ends the key begun, the row's whose version is version.
func (k *keys) set(version int) {
	k.ends = append(k.ends, len(k.buf))
	k.versions = append(k.versions, version)
}

// into sets the versions added in versions.
func (k *keys) into(versions map[string]int) {
	all, start := string(k.buf), 0
	for i, end := range k.ends {
		versions[all[start:end]] = k.versions[i]
		start = end
	}
}
