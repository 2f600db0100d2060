package pgtest_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"outflank/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestFreshDatabases: each URL is a new, empty database of a server that
// answers.
func TestFreshDatabases(t *testing.T) {
	ctx := context.Background()
	a, b := pgtest.URL(t), pgtest.URL(t)
	if a == b {
		t.Fatalf("two calls gave the same database %s", a)
	}
	for _, u := range []string{a, b} {
		conn, err := pgx.Connect(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE schemaname = 'public'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s has %d tables, want none", u, n)
		}
		if _, err := conn.Exec(ctx, `CREATE TABLE x (n int)`); err != nil {
			t.Fatal(err)
		}
		conn.Close(ctx)
	}
}

// TestRestart: a database survives a restart of the server, which cuts
// every connection.
func TestRestart(t *testing.T) {
	ctx := context.Background()
	u := pgtest.URL(t)
	before, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer before.Close(ctx)
	pgtest.Restart(t)
	if err := before.Ping(ctx); err == nil {
		t.Error("a connection made before the restart still works")
	}
	after, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatalf("after a restart: %v", err)
	}
	after.Close(ctx)
}

// TestNotInstalled runs this test binary again where initdb cannot be
// found: the test that wants a server is skipped with a loud message, or
// fails when OUTFLANK_REQUIRE_POSTGRES=1.
func TestNotInstalled(t *testing.T) {
	if os.Getenv("PGTEST_CHILD") == "1" {
		pgtest.URL(t)
		t.Fatal("URL returned without a server")
	}
	for _, require := range []string{"", "1"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestNotInstalled$", "-test.v")
		cmd.Env = append(os.Environ(), "PGTEST_CHILD=1", pgtest.EnvBin+"="+t.TempDir(), pgtest.EnvRequire+"="+require, pgtest.EnvURL+"=")
		out, err := cmd.CombinedOutput()
		switch {
		case require == "" && (err != nil || !strings.Contains(string(out), "PostgreSQL tests SKIPPED: initdb not found") || !strings.Contains(string(out), "apt-get install postgresql")):
			t.Errorf("without %s: %v\n%s\nwant a skip saying initdb was not found and how to install it", pgtest.EnvRequire, err, out)
		case require == "1" && (err == nil || !strings.Contains(string(out), "initdb not found")):
			t.Errorf("with %s=1: %v\n%s\nwant a failure saying initdb was not found", pgtest.EnvRequire, err, out)
		}
	}
}

// TestClusterStoppedAtEnd runs this test binary again to start a cluster:
// when it has ended, its folder is gone and no server of it runs.
func TestClusterStoppedAtEnd(t *testing.T) {
	if os.Getenv(pgtest.EnvURL) != "" {
		t.Skip("the server is not a throwaway cluster")
	}
	pgtest.AdminURL(t) // skips when PostgreSQL is not installed
	cmd := exec.Command(os.Args[0], "-test.run=^TestFreshDatabases$")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "outflank-pgtest-*"))
	for _, dir := range dirs {
		owner, _ := os.ReadFile(filepath.Join(dir, "owner"))
		if strings.TrimSpace(string(owner)) == strconv.Itoa(cmd.Process.Pid) {
			t.Errorf("the cluster of the test binary that ended is still in %s", dir)
		}
	}
	// A server whose folder is gone was left running: look for one.
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		cmdline, _ := os.ReadFile(p)
		args := strings.Split(string(cmdline), "\x00")
		for i, a := range args {
			if a == "-D" && i+1 < len(args) && strings.Contains(args[i+1], "outflank-pgtest-") {
				if _, err := os.Stat(args[i+1]); err != nil {
					t.Errorf("a server runs on a removed folder: %s", strings.Join(args, " "))
				}
			}
		}
	}
}
