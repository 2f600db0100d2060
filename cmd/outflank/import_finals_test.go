package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestImportELOFinals: 'outflank import' of the real EGP Germany 2019 with
// --rules egp (issue 26, 1): Leader beat Berg 2-1 in the final after
// %%Added results, so 'status' says the event is complete with Leader the
// winner (not "round 12 of 14 to pair"), and the order of finish puts him
// first; the export's player lines keep the Swiss totals (Berg 11, Leader
// 8), as the file's own do.
func TestImportELOFinals(t *testing.T) {
	db := testDatabase(t, "f.db")
	file := filepath.Join("..", "..", "exchange", "testdata", "egp2019", "20190601_EGP_Germany.ELO")
	must(t, "--db", db, "import", file, "--rules", "egp", "--slug", "egp19-germany")
	if out := must(t, "--db", db, "status", "egp19-germany"); !strings.HasPrefix(out, "the event is complete; the winner is #2 LEADER, Imre") {
		t.Errorf("status:\n%s", out)
	}
	out := must(t, "--db", db, "standings", "egp19-germany", "--list", "finish")
	if !strings.Contains(out, "1     #2 LEADER, Imre") || !strings.Contains(out, "won the final 2-1 (33-31, 25-39, 35-29)") || strings.Contains(out, "not over yet") {
		t.Errorf("order of finish:\n%s", out)
	}
	elo := must(t, "--db", db, "export", "egp19-germany", "--format", "elo")
	for _, line := range []string{"%_%    5301, BERG, Matthias, DEU, 11, 499, 2150", "%_%      79, LEADER, Imre, GBR, 8, 463, 2145"} {
		if !strings.Contains(elo, line) {
			t.Errorf("export lacks %q:\n%s", line, elo)
		}
	}
}
