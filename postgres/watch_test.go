package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/postgres"
)

// watchInto runs db.Watch until the test ends, sending each call's versions
// to the channel returned.
func watchInto(t *testing.T, db *postgres.DB) <-chan map[string]int64 {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	calls := make(chan map[string]int64, 100)
	done := make(chan error, 1)
	go func() {
		done <- db.Watch(ctx, func(v map[string]int64) { calls <- v })
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Watch: %v", err)
		}
	})
	return calls
}

// waitFor waits until a call reports slug at version (or later).
func waitFor(t *testing.T, calls <-chan map[string]int64, slug string, version int64) {
	t.Helper()
	timeout := time.After(20 * time.Second)
	for {
		select {
		case v := <-calls:
			if v[slug] >= version {
				return
			}
		case <-timeout:
			t.Fatalf("Watch did not report %s at version %d", slug, version)
		}
	}
}

func addPlayer(t *testing.T, db *postgres.DB, name string) {
	t.Helper()
	_, err := db.Update(context.Background(), "sample", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
		_, err := tour.AddPlayer(outflank.Player{Name: name})
		return name, err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// openTwo opens two instances on one fresh database.
func openTwo(t *testing.T) (*postgres.DB, *postgres.DB) {
	t.Helper()
	url := pgtest.URL(t)
	var dbs [2]*postgres.DB
	for i := range dbs {
		db, err := postgres.Open(context.Background(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	return dbs[0], dbs[1]
}

// TestWatchAcrossInstances: a change made through one instance reaches the
// watcher of another, through NOTIFY.
func TestWatchAcrossInstances(t *testing.T) {
	a, b := openTwo(t)
	calls := watchInto(t, b)
	if first := <-calls; len(first) != 0 {
		t.Errorf("first call %v, want no tournaments", first)
	}
	if _, err := a.Create(context.Background(), storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	waitFor(t, calls, "sample", 1)
	addPlayer(t, a, "Gus Late")
	waitFor(t, calls, "sample", 2)
	addPlayer(t, b, "Hal Later")
	waitFor(t, calls, "sample", 3)
}

// TestWatchCatchUpAfterDrop: the LISTEN connection is killed on the server,
// and a change is made while it is away; after reconnecting, the watcher
// reads every version again and reports the change.
func TestWatchCatchUpAfterDrop(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	if _, err := a.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	dropped, release := make(chan struct{}, 1), make(chan struct{})
	postgres.SetBeforeReconnect(b, func(ctx context.Context) {
		select {
		case dropped <- struct{}{}:
		default:
		}
		select {
		case <-release:
		case <-ctx.Done():
		}
	})
	calls := watchInto(t, b)
	waitFor(t, calls, "sample", 1)
	pid := listenerPID(t, b)

	admin, err := pgx.Connect(ctx, pgtest.AdminURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var killed bool
	if err := admin.QueryRow(ctx, `SELECT pg_terminate_backend($1)`, int64(pid)).Scan(&killed); err != nil || !killed {
		t.Fatalf("terminating the LISTEN connection %d: %v %v", pid, killed, err)
	}
	select {
	case <-dropped:
	case <-time.After(20 * time.Second):
		t.Fatal("the LISTEN loop did not notice its connection was killed")
	}
	addPlayer(t, a, "Gus Late") // version 2, while b is not listening
	select {
	case v := <-calls:
		t.Fatalf("Watch reported %v while not listening", v)
	case <-time.After(200 * time.Millisecond):
	}
	close(release)
	waitFor(t, calls, "sample", 2)
	if listenerPID(t, b) == pid {
		t.Error("the LISTEN connection was not made again")
	}
	addPlayer(t, a, "Hal Later") // and notifications flow again
	waitFor(t, calls, "sample", 3)
}

// TestWatchSurvivesRestart: the server restarts under a watcher; a change
// made after it is back is reported.
func TestWatchSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	if _, err := a.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	calls := watchInto(t, b)
	waitFor(t, calls, "sample", 1)
	pgtest.Restart(t)
	// The pool's connections died with the server: the first use of one
	// may fail before the pool notices.
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, err := a.Update(ctx, "sample", outflank.KindPlayer, func(tour *outflank.Tournament) (string, error) {
			_, err := tour.AddPlayer(outflank.Player{Name: "Gus Late"})
			return "late", err
		})
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no write succeeded after the restart: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitFor(t, calls, "sample", 2)
}

// listenerPID waits until db has a LISTEN connection and returns its
// server process.
func listenerPID(t *testing.T, db *postgres.DB) uint32 {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if pid := postgres.ListenerPID(db); pid != 0 {
			return pid
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("no LISTEN connection")
	return 0
}

// TestWatchEndsOnClose: closing the DB ends its watchers.
func TestWatchEndsOnClose(t *testing.T) {
	a, _ := openTwo(t)
	done := make(chan error, 1)
	go func() { done <- a.Watch(context.Background(), func(map[string]int64) {}) }()
	listenerPID(t, a)
	a.Close()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Watch: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Watch still runs after Close")
	}
}

// TestWatchIdleKeepsConnection: idle waits end by a timeout and a ping,
// which leave the LISTEN connection as it is: notifications still come on it.
func TestWatchIdleKeepsConnection(t *testing.T) {
	a, b := openTwo(t)
	if _, err := a.Create(context.Background(), storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	postgres.SetWatchTimes(b, 20*time.Millisecond, 10*time.Second, 10*time.Second)
	calls := watchInto(t, b)
	waitFor(t, calls, "sample", 1)
	pid := listenerPID(t, b)
	time.Sleep(300 * time.Millisecond) // a dozen idle waits and pings
	addPlayer(t, a, "Gus Late")
	waitFor(t, calls, "sample", 2)
	if got := postgres.ListenerPID(b); got != pid {
		t.Errorf("the LISTEN connection changed from %d to %d while idle", pid, got)
	}
}

// TestWatchSilentDrop: every connection of the watching instance goes
// silent (a cut network: no error, no data); its LISTEN connection finds
// out by its ping, connects again, and the watcher reports a change made
// meanwhile.
func TestWatchSilentDrop(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	a, err := postgres.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	p, viaProxy := postgres.NewProxy(t, url)
	b, err := postgres.Open(ctx, viaProxy)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	// Before closing b: pgx waits up to 15 s for a server's goodbye on each
	// connection it drops, which a cut connection never brings.
	defer p.Close()
	if _, err := a.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	postgres.SetWatchTimes(b, 100*time.Millisecond, 300*time.Millisecond, time.Second)
	calls := watchInto(t, b)
	waitFor(t, calls, "sample", 1)
	pid := listenerPID(t, b)
	p.CutAll()
	start := time.Now()
	addPlayer(t, a, "Gus Late") // its notification is lost in the cut
	waitFor(t, calls, "sample", 2)
	t.Logf("reported %v after the cut", time.Since(start))
	if got := listenerPID(t, b); got == pid {
		t.Error("the LISTEN connection was not made again")
	}
}

// TestOneListenerPerInstance: however many watchers an instance has, it
// holds one LISTEN connection, and every watcher hears each change.
func TestOneListenerPerInstance(t *testing.T) {
	ctx := context.Background()
	a, b := openTwo(t)
	if _, err := a.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	var all []<-chan map[string]int64
	for range 3 {
		calls := watchInto(t, b)
		waitFor(t, calls, "sample", 1)
		all = append(all, calls)
	}
	listenerPID(t, b)
	admin, err := pgx.Connect(ctx, pgtest.AdminURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	// The watchers' connections on b's database (admin is on another).
	var n int
	if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_stat_activity a JOIN pg_stat_activity w ON a.datname = w.datname
		WHERE w.pid = $1 AND a.application_name = 'outflank watcher'`, int64(postgres.ListenerPID(b))).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d LISTEN connections on the database, want 1", n)
	}
	addPlayer(t, a, "Gus Late")
	for _, calls := range all {
		waitFor(t, calls, "sample", 2)
	}
}
