package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"outflank"
	"outflank/internal/migration"
	"outflank/internal/shareddata"
	"outflank/internal/viewcheck"
	"outflank/sqlite"
)

// TestMigration is issue 24's proof on real events (internal/migration):
// each event is created under its ruleset with its system, its first k
// rounds entered by hand exactly as played, the rounds left paired by
// 'pair' with simulated results, then the knockout stages its ruleset has,
// to the end. 'pair' must never pair a rematch and every refusal must say
// what the director can do; each replayed event is then stored in a SQLite
// database and every view of it (the site's pages and API, the command
// line's tables, the JSON, .ELO and CSV exports: viewcheck) must agree
// with the others on every player's points, discs and tie-break.
//
// By default a few seconds: four real events of ../shared/data/elo (a BOF
// round robin with a bye and an absence, a Swiss, an EGP and a WOC with
// their knockout stages), three values of k each.
// OUTFLANK_MIGRATION=full: every file of elo/ and a sample of over 200
// events of the WOF archive, every k. The counts are logged (go test -v).
func TestMigration(t *testing.T) {
	full := os.Getenv("OUTFLANK_MIGRATION") == "full"
	elo := shareddata.Dir(t, "elo")
	start := time.Now()
	files, err := filepath.Glob(filepath.Join(elo, "*.ELO"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .ELO files in %s: %v", elo, err)
	}
	sort.Strings(files)
	ks := 3
	var archive []string
	if full {
		dir := shareddata.Dir(t, filepath.Join("wof", "results"))
		if archive, err = filepath.Glob(filepath.Join(dir, "*", "*.ELO")); err != nil || len(archive) == 0 {
			t.Fatalf("no .ELO files in %s: %v", dir, err)
		}
		ks = 100 // every k
	} else {
		files = nil
		for _, name := range []string{"20100313_Oadby_Regional.ELO", "20190608_Roma_open.ELO", "20090110_EGP_Roma.ELO", "19951116_WOC_1995.ELO"} {
			files = append(files, filepath.Join(elo, name))
		}
	}
	s := migration.NewSweep()
	events, err := s.Load(files, archive, 25, 220)
	if err != nil {
		t.Fatal(err)
	}
	s.Run(events, ks, 24, replayViews(t))
	for _, line := range s.Report() {
		t.Log(line)
	}
	t.Logf("in %v", time.Since(start).Round(time.Millisecond))
	for _, e := range s.Errors {
		t.Errorf("replay failed: %s", e)
	}
	for _, r := range s.Rematches {
		t.Errorf("rematch paired: %s", r)
	}
	for _, r := range s.Unclear {
		t.Errorf("refusal without a way out: %s", r)
	}
	for _, d := range s.Disagreements {
		t.Errorf("views disagree: %s", d)
	}
	if s.Replays == 0 || s.Checked != s.Replays || s.Documents < 20*s.Replays {
		t.Errorf("%d replays, %d with their views checked (%d documents): every replay's views must be checked", s.Replays, s.Checked, s.Documents)
	}
	if full && (s.Events < 220 || s.Archive < 200) {
		t.Errorf("%d events replayed, %d of the archive: the sweep needs every file of elo/ and at least 200 events of the archive", s.Events, s.Archive)
	}
	if !full && (s.Finished == 0 || s.Knockout == 0 || s.Completing == 0) {
		t.Errorf("the quick sample must play events to the end (%d), through knockout stages (%d rounds) and complete round robins (%d rounds)", s.Finished, s.Knockout, s.Completing)
	}
}

// replayViews stores each replayed event in a SQLite database of its own
// and gathers every view of it: the site's pages and API (viewcheck.Site),
// the command line's standings and crosstable and its JSON, .ELO and CSV
// exports (Main, in this process). The views are checked against the
// replayed event itself, so that what the store lost would show too.
func replayViews(t *testing.T) migration.Check {
	dir := t.TempDir()
	n := 0
	return func(ev *migration.Event, k int, tour *outflank.Tournament) (int, []string, error) {
		n++
		path := filepath.Join(dir, fmt.Sprintf("replay-%d.db", n))
		defer func() {
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Remove(path + suffix)
			}
		}()
		ctx, stop := context.WithCancel(context.Background())
		defer stop()
		db, err := sqlite.Open(ctx, path, sqlite.Options{Create: true})
		if err != nil {
			return 0, nil, err
		}
		defer db.Close()
		if _, err := db.Create(ctx, tour, outflank.KindImport, "migration replay"); err != nil {
			return 0, nil, fmt.Errorf("storing the replay: %w", err)
		}
		site, err := viewcheck.Site(ctx, db, db)
		if err != nil {
			return 0, nil, err
		}
		cli := func(args ...string) ([]byte, error) {
			code, stdout, stderr := runMain(t, "", append([]string{"--db", path}, args...)...)
			if code != 0 {
				return nil, fmt.Errorf("exit %d: %s", code, strings.TrimSpace(stderr))
			}
			return []byte(stdout), nil
		}
		v, err := viewcheck.Gather(site, cli, tour)
		if err != nil {
			return 0, nil, err
		}
		if err := viewcheck.Check(tour, v); err != nil {
			return documents(v), disagreements(err), nil
		}
		return documents(v), nil, nil
	}
}

// documents counts the views rendered.
func documents(v viewcheck.Views) int {
	n := len(v.APIPlayer) + len(v.APIPairings)
	for _, doc := range [][]byte{v.APIStandings, v.APIFinish, v.APICrosstable, v.APIPlayers, v.HTMLStandings, v.HTMLCrosstable,
		v.CLIStandings, v.CLICrosstable, v.ExportJSON, v.ExportELO, v.ExportCSV} {
		if doc != nil {
			n++
		}
	}
	return n
}

// disagreements splits viewcheck.Check's error into its lines, each
// naming a view, a player and both figures.
func disagreements(err error) []string {
	lines := strings.Split(err.Error(), "\n")
	var out []string
	for _, l := range lines[1:] {
		out = append(out, strings.TrimSpace(l))
	}
	if len(out) == 0 {
		out = []string{err.Error()}
	}
	return out
}
