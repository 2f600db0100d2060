package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestAccountCommands: the accounts from the command line, as a new
// installation starts them: the first administrator creates the database;
// roles, tokens and judge links are issued and withdrawn; passwords come
// from stdin and never appear in any output; 'user log' names who did
// what.
func TestAccountCommands(t *testing.T) {
	d := newTDB(t)
	in := func(stdin string, args ...string) (int, string, string) {
		t.Helper()
		return runMain(t, stdin, append([]string{"--db", d.path, "--as", "Alice"}, args...)...)
	}
	const pw = "a long and secret password"
	if code, out, errOut := in(pw+"\n", "user", "add", "alice", "--admin", "--password-stdin"); code != 0 || !strings.Contains(out, "saved: administrator alice") {
		t.Fatalf("the first administrator on a new database: exit %d %q %q", code, out, errOut)
	}
	d.ok("new", "club", "--name", "Club Open", "--rules", "bof-regional")
	if code, _, errOut := in(pw+"\n", "user", "add", "carol", "--password-stdin"); code != 0 {
		t.Fatalf("user add carol: %s", errOut)
	}
	if code, _, errOut := in(pw+"\n", "user", "add", "Carol", "--password-stdin"); code == 0 || !strings.Contains(errOut, `a user "Carol" already exists`) {
		t.Errorf("the same name again: exit %d %q", code, errOut)
	}
	d.ok("--as", "Alice", "user", "grant", "carol", "club")
	d.fail(1, `no tournament "nope"`, "user", "grant", "carol", "nope")
	if list := d.ok("user", "list"); !strings.Contains(list, "carol") || !strings.Contains(list, "club") {
		t.Errorf("user list:\n%s", list)
	}
	token := strings.TrimSpace(d.ok("token", "add", "carol", "feed"))
	if !regexp.MustCompile(`^oft_[A-Za-z0-9_-]{20,}$`).MatchString(token) {
		t.Errorf("token add printed %q", token)
	}
	if code, out, errOut := d.run("token", "add", "carol"); code != 0 || !strings.HasPrefix(out, "oft_") || !strings.Contains(errOut, "saved: token api-") {
		t.Errorf("token add without a name: exit %d %q %q", code, out, errOut)
	}
	link := strings.TrimSpace(d.ok("--as", "carol", "judge", "add", "club", "--table", "2", "--label", "Dan", "--base-url", "https://hall.example"))
	if !regexp.MustCompile(`^https://hall\.example/j/ofj_[A-Za-z0-9_-]{20,}$`).MatchString(link) {
		t.Errorf("judge add printed %q", link)
	}
	if _, out, errOut := d.run("judge", "add", "club"); !strings.Contains(out, "http://localhost:8080/j/ofj_") || !strings.Contains(errOut, "warning: this link names localhost:8080, which a judge's phone cannot reach") {
		t.Errorf("a link to localhost: %q %q", out, errOut)
	}
	d.fail(1, "give the address players open", "judge", "add", "club", "--base-url", "hall:8080")
	if list := d.ok("judge", "list", "club"); !strings.Contains(list, "#1") || !strings.Contains(list, "Dan") || !strings.Contains(list, "table 2") {
		t.Errorf("judge list:\n%s", list)
	}
	d.fail(2, `"x" is not a link's number`, "judge", "remove", "club", "x")
	d.fail(1, "club has no judge link #7", "judge", "remove", "club", "7")
	if out := d.ok("--as", "carol", "judge", "remove", "club", "#1"); !strings.Contains(out, "judge link #1 of club withdrawn") {
		t.Errorf("judge remove: %q", out)
	}
	if list := d.ok("judge", "list", "club"); strings.Contains(list, "Dan") {
		t.Errorf("a withdrawn link is listed:\n%s", list)
	}
	if code, _, errOut := in("another long password\n", "user", "passwd", "carol", "--password-stdin"); code != 0 {
		t.Fatalf("user passwd: %s", errOut)
	}
	d.ok("token", "remove", "carol", "feed")
	d.ok("user", "revoke", "carol", "club")
	d.ok("user", "remove", "carol")

	log := d.ok("user", "log")
	for _, want := range []string{
		"Alice                    added administrator alice",
		"Alice                    granted carol the role td on club",
		`issued the token "feed" of carol`,
		"carol                    issued judge link #1 for Dan: table 2",
		"carol                    withdrew judge link #1 (Dan)",
		"changed the password of carol",
		"revoked the role td on club from carol",
		"removed user carol",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("user log lacks %q:\n%s", want, log)
		}
	}
	if strings.Index(log, "removed user carol") > strings.Index(log, "added administrator alice") {
		t.Errorf("user log is not newest first:\n%s", log)
	}
	for _, secret := range []string{pw, token, token[4:], link[strings.LastIndex(link, "_")+1:]} {
		if strings.Contains(log, secret) {
			t.Errorf("user log holds a secret:\n%s", log)
		}
	}
	if json := d.ok("user", "log", "--json", "--limit", "2"); strings.Count(json, `"action"`) != 2 || !strings.Contains(json, `"action": "user.remove"`) {
		t.Errorf("user log --json --limit 2:\n%s", json)
	}
	d.fail(2, "usage: outflank user log", "user", "log", "--limit", "0")
}
