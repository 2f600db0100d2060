package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// run runs a command and returns its exit code, stdout and stderr.
func (d *tdb) run(args ...string) (int, string, string) {
	d.t.Helper()
	return runMain(d.t, "", append([]string{"--db", d.path}, args...)...)
}

// TestExportELOSenderAndCountry: the .ELO header says who sends the file
// and where the event was held, from --sender and --country or the
// tournament's settings, or else the federation whose rules the event
// follows and the place's country in words (issue 24, 10); a line nothing
// gives is left empty and a warning says how to fill it.
func TestExportELOSenderAndCountry(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	code, elo, stderr := d.run("export", "e2e", "--format", "elo")
	if code != 0 || !strings.Contains(elo, "%%Sender: World Othello Federation\n") || !strings.Contains(elo, "%%Country: World\n") || stderr != "" {
		t.Errorf("export of a WOC without a sender: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.ok("new", "club", "--name", "Club Night", "--rules", "custom", "--rounds", "3")
	code, elo, stderr = d.run("export", "club", "--format", "elo")
	if code != 0 || !strings.Contains(elo, "%%Sender: \n") || !strings.Contains(elo, "%%Country: \n") ||
		!strings.Contains(stderr, "warning: the .ELO header has no sender: give --sender NAME (your federation's name)") ||
		!strings.Contains(stderr, "warning: the .ELO header has no country (no place is recorded): give --country NAME") {
		t.Errorf("export of a custom event without settings: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.ok("settings", "club", "--place", "ita", "--sender", "Federazione  Nazionale Gioco Othello")
	code, elo, stderr = d.run("export", "club", "--format", "elo")
	if code != 0 || !strings.Contains(elo, "%%Country: Italy\n") || !strings.Contains(elo, "%%Sender: Federazione Nazionale Gioco Othello\n") || stderr != "" {
		t.Errorf("export of a custom event held in Italy: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.fail(1, `.ELO sender "50%": an .ELO file cannot carry "%"`, "settings", "club", "--sender", "50%")
	code, elo, stderr = d.run("export", "e2e", "--format", "elo", "--sender", "  Ann  Director ", "--country", "World")
	if code != 0 || stderr != "" || !strings.Contains(elo, "%%Sender: Ann Director\n") || !strings.Contains(elo, "%%Country: World\n") {
		t.Errorf("export with --sender and --country: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.fail(1, `.ELO sender "50%": an .ELO file cannot carry "%"`, "export", "e2e", "--format", "elo", "--sender", "50%")
	d.fail(2, "--sender and --country go with --format elo", "export", "e2e", "--sender", "Ann")

	d.ok("new", "oxford", "--name", "Oxford Regional", "--rules", "bof-regional")
	code, elo, stderr = d.run("export", "oxford", "--format", "elo")
	if code != 0 || stderr != "" || !strings.Contains(elo, "%%Sender: British Othello Federation\n") || !strings.Contains(elo, "%%Country: Great-Britain\n") {
		t.Errorf("export of a BOF regional without settings: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.ok("new", "bristol", "--name", "Bristol Regional", "--rules", "bof-regional", "--sender", "Geoff Hubbard", "--country", "Great-Britain")
	d.ok("player", "add", "bristol", "--name", "Anna Berg", "--wof-id", "100050")
	code, elo, stderr = d.run("export", "bristol", "--format", "elo")
	if code != 0 || stderr != "" || !strings.Contains(elo, "%%Sender: Geoff Hubbard\n") || !strings.Contains(elo, "%%Country: Great-Britain\n") ||
		!strings.Contains(elo, ", BERG, Anna, ") {
		t.Errorf("export with the settings: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	if out := d.ok("export", "bristol"); !strings.Contains(out, `"elo_sender": "Geoff Hubbard"`) {
		t.Errorf("the tournament file lacks the sender:\n%s", out)
	}
	code, elo, _ = d.run("export", "bristol", "--format", "elo", "--country", "England")
	if code != 0 || !strings.Contains(elo, "%%Country: England\n") || !strings.Contains(elo, "%%Sender: Geoff Hubbard\n") {
		t.Errorf("--country over the setting: exit %d:\n%s", code, elo)
	}
}

// TestImportOadbyPutsTheByeBack: 'import' of the real Oadby Regional 2010
// under BOF rules (issue 24, 5): its .ELO file has no bye lines, and
// ARNOLD's bye in round 1 came back only as a player line's 5 points and
// 302 discs. The import says it put the bye back, and the standings are
// those of the file's player lines.
func TestImportOadbyPutsTheByeBack(t *testing.T) {
	d := newTDB(t)
	code, stdout, stderr := d.run("import", "../../exchange/testdata/20100313_Oadby_Regional.ELO", "--rules", "bof-regional", "--slug", "oadby")
	if code != 0 || !strings.Contains(stdout, "8 players, 7 rounds, 27 games, 1 bye put back from the player lines as oadby") ||
		!strings.Contains(stderr, "#3 ARNOLD, Roy: a bye inferred in round 1 from the player line's 5 points and 302 discs\n") {
		t.Fatalf("import: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	out := d.ok("standings", "oadby", "--json")
	var list struct {
		Finish []struct {
			Name   string
			Points float64
			Discs  int
		}
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("standings --json: %v\n%s", err, out)
	}
	var order []string
	for _, p := range list.Finish {
		surname, _, _ := strings.Cut(p.Name, " ")
		order = append(order, fmt.Sprintf("%s %g %d", surname, p.Points, p.Discs))
	}
	want := []string{"BARRASS, 6.5 325", "PRIDMORE, 5.5 308", "ARNOLD, 5 302", "BURGESS, 5 295", "ROWE, 3 225", "STARKEY, 2 164", "BUTLER, 1 78", "CALLADINE, 0 75"}
	if strings.Join(order, "; ") != strings.Join(want, "; ") {
		t.Errorf("standings %v, want the file's %v:\n%s", order, want, out)
	}
	if out := d.ok("crosstable", "oadby"); !strings.Contains(out, "ARNOLD, Roy                  bye ") {
		t.Errorf("the crosstable has no bye for ARNOLD in round 1:\n%s", out)
	}
}
