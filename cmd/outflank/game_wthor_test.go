package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
	"outflank/othello"
	"outflank/othello/wthor"
)

func TestGameWthorCheckRealFiles(t *testing.T) {
	dir := shareddata.Dir(t, "wthor")
	for _, tc := range []struct {
		file  string
		games int
	}{
		{"WTH_1977.wtb", 12},
		{"WTH_2004.wtb", 9021},
		{"WTH_2025.wtb", 2010},
	} {
		code, stdout, stderr := runMain(t, "", "game", "wthor", "--check", "--json", filepath.Join(dir, tc.file),
			"--players", filepath.Join(dir, "WTHOR.JOU"), "--tournaments", filepath.Join(dir, "WTHOR.TRN"))
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.file, code, stderr)
		}
		var got wthorCheckJSON
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if got.Games != tc.games || got.Legal != tc.games || got.Illegal != 0 || got.Mismatches != 0 ||
			got.Finished+got.Unfinished != tc.games || len(got.Problems) != 0 {
			t.Errorf("%s: %+v, want %d games all legal and no mismatch", tc.file, got, tc.games)
		}
	}
}

func TestGameWthorListRealFile(t *testing.T) {
	dir := shareddata.Dir(t, "wthor")
	code, stdout, stderr := runMain(t, "", "game", "wthor", filepath.Join(dir, "WTH_1977.wtb"),
		"--players", filepath.Join(dir, "WTHOR.JOU"), "--tournaments", filepath.Join(dir, "WTHOR.TRN"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 12 || !strings.Contains(lines[0], "Inoue Hiroshi") || !strings.Contains(lines[0], "World Championship") ||
		!strings.Contains(lines[0], "34-30") {
		t.Errorf("listing of 1977 (%d lines) starts %q", len(lines), lines[0])
	}
}

// writeGames builds a .wtb file in a temporary directory.
func writeGames(t *testing.T, games ...wthor.Game) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.wtb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := wthor.WriteGames(f, &wthor.GameFile{Header: wthor.Header{GamesYear: 2026}, Games: games}); err != nil {
		t.Fatal(err)
	}
	return path
}

func squares(t *testing.T, text string) []othello.Square {
	t.Helper()
	moves, err := othello.ParseTranscript(text)
	if err != nil {
		t.Fatal(err)
	}
	return moves
}

func TestGameWthorCheckFindsProblems(t *testing.T) {
	path := writeGames(t,
		wthor.Game{BlackScore: 62, Moves: squares(t, passGame)},         // good
		wthor.Game{BlackScore: 40, Moves: squares(t, "f5d6d5")},         // illegal
		wthor.Game{BlackScore: 61, Moves: squares(t, passGame)},         // mismatch: the empty square goes to black
		wthor.Game{BlackScore: 31, Moves: squares(t, drawGame)},         // mismatch: a draw is 32-32
		wthor.Game{BlackScore: 33, Moves: squares(t, "f5d6c3d3c4f4f6")}, // unfinished: cannot be checked
	)
	code, stdout, stderr := runMain(t, "", "game", "wthor", "--check", path)
	if code != 1 || !strings.Contains(stderr, "1 illegal games and 2 score mismatches") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"games       5\n", "legal       4\n", "illegal     1\n", "finished    3\n", "unfinished  1 ", "mismatches  2 ",
		"game 2 (#0 v #0, #0): illegal move at ply 3 (d5): the square is already occupied",
		"game 3 (#0 v #0, #0): recorded score 61-3, official score 62-2",
		"game 4 (#0 v #0, #0): recorded score 31-33, official score 32-32",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
	// A missing name file is reported after the game file has been read.
	code, _, stderr = runMain(t, "", "game", "wthor", path, "--players", "missing.jou")
	if code != 1 || !strings.Contains(stderr, "missing.jou: no such file") {
		t.Errorf("missing players file: exit %d, %q", code, stderr)
	}
}

func TestGameWthorTruncated(t *testing.T) {
	path := writeGames(t, wthor.Game{BlackScore: 62, Moves: squares(t, passGame)})
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:50], 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runMain(t, "", "game", "wthor", "--check", path)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "is not a valid WTHOR file: byte ") {
		t.Errorf("truncated file: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
