package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// clusterConfig is the settings of -only cluster.
type clusterConfig struct {
	instances     int
	db            string // "" a fresh SQLite file; else a PostgreSQL URL
	startPostgres bool
	writesPerSec  float64
	tournaments   int
	judgeShare    float64
	writers       int
	killOneAt     time.Duration // 0: none
	restartDBAt   time.Duration // 0: none
	fillDiskAt    time.Duration // 0: none
	fillDiskFor   time.Duration
	dataMB        int
}

// clusterRun is a cluster run's moving parts.
type clusterRun struct {
	c         config
	in        *instances
	pg        *pgCluster
	disk      *dataDisk
	tourneys  []*tourney
	w         *writer
	followers []*follower
	start     time.Time
	faults    []string
	stdout    io.Writer
	stderr    io.Writer
}

// measureCluster runs the issue's load test: instances of `outflank
// serve` on one database, live streams spread over them, scripted
// directors and judges writing at a fixed rate; then it checks that every
// accepted write is in the database and the log, and reports how soon the
// streams had each change.
func measureCluster(ctx context.Context, c config, dir string, stdout, stderr io.Writer) error {
	// Setup, the run and the checks are bounded together.
	ctx, cancel := context.WithTimeout(ctx, c.duration+5*time.Minute)
	defer cancel()
	r := &clusterRun{c: c, stdout: stdout, stderr: stderr}
	db, data := c.cluster.db, dir
	if c.cluster.fillDiskAt > 0 {
		disk, err := mountDataDisk(ctx, dir, int64(c.cluster.dataMB)<<20)
		if err != nil {
			return err
		}
		defer disk.unmount() // after the servers and PostgreSQL have stopped
		r.disk, data = disk, disk.path
	}
	switch {
	case c.cluster.startPostgres:
		fmt.Fprintln(stderr, "starting a throwaway PostgreSQL cluster ...")
		pg, err := startPostgres(ctx, dir, data)
		if err != nil {
			return err
		}
		defer pg.stop()
		r.pg, db = pg, pg.url
	case db == "":
		db = filepath.Join(data, "cluster.db")
	}
	store := "SQLite"
	if strings.HasPrefix(db, "postgres") {
		store = "PostgreSQL"
	}
	cl := cli{bin: c.bin, db: db}
	fmt.Fprintf(stderr, "creating %d tournaments of %d players, round 1 paired ...\n", c.cluster.tournaments, c.players)
	tourneys, cred, err := setUpTournaments(ctx, cl, dir, c.cluster.tournaments, c.players, c.rounds)
	if err != nil {
		return err
	}
	r.tourneys = tourneys
	r.in = &instances{bin: c.bin, db: db, dir: dir}
	defer r.in.stop(10 * time.Second)
	fmt.Fprintf(stderr, "starting %d instances of outflank serve ...\n", c.cluster.instances)
	if err := r.in.start(ctx, c.cluster.instances); err != nil {
		return err
	}
	if crossesMidnight(time.Now(), c.duration+time.Minute) {
		fmt.Fprintln(stderr, "warning: the run crosses midnight, when the judges' links end: their writes after it will be refused (401)")
	}
	client := newHTTPClient(c.cluster.writers)
	r.w = &writer{client: client, token: cred.token, addrs: r.in.addr, judges: map[judgeKey]judgeSession{}, rng: newRand(7)}
	for _, t := range tourneys {
		for i := range c.cluster.instances {
			s, err := judgeLogin(ctx, client, r.in.addr(i), t.slug, cred.judges[t.slug])
			if err != nil {
				return fmt.Errorf("%s on instance #%d: %w", t.slug, i+1, err)
			}
			r.w.judges[judgeKey{t.slug, i}] = s
		}
	}
	fmt.Fprintf(stdout, "cluster: %d instance(s) of outflank serve on %s, %d tournaments of %d players (%d rounds), %s; load average %s\n",
		c.cluster.instances, store, len(tourneys), c.players, c.rounds, describeLoad(c), loadAverage())

	streamCtx, stopStreams := context.WithCancel(ctx)
	defer stopStreams()
	var followed sync.WaitGroup
	if err := r.openStreams(streamCtx, &followed); err != nil {
		return err
	}
	time.Sleep(time.Second) // the streams settle before the first write

	r.start = time.Now()
	cpu0, self0 := r.in.cpuTime(), selfCPU()
	faults := r.scheduleFaults(ctx)
	load := r.write(ctx)
	load.serverCPU, load.selfCPU = r.in.cpuTime()-cpu0, selfCPU()-self0
	faults.Wait()
	if ctx.Err() != nil {
		return fmt.Errorf("interrupted after %s: nothing checked (%w)", time.Since(r.start).Round(time.Second), ctx.Err())
	}
	fmt.Fprintf(stderr, "writes done; waiting for the last change events ...\n")
	time.Sleep(3 * time.Second)
	stopStreams()
	followed.Wait()
	r.in.stop(15 * time.Second)

	records := r.w.snapshot()
	if err := saveWrites(filepath.Join(dir, "writes.csv"), records); err != nil {
		return err
	}
	storedBy := map[string]*stored{}
	for _, t := range tourneys {
		s, err := readStored(ctx, cl, t.slug)
		if err != nil {
			return err
		}
		storedBy[t.slug] = s
	}
	v := verifyWrites(records, storedBy)
	return r.report(load, records, storedBy, v)
}

