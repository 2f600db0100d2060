package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// runMain runs the command line in-process and returns the exit code and
// what it printed.
func runMain(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errOut)
	if strings.Contains(errOut.String(), "goroutine ") || strings.Contains(errOut.String(), "panic") {
		t.Fatalf("outflank %v printed a stack trace:\n%s", args, errOut.String())
	}
	return code, out.String(), errOut.String()
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{nil, "", 2, "no command given"},
		{[]string{"frobnicate"}, "", 2, `unknown command "frobnicate"`},
		{[]string{"--db"}, "", 2, "flag needs an argument: -db"},
		{[]string{"game"}, "", 2, "name a subcommand"},
		{[]string{"game", "fly"}, "", 2, `unknown subcommand "fly"`},
		{[]string{"game", "replay"}, "", 2, "give the moves"},
		{[]string{"game", "replay", "--colour", "f5"}, "", 2, "unknown flag -colour"},
		{[]string{"game", "replay", "f5z9"}, "", 1, "illegal move at ply 2 (z9): not a square"},
		{[]string{"game", "replay", "f5d6d5"}, "", 1, "illegal move at ply 3 (d5): the square is already occupied"},
		{[]string{"game", "replay", "f5a1"}, "", 1, "illegal move at ply 2 (a1): the move flips no disc"},
		{[]string{"game", "replay", "e6f4e3f6g5d6e7f5c5c4"}, "", 1, "illegal move at ply 10 (c4): the game is already over"},
		{[]string{"game", "replay", "-"}, strings.Repeat("f5", 40000), 1, "more than 65536 bytes"},
		{[]string{"game", "perft"}, "", 2, "give one DEPTH"},
		{[]string{"game", "perft", "1", "2"}, "", 2, "give one DEPTH"},
		{[]string{"game", "perft", "deep"}, "", 1, `perft depth "deep": give a whole number`},
		{[]string{"game", "perft", "99"}, "", 1, "from 0 to 20"},
		{[]string{"game", "perft", "--", "-3"}, "", 1, "from 0 to 20"},
		{[]string{"game", "wthor"}, "", 2, "give one .wtb file"},
		{[]string{"game", "wthor", "missing.wtb"}, "", 1, "missing.wtb: no such file"},
		{[]string{"game", "wthor", "main.go"}, "", 1, "main.go is not a valid WTHOR file"},
	} {
		code, stdout, stderr := runMain(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("outflank %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.stderr)
		}
		if code != 0 && stdout != "" && tc.code == 1 && !strings.Contains(strings.Join(tc.args, " "), "--check") {
			t.Errorf("outflank %q failed but printed on stdout: %q", tc.args, stdout)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"game", "-h"}, {"game", "replay", "-h"}, {"game", "wthor", "--help"}} {
		code, stdout, stderr := runMain(t, "", args...)
		if code != 0 || !strings.Contains(stdout, "outflank") || stderr != "" {
			t.Errorf("outflank %q: exit %d, stdout %q, stderr %q; want usage on stdout and exit 0", args, code, stdout, stderr)
		}
	}
}

func TestGamePerft(t *testing.T) {
	for depth, want := range []string{"1", "4", "12", "56", "244", "1396", "8200"} {
		code, stdout, _ := runMain(t, "", "game", "perft", string(rune('0'+depth)))
		if code != 0 || stdout != want+"\n" {
			t.Errorf("game perft %d: exit %d, %q; want %s", depth, code, stdout, want)
		}
	}
}

// dirNames lists the names in dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
