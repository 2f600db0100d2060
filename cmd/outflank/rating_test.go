package main

import (
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"outflank/exchange"
	"outflank/internal/shareddata"
	"outflank/wof"
)

// The hand-made archive of testdata/ratings: twelve players (101-112) who
// beat each other in a cycle at three tournaments (January 2025, June 2025,
// January 2026), so that they form one component, and 199, who lost every
// game and so is not rated; joueurs.txt beside it names them, and 113, who
// never played, with an old rating. One file of the archive is not an .ELO
// file at all.
const (
	testResults = "testdata/ratings/results"
	testJoueurs = "testdata/ratings/joueurs.txt"
)

func ratingJSON[T any](t *testing.T, stdout string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("not one JSON document: %v\n%s", err, stdout)
	}
	return v
}

// TestRatingCompute: the table and the JSON list of the players on the list,
// every rated player with --all, the names from the joueurs.txt beside the
// archive, and the unreadable file as a warning.
func TestRatingCompute(t *testing.T) {
	code, stdout, stderr := runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2026-02-01")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "warning: 1 file of "+testResults+" could not be read") || !strings.Contains(stderr, "20260301_BROKEN.ELO") ||
		!strings.Contains(stderr, "names from "+filepath.Join(testResults, "..", "joueurs.txt")) {
		t.Errorf("stderr does not warn about the bad file or name the names file:\n%s", stderr)
	}
	if !strings.Contains(stdout, "12 players on the list") || !strings.Contains(stdout, "    1     101  ALDER, Anna") ||
		strings.Contains(stdout, "ZERO") || !strings.Contains(stdout, "official active") {
		t.Errorf("table:\n%s", stdout)
	}

	code, stdout, stderr = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2026-02-01", "--until", "2026-01-31", "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, stderr)
	}
	doc := ratingJSON[exchange.RatingList](t, stdout)
	if doc.AsOf != "2026-02-01" || doc.Until != "2026-01-31" || len(doc.Players) != 12 {
		t.Fatalf("--json: as_of %q, until %q, %d players", doc.AsOf, doc.Until, len(doc.Players))
	}
	top := doc.Players[0]
	if top.Rank != 1 || top.WOFID != 101 || top.Name != "ALDER, Anna" || top.Country != "FRA" || top.Rating <= 1800 ||
		top.Uncertainty <= 0 || top.Games != 13 || !top.Active || !top.Official {
		t.Errorf("--json: first player %+v", top)
	}
	for k := 1; k < len(doc.Players); k++ {
		if doc.Players[k].Rating > doc.Players[k-1].Rating {
			t.Errorf("--json: not in rating order at %d", k)
		}
	}
	for _, key := range []string{`"as_of"`, `"rank"`, `"wof_id"`, `"name"`, `"country"`, `"rating"`, `"uncertainty"`, `"games"`, `"active"`, `"official"`} {
		if !strings.Contains(stdout, key) {
			t.Errorf("--json lacks %s", key)
		}
	}

	// Four years on, nobody is active: the list is empty but --all rates them.
	code, stdout, _ = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2030-01-01", "--json")
	if doc := ratingJSON[exchange.RatingList](t, stdout); code != 0 || len(doc.Players) != 0 {
		t.Errorf("2030: exit %d, %d players", code, len(doc.Players))
	}
	code, stdout, _ = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2030-01-01", "--json", "--all")
	doc = ratingJSON[exchange.RatingList](t, stdout)
	if code != 0 || len(doc.Players) != 12 || doc.Players[0].Active || doc.Players[0].Rank != 0 {
		t.Errorf("2030 --all: exit %d, %d players, first %+v", code, len(doc.Players), doc.Players)
	}
	code, stdout, _ = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2030-01-01", "--all")
	if code != 0 || !strings.Contains(stdout, "0 players on the list, 12 rated in all") || !strings.Contains(stdout, "    -     101  ALDER") || !strings.Contains(stdout, "inactive") {
		t.Errorf("2030 --all table:\n%s", stdout)
	}
}

