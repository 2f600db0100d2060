package main

import (
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
// tournament's settings; without them the lines are left empty and a
// warning says how to fill them, instead of "Outflank" and a guess.
func TestExportELOSenderAndCountry(t *testing.T) {
	d := newTDB(t)
	enterTenPlayerEvent(d)
	code, elo, stderr := d.run("export", "e2e", "--format", "elo")
	if code != 0 || !strings.Contains(elo, "%%Sender: \n") || !strings.Contains(elo, "%%Country: \n") ||
		!strings.Contains(stderr, "warning: the .ELO header has no sender and no country: give --sender NAME and --country NAME") {
		t.Errorf("export without a sender: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	code, elo, stderr = d.run("export", "e2e", "--format", "elo", "--sender", "  Ann  Director ", "--country", "World")
	if code != 0 || stderr != "" || !strings.Contains(elo, "%%Sender: Ann Director\n") || !strings.Contains(elo, "%%Country: World\n") {
		t.Errorf("export with --sender and --country: exit %d, stderr %q:\n%s", code, stderr, elo)
	}
	d.fail(1, `.ELO sender "50%": an .ELO file cannot carry "%"`, "export", "e2e", "--format", "elo", "--sender", "50%")
	d.fail(2, "--sender and --country go with --format elo", "export", "e2e", "--sender", "Ann")

	d.ok("new", "bristol", "--name", "Bristol Regional", "--rules", "bof-regional", "--sender", "Geoff Hubbard", "--country", "Great-Britain")
	d.ok("player", "add", "bristol", "--name", "Anna Berg")
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