// describeLoad says what a run offers.
func describeLoad(c config) string {
	s := fmt.Sprintf("%d streams, %g writes/s (%.0f%% by judges) for %s", c.streams, c.cluster.writesPerSec, c.cluster.judgeShare*100, c.duration)
	if c.cluster.killOneAt > 0 {
		s += fmt.Sprintf(", kill -9 of one instance at %s", c.cluster.killOneAt)
	}
	if c.cluster.restartDBAt > 0 {
		s += fmt.Sprintf(", PostgreSQL restarted at %s", c.cluster.restartDBAt)
	}
	if c.cluster.fillDiskAt > 0 {
		s += fmt.Sprintf(", the data folder's disk full from %s for %s", c.cluster.fillDiskAt, c.cluster.fillDiskFor)
	}
	return s
}

// openStreams opens every stream at once, stream i on instance i mod N,
// following tournament (i/N) mod K, and waits for the first attempts.
func (r *clusterRun) openStreams(ctx context.Context, wg *sync.WaitGroup) error {
	n, k := r.c.cluster.instances, len(r.tourneys)
	fmt.Fprintf(r.stderr, "opening %d streams ...\n", r.c.streams)
	first := make(chan error, r.c.streams)
	start := time.Now()
	for i := range r.c.streams {
		f := &follower{instance: i % n, slug: r.tourneys[(i/n)%k].slug}
		r.followers = append(r.followers, f)
		wg.Go(func() { f.follow(ctx, r.in.addr, first) })
	}
	var failed int
	var firstErr error
	for range r.c.streams {
		if err := <-first; err != nil {
			failed++
			firstErr = cmp(firstErr, err)
		}
	}
	fmt.Fprintf(r.stdout, "  streams: %d opened in %s, %d failed", r.c.streams-failed, time.Since(start).Round(time.Millisecond), failed)
	if firstErr != nil {
		fmt.Fprintf(r.stdout, " (first: %v)", firstErr)
	}
	fmt.Fprintln(r.stdout)
	if failed == r.c.streams {
		return errors.New("no stream opened")
	}
	return nil
}

// cmp returns a if set, else b.
func cmp(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// scheduleFaults kills an instance and restarts PostgreSQL at the times
// asked for.
func (r *clusterRun) scheduleFaults(ctx context.Context) *sync.WaitGroup {
	var wg sync.WaitGroup
	at := func(d time.Duration, what func()) {
		wg.Go(func() {
			select {
			case <-ctx.Done():
			case <-time.After(time.Until(r.start.Add(d))):
				what()
			}
		})
	}
	if d := r.c.cluster.killOneAt; d > 0 {
		at(d, func() {
			i := r.c.cluster.instances - 1
			away, err := r.in.killAndRestart(ctx, i)
			r.fault("kill -9 of instance #%d at %s: serving again after %s (%v)", i+1, d, away.Round(time.Millisecond), errOrOK(err))
		})
	}
	if d := r.c.cluster.restartDBAt; d > 0 && r.pg != nil {
		at(d, func() {
			took, err := r.pg.restart(ctx)
			r.fault("PostgreSQL restarted at %s: took %s (%v)", d, took.Round(time.Millisecond), errOrOK(err))
		})
	}
	if d := r.c.cluster.fillDiskAt; d > 0 {
		at(d, func() {
			n, err := r.disk.fill()
			r.fault("the data folder's disk filled at %s (%d MB written; %v)", d, n>>20, errOrOK(err))
			select {
			case <-ctx.Done():
			case <-time.After(r.c.cluster.fillDiskFor):
			}
			err = r.disk.free()
			r.fault("the data folder's disk freed at %s (%v)", time.Since(r.start).Round(time.Millisecond), errOrOK(err))
		})
	}
	return &wg
}

func (r *clusterRun) fault(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintln(r.stderr, msg)
	r.faults = append(r.faults, msg)
}

func errOrOK(err error) string {
	if err != nil {
		return err.Error()
	}
	return "ok"
}

// writeLoad is what the writers did.
type writeLoad struct {
	sent    int
	behind  time.Duration // how far the pacer fell behind its schedule
	busy    int           // writes due while -writers were in flight: not sent
	nothing int           // writes due when no tournament had one to give
	// serverCPU and selfCPU are the CPU time the instances and the load
	// generator used while writing.
	serverCPU, selfCPU time.Duration
}

// selfCPU is the CPU time this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// write sends the writes at the rate asked for, in an open loop: each
// when it is due, whatever the answers to those before; write i to the
// next tournament with a write to give, on instance i mod N. At most
// -writers are in flight; a write due beyond them is counted, not sent.
// It returns once every answer came (each is bounded by the client's
// timeout).
func (r *clusterRun) write(ctx context.Context) writeLoad {
	var l writeLoad
	slots := make(chan struct{}, r.c.cluster.writers)
	var inflight sync.WaitGroup
	k, n := len(r.tourneys), r.c.cluster.instances
	_, l.behind = pace(ctx, r.start, r.c.cluster.writesPerSec, r.c.duration, func(i int) {
		select {
		case slots <- struct{}{}:
		default:
			l.busy++
			return
		}
		judge := float64(i%100) < r.c.cluster.judgeShare*100
		for d := range k {
			if j, ok := r.tourneys[(i+d)%k].next(judge); ok {
				l.sent++
				inflight.Go(func() {
					defer func() { <-slots }()
					rec := r.w.do(ctx, j, i%n)
					j.t.finish(j, rec.accepted() || (j.kind == writeJudge && rec.status == 200))
				})
				return
			}
		}
		<-slots
		l.nothing++
	})
	inflight.Wait()
	return l
}

// crossesMidnight reports whether a run of d from now ends on another
// day (local time), after the judges' links have ended.
func crossesMidnight(now time.Time, d time.Duration) bool {
	y, m, day := now.Date()
	return !now.Add(d).Before(time.Date(y, m, day+1, 0, 0, 0, 0, now.Location()))
}
