package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
	"outflank/wof"
)

// tdb runs commands against one database file, failing the test on any error.
type tdb struct {
	t    *testing.T
	path string
}

// newTDB returns a fresh database for a test: a SQLite file, or a
// PostgreSQL database under OUTFLANK_TEST_STORE=postgres (testdb_test.go).
func newTDB(t *testing.T) *tdb {
	return &tdb{t: t, path: testDatabase(t, "outflank.db")}
}

// ok runs a command that must succeed and returns its stdout.
func (d *tdb) ok(args ...string) string {
	d.t.Helper()
	code, stdout, stderr := runMain(d.t, "", append([]string{"--db", d.path}, args...)...)
	if code != 0 {
		d.t.Fatalf("outflank %s: exit %d: %s", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

// fail runs a command that must fail with code and a message containing want.
func (d *tdb) fail(code int, want string, args ...string) {
	d.t.Helper()
	got, stdout, stderr := runMain(d.t, "", append([]string{"--db", d.path}, args...)...)
	if got != code || !strings.Contains(stderr, want) {
		d.t.Errorf("outflank %s: exit %d, stderr %q; want exit %d and %q", strings.Join(args, " "), got, stderr, code, want)
	}
	if got != 0 && strings.HasPrefix(stdout, "saved") {
		d.t.Errorf("outflank %s failed but reported %q", strings.Join(args, " "), stdout)
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const tenPlayers = `name,country,rating,gender,born,wof_id,team,group_a
"Tamaru, Hideshi",JPN,2500,m,1980-01-02,7001,JPN,yes
"Berg, Anna",SWE,2100,f,2013-05-06,7002,SWE,no
"Nguyen, Van",VNM,1900,,,7003,,
"Okafor, Ada",NGA,1800,f,,7004,,
"Rossi, Marco",ITA,1700,m,,7005,ITA,
"Dubois, Léa",FRA,1600,f,2014-07-08,7006,FRA,
"Smith, John",GBR,1500,m,,7007,GBR,
"Kim, Min",KOR,1400,,,7008,,
"Silva, Rui",BRA,,m,,7009,,
"Jean-Pierre Martin",FRA,1200,m,,7010,FRA,
`

// enterTenPlayerEvent enters a 10-player, 5-round event by hand: normal
// results (one from a transcript), a time default, a forfeit, a draw, a
// withdrawal after round 3 and byes in rounds 4 and 5.
func enterTenPlayerEvent(d *tdb) {
	d.ok("new", "e2e", "--name", "End-to-End Open", "--rules", "woc", "--rounds", "5", "--date", "2026-08-01")
	d.ok("player", "import", "e2e", writeFile(d.t, "players.csv", tenPlayers))
	d.ok("round", "add", "e2e", "--pair", "1-6", "--pair", "7-2", "--pair", "3-8", "--pair", "9-4", "--pair", "5-Jean-Pierre Martin")
	d.ok("result", "e2e", "1", "1", "--moves", passGame) // 62-2 from the transcript
	d.ok("result", "e2e", "1", "2", "20-44")
	d.ok("result", "e2e", "1", "3", "31-31") // a draw: 32-32
	d.ok("result", "e2e", "1", "4", "30-34")
	d.ok("result", "e2e", "1", "5", "--outcome", "time-default", "--defaulter", "white", "30-34") // at least 33-31 for black
	d.ok("round", "add", "e2e", "--pair", "2-1", "--pair", "4-3", "--pair", "6-5", "--pair", "8-7", "--pair", "10-9")
	for table, score := range []string{"28-36", "40-24", "33-31", "20-40", "35-29"} {
		d.ok("result", "e2e", "2", itoa(table+1), score)
	}
	d.ok("round", "add", "e2e", "--pair", "1-3", "--pair", "5-2", "--pair", "7-4", "--pair", "9-6", "--pair", "10-8")
	d.ok("result", "e2e", "3", "1", "36-28")
	d.ok("result", "e2e", "3", "2", "--outcome", "forfeit", "--loser", "white", "--reason", "did not come back from lunch")
	d.ok("result", "e2e", "3", "3", "32-32")
	d.ok("result", "e2e", "3", "4", "--outcome", "time-default", "--defaulter", "black", "--defaulter-flags", "2") // 0-64
	d.ok("result", "e2e", "3", "5", "50-14")
	d.ok("player", "withdraw", "e2e", "Jean-Pierre Martin")
	d.ok("round", "add", "e2e", "--pair", "2-3", "--pair", "4-1", "--pair", "6-7", "--pair", "8-5", "--bye", "9")
	for table, score := range []string{"34-30", "10-54", "44-20", "32-32"} {
		d.ok("result", "e2e", "4", itoa(table+1), score)
	}
	d.ok("round", "add", "e2e", "--pair", "1-5", "--pair", "3-7", "--pair", "9-2", "--pair", "6-8", "--bye", "4")
	for table, score := range []string{"39-25", "25-39", "33-31", "64-0"} {
		d.ok("result", "e2e", "5", itoa(table+1), score)
	}
}

func TestTenPlayerEventRoundTrip(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	exported := d.ok("export", "e2e")

	var file struct {
		Players []struct {
			ID        int  `json:"id"`
			Withdrawn *int `json:"withdrawn_after_round"`
		} `json:"players"`
		Rounds []struct {
			Games []struct {
				Black, White   int
				BlackDiscs     int    `json:"black_discs"`
				WhiteDiscs     int    `json:"white_discs"`
				Outcome        string `json:"outcome"`
				DefaulterFlags int    `json:"defaulter_flags"`
			} `json:"games"`
			Byes []int `json:"byes"`
		} `json:"rounds"`
		Standings []struct {
			Player int     `json:"player"`
			Points float64 `json:"points"`
			Discs  int     `json:"discs"`
		} `json:"standings"`
	}
	if err := json.Unmarshal([]byte(exported), &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Players) != 10 || len(file.Rounds) != 5 {
		t.Fatalf("%d players, %d rounds", len(file.Players), len(file.Rounds))
	}
	if w := file.Players[9].Withdrawn; w == nil || *w != 3 {
		t.Errorf("player 10 withdrawn after %v, want 3", w)
	}
	check := func(round, table, black, white int, outcome string) {
		t.Helper()
		g := file.Rounds[round-1].Games[table-1]
		if g.BlackDiscs != black || g.WhiteDiscs != white || g.Outcome != outcome {
			t.Errorf("round %d table %d: %d-%d %s, want %d-%d %s", round, table, g.BlackDiscs, g.WhiteDiscs, g.Outcome, black, white, outcome)
		}
	}
	check(1, 1, 62, 2, "normal")
	check(1, 3, 32, 32, "normal")
	check(1, 5, 33, 31, "time-default")
	check(3, 2, 64, 0, "forfeit")
	check(3, 4, 0, 64, "time-default")
	if byes := file.Rounds[3].Byes; len(byes) != 1 || byes[0] != 9 {
		t.Errorf("round 4 byes %v, want [9]", byes)
	}
	// Player 9 (Silva): lost 30-34 as black, lost 35-29 as white, lost
	// 0-64 on time as black (second flag fall), a bye (a win, 32 discs
	// under WOC) and won 33-31 as black: 2 points.
	for _, s := range file.Standings {
		if s.Player == 9 && (s.Points != 2 || s.Discs != 30+29+0+32+33) {
			t.Errorf("player 9: %v points, %d discs; want 2 and %d", s.Points, s.Discs, 30+29+0+32+33)
		}
	}

	// Export, import into a fresh database, export: identical files.
	path := writeFile(t, "e2e.json", exported)
	fresh := newTDB(t)
	fresh.ok("import", path)
	if again := fresh.ok("export", "e2e"); again != exported {
		t.Errorf("export after import differs from the original export")
	}
	// Importing under another slug in the same database works too.
	d.ok("import", path, "--slug", "e2e-copy")
	if copied := d.ok("export", "e2e-copy"); copied != strings.Replace(exported, `"slug": "e2e"`, `"slug": "e2e-copy"`, 1) {
		t.Errorf("the copy differs from the original")
	}
}

func TestTenPlayerEventELOAndCSV(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	elo := d.ok("export", "e2e", "--format", "elo")
	f, warnings, err := wof.Read(strings.NewReader(elo))
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 0 {
		t.Errorf("our own .ELO file has warnings: %v", warnings)
	}
	games := 0
	for _, r := range f.Rounds {
		games += len(r.Games)
	}
	// 23 games were played: the forfeit is not rated.
	if f.Tournament != "End-to-End Open" || len(f.Players) != 10 || len(f.Rounds) != 5 || games != 22 {
		t.Errorf(".ELO: %q, %d players, %d rounds, %d games; want 10 players, 5 rounds, 22 rated games", f.Tournament, len(f.Players), len(f.Rounds), games)
	}
	if p, ok := f.Player(7001); !ok || p.Surname != "TAMARU" || p.Firstname != "Hideshi" || p.New {
		t.Errorf("player 7001 = %+v", p)
	}
	// The .ELO file imports back as a tournament.
	path := writeFile(t, "e2e.ELO", elo)
	out := d.ok("import", path, "--slug", "from-elo")
	if !strings.Contains(out, "10 players, 5 rounds, 22 games") {
		t.Errorf("import of our .ELO: %q", out)
	}

	csv := d.ok("export", "e2e", "--format", "csv")
	lines := strings.Split(strings.TrimSpace(csv), "\n")
	if len(lines) != 1+23+2 || !strings.HasPrefix(lines[0], "round,stage,table,black_id") {
		t.Errorf("CSV has %d lines (want header + 23 games + 2 byes): %q", len(lines), lines[0])
	}
	if out := filepath.Join(t.TempDir(), "e2e.csv"); true {
		d.ok("export", "e2e", "--format", "csv", "-o", out)
		data, err := os.ReadFile(out)
		if err != nil || !bytes.Equal(data, []byte(csv)) {
			t.Errorf("export -o wrote %d bytes (%v), want the same as stdout", len(data), err)
		}
	}
}

func TestUndoAndLog(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	before := d.ok("export", "e2e")
	d.ok("result", "e2e", "5", "4", "60-4", "--replace")
	if d.ok("export", "e2e") == before {
		t.Fatal("the replaced result did not change the export")
	}
	if out := d.ok("undo", "e2e"); !strings.Contains(out, "undid #") {
		t.Errorf("undo printed %q", out)
	}
	if after := d.ok("export", "e2e"); after != before {
		t.Errorf("undo did not restore the tournament")
	}
	log := d.ok("log", "e2e")
	if !strings.Contains(log, "result.set") || !strings.Contains(log, "[undone by #") || !strings.Contains(log, "undo ") {
		t.Errorf("log:\n%s", log)
	}
	var events []struct {
		Kind    string
		Changes []struct {
			Entity, Key   string
			Before, After json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(d.ok("log", "e2e", "--json")), &events); err != nil {
		t.Fatal(err)
	}
	last := events[len(events)-1]
	var undone bytes.Buffer
	if len(last.Changes) == 1 {
		json.Compact(&undone, last.Changes[0].Before)
	}
	if last.Kind != "undo" || len(last.Changes) != 1 || last.Changes[0].Key != "5/4" || !strings.Contains(undone.String(), `"black_discs":60`) {
		t.Errorf("last event %+v", last)
	}
}

// TestPlayersFromWOFDatabase registers players by WOF id from the real WOF
// player database (joueurs.txt): name, country and rating come from it.
func TestPlayersFromWOFDatabase(t *testing.T) {
	db := shareddata.File(t, "wof", "joueurs.txt")
	d := newTDB(t)
	d.ok("new", "wofdb", "--name", "WOF ids", "--rules", "aof")
	d.ok("player", "add", "wofdb", "--wof-id", "280016", "--players-db", db)
	d.ok("player", "import", "wofdb", writeFile(t, "ids.csv", "wof_id,gender\n280085,f\n280091,f\n"), "--players-db", db)
	var file struct {
		Players []struct {
			Name    string `json:"name"`
			Country string `json:"country"`
			Rating  int    `json:"rating"`
			WOFID   int    `json:"wof_id"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(d.ok("export", "wofdb")), &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Players) != 3 {
		t.Fatalf("%d players", len(file.Players))
	}
	if p := file.Players[0]; p.Name != "ACUNA, Ricardo" || p.Country != "ARG" || p.Rating != 1714 || p.WOFID != 280016 {
		t.Errorf("player 1 = %+v", p)
	}
	if p := file.Players[1]; p.Name != "ALVARADO, Anahi" || p.Rating != 1126 {
		t.Errorf("player 2 = %+v", p)
	}
	if p := file.Players[2]; p.Name != "AMBROSIUS, Karin" || p.Rating != 0 || p.Country != "ARG" {
		t.Errorf("player 3 (no rating in the database) = %+v", p)
	}
	d.fail(1, "WOF id 999999999 is not in the player database", "player", "add", "wofdb", "--wof-id", "999999999", "--players-db", db)
	d.fail(1, "already has WOF player 280016", "player", "add", "wofdb", "--wof-id", "280016", "--players-db", db)
}
