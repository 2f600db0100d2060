package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// TestPlayerDBLoad: 'playerdb load' stores the WOF's joueurs.txt in the
// database (creating it), 'playerdb show' says which; a file that is not a
// player database stores nothing.
func TestPlayerDBLoad(t *testing.T) {
	file := shareddata.File(t, "wof", "joueurs.txt")
	db := testDatabase(t, "o.db")
	code, _, stderr := runMain(t, "", "--db", db, "playerdb", "load", file)
	if code != 0 || !strings.Contains(stderr, "saved: ") || !strings.Contains(stderr, "players of joueurs.txt") {
		t.Fatalf("playerdb load: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := runMain(t, "", "--db", db, "playerdb", "show")
	if code != 0 || !strings.HasPrefix(stdout, "joueurs.txt: ") {
		t.Errorf("playerdb show: exit %d, %q %q", code, stdout, stderr)
	}
	empty := testDatabase(t, "empty.db")
	if code, _, _ := runMain(t, "", "--db", empty, "new", "x", "--name", "X", "--rules", "woc"); code != 0 {
		t.Fatal("new")
	}
	if code, _, stderr := runMain(t, "", "--db", empty, "playerdb", "show"); code != 1 || !strings.Contains(stderr, "playerdb load") {
		t.Errorf("playerdb show without one: exit %d, %s", code, stderr)
	}
	binary := filepath.Join(t.TempDir(), "binary.txt")
	os.WriteFile(binary, []byte{0, 1, 2, 3, 0xff, 0}, 0o644)
	if code, _, _ := runMain(t, "", "--db", empty, "playerdb", "load", binary); code != 1 {
		t.Errorf("playerdb load of a binary file: exit %d", code)
	}
	if code, _, _ := runMain(t, "", "--db", empty, "playerdb", "load"); code != 2 {
		t.Errorf("playerdb load without a file: exit %d", code)
	}
}
