// Command outflank-load measures `outflank serve` on this machine, over
// loopback only, and prints the figures docs/web.md quotes:
//
//   - pages: the standings page of a simulated 1,000-player, 13-round WOC,
//     fetched over keep-alive connections for a fixed time: requests a
//     second and latency percentiles, next to Go's own http.FileServer
//     serving the same bytes in the same run (a process of its own, like
//     the server);
//   - streams: thousands of live streams (Server-Sent Events) opened at
//     once on the event; the server's resident memory before and after;
//     then results saved one by one, as `outflank result` saves them, and
//     the time until every stream has the change (and, with -refetch,
//     until every page has fetched its new content); then SIGTERM, and
//     how many streams got the "bye" event and the end of the stream;
//   - cluster (only with -only cluster, cluster.go): the load test of
//     issue 16: -instances servers on one database (SQLite, or PostgreSQL
//     with -db or -start-postgres), -streams live streams spread over
//     them, scripted directors and judges writing -writes-per-sec results
//     to -tournaments events for -duration (2 minutes); kill -9 of an
//     instance and a restart of PostgreSQL on demand; then every accepted
//     write is looked for in the log and the database.
//
// The server is the real binary, started as a child process on
// 127.0.0.1:0 over a fresh database in a temporary folder; nothing else is
// contacted. Every run is bounded: each measurement by -duration (at most a
// minute; a cluster run's writes at most 5 minutes, the whole run 5 more),
// the streams by -streams (at most 20,000).
//
//	go run ./cmd/outflank-load                 # both, with the defaults
//	go run ./cmd/outflank-load -only pages -duration 5s
//	go run ./cmd/outflank-load -only streams -streams 5000
//	go run ./cmd/outflank-load -only cluster
//	go run ./cmd/outflank-load -only cluster -start-postgres -instances 3 -kill-one-at 30s -restart-db-at 60s
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == fileServerMode {
		os.Exit(runFileServer(os.Args[2:]))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is a run's settings, from the flags.
type config struct {
	bin         string // the outflank binary; "" builds it
	players     int
	rounds      int
	only        string
	duration    time.Duration
	warmup      time.Duration
	turns       int
	conns       int
	rate        int
	openConns   int
	changeEvery time.Duration
	streams     int
	updates     int
	refetch     bool
	fetchConn   int
	keep        bool
	cluster     clusterConfig
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("outflank-load", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.bin, "outflank", "", "the outflank `binary` to measure (default: built from ./cmd/outflank into the temporary folder)")
	fs.IntVar(&c.players, "players", 1000, "players of the simulated WOC")
	fs.IntVar(&c.rounds, "rounds", 13, "Swiss rounds of the simulated WOC")
	fs.StringVar(&c.only, "only", "", "run only `pages`, only `streams`, or the cluster load test (`cluster`)")
	fs.DurationVar(&c.duration, "duration", 10*time.Second, "how long each server is measured, in all its turns (at most 1m)")
	fs.DurationVar(&c.warmup, "warmup", 2*time.Second, "how long each server is fetched from before it counts")
	fs.IntVar(&c.turns, "turns", 5, "turns the servers measured take, one after the other: the machine's other work falls on both alike")
	fs.IntVar(&c.conns, "conns", 16, "keep-alive connections fetching pages at once")
	fs.IntVar(&c.rate, "rate", 5000, "requests a second of the open-loop measurement (0: none)")
	fs.IntVar(&c.openConns, "open-conns", 64, "keep-alive connections sharing the open loop's requests")
	fs.DurationVar(&c.changeEvery, "results-every", 2*time.Second, "open loop: also measure outflank serve while a result is saved this often (0: not)")
	fs.IntVar(&c.streams, "streams", 5000, "live streams to open at once (at most 20000)")
	fs.IntVar(&c.updates, "updates", 5, "results saved while the streams are open")
	fs.BoolVar(&c.refetch, "refetch", true, "each stream's page fetches its new content after each change, as live.js does")
	fs.IntVar(&c.fetchConn, "fetch-conns", 64, "keep-alive connections the pages share for those fetches")
	fs.BoolVar(&c.keep, "keep", false, "keep the temporary folder (database, server logs)")
	clusterFlags(fs, &c.cluster)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if c.only == "cluster" {
		if msg := c.clusterDefaults(fs); msg != "" {
			fmt.Fprintln(stderr, "outflank-load: "+msg)
			return 2
		}
	}
	switch {
	case fs.NArg() != 0:
		fmt.Fprintln(stderr, "outflank-load: no arguments, only flags (-h lists them)")
		return 2
	case c.only != "" && c.only != "pages" && c.only != "streams" && c.only != "cluster":
		fmt.Fprintln(stderr, "outflank-load: -only pages, -only streams or -only cluster")
		return 2
	case c.only != "cluster" && (c.duration <= 0 || c.duration > time.Minute) || c.warmup < 0 || c.warmup > time.Minute:
		fmt.Fprintln(stderr, "outflank-load: -duration from 1s to 1m, -warmup up to 1m")
		return 2
	case c.turns < 1 || c.turns > 100:
		fmt.Fprintln(stderr, "outflank-load: -turns from 1 to 100")
		return 2
	case c.conns < 1 || c.conns > 1000 || c.fetchConn < 1 || c.fetchConn > 1000 || c.openConns < 1 || c.openConns > 1000:
		fmt.Fprintln(stderr, "outflank-load: -conns, -open-conns and -fetch-conns from 1 to 1000")
		return 2
	case c.rate < 0 || c.rate > 100000 || c.changeEvery < 0:
		fmt.Fprintln(stderr, "outflank-load: -rate from 0 to 100000, -results-every 0 or more")
		return 2
	case c.streams < 1 || c.streams > 20000 || c.updates < 1 || c.updates > 100:
		fmt.Fprintln(stderr, "outflank-load: -streams from 1 to 20000, -updates from 1 to 100")
		return 2
	case c.players < 2 || c.players > 5000 || c.rounds < 1 || c.rounds > 30:
		fmt.Fprintln(stderr, "outflank-load: -players from 2 to 5000, -rounds from 1 to 30")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := measure(ctx, c, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "outflank-load: %v\n", err)
		return 1
	}
	return 0
}

// measure prepares the event and runs the measurements asked for.
func measure(ctx context.Context, c config, stdout, stderr io.Writer) error {
	dir, err := os.MkdirTemp("", "outflank-load-")
	if err != nil {
		return err
	}
	if c.keep {
		fmt.Fprintf(stderr, "keeping %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if c.bin == "" {
		fmt.Fprintln(stderr, "building ./cmd/outflank ...")
		if c.bin, err = buildOutflank(ctx, dir); err != nil {
			return err
		}
	}
	if c.only == "cluster" {
		return measureCluster(ctx, c, dir, stdout, stderr)
	}
	fmt.Fprintf(stderr, "simulating a %d-player, %d-round WOC ...\n", c.players, c.rounds)
	ev, err := newFixture(ctx, filepath.Join(dir, "load.db"), c.players, c.rounds)
	if err != nil {
		return err
	}
	defer ev.close()
	fmt.Fprintf(stdout, "outflank-load: %s, GOMAXPROCS %d, %d CPUs shared by the server, the load generator and the file server\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.NumCPU())
	fmt.Fprintf(stdout, "event: %s, %d players, %d rounds, %d games; load average %s\n\n", ev.slug, ev.players, ev.rounds, ev.games, loadAverage())
	defer func() { fmt.Fprintf(stdout, "load average at the end: %s\n", loadAverage()) }()
	if c.only != "streams" {
		if err := measurePages(ctx, c, dir, ev, stdout, stderr); err != nil {
			return err
		}
	}
	if c.only != "pages" {
		if err := measureStreams(ctx, c, dir, ev, stdout, stderr); err != nil {
			return err
		}
	}
	return nil
}

// loadAverage is the machine's load average (Linux), which says how much
// else ran beside the measurement.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