// TestRatingComputeJoueurs: --format joueurs writes a player database that
// ReadPlayerDB reads, with every player: the computed ratings, the old
// rating of 113 (never played) and of 199 (not rated: he lost everything),
// and 'player add --wof-id N --players-db FILE' takes the new rating.
func TestRatingComputeJoueurs(t *testing.T) {
	file := filepath.Join(t.TempDir(), "joueurs.txt")
	code, stdout, stderr := runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2026-02-01", "--format", "joueurs", "-o", file, "--players-db", testJoueurs)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q: %s", code, stdout, stderr)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, ws, err := wof.ReadPlayerDB(f)
	if err != nil || len(ws) != 0 {
		t.Fatalf("ReadPlayerDB: %v %v", err, ws)
	}
	if len(db.Players) != 14 {
		t.Errorf("%d players, want 14", len(db.Players))
	}
	alder, _ := db.ByID(101)
	code, stdout, _ = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2026-02-01", "--json")
	list := ratingJSON[exchange.RatingList](t, stdout)
	if code != 0 || !alder.HasRating || alder.Rating != list.Players[0].Rating || alder.Country != "FRA" || alder.Surname != "ALDER" {
		t.Errorf("101: %+v, want the computed rating %d", alder, list.Players[0].Rating)
	}
	for id, want := range map[int]int{113: 1650, 199: 1200} {
		if p, ok := db.ByID(id); !ok || !p.HasRating || p.Rating != want {
			t.Errorf("%d: %+v, want the database's rating %d", id, p, want)
		}
	}

	d := newTDB(t)
	d.ok("new", "club", "--name", "Club", "--rules", "egp", "--rounds", "3")
	d.ok("player", "add", "club", "--wof-id", "101", "--players-db", file)
	if out := d.ok("player", "list", "club"); !strings.Contains(out, "ALDER, Anna") || !strings.Contains(out, itoa(alder.Rating)) {
		t.Errorf("player add did not take the rating %d:\n%s", alder.Rating, out)
	}

	// On stdout, the bytes of the file.
	code, stdout, _ = runMain(t, "", "rating", "compute", "--results", testResults, "--as-of", "2026-02-01", "--format", "joueurs")
	written, _ := os.ReadFile(file)
	if code != 0 || stdout != string(written) {
		t.Errorf("--format joueurs on stdout differs from -o FILE")
	}
}

// TestRatingHistory: the history of 101 has a point at each list from his
// first tournament's month, in JSON, and the SVG plot is well-formed XML.
func TestRatingHistory(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "h.svg")
	code, stdout, stderr := runMain(t, "", "rating", "history", "101", "--results", testResults, "--as-of", "2026-05-01", "--every", "3", "--json", "--svg", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type point struct {
		Date                string
		Rating, Uncertainty int
		Rank, Games         int
		Active, Official    bool
	}
	doc := ratingJSON[struct {
		WOFID   int `json:"wof_id"`
		Name    string
		Country string
		Points  []point
	}](t, stdout)
	if doc.WOFID != 101 || doc.Name != "ALDER, Anna" || doc.Country != "FRA" {
		t.Errorf("history of %+v", doc)
	}
	// Lists on 2025-01-01 (before his first games: not rated), 2025-04-01,
	// 2025-07-01, 2025-10-01, 2026-01-01, 2026-04-01 and 2026-05-01.
	var dates []string
	for _, p := range doc.Points {
		dates = append(dates, p.Date)
		if p.Rating < 1800 || p.Rank != 1 || !p.Active || p.Games == 0 {
			t.Errorf("point %+v", p)
		}
	}
	if got := strings.Join(dates, " "); got != "2025-04-01 2025-07-01 2025-10-01 2026-01-01 2026-04-01 2026-05-01" {
		t.Errorf("dates %s", got)
	}
	for _, key := range []string{`"wof_id"`, `"points"`, `"date"`, `"uncertainty"`, `"official"`} {
		if !strings.Contains(stdout, key) {
			t.Errorf("--json lacks %s", key)
		}
	}
	f, err := os.Open(svg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	circles := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG file is not XML: %v", err)
		}
		if s, ok := tok.(xml.StartElement); ok && s.Name.Local == "circle" {
			circles++
		}
	}
	if circles != len(doc.Points) {
		t.Errorf("the plot has %d points, want %d", circles, len(doc.Points))
	}

	code, stdout, _ = runMain(t, "", "rating", "history", "101", "--results", testResults, "--as-of", "2026-05-01")
	if code != 0 || !strings.Contains(stdout, "ALDER, Anna (WOF 101, FRA)") || !strings.Contains(stdout, "2026-05-01 ") {
		t.Errorf("table: exit %d\n%s", code, stdout)
	}
}

