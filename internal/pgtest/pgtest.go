// Package pgtest gives tests a real PostgreSQL server: a throwaway cluster
// (initdb in a temporary folder, run as an unprivileged user, listening on
// a free loopback port and a socket in that folder), started once per test
// binary and stopped when it ends, or an existing server named by
// OUTFLANK_TEST_POSTGRES. Each call of URL gives a fresh, empty database.
//
// A test binary that uses it must stop the cluster at its end:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
// (or pgtest.Run, for a TestMain that does more). URL refuses to start a
// cluster without either, so no test leaves a server running. A cluster
// left behind by a test binary that was killed is stopped and removed by
// the next one that starts a cluster.
//
// When PostgreSQL is not installed, URL skips the test with a loud message,
// unless OUTFLANK_REQUIRE_POSTGRES=1, which makes it fail instead.
package pgtest

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Environment variables.
const (
	// EnvURL names an existing server to use instead of a throwaway
	// cluster: postgres://user:password@host:port/db. Its user must be
	// allowed to create databases.
	EnvURL = "OUTFLANK_TEST_POSTGRES"
	// EnvRequire, set to 1, turns "PostgreSQL is not installed" from a skip
	// into a failure (CI sets it, so the suite never passes by skipping).
	EnvRequire = "OUTFLANK_REQUIRE_POSTGRES"
	// EnvBin names the folder of initdb and pg_ctl, instead of looking on
	// PATH and in /usr/lib/postgresql/*/bin.
	EnvBin = "OUTFLANK_PG_BIN"
)

var (
	// mainCalled is set by Main: only then may a cluster be started, as
	// only then is someone sure to stop it.
	mainCalled atomic.Bool

	mu      sync.Mutex
	started bool
	// admin is the URL of the server's maintenance database, as a
	// superuser (or a user who may create databases).
	admin string
	// cl is the throwaway cluster, nil when using EnvURL.
	cl *cluster
	// startErr is why no server could be had; skip says it is a skip
	// (PostgreSQL not installed) rather than a failure.
	startErr error
	skip     bool

	dbCount atomic.Int64
)

// Main runs the tests of m, stops the throwaway cluster, if one was
// started, and exits with the tests' code. Call it from TestMain.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main for a TestMain that has more to do after the tests: it runs
// them, stops the cluster and returns the code to exit with.
func Run(m *testing.M) int {
	mainCalled.Store(true)
	code := m.Run()
	if err := stopAll(); err != nil {
		fmt.Fprintf(os.Stderr, "pgtest: stopping the PostgreSQL cluster: %v\n", err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

// stopAll stops and removes the cluster, if any.
func stopAll() error {
	mu.Lock()
	defer mu.Unlock()
	if cl == nil {
		return nil
	}
	err := cl.destroy()
	cl = nil
	return err
}

// server returns the admin URL of the server, starting the cluster on
// first use; it skips or fails t when there is none.
func server(t testing.TB) string {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if !started {
		started = true
		admin, cl, skip, startErr = start()
	}
	if startErr != nil {
		if skip && os.Getenv(EnvRequire) != "1" {
			t.Skipf("\n*** PostgreSQL tests SKIPPED: %v ***", startErr)
		}
		t.Fatalf("pgtest: %v", startErr)
	}
	return admin
}

// start finds the server to use: EnvURL, or a new throwaway cluster.
func start() (adminURL string, c *cluster, skipIt bool, err error) {
	if u := os.Getenv(EnvURL); u != "" {
		return u, nil, false, nil
	}
	if !mainCalled.Load() {
		return "", nil, false, fmt.Errorf("this test binary has no TestMain calling pgtest.Main(m), which stops the PostgreSQL cluster at the end: add 'func TestMain(m *testing.M) { pgtest.Main(m) }'")
	}
	bin, err := findBin()
	if err != nil {
		return "", nil, true, err
	}
	reapStale()
	c, err = newCluster(bin)
	if err != nil {
		return "", nil, false, err
	}
	return c.url("postgres"), c, false, nil
}

// AdminURL returns the URL of the server's maintenance database, as a user
// who may create databases (starting the cluster if needed).
func AdminURL(t testing.TB) string {
	t.Helper()
	return server(t)
}

var unsafeName = regexp.MustCompile(`[^a-z0-9_]+`)

// URL returns the URL of a new, empty database, dropped when the test ends
// (after the cleanups the test registers later, such as closing its pool).
func URL(t testing.TB) string {
	t.Helper()
	adminURL := server(t)
	name := unsafeName.ReplaceAllString(strings.ToLower(t.Name()), "_")
	name = fmt.Sprintf("t%d_%s", dbCount.Add(1), name)
	if len(name) > 60 {
		name = name[:60]
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		t.Fatalf("pgtest: connecting to the server: %v", err)
	}
	defer conn.Close(ctx)
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident); err != nil {
		t.Fatalf("pgtest: creating database %s: %v", name, err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, adminURL)
		if err != nil {
			return // the server was stopped by the test: nothing to drop
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+ident+" WITH (FORCE)"); err != nil {
			t.Logf("pgtest: dropping database %s: %v", name, err)
		}
	})
	return withDatabase(adminURL, name)
}

// Stop stops the throwaway cluster's server (for tests of a lost server);
// Start starts it again on the same port. They skip the test when the
// server is not a throwaway cluster.
func Stop(t testing.TB) {
	t.Helper()
	c := throwaway(t)
	if err := c.stop("fast"); err != nil {
		t.Fatalf("pgtest: stopping the server: %v", err)
	}
}

// Start starts the throwaway cluster's server again after Stop.
func Start(t testing.TB) {
	t.Helper()
	c := throwaway(t)
	if err := c.start(); err != nil {
		t.Fatalf("pgtest: starting the server: %v", err)
	}
}

// Restart stops the throwaway cluster's server and starts it again: every
// connection is cut.
func Restart(t testing.TB) {
	t.Helper()
	Stop(t)
	Start(t)
}

// throwaway returns the throwaway cluster, or skips t.
func throwaway(t testing.TB) *cluster {
	t.Helper()
	server(t)
	mu.Lock()
	defer mu.Unlock()
	if cl == nil {
		t.Skipf("pgtest: the server is %s's, not a throwaway cluster: it is not stopped by tests", EnvURL)
	}
	return cl
}
