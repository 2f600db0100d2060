//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestVersionUnstamped: a plain build says it is a development build.
func TestVersionUnstamped(t *testing.T) {
	code, stdout, _ := runMain(t, "", "version")
	if code != 0 || !strings.HasPrefix(stdout, "outflank devel ("+runtime.GOOS+"/"+runtime.GOARCH) {
		t.Errorf("version: exit %d, %q", code, stdout)
	}
	var v versionInfo
	_, stdout, _ = runMain(t, "", "version", "--json")
	if err := json.Unmarshal([]byte(stdout), &v); err != nil || v.Version != "devel" || v.Go != runtime.Version() {
		t.Errorf("version --json: %q (%v)", stdout, err)
	}
	// The newest schema of each store (issue 26, point 12: the upgrade
	// procedure compares them): its last migration's number.
	for _, store := range []struct {
		name, dir string
		got       int
	}{{"PostgreSQL", "../../postgres/migrations", v.Schema.Postgres}, {"SQLite", "../../sqlite/migrations", v.Schema.SQLite}} {
		files, _ := filepath.Glob(filepath.Join(store.dir, "*.sql"))
		last := 0
		for _, f := range files {
			if n, err := strconv.Atoi(strings.SplitN(filepath.Base(f), "_", 2)[0]); err == nil && n > last {
				last = n
			}
		}
		if last == 0 || store.got != last {
			t.Errorf("version --json: %s schema %d, want %d", store.name, store.got, last)
		}
	}
	_, stdout, _ = runMain(t, "", "version")
	if want := fmt.Sprintf("database schema: PostgreSQL %d, SQLite %d\n", v.Schema.Postgres, v.Schema.SQLite); !strings.Contains(stdout, want) {
		t.Errorf("version: %q, want a line %q", stdout, want)
	}
}

// TestReleaseScript builds this machine's binary with scripts/release, as
// a release is built, and checks the binary's version and the checksums.
// It compiles the whole program (the SQLite driver too: about a minute
// and a half on a cold cache), so it runs only with OUTFLANK_TEST_RELEASE=1;
// .ci/run sets it.
func TestReleaseScript(t *testing.T) {
	if os.Getenv("OUTFLANK_TEST_RELEASE") != "1" {
		t.Skip("set OUTFLANK_TEST_RELEASE=1 to build a release binary")
	}
	out := t.TempDir()
	target := runtime.GOOS + "/" + runtime.GOARCH
	cmd := exec.Command("bash", "../../scripts/release", "v0.0.0-test", "--out", out, "--targets", target)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/release: %v\n%s", err, msg)
	}
	bin := filepath.Join(out, "outflank-v0.0.0-test-"+runtime.GOOS+"-"+runtime.GOARCH)
	got, err := exec.Command(bin, "version").Output()
	if err != nil {
		t.Fatalf("%s version: %v", bin, err)
	}
	if !strings.HasPrefix(string(got), "outflank v0.0.0-test ("+target) || !strings.Contains(string(got), "commit ") {
		t.Errorf("the release binary says %q", got)
	}
	sums, err := os.ReadFile(filepath.Join(out, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	check := exec.Command("sha256sum", "--check", "SHA256SUMS")
	check.Dir = out
	if msg, err := check.CombinedOutput(); err != nil || !strings.Contains(string(sums), filepath.Base(bin)) {
		t.Errorf("SHA256SUMS does not check: %v\n%s\n%s", err, sums, msg)
	}
	// Static: no dynamic loader needed.
	if runtime.GOOS == "linux" {
		if file, err := exec.Command("file", bin).Output(); err == nil && !strings.Contains(string(file), "statically linked") {
			t.Errorf("the release binary is not static: %s", file)
		}
	}
}
