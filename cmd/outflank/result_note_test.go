package main

import (
	"strings"
	"testing"
)

// TestResultSaysOfficialScore: a score with empty squares is saved as its
// official score, and the command says so and why.
func TestResultSaysOfficialScore(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "n", "--name", "Note Open", "--rules", "woc", "--rounds", "3")
	d.ok("player", "import", "n", writeFile(t, "p.csv", playersCSV(6)))
	d.ok("round", "add", "n", "--pair", "1-2", "--pair", "3-4", "--pair", "5-6")
	for _, tc := range []struct{ table, score, want string }{
		{"1", "33-30", "official score 34-30: empty squares go to the winner (33-30 on the board; WOC IV.8, BOF 9)"},
		{"2", "31-31", "official score 32-32: a draw's empty squares are shared (31-31 on the board"},
		{"3", "40-24", ""},
	} {
		out := d.ok("result", "n", "1", tc.table, tc.score)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		switch {
		case tc.want == "" && len(lines) != 1:
			t.Errorf("result %s printed %q; want only the saved line", tc.score, out)
		case tc.want != "" && (len(lines) != 2 || lines[1] != tc.want && !strings.HasPrefix(lines[1], tc.want)):
			t.Errorf("result %s printed %q; want a second line %q", tc.score, out, tc.want)
		}
	}
}
