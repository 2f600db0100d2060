//go:build linux

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// "A read-only or full disk gives a clear error and no partial write."
//
// The tests put the database on a filesystem of its own: a tmpfs mounted for
// the test, remounted read-only or filled up. Tests run as root here, where
// chmod stops nothing; without the right to mount, the read-only case falls
// back on chmod and the full-disk case is skipped.

const diskSlug = "disk"

// diskMount mounts a tmpfs of size (mount's syntax: 512k, 2m) on a new
// folder and unmounts it when the test ends. It returns "" when mounting is
// not allowed.
func diskMount(t *testing.T, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mnt")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+size+",mode=0755", "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Logf("cannot mount a tmpfs on %s: %v: %s", dir, err, strings.TrimSpace(string(out)))
		return ""
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Logf("umount %s: %v: %s; detaching it", dir, err, strings.TrimSpace(string(out)))
			if out, err := exec.Command("umount", "-l", dir).CombinedOutput(); err != nil {
				t.Errorf("umount -l %s: %v: %s", dir, err, out)
			}
		}
	})
	return dir
}

// diskRemount remounts the tmpfs at dir with opt: "ro" or "rw".
func diskRemount(t *testing.T, dir, opt string) {
	t.Helper()
	if out, err := exec.Command("mount", "-o", "remount,"+opt, dir).CombinedOutput(); err != nil {
		t.Fatalf("mount -o remount,%s %s: %v: %s", opt, dir, err, out)
	}
}

// diskFree returns the bytes an unprivileged writer may still use on the
// filesystem holding dir.
func diskFree(t *testing.T, dir string) int64 {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	return int64(st.Bavail) * int64(st.Bsize)
}

// diskFill creates path and writes zeros into it until only leave bytes are
// free (leave 0: until the filesystem refuses even one more byte).
func diskFill(t *testing.T, path string, leave int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dir := filepath.Dir(path)
	if leave > 0 {
		if n := diskFree(t, dir) - leave; n > 0 {
			if _, err := f.Write(make([]byte, n)); err != nil {
				t.Fatalf("filling %s: %v", dir, err)
			}
		}
		return
	}
	for _, chunk := range []int{64 << 10, 4 << 10, 1} {
		for {
			if _, err := f.Write(make([]byte, chunk)); err != nil {
				if !errors.Is(err, syscall.ENOSPC) {
					t.Fatalf("filling %s: %v", dir, err)
				}
				break
			}
		}
	}
}

// diskRun runs a command in-process and fails the test unless it succeeds.
func diskRun(t *testing.T, args ...string) string {
	t.Helper()
	code, stdout, stderr := runMain(t, "", args...)
	if code != 0 {
		t.Fatalf("outflank %q: exit %d: %s", args, code, stderr)
	}
	return stdout
}

// diskPlayersCSV writes a players CSV of n players into dir, named after tag.
// diskOverride registers the disk tests' fields, all of one nation, at a
// WOC all the same (a team is four players and a young one, WOC I.2.1).
const diskOverride = "a test field of one nation"

