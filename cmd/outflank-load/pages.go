package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"
)

// variant is one way a browser asks for the page.
type variant struct {
	name    string
	headers string
}

var variants = []variant{
	{"gzip", "Accept-Encoding: gzip, deflate, br\r\n"}, // what browsers send
	{"identity", ""},
}

// measurePages measures the standings page served by outflank serve, and
// the same bytes served by http.FileServer, one after the other in this
// run, with the same client.
func measurePages(ctx context.Context, c config, dir string, ev *fixture, stdout, stderr io.Writer) error {
	srv, err := startChild(ctx, "outflank serve", filepath.Join(dir, "serve-pages.log"), c.bin, "--db", ev.path, "serve", "--addr", "127.0.0.1:0")
	if err != nil {
		return err
	}
	defer srv.stop(15 * time.Second)
	if err := waitHealthy(ctx, srv.addr); err != nil {
		return err
	}
	files := filepath.Join(dir, "files")
	if err := os.Mkdir(files, 0o755); err != nil {
		return err
	}
	path := "/t/" + ev.slug + "/standings"
	bodies := map[string][]byte{}
	for _, v := range variants {
		start := time.Now()
		status, body, err := getOnce(srv.addr, path, v.headers)
		if err != nil || status != 200 {
			return fmt.Errorf("GET %s (%s): %d %v", path, v.name, status, err)
		}
		fmt.Fprintf(stderr, "%s, %s: %d bytes, first answer (rendered) in %s\n", path, v.name, len(body), time.Since(start).Round(time.Millisecond))
		bodies[v.name] = body
		if err := os.WriteFile(filepath.Join(files, "standings-"+v.name), body, 0o644); err != nil {
			return err
		}
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	fsrv, err := startChild(ctx, "http.FileServer", filepath.Join(dir, "fileserver.log"), self, fileServerMode, files)
	if err != nil {
		return err
	}
	defer fsrv.stop(15 * time.Second)
	fmt.Fprintf(stdout, "standings page of %s: %d keep-alive connections; each server %s in all, in %d turns taken in alternation with the other (after %s of warm-up)\n",
		ev.slug, c.conns, c.duration, c.turns, c.warmup)
	fmt.Fprintf(stdout, "  %-16s %-9s %8s %10s %8s %8s %8s %8s %7s\n", "server", "encoding", "bytes", "requests/s", "p50", "p90", "p99", "max", "errors")
	for _, v := range variants {
		targets := []target{
			{name: "outflank serve", req: request(srv.addr, path, v.headers), addr: srv.addr},
			{name: "http.FileServer", req: request(fsrv.addr, "/standings-"+v.name, ""), addr: fsrv.addr},
		}
		length := int64(len(bodies[v.name]))
		for i := range targets {
			if _, err := hammer(ctx, &targets[i], length, c.conns, c.warmup); err != nil {
				return fmt.Errorf("%s: %w", targets[i].name, err)
			}
			targets[i].lats, targets[i].errors = nil, 0
		}
		fmt.Fprintf(stderr, "measuring %s ...\n", v.name)
		for range c.turns {
			for i := range targets {
				if _, err := hammer(ctx, &targets[i], length, c.conns, c.duration/time.Duration(c.turns)); err != nil {
					return fmt.Errorf("%s: %w", targets[i].name, err)
				}
			}
		}
		var rates []float64
		for _, t := range targets {
			s := t.stats(c.duration)
			rates = append(rates, s.rate)
			fmt.Fprintf(stdout, "  %-16s %-9s %8d %10.0f %8s %8s %8s %8s %7d\n", t.name, v.name, length, s.rate,
				ms(s.p50), ms(s.p90), ms(s.p99), ms(s.max), s.errors)
		}
		fmt.Fprintf(stdout, "  %-16s %-9s %8s %9.0f%%\n", "", "", "ratio", 100*rates[0]/rates[1])
	}
	// The page was rendered once: every answer had the same bytes.
	lengths := map[string]int64{}
	for _, v := range variants {
		status, body, err := getOnce(srv.addr, path, v.headers)
		if err != nil || status != 200 || !bytes.Equal(body, bodies[v.name]) {
			return fmt.Errorf("after the run, %s (%s) changed: %d %v", path, v.name, status, err)
		}
		lengths[v.name] = int64(len(body))
	}
	fmt.Fprintln(stdout)
	if c.rate == 0 {
		return nil
	}
	return measureOpenLoop(ctx, c, ev, srv.addr, fsrv.addr, path, lengths, stdout, stderr)
}

// target is a server measured, and what it measured.
type target struct {
	name   string
	addr   string
	req    []byte
	lats   []time.Duration // of every answer, in every turn
	errors int
}

// stats are a page measurement's figures.
type stats struct {
	requests           int
	rate               float64 // requests a second
	p50, p90, p99, max time.Duration
	errors             int
}

// stats sums up the turns, which lasted d in all.
func (t *target) stats(d time.Duration) stats {
	all := slices.Clone(t.lats)
	s := stats{requests: len(all), errors: t.errors}
	if len(all) == 0 {
		return s
	}
	slices.Sort(all)
	at := func(q float64) time.Duration { return all[min(len(all)-1, int(q*float64(len(all))))] }
	s.p50, s.p90, s.p99, s.max = at(0.50), at(0.90), at(0.99), all[len(all)-1]
	s.rate = float64(len(all)) / d.Seconds()
	return s
}

// hammer sends t's request over conns keep-alive connections for d, each
// connection one request after the other, and adds the latencies to t's;
// every answer must be a 200 of length bytes. It returns the answers.
func hammer(ctx context.Context, t *target, length int64, conns int, d time.Duration) (int, error) {
	var wg sync.WaitGroup
	lats := make([][]time.Duration, conns)
	errs := make([]int, conns)
	var firstErr error
	var mu sync.Mutex
	end := time.Now().Add(d)
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := &keepAlive{addr: t.addr}
			defer k.close()
			lat := make([]time.Duration, 0, 1<<14)
			for ctx.Err() == nil {
				t0 := time.Now()
				if !t0.Before(end) {
					break
				}
				r, err := k.do(t.req, nil)
				d := time.Since(t0)
				if err == nil && (r.status != 200 || r.length != length) {
					err = fmt.Errorf("answer %d of %d bytes, not 200 of %d", r.status, r.length, length)
				}
				if err != nil {
					errs[i]++
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					continue
				}
				lat = append(lat, d)
			}
			lats[i] = lat
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	n := 0
	for i := range conns {
		n += len(lats[i])
		t.lats = append(t.lats, lats[i]...)
		t.errors += errs[i]
	}
	if n == 0 {
		return 0, fmt.Errorf("no answer: %v", firstErr)
	}
	if firstErr != nil {
		fmt.Fprintf(os.Stderr, "%s: first error: %v\n", t.name, firstErr)
	}
	return n, nil
}

// ms writes a duration in milliseconds.
func ms(d time.Duration) string {
	return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
}
