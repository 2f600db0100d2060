package sqlite

import (
	"context"
	"database/sql"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/storetest"
)

// storeFixture stores t in a new database file and returns its path.
func storeFixture(tb testing.TB, t *outflank.Tournament) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "outflank.db")
	db, err := Open(context.Background(), path, Options{Create: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Create(context.Background(), t, outflank.KindImport, "fixture"); err != nil {
		tb.Fatal(err)
	}
	return path
}

// bothWays reads slug from the database at path packed and column by
// column, in one read transaction.
func bothWays(tb testing.TB, path, slug string) (packed, byColumn *loaded, errPacked, errByColumn error) {
	tb.Helper()
	ctx := context.Background()
	db, err := Open(ctx, path, Options{QuickCheckLimit: -1}) // files beyond quick_check's limit
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	err = db.readTx(ctx, func(tx *sql.Tx) error {
		h, err := db.loadHeader(ctx, tx, slug)
		if err != nil {
			return err
		}
		packed, errPacked = db.loadPacked(ctx, tx, slug, h, true)
		byColumn, errByColumn = db.loadByColumn(ctx, tx, slug, h)
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return packed, byColumn, errPacked, errByColumn
}

// checkBothWays checks that slug is read alike packed and column by
// column, and whether the packed reading read a table column by column.
func checkBothWays(t *testing.T, path, slug string, wantUnpacked bool) {
	t.Helper()
	before := unpacked.Load()
	packed, byColumn, errPacked, errByColumn := bothWays(t, path, slug)
	if got := unpacked.Load() > before; got != wantUnpacked {
		t.Errorf("a table read column by column: %v, want %v", got, wantUnpacked)
	}
	switch {
	case errPacked != nil || errByColumn != nil:
		if errPacked == nil || errByColumn == nil {
			t.Fatalf("read packed: %v; column by column: %v", errPacked, errByColumn)
		}
	case !reflect.DeepEqual(packed.t, byColumn.t):
		t.Fatalf("read packed:\n%+v\n%+v\ncolumn by column:\n%+v\n%+v", packed.t.Players, packed.t.Rounds, byColumn.t.Players, byColumn.t.Rounds)
	case !maps.Equal(packed.versions, byColumn.versions):
		t.Fatalf("versions read packed:\n%v\ncolumn by column:\n%v", packed.versions, byColumn.versions)
	case packed.id != byColumn.id || packed.event != byColumn.event:
		t.Fatalf("ids and events %d %d, %d %d", packed.id, packed.event, byColumn.id, byColumn.event)
	}
}

// TestPackedAsByColumn reads tournaments with every kind of row and value
// packed and column by column: they must be the same, and nothing is read
// column by column but the games with rare columns.
func TestPackedAsByColumn(t *testing.T) {
	// Texts PostgreSQL does not take: NUL, bytes that are not UTF-8; long
	// texts, one longer than char() can write as a length.
	odd := storetest.EveryRowKind(t)
	odd.Slug = "odd"
	odd.Players[0].Name = "Nul\x00in \xff\xfe the name"
	odd.Players[1].Team = strings.Repeat("€", 300_000)
	odd.Rounds[0].Games[1].Result.Reason = strings.Repeat("x", 0x110000)
	long := storetest.EveryRowKind(t)
	long.Slug = "long"
	long.Players[2].Name = strings.Repeat("x", 0x110000)
	for _, c := range []struct {
		tour         *outflank.Tournament
		wantUnpacked bool
	}{{storetest.EveryRowKind(t), false}, {storetest.Sample(t), false}, {storetest.CircleEvent(t, 40, 7), false}, {odd, false}, {long, true}} {
		t.Run(c.tour.Slug, func(t *testing.T) {
			checkBothWays(t, storeFixture(t, c.tour), c.tour.Slug, c.wantUnpacked)
		})
	}
	t.Run("empty", func(t *testing.T) {
		tour, err := outflank.NewTournament("empty", "Empty", "", "custom", 3)
		if err != nil {
			t.Fatal(err)
		}
		checkBothWays(t, storeFixture(t, tour), "empty", false)
	})
}

// TestPackedValuesOnlyAHandCanWrite edits rows behind Outflank's back, as
// only a hand can, with values of another type than their columns', or
// numbers char() cannot write, or results outside the constraints: the
// packed reading reads them column by column, so that both readings load
// the same tournament or both fail.
func TestPackedValuesOnlyAHandCanWrite(t *testing.T) {
	for _, c := range []struct {
		name, sql    string
		wantUnpacked bool // the packed reading reads a table column by column
	}{
		{"a rating below the shift", `UPDATE players SET rating = -200000 WHERE id = 3`, true},
		{"a negative WOF id", `UPDATE players SET wof_id = -1 WHERE id = 2`, true},
		{"a large player id", `UPDATE players SET id = 1000000 WHERE id = 9`, false},
		{"a player id char() cannot write", `UPDATE players SET id = 2000000 WHERE id = 9`, true},
		{"a player id char() writes as U+FFFD", `UPDATE players SET id = 65533 WHERE id = 9`, true},
		{"seeded 2", `UPDATE players SET seeded = 2 WHERE id = 1`, true},
		{"a fractional rating", `UPDATE players SET rating = 1.5 WHERE id = 1`, true},
		{"a rating as text", `UPDATE players SET rating = 'high' WHERE id = 1`, true},
		{"a team as a blob", `UPDATE players SET team = CAST('Norway' AS BLOB) WHERE id = 4`, true},
		{"a withdrawal as text", `UPDATE players SET withdrawn_after = 'x' WHERE id = 5`, true},
		{"absent rounds that are not numbers", `UPDATE players SET absent_rounds = '2,x' WHERE id = 6`, false},
		{"fractional discs", `UPDATE games SET black_discs = 30.5, white_discs = 33.5 WHERE round = 3 AND table_no = 1`, false},
		{"discs that do not add up", `PRAGMA ignore_check_constraints = 1; UPDATE games SET black_discs = 40, white_discs = 23 WHERE round = 3 AND table_no = 1`, false},
		{"discs without a result", `UPDATE games SET black_discs = 40, white_discs = 24 WHERE round = 3 AND table_no = 2`, false},
		{"negative discs", `PRAGMA ignore_check_constraints = 1; UPDATE games SET black_discs = -4, white_discs = 68 WHERE round = 3 AND table_no = 1`, true},
		{"a version char() cannot write", `UPDATE games SET version = 5000000 WHERE round = 1 AND table_no = 1`, true},
		{"a negative table", `UPDATE games SET table_no = -3 WHERE round = 1 AND table_no = 1`, true},
		{"a table as text", `UPDATE games SET table_no = 'one' WHERE round = 1 AND table_no = 1`, false},
		{"a transcript as a blob", `UPDATE games SET moves = CAST('f5d6' AS BLOB) WHERE round = 3 AND table_no = 1`, false},
		{"discs unknown as 2", `UPDATE games SET discs_unknown = 2 WHERE round = 3 AND table_no = 1`, false},
		{"an outcome of another program", `UPDATE games SET outcome = 'resigned' WHERE round = 1 AND table_no = 1`, false},
		{"a game of no round", `PRAGMA foreign_keys = 0; UPDATE games SET round = 9 WHERE round = 1 AND table_no = 1`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := storeFixture(t, storetest.EveryRowKind(t))
			raw, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			raw.SetMaxOpenConns(1)
			if _, err := raw.Exec(c.sql); err != nil {
				t.Fatal(err)
			}
			raw.Close()
			checkBothWays(t, path, "every", c.wantUnpacked)
		})
	}
}

// TestUnpackedIndexes checks that the conditions of the indexes of the
// rows the packed reading does not read whole are the negations of
// gamePacked and playerPacked, and that SQLite finds those rows through
// them.
func TestUnpackedIndexes(t *testing.T) {
	path := storeFixture(t, storetest.EveryRowKind(t))
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	space := regexp.MustCompile(`\s+`)
	for index, cond := range map[string]string{"games_unpacked ON games": gamePacked, "players_unpacked ON players": playerPacked} {
		name := strings.Fields(index)[0]
		var got string
		if err := raw.QueryRow(`SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?`, name).Scan(&got); err != nil {
			t.Fatal(err)
		}
		want := "CREATE INDEX " + index + " (tournament_id) WHERE NOT " + cond
		if space.ReplaceAllString(got, " ") != space.ReplaceAllString(want, " ") {
			t.Errorf("index %s is\n%s\nwant\n%s", name, got, want)
		}
	}
	for query, index := range map[string]string{gamesQuery("AND NOT " + gamePacked): "games_unpacked", playersPackedQuery: "players_unpacked"} {
		rows, err := raw.Query("EXPLAIN QUERY PLAN "+query, 1, ratingShift)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		if !strings.Contains(strings.Join(plan, "\n"), "USING INDEX "+index) {
			t.Errorf("SQLite does not use %s:\n%s", index, strings.Join(plan, "\n"))
		}
	}
}

// TestUpgradeIndexesUnpackedRows opens a database written before the
// packed reading (testdata/v2.db): the upgrade indexes its rows, and a
// game given a transcript then is read alike both ways.
func TestUpgradeIndexesUnpackedRows(t *testing.T) {
	data, err := os.ReadFile("testdata/v2.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v2.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('games_unpacked', 'players_unpacked')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("%d of the 2 indexes after the upgrade", n)
	}
	_, err = db.Update(ctx, "legacy", outflank.KindResult, func(t *outflank.Tournament) (string, error) {
		g := &t.Rounds[0].Games[0]
		if g.Result == nil {
			return "", outflank.Errorf(outflank.EINVALID, "no result")
		}
		res := *g.Result // replaced, never changed in place (Clone)
		res.Moves = "f5d6"
		g.Result = &res
		return "a transcript", nil
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	checkBothWays(t, path, "legacy", false)
}

// TestUTF16ReadByColumn stores a tournament in a database that keeps its
// texts in UTF-16, where the lengths the packed reading packs need not be
// the driver's: it is read column by column.
func TestUTF16ReadByColumn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "utf16.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`PRAGMA encoding = 'UTF-16le'; CREATE TABLE x (y); DROP TABLE x`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	ctx := context.Background()
	db, err := Open(ctx, path, Options{Create: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if !db.utf16 {
		t.Fatal("the database is not taken for UTF-16")
	}
	want := storetest.EveryRowKind(t)
	if _, err := db.Create(ctx, want, outflank.KindImport, "utf-16"); err != nil {
		t.Fatal(err)
	}
	got, err := db.Tournament(ctx, "every")
	if err != nil {
		t.Fatal(err)
	}
	if got.Players[2].Name != want.Players[2].Name || got.Players[4].Name != want.Players[4].Name {
		t.Errorf("names %q, %q; want %q, %q", got.Players[2].Name, got.Players[4].Name, want.Players[2].Name, want.Players[4].Name)
	}
}

// TestPackedKnowsEveryColumn fails when a column is added to games or
// players without the packed reading knowing it: a game's column must be
// packed or have its default in gamePacked (so that a game using it is
// read column by column), a player's must be packed.
func TestPackedKnowsEveryColumn(t *testing.T) {
	path := storeFixture(t, storetest.Sample(t))
	raw, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for table, known := range map[string]string{"games": gamesPackedQuery + gamePacked, "players": playersPackedQuery} {
		rows, err := raw.Query(`SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var column string
			if err := rows.Scan(&column); err != nil {
				t.Fatal(err)
			}
			n++
			if !regexp.MustCompile(`\b` + column + `\b`).MatchString(known) {
				t.Errorf("the packed reading does not know the column %s of %s", column, table)
			}
		}
		rows.Close()
		if n == 0 {
			t.Errorf("no columns in %s", table)
		}
	}
}