// TestRatingEvent: a tournament entered with Outflank, on the rated
// players of the archive and one without a WOF id: expected and actual
// scores, and a change on the next list that follows the results; the
// same event in the archive is counted once.
func TestRatingEvent(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "ev", "--name", "Test Event", "--rules", "egp", "--rounds", "3", "--date", "2026-02-14")
	for _, id := range []string{"101", "102", "103", "104", "105", "106", "107", "108"} {
		d.ok("player", "add", "ev", "--wof-id", id, "--players-db", testJoueurs)
	}
	d.ok("player", "add", "ev", "--name", "NEWBIE, Nora")
	// A seeded draw: the change a player sees includes the list's
	// recentring, so with other pairings the one who beat his expected
	// score most can, rarely, still lose a point (1 run in 20 unseeded).
	for _, round := range []string{"1", "2", "3"} {
		d.ok("pair", "ev", "--seed", "7")
		for _, table := range []string{"1", "2", "3", "4"} {
			d.ok("result", "ev", round, table, "40-24")
		}
	}
	code, stdout, stderr := d.run("rating", "event", "ev", "--results", testResults, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	type row struct {
		Player        int
		Name          string
		WOFID         int `json:"wof_id"`
		Rated         bool
		Reason        string
		RatingBefore  *int     `json:"rating_before"`
		Games         int      `json:"games"`
		GamesRated    int      `json:"games_against_rated"`
		ExpectedScore *float64 `json:"expected_score"`
		ActualScore   float64  `json:"actual_score"`
		Performance   *int
		RatingNext    *int `json:"rating_next"`
		Change        *int
		New           bool
	}
	type eventDoc struct {
		Date       string
		NextList   string `json:"next_list"`
		BeforeList string `json:"before_list"`
		Duplicate  string `json:"archive_duplicate"`
		Players    []row
	}
	doc := ratingJSON[eventDoc](t, stdout)
	if doc.Date != "2026-02-14" || doc.NextList != "2026-03-01" || doc.BeforeList != "2026-02-14" || len(doc.Players) != 9 || doc.Duplicate != "" {
		t.Fatalf("event: %+v", doc)
	}
	var best, worst *row
	for k := range doc.Players {
		r := &doc.Players[k]
		if r.WOFID == 0 {
			if r.Rated || !strings.Contains(r.Reason, "no WOF id") || r.RatingBefore != nil || r.ExpectedScore != nil {
				t.Errorf("the player without a WOF id: %+v", r)
			}
			continue
		}
		if !r.Rated || r.RatingBefore == nil || r.ExpectedScore == nil || r.Change == nil || r.RatingNext == nil || r.Games < 2 {
			t.Fatalf("player %+v", r)
		}
		if r.Games == 2 && r.GamesRated == 2 && (r.ActualScore == 0 || r.ActualScore == 2) != (r.Performance == nil) {
			t.Errorf("performance of %s, %v out of %d: %v", r.Name, r.ActualScore, r.GamesRated, r.Performance)
		}
		if diff := r.ActualScore - *r.ExpectedScore; best == nil || diff > best.ActualScore-*best.ExpectedScore {
			best = r
		}
		if diff := r.ActualScore - *r.ExpectedScore; worst == nil || diff < worst.ActualScore-*worst.ExpectedScore {
			worst = r
		}
	}
	if *best.Change <= 0 || *worst.Change >= 0 {
		t.Errorf("the player who beat his expected score most (%s, %+d) should gain, the one who fell furthest short (%s, %+d) lose",
			best.Name, *best.Change, worst.Name, *worst.Change)
	}

	code, stdout, _ = d.run("rating", "event", "ev", "--results", testResults)
	if code != 0 || !strings.Contains(stdout, "Test Event (2026-02-14)") || !strings.Contains(stdout, "#9 NEWBIE, Nora: no WOF id") {
		t.Errorf("table: exit %d\n%s", code, stdout)
	}

	// The same event in the archive: left out, so the figures are the same.
	// The .ELO file needs NEWBIE's id: the one the federation gives her.
	d.ok("player", "edit", "ev", "NEWBIE, Nora", "--wof-id", "100099")
	archive := t.TempDir()
	copyTree(t, testResults, filepath.Join(archive, "results"))
	elo := d.ok("export", "ev", "--format", "elo", "--sender", "Tests", "--country", "World")
	os.WriteFile(filepath.Join(archive, "results", "2026", "20260214_EV.ELO"), []byte(elo), 0o644)
	code, stdout, stderr = d.run("rating", "event", "ev", "--results", filepath.Join(archive, "results"), "--json")
	again := ratingJSON[eventDoc](t, stdout)
	if code != 0 || again.Duplicate != "2026/20260214_EV.ELO" || !strings.Contains(stderr, "the archive already holds this event") {
		t.Fatalf("with the event in the archive: exit %d, duplicate %q: %s", code, again.Duplicate, stderr)
	}
	for k := range doc.Players {
		a, b := doc.Players[k], again.Players[k]
		if !sameInt(a.RatingNext, b.RatingNext) || !sameInt(a.Change, b.Change) || !sameInt(a.RatingBefore, b.RatingBefore) {
			t.Errorf("%s: %+v, with the event in the archive %+v", a.Name, a, b)
		}
	}

	// Announced as unrated (as BOF Ratings 1 c), the event counts no game.
	d.ok("settings", "ev", "--told", "no")
	code, stdout, stderr = d.run("rating", "event", "ev", "--results", testResults, "--json")
	if code != 0 || !strings.Contains(stderr, "games of ev are left out, as export --format elo leaves them out: they are not rated") || !strings.Contains(stderr, "'outflank settings ev --told yes'") {
		t.Errorf("unrated: exit %d, stderr %q", code, stderr)
	}
	if regexp.MustCompile(`"games": [1-9]`).MatchString(stdout) || !strings.Contains(stdout, `"games": 0`) {
		t.Errorf("unrated: games counted\n%s", stdout)
	}
}

