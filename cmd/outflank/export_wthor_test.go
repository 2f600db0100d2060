package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank/othello"
)

// TestExportWthorRoundTrip: export --format wthor writes a simulated
// event's games as SLUG.wtb, SLUG.JOU and SLUG.TRN, which 'game wthor
// --check' reads back without a problem, and 'game wthor --json' lists with
// the very moves, scores and players of the tournament, game by game.
func TestExportWthorRoundTrip(t *testing.T) {
	d := newTDB(t)
	code, sim, stderr := runMain(t, "", "simulate", "--rules", "egp", "--players", "12", "--seed", "5", "--json")
	if code != 0 {
		t.Fatalf("simulate: %s", stderr)
	}
	d.ok("import", writeFile(t, "sim.json", sim), "--slug", "sim")
	dir := filepath.Join(t.TempDir(), "out")
	out := d.ok("export", "sim", "--format", "wthor", "-o", dir)
	if !strings.Contains(out, "games of sim to "+filepath.Join(dir, "sim.wtb")) || !strings.Contains(out, ", 0 skipped") {
		t.Errorf("export: %q", out)
	}
	wtb, jou, trn := filepath.Join(dir, "sim.wtb"), filepath.Join(dir, "sim.JOU"), filepath.Join(dir, "sim.TRN")
	var check wthorCheckJSON
	if err := json.Unmarshal([]byte(d.ok("game", "wthor", "--check", "--json", wtb, "--players", jou, "--tournaments", trn)), &check); err != nil {
		t.Fatal(err)
	}
	var file struct {
		Players []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"players"`
		Rounds []struct {
			Games []struct {
				Black      int    `json:"black"`
				White      int    `json:"white"`
				BlackDiscs int    `json:"black_discs"`
				Moves      string `json:"moves"`
			} `json:"games"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(d.ok("export", "sim")), &file); err != nil {
		t.Fatal(err)
	}
	names := map[int]string{}
	for _, p := range file.Players {
		names[p.ID] = wthorNameOf(p.Name)
	}
	var list wthorListJSON
	if err := json.Unmarshal([]byte(d.ok("game", "wthor", "--json", wtb, "--players", jou, "--tournaments", trn)), &list); err != nil {
		t.Fatal(err)
	}
	i := 0
	for _, r := range file.Rounds {
		for _, g := range r.Games {
			if i >= len(list.Games) {
				t.Fatalf("only %d games read back", len(list.Games))
			}
			got := list.Games[i]
			moves, err := othello.ParseTranscript(g.Moves)
			if err != nil {
				t.Fatal(err)
			}
			if got.Moves != othello.FormatTranscript(moves) || got.BlackScore != g.BlackDiscs || got.Black != names[g.Black] || got.White != names[g.White] {
				t.Errorf("game %d: read back %+v, want %s v %s %d %s", i+1, got, names[g.Black], names[g.White], g.BlackDiscs, g.Moves)
			}
			i++
		}
	}
	if i != len(list.Games) || check.Games != i || check.Legal != i || check.Finished != i || check.Mismatches != 0 || i < 30 {
		t.Errorf("%d games in the tournament, %d read back, check %+v", i, len(list.Games), check)
	}
	if !strings.HasPrefix(list.Games[0].Tournament, "Simulated egp event") || len(list.Games[0].Tournament) != 25 {
		t.Errorf("tournament %q", list.Games[0].Tournament)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("the folder holds %d files, want the 3 written (no temporary file)", len(entries))
	}
}

// wthorNameOf is a player's name as a WTHOR.JOU record holds it: 19
// characters.
func wthorNameOf(name string) string {
	if r := []rune(name); len(r) > 19 {
		return string(r[:19])
	}
	return name
}

// TestExportWthorSkipped: games without a transcript are listed on stderr
// as skipped, and the games written check; a folder that is a file, or no
// folder, is refused and nothing is written.
func TestExportWthorSkipped(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	dir := filepath.Join(t.TempDir(), "wthor")
	code, out, stderr := d.run("export", "e2e", "--format", "wthor", "-o", dir)
	if code != 0 || !strings.Contains(out, "wrote 1 game of e2e") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, stderr)
	}
	if !strings.Contains(stderr, "skipped: round 1 table 2 (") || !strings.Contains(stderr, "): no transcript\n") || strings.Contains(stderr, "round 1 table 1 ") {
		t.Errorf("stderr %q", stderr)
	}
	if n := strings.Count(stderr, "skipped: "); !strings.Contains(out, itoa(n)+" skipped") {
		t.Errorf("stdout %q, %d skipped on stderr", out, n)
	}
	d.ok("game", "wthor", "--check", filepath.Join(dir, "e2e.wtb"), "--players", filepath.Join(dir, "e2e.JOU"), "--tournaments", filepath.Join(dir, "e2e.TRN"))

	file := writeFile(t, "taken", "not a folder")
	d.fail(1, "is a file: --format wthor writes three files, give a folder", "export", "e2e", "--format", "wthor", "-o", file)
	if b, _ := os.ReadFile(file); string(b) != "not a folder" {
		t.Errorf("the file became %q", b)
	}
	d.fail(2, "give the folder to write them into with -o DIR", "export", "e2e", "--format", "wthor")
}
