package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"time"
)

// instances are the `outflank serve` processes of a cluster run, all on
// one database. An instance killed and started again keeps its address,
// so that its clients find it where they left it.
type instances struct {
	bin, db, dir string

	mu       sync.Mutex
	children []*child
	addrs    []string
	starts   []int
	cpu      time.Duration // of the instances ended so far
}

// addCPU counts the CPU time of c, about to end.
func (in *instances) addCPU(c *child) {
	if t, err := c.cpuTime(); err == nil {
		in.mu.Lock()
		in.cpu += t
		in.mu.Unlock()
	}
}

// cpuTime is the CPU time the instances used, those ended included.
func (in *instances) cpuTime() time.Duration {
	in.mu.Lock()
	defer in.mu.Unlock()
	total := in.cpu
	for _, c := range in.children {
		if c != nil {
			if t, err := c.cpuTime(); err == nil {
				total += t
			}
		}
	}
	return total
}

// start runs n instances, each on 127.0.0.1:0, and waits until they are
// healthy.
func (in *instances) start(ctx context.Context, n int) error {
	for i := range n {
		in.children = append(in.children, nil)
		in.addrs = append(in.addrs, "127.0.0.1:0")
		in.starts = append(in.starts, 0)
		if err := in.run(ctx, i); err != nil {
			return err
		}
	}
	return nil
}

// run starts instance i at its address.
func (in *instances) run(ctx context.Context, i int) error {
	in.mu.Lock()
	addr := in.addrs[i]
	in.starts[i]++
	logPath := filepath.Join(in.dir, fmt.Sprintf("serve-%d.%d.log", i+1, in.starts[i]))
	in.mu.Unlock()
	c, err := startChild(ctx, fmt.Sprintf("outflank serve #%d", i+1), logPath, in.bin, "--db", in.db, "serve", "--addr", addr)
	if err != nil {
		return err
	}
	in.mu.Lock()
	in.children[i], in.addrs[i] = c, c.addr
	in.mu.Unlock()
	return waitHealthy(ctx, c.addr)
}

// addr is instance i's address.
func (in *instances) addr(i int) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.addrs[i]
}

// killAndRestart kills instance i (SIGKILL: no goodbye to its streams, no
// request finished) and starts it again at the same address; it returns
// how long the instance was away.
func (in *instances) killAndRestart(ctx context.Context, i int) (time.Duration, error) {
	in.mu.Lock()
	c := in.children[i]
	in.children[i] = nil
	in.mu.Unlock()
	start := time.Now()
	if c != nil {
		in.addCPU(c)
		c.kill()
	}
	var err error
	for try := 0; try < 20; try++ { // the port may take a moment to be free
		if err = in.run(ctx, i); err == nil || ctx.Err() != nil {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	return time.Since(start), err
}

// stop ends every instance: SIGTERM, then SIGKILL after max.
func (in *instances) stop(max time.Duration) {
	in.mu.Lock()
	list := in.children
	in.children = nil
	in.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range list {
		if c != nil {
			wg.Go(func() { c.stop(max) })
		}
	}
	wg.Wait()
}