func diskPlayersCSV(t *testing.T, dir, tag string, n, nameLen int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("name,country,rating\n")
	for i := 1; i <= n; i++ {
		name := fmt.Sprintf("%s Player %03d", tag, i)
		if pad := nameLen - len(name); pad > 0 {
			name += " " + strings.Repeat("x", pad)
		}
		fmt.Fprintf(&b, "%s,NED,%d\n", name, 1400+i)
	}
	path := filepath.Join(dir, tag+".csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// diskPairs returns the --pair flags of a round of n players: 1-2, 3-4...
func diskPairs(n int) []string {
	var args []string
	for i := 1; i < n; i += 2 {
		args = append(args, "--pair", fmt.Sprintf("%d-%d", i, i+1))
	}
	return args
}

// diskLog returns the audit log as JSON without the times of the events,
// which differ between two databases given the same commands.
func diskLog(t *testing.T, db string) string {
	t.Helper()
	var events []map[string]any
	if err := json.Unmarshal([]byte(diskRun(t, "--db", db, "log", diskSlug, "--json")), &events); err != nil {
		t.Fatalf("log --json: %v", err)
	}
	for _, ev := range events {
		delete(ev, "at")
		delete(ev, "hash")
		delete(ev, "prev_hash")
	}
	out, err := json.MarshalIndent(events, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// diskCheckRefusal checks that a command failed as a user error whose
// message contains each of wants (any one of the words separated by "|").
func diskCheckRefusal(t *testing.T, args []string, code int, stdout, stderr string, wants ...string) {
	t.Helper()
	if code != 1 {
		t.Errorf("outflank %q: exit %d, want 1 (stdout %q, stderr %q)", args, code, stdout, stderr)
	}
	if stdout != "" {
		t.Errorf("outflank %q failed but printed on stdout: %q", args, stdout)
	}
	if strings.Contains(stderr, "internal error") {
		t.Errorf("outflank %q: %q is an internal error, not a message saying what happened", args, strings.TrimSpace(stderr))
	}
	var missing []string
	for _, want := range wants {
		found := false
		for alt := range strings.SplitSeq(want, "|") {
			found = found || strings.Contains(stderr, alt)
		}
		if !found {
			missing = append(missing, strconv.Quote(want))
		}
	}
	if len(missing) > 0 {
		t.Errorf("outflank %q: stderr %q does not say %s", args, strings.TrimSpace(stderr), strings.Join(missing, " nor "))
	}
}

func TestDiskReadOnly(t *testing.T) {
	sqliteOnly(t, "a database file on a read-only disk")
	mnt := diskMount(t, "4m")
	viaMount := mnt != ""
	if !viaMount {
		if os.Geteuid() == 0 {
			t.Skip("cannot mount a tmpfs to remount read-only, and as root chmod does not make a folder read-only")
		}
		mnt = t.TempDir() // fallback: made read-only with chmod below
	}
	work := t.TempDir() // the input files, on a writable disk
	db := filepath.Join(mnt, "outflank.db")

	diskRun(t, "--db", db, "new", diskSlug, "--name", "Read-only Open", "--rules", "woc", "--rounds", "5")
	diskRun(t, "--db", db, "player", "import", diskSlug, diskPlayersCSV(t, work, "first", 8, 0), "--override", diskOverride)
	diskRun(t, "--db", db, "round", "add", diskSlug, "--pair", "1-2", "--pair", "3-4", "--pair", "5-6", "--pair", "7-8")
	diskRun(t, "--db", db, "result", diskSlug, "1", "1", "40-24")
	diskRun(t, "--db", db, "result", diskSlug, "1", "2", "30-34")
	diskRun(t, "--db", db, "result", diskSlug, "1", "3", "32-32")
	diskRun(t, "--db", db, "result", diskSlug, "1", "3", "33-31", "--replace")
	tournamentFile := filepath.Join(work, "tournament.json")
	diskRun(t, "--db", db, "export", diskSlug, "-o", tournamentFile)
	moreCSV := diskPlayersCSV(t, work, "more", 3, 0)

	snapshot := diskRun(t, "--db", db, "export", diskSlug, "--format", "json")
	logSnapshot := diskRun(t, "--db", db, "log", diskSlug, "--json")
	listSnapshot := diskRun(t, "--db", db, "list")
	filesBefore := dirNames(t, mnt)

	if viaMount {
		diskRemount(t, mnt, "ro")
	} else {
		if err := os.Chmod(db, 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(mnt, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(mnt, 0o755); _ = os.Chmod(db, 0o644) })
	}

	for _, args := range [][]string{
		{"result", diskSlug, "1", "4", "40-24"},
		{"result", diskSlug, "1", "1", "20-44", "--replace"},
		{"result", diskSlug, "1", "2", "--outcome", "forfeit", "--loser", "black", "--replace"},
		{"player", "add", diskSlug, "--name", "Late, Comer", "--override", "a late entry (WOC I.2.2)"},
		{"player", "import", diskSlug, moreCSV, "--override", diskOverride},
		{"player", "withdraw", diskSlug, "8"},
		{"round", "add", diskSlug, "--pair", "1-3", "--pair", "2-4", "--pair", "5-7", "--pair", "6-8", "--force"},
		{"undo", diskSlug},
		{"new", "second", "--name", "Second Open", "--rules", "egp"},
		{"import", tournamentFile, "--slug", "copy"},
	} {
		full := append([]string{"--db", db}, args...)
		code, stdout, stderr := runMain(t, "", full...)
		diskCheckRefusal(t, full, code, stdout, stderr, "read-only", "nothing was saved")
	}
	// A new database on the read-only disk cannot be created either.
	fresh := filepath.Join(mnt, "fresh.db")
	args := []string{"--db", fresh, "new", "third", "--name", "Third Open", "--rules", "woc"}
	code, stdout, stderr := runMain(t, "", args...)
	diskCheckRefusal(t, args, code, stdout, stderr, "read-only|writable")
	if _, err := os.Stat(fresh); err == nil {
		t.Errorf("%s was created on a read-only disk", fresh)
	}

	// Reading still works, and shows the tournament as it was.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"export", diskSlug, "--format", "json"}, snapshot},
		{[]string{"log", diskSlug, "--json"}, logSnapshot},
		{[]string{"list"}, listSnapshot},
	} {
		full := append([]string{"--db", db}, c.args...)
		code, stdout, stderr := runMain(t, "", full...)
		if code != 0 {
			t.Errorf("outflank %q on a read-only disk: exit %d, %q; reading commands should still work", full, code, strings.TrimSpace(stderr))
		} else if stdout != c.want {
			t.Errorf("outflank %q on a read-only disk differs from before:\n%s\nwant:\n%s", full, stdout, c.want)
		}
	}
	if got := dirNames(t, mnt); !slices.Equal(got, filesBefore) {
		t.Errorf("files on the read-only disk: %q, before %q", got, filesBefore)
	}

	// Made writable again: nothing was written, partly or at all, and the
	// database takes changes again.
	if viaMount {
		diskRemount(t, mnt, "rw")
	} else {
		if err := os.Chmod(mnt, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(db, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	crashCheckIntegrity(t, db, "integrity_check")
	if got := diskRun(t, "--db", db, "export", diskSlug, "--format", "json"); got != snapshot {
		t.Errorf("after the read-only spell the export changed:\n%s\nwant:\n%s", got, snapshot)
	}
	if got := diskRun(t, "--db", db, "log", diskSlug, "--json"); got != logSnapshot {
		t.Errorf("after the read-only spell the log changed:\n%s\nwant:\n%s", got, logSnapshot)
	}
	if out := diskRun(t, "--db", db, "result", diskSlug, "1", "4", "40-24"); !strings.HasPrefix(out, "saved: round 1 table 4") {
		t.Errorf("result once writable: %q", out)
	}
}

// diskScore is the n-th score of a sequence that never repeats a score on
// the same table twice in a row: 64 scores, each adding up to 64.
func diskScore(n int) string {
	b := (n*23 + 7) % 65
	return fmt.Sprintf("%d-%d", b, 64-b)
}

func TestDiskFull(t *testing.T) {
	sqliteOnly(t, "a database file on a full disk")
	mnt := diskMount(t, "2m")
	if mnt == "" {
		t.Skip("cannot mount a tmpfs (needs root, or CAP_SYS_ADMIN): the full-disk case needs a small filesystem of its own to fill")
	}
	work := t.TempDir()
	db := filepath.Join(mnt, "outflank.db")
	// ref receives the same commands, only those reported saved: at every
	// point, db must hold exactly what ref holds.
	ref := filepath.Join(work, "ref.db")
	both := func(args ...string) string {
		t.Helper()
		out := diskRun(t, append([]string{"--db", db}, args...)...)
		diskRun(t, append([]string{"--db", ref}, args...)...)
		return out
	}
	same := func(when string) {
		t.Helper()
		crashCheckIntegrity(t, db, "integrity_check")
		got := diskRun(t, "--db", db, "export", diskSlug, "--format", "json")
		want := diskRun(t, "--db", ref, "export", diskSlug, "--format", "json")
		if got != want {
			t.Fatalf("%s: the database does not hold exactly what was reported saved.\nexport:\n%s\nwant:\n%s", when, got, want)
		}
		if got, want := diskLog(t, db), diskLog(t, ref); got != want {
			t.Fatalf("%s: the audit log does not hold exactly what was reported saved.\nlog:\n%s\nwant:\n%s", when, got, want)
		}
	}
	const players, tables = 40, 20
	both("new", diskSlug, "--name", "Full Disk Open", "--rules", "woc", "--rounds", "5", "--draw-seed", "1")
	both("player", "import", diskSlug, diskPlayersCSV(t, work, "first", players, 0), "--override", diskOverride)
	both(append([]string{"round", "add", diskSlug}, diskPairs(players)...)...)

	// 1. The disk fills up while results and players are entered: the
	// command that finds it full says so and saves nothing.
	filler := filepath.Join(mnt, "filler")
	diskFill(t, filler, 192<<10)
	t.Logf("database %d KiB; %d KiB left free", diskSize(t, db)>>10, diskFree(t, mnt)>>10)
	saved, failedArgs, failedStderr := 0, []string(nil), ""
	for i := 0; failedArgs == nil; i++ {
		if i == 500 {
			t.Fatalf("the disk never filled up: %d commands saved, %d KiB free", saved, diskFree(t, mnt)>>10)
		}
		var args []string
		if i%5 == 4 {
			args = []string{"player", "import", diskSlug, diskPlayersCSV(t, work, fmt.Sprintf("batch%03d", i), 60, 60), "--override", diskOverride}
		} else {
			args = []string{"result", diskSlug, "1", itoa(i%tables + 1), diskScore(i), "--replace"}
		}
		code, stdout, stderr := runMain(t, "", append([]string{"--db", db}, args...)...)
		if code == 0 {
			if !strings.HasPrefix(stdout, "saved: ") {
				t.Fatalf("outflank %q: exit 0 but printed %q", args, stdout)
			}
			diskRun(t, append([]string{"--db", ref}, args...)...)
			saved++
			continue
		}
		failedArgs, failedStderr = args, stderr
		diskCheckRefusal(t, args, code, stdout, stderr, "full", "nothing was saved")
	}
	t.Logf("%d commands saved before %q failed with %q (%d KiB free)", saved, failedArgs, strings.TrimSpace(failedStderr), diskFree(t, mnt)>>10)
	// Still full: the next commands fail the same way.
	for _, args := range [][]string{
		{"result", diskSlug, "1", "1", "64-0", "--replace"},
		{"player", "add", diskSlug, "--name", "Late, Comer", "--override", "a late entry (WOC I.2.2)"},
		{"undo", diskSlug},
	} {
		code, stdout, stderr := runMain(t, "", append([]string{"--db", db}, args...)...)
		if code == 0 {
			// Room enough for a small change: then it must be there.
			diskRun(t, append([]string{"--db", ref}, args...)...)
			continue
		}
		diskCheckRefusal(t, args, code, stdout, stderr, "full", "nothing was saved")
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	same("after the disk filled up")
	both("result", diskSlug, "1", "1", "33-31", "--replace")
	same("once space was freed")

	// 2. A disk with no byte left at all.
	diskFill(t, filler, 0)
	for _, args := range [][]string{
		{"result", diskSlug, "1", "2", "64-0", "--replace"},
		{"player", "add", diskSlug, "--name", "Later, Comer"},
	} {
		code, stdout, stderr := runMain(t, "", append([]string{"--db", db}, args...)...)
		diskCheckRefusal(t, args, code, stdout, stderr, "full", "nothing was saved")
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	same("after the disk was completely full")
	both("result", diskSlug, "1", "2", "64-0", "--replace")
	same("once space was freed again")
}

// TestDiskFullExport: `export -o` to a full disk fails cleanly and leaves the
// file as it was, with no temporary file beside it.
func TestDiskFullExport(t *testing.T) {
	out := diskMount(t, "512k")
	if out == "" {
		t.Skip("cannot mount a tmpfs (needs root, or CAP_SYS_ADMIN): the full-disk case needs a small filesystem of its own to fill")
	}
	work := t.TempDir()
	db := filepath.Join(work, "outflank.db") // the database on a disk with room
	diskRun(t, "--db", db, "new", diskSlug, "--name", "Export Open", "--rules", "woc", "--rounds", "5")
	// With WOF ids, which the .ELO file needs (exchange.NoWOFID).
	csv, err := os.ReadFile(diskPlayersCSV(t, work, "first", 40, 60))
	if err != nil {
		t.Fatal(err)
	}
	withIDs := strings.Split(strings.TrimSuffix(string(csv), "\n"), "\n")
	withIDs[0] += ",wof_id"
	for i := 1; i < len(withIDs); i++ {
		withIDs[i] += fmt.Sprintf(",%d", 100000+i)
	}
	idsCSV := filepath.Join(work, "ids.csv")
	if err := os.WriteFile(idsCSV, []byte(strings.Join(withIDs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	diskRun(t, "--db", db, "player", "import", diskSlug, idsCSV, "--override", diskOverride)
	diskRun(t, append([]string{"--db", db, "round", "add", diskSlug}, diskPairs(40)...)...)
	diskRun(t, "--db", db, "result", diskSlug, "1", "1", "40-24")

	file := filepath.Join(out, "tournament.json")
	diskRun(t, "--db", db, "export", diskSlug, "-o", file)
	old, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	diskRun(t, "--db", db, "result", diskSlug, "1", "2", "24-40")
	filler := filepath.Join(out, "filler")
	for _, c := range []struct {
		leave   int64
		formats []string
	}{
		{0, []string{"json", "csv", "elo"}}, // not a byte left
		{8 << 10, []string{"json"}},         // room for part of the file (the CSV and .ELO files would fit)
	} {
		diskFill(t, filler, c.leave)
		for _, format := range c.formats {
			args := []string{"--db", db, "export", diskSlug, "--format", format, "-o", file}
			code, stdout, stderr := runMain(t, "", args...)
			diskCheckRefusal(t, args, code, stdout, stderr, "no space left|full")
			if got, err := os.ReadFile(file); err != nil || string(got) != string(old) {
				t.Errorf("outflank %q on a full disk: %s is no longer the previous export (%v)", args, file, err)
			}
			if names := dirNames(t, out); !slices.Equal(names, []string{"filler", "tournament.json"}) {
				t.Errorf("outflank %q on a full disk left %q", args, names)
			}
			// A new file is not created at all.
			newFile := filepath.Join(out, "new."+format)
			args = []string{"--db", db, "export", diskSlug, "--format", format, "-o", newFile}
			code, stdout, stderr = runMain(t, "", args...)
			diskCheckRefusal(t, args, code, stdout, stderr, "no space left|full")
			if names := dirNames(t, out); !slices.Equal(names, []string{"filler", "tournament.json"}) {
				t.Errorf("outflank %q on a full disk left %q", args, names)
			}
		}
		if err := os.Remove(filler); err != nil {
			t.Fatal(err)
		}
	}
	diskRun(t, "--db", db, "export", diskSlug, "-o", file)
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if want := diskRun(t, "--db", db, "export", diskSlug); string(got) != want {
		t.Errorf("export -o once space was freed wrote:\n%s\nwant:\n%s", got, want)
	}
}

// diskSize returns the size of the file at path.
func diskSize(t *testing.T, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}
