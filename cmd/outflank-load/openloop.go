package main

import (
	"context"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// openLoop sends t's request at a fixed rate for d, whatever the answers'
// speed: request i is due at start + i/rate, and its latency counts from
// then, so a server that falls behind is charged for the requests waiting
// (no coordinated omission: a closed loop only sends when an answer
// comes, and hides the stalls). conns connections share the requests.
// With length -1, any 200 is right (the page changes meanwhile).
func openLoop(ctx context.Context, t *target, length int64, conns, rate int, d time.Duration) (sent int, err error) {
	interval := time.Second / time.Duration(rate)
	total := int64(d / interval)
	start := time.Now().Add(10 * time.Millisecond)
	var next atomic.Int64
	var wg sync.WaitGroup
	lats := make([][]time.Duration, conns)
	errs := make([]int, conns)
	var firstErr atomic.Value
	for w := range conns {
		wg.Go(func() {
			k := &keepAlive{addr: t.addr}
			defer k.close()
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= total {
					return
				}
				due := start.Add(time.Duration(i) * interval)
				if wait := time.Until(due); wait > 0 {
					time.Sleep(wait)
				}
				r, err := k.do(t.req, nil)
				lat := time.Since(due)
				if err == nil && (r.status != 200 || (length >= 0 && r.length != length) || r.length <= 0) {
					err = fmt.Errorf("answer %d of %d bytes", r.status, r.length)
				}
				if err != nil {
					errs[w]++
					firstErr.CompareAndSwap(nil, err)
					continue
				}
				lats[w] = append(lats[w], lat)
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	for w := range conns {
		t.lats = append(t.lats, lats[w]...)
		t.errors += errs[w]
	}
	if err, ok := firstErr.Load().(error); ok {
		return int(total), fmt.Errorf("%d errors, the first: %w", t.errors, err)
	}
	return int(total), nil
}

// measureOpenLoop measures both servers at c.rate requests a second, the
// browsers' way (gzip); then outflank serve again while results are saved
// every c.changeEvery, as in a live event (each one a new version of the
// page, rendered once).
func measureOpenLoop(ctx context.Context, c config, ev *fixture, srvAddr, fsAddr, path string, lengths map[string]int64, stdout, stderr io.Writer) error {
	v := variants[0]
	fmt.Fprintf(stdout, "open loop: %d requests/s due at fixed times, latency counted from the time due, %d connections, %s, %s each\n", c.rate, c.openConns, v.name, c.duration)
	fmt.Fprintf(stdout, "  %-40s %10s %8s %8s %8s %8s %7s\n", "server", "answered/s", "p50", "p90", "p99", "max", "errors")
	runs := []struct {
		name, addr, path, headers string
		changes                   bool
	}{
		{"outflank serve", srvAddr, path, v.headers, false},
		{"http.FileServer", fsAddr, "/standings-" + v.name, "", false},
		{fmt.Sprintf("outflank serve, a result every %s", c.changeEvery), srvAddr, path, v.headers, true},
	}
	for _, run := range runs {
		if run.changes && c.changeEvery <= 0 {
			continue
		}
		fmt.Fprintf(stderr, "open loop: %s ...\n", run.name)
		t := &target{name: run.name, addr: run.addr, req: request(run.addr, run.path, run.headers)}
		length := lengths[v.name]
		stop := func() int { return 0 }
		if run.changes {
			length = -1
			stop = saveEvery(ctx, ev, c.changeEvery, stderr)
		}
		_, err := openLoop(ctx, t, length, c.openConns, c.rate, c.duration)
		saved := stop()
		if err != nil {
			return fmt.Errorf("%s: %w", run.name, err)
		}
		s := t.stats(c.duration)
		name := run.name
		if run.changes {
			name += fmt.Sprintf(" (%d)", saved)
		}
		fmt.Fprintf(stdout, "  %-40s %10.0f %8s %8s %8s %8s %7d\n", name, s.rate, ms(s.p50), ms(s.p90), ms(s.p99), ms(s.max), s.errors)
	}
	fmt.Fprintln(stdout)
	return nil
}

// saveEvery saves a result every d until the returned stop is called,
// which returns how many were saved.
func saveEvery(ctx context.Context, ev *fixture, d time.Duration, stderr io.Writer) (stop func() int) {
	done := make(chan struct{})
	count := make(chan int, 1)
	go func() {
		n := 0
		tick := time.NewTicker(d)
		defer tick.Stop()
		for {
			select {
			case <-done:
				count <- n
				return
			case <-ctx.Done():
				count <- n
				return
			case <-tick.C:
				if _, _, err := ev.saveResult(ctx); err != nil {
					fmt.Fprintf(stderr, "saving a result: %v\n", err)
					continue
				}
				n++
			}
		}
	}()
	return func() int {
		close(done)
		return <-count
	}
}
