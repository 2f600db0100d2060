package main

import (
	"encoding/json"
	"strings"
	"testing"

	"outflank/report"
)

// passGame is a real game (WTHOR 2004) with four passes and one empty square
// at the end: 61-2 on the board, 62-2 officially.
const passGame = "f5d6c5f6e6f4c6e7d3c2f8e8d8c3f7d7c4b4c8b6g5h5e3g6c7e2a6b7b5a5a4g7a8a7b8a3h4h3g4g3a2c1b3g8d1h8b1f1d2b2e1a1h7h6f3g2f2h2g1"

func TestGameReplayText(t *testing.T) {
	code, stdout, stderr := runMain(t, "", "game", "replay", strings.ToUpper(passGame))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"1 X X X X X X X .\n",
		"moves   " + passGame + " (59 plies)\n",
		"passes  after ply 41, 52, 53, 58\n",
		"discs   black 61, white 2, empty 1\n",
		"result  62-2, black wins",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestGameReplayArgsAndStdin(t *testing.T) {
	_, joined, _ := runMain(t, "", "game", "replay", "f5", "d6", "c3")
	_, hyphens, _ := runMain(t, "", "game", "replay", "F5-D6-C3")
	code, piped, stderr := runMain(t, "f5 d6\nc3\n", "game", "replay", "-")
	if code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, stderr)
	}
	if joined != piped || hyphens != piped || !strings.Contains(piped, "result  not finished: white to move") {
		t.Errorf("the same transcript printed differently:\n%s\n%s\n%s", joined, hyphens, piped)
	}
}

func TestGameReplayJSON(t *testing.T) {
	for _, tc := range []struct {
		moves string
		want  report.Replay
	}{
		{passGame, report.Replay{Plies: 59, Moves: passGame, Finished: true, Discs: report.DiscCount{Black: 61, White: 2, Empty: 1},
			Score: &report.GameScore{Black: 62, White: 2}, Winner: ptr("black"), Passes: []int{41, 52, 53, 58}}},
		{"f5d6c3", report.Replay{Plies: 3, Moves: "f5d6c3", ToMove: ptr("white"), Discs: report.DiscCount{Black: 5, White: 2, Empty: 57}, Passes: []int{}}},
		{"", report.Replay{Moves: "", ToMove: ptr("black"), Discs: report.DiscCount{Black: 2, White: 2, Empty: 60}, Passes: []int{}}},
	} {
		args := []string{"game", "replay", "--json", tc.moves}
		if tc.moves == "" {
			args = []string{"game", "replay", "--json", "-"}
		}
		code, stdout, stderr := runMain(t, "", args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", tc.moves, code, stderr)
		}
		var got report.Replay
		if err := json.Unmarshal([]byte(stdout), &got); err != nil {
			t.Fatalf("%q: not one JSON document: %v\n%s", tc.moves, err, stdout)
		}
		gotText, _ := json.Marshal(got)
		wantText, _ := json.Marshal(tc.want)
		if string(gotText) != string(wantText) {
			t.Errorf("%q:\ngot  %s\nwant %s", tc.moves, gotText, wantText)
		}
	}
	// A finished game names no side to move; the contract's field names.
	_, stdout, _ := runMain(t, "", "game", "replay", "--json", passGame)
	for _, field := range []string{`"to_move": null`, `"score": {`, `"winner": "black"`, `"passes": [`} {
		if !strings.Contains(stdout, field) {
			t.Errorf("JSON lacks %s:\n%s", field, stdout)
		}
	}
}

// A draw is always 32-32 and its winner is "draw".
func TestGameReplayDraw(t *testing.T) {
	code, stdout, stderr := runMain(t, "", "game", "replay", "--json", drawGame)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got report.Replay
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	if got.Score == nil || *got.Score != (report.GameScore{Black: 32, White: 32}) || got.Winner == nil || *got.Winner != "draw" {
		t.Errorf("draw: score %v winner %v", got.Score, got.Winner)
	}
}

func TestGameReplayIllegalJSON(t *testing.T) {
	code, stdout, stderr := runMain(t, "", "game", "replay", "--json", "f5d6d5")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "illegal move at ply 3 (d5)") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func ptr(s string) *string { return &s }

// drawGame is a real game (WTHOR 2004, game 6669) drawn 31-31 with two empty
// squares: officially 32-32 (WOC IV.8).
const drawGame = "f5f6e6f4e3d6c4e2f7e7g5g6f3g3g4h6h4e8d1c3d3c2d2c1f8c6d8c5h3f1c7d7h5h2b1b8b6f2c8g8b3a6b5a3b2b7e1h7g1a4b4a2a5g2a1g7a7a8"