func sameInt(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, de os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if de.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRatingBadInput: what is wrong, and the exit code.
func TestRatingBadInput(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "nodate", "--name", "No Date", "--rules", "egp", "--rounds", "3")
	for _, tc := range []struct {
		code int
		want string
		args []string
	}{
		{2, "name a subcommand", []string{"rating"}},
		{2, "usage: outflank rating compute", []string{"rating", "compute", "--as-of", "2026-01-01"}},
		{2, "usage: outflank rating compute", []string{"rating", "compute", "--results", testResults}},
		{2, "--format \"csv\"", []string{"rating", "compute", "--results", testResults, "--as-of", "2026-01-01", "--format", "csv"}},
		{2, "exclude each other", []string{"rating", "compute", "--results", testResults, "--as-of", "2026-01-01", "--format", "joueurs", "--json"}},
		{1, `--as-of "2026-13-01": give a day of the calendar written YYYY-MM-DD`, []string{"rating", "compute", "--results", testResults, "--as-of", "2026-13-01"}},
		{1, `--until "May 10"`, []string{"rating", "compute", "--results", testResults, "--as-of", "2026-01-01", "--until", "May 10"}},
		{1, "--until 2026-02-01 is after --as-of 2026-01-01", []string{"rating", "compute", "--results", testResults, "--as-of", "2026-01-01", "--until", "2026-02-01"}},
		{1, "nowhere: no such folder", []string{"rating", "compute", "--results", "nowhere", "--as-of", "2026-01-01"}},
		{1, "rating.go is not a folder", []string{"rating", "compute", "--results", "rating.go", "--as-of", "2026-01-01"}},
		{1, "missing.txt: no such file", []string{"rating", "compute", "--results", testResults, "--as-of", "2026-01-01", "--players-db", "missing.txt"}},
		{2, "usage: outflank rating history", []string{"rating", "history", "--results", testResults}},
		{1, `WOF id "abc" is not a whole number`, []string{"rating", "history", "abc", "--results", testResults}},
		{1, "WOF id 4242 plays in no tournament", []string{"rating", "history", "4242", "--results", testResults}},
		{1, "ZERO, Zed (WOF 199) is on none of the", []string{"rating", "history", "199", "--results", testResults, "--as-of", "2026-05-01"}},
		{1, "--every 0", []string{"rating", "history", "101", "--results", testResults, "--every", "0"}},
		{2, "usage: outflank rating event", []string{"rating", "event", "nodate"}},
		{1, `no tournament "nope"`, []string{"rating", "event", "nope", "--results", testResults}},
		{1, "nodate has no date", []string{"rating", "event", "nodate", "--results", testResults}},
	} {
		code, stdout, stderr := d.run(tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("outflank %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
		if code != 0 && stdout != "" {
			t.Errorf("outflank %q failed but printed %q", tc.args, stdout)
		}
	}
}

// TestRatingComputeReal computes the list of May 2026 from the real
// archive: about 3,420 players on the list (the 3,490 active, less those
// of the small groups apart from the world's), the best above 2400.
func TestRatingComputeReal(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole archive")
	}
	results := shareddata.Dir(t, filepath.Join("wof", "results"))
	code, stdout, stderr := runMain(t, "", "rating", "compute", "--results", results, "--as-of", "2026-05-12", "--until", "2026-05-10", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "names from "+filepath.Join(results, "..", "joueurs.txt")) {
		t.Errorf("stderr does not name joueurs.txt: %s", stderr)
	}
	doc := ratingJSON[exchange.RatingList](t, stdout)
	if n := len(doc.Players); n < 3400 || n > 3500 {
		t.Errorf("%d players on the list, want about 3,420", n)
	}
	for _, p := range doc.Players {
		if p.Component != 0 || !p.Active || p.Rank == 0 {
			t.Fatalf("on the published list: %+v (want only active players of the world's component, ranked)", p)
		}
	}
	if top := doc.Players[0]; top.Rank != 1 || top.Rating <= 2400 || top.Name == "" || top.Name[0] == '#' || !top.Active {
		t.Errorf("top of the list: %+v", top)
	}
}
