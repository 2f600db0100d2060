package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// child is a server run as a child process: outflank serve, or the file
// server this program runs as its own child.
type child struct {
	name string
	cmd  *exec.Cmd
	addr string // host:port, on loopback
	log  *os.File
	done chan error
}

// servingLine finds the address a server prints when it is ready.
var servingLine = regexp.MustCompile(`http://(127\.0\.0\.1:[0-9]+)/`)

// startChild runs bin with args, its log (stderr) in logPath, and waits for
// it to print the loopback address it serves.
func startChild(ctx context.Context, name, logPath, bin string, args ...string) (*child, error) {
	log, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Stderr = log
	out, err := cmd.StdoutPipe()
	if err != nil {
		log.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("starting %s: %w", name, err)
	}
	c := &child{name: name, cmd: cmd, log: log, done: make(chan error, 1)}
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sent := false
		for sc.Scan() {
			if m := servingLine.FindStringSubmatch(sc.Text()); m != nil && !sent {
				found <- m[1]
				sent = true
			}
		}
		c.done <- cmd.Wait()
	}()
	select {
	case c.addr = <-found:
	case err := <-c.done:
		log.Close()
		return nil, fmt.Errorf("%s ended before serving: %v (its log: %s)", name, err, logPath)
	case <-time.After(30 * time.Second):
		c.kill()
		return nil, fmt.Errorf("%s did not say where it serves within 30 s (its log: %s)", name, logPath)
	case <-ctx.Done():
		c.kill()
		return nil, ctx.Err()
	}
	return c, nil
}

// memory reads the child's resident memory now and at its peak, in bytes
// (Linux: /proc/PID/status).
func (c *child) memory() (rss, peak int64, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0, 0, fmt.Errorf("reading the server's memory (Linux only): %w", err)
	}
	for line := range bytes.Lines(b) {
		name, value, ok := strings.Cut(string(line), ":")
		if !ok || (name != "VmRSS" && name != "VmHWM") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("reading %s: %q", name, value)
		}
		if name == "VmRSS" {
			rss = kb << 10
		} else {
			peak = kb << 10
		}
	}
	return rss, peak, nil
}

// settledMemory waits for the resident memory to stop moving (the Go
// runtime returns freed pages to the system in the background) for up to
// max, and returns it.
func (c *child) settledMemory(max time.Duration) (int64, error) {
	deadline := time.Now().Add(max)
	last, _, err := c.memory()
	if err != nil {
		return 0, err
	}
	for time.Now().Before(deadline) {
		time.Sleep(500 * time.Millisecond)
		rss, _, err := c.memory()
		if err != nil {
			return 0, err
		}
		if d := rss - last; d < 64<<10 && d > -64<<10 {
			return rss, nil
		}
		last = rss
	}
	return last, nil
}

// stop sends SIGTERM and waits up to max for the child to end.
func (c *child) stop(max time.Duration) (time.Duration, error) {
	start := time.Now()
	defer c.log.Close()
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return 0, err
	}
	select {
	case err := <-c.done:
		return time.Since(start), err
	case <-time.After(max):
		c.kill()
		return time.Since(start), fmt.Errorf("%s did not end within %s of SIGTERM", c.name, max)
	}
}

func (c *child) kill() {
	c.cmd.Process.Kill()
	<-c.done
	c.log.Close()
}

// waitHealthy waits until the server answers /healthz with 200.
func waitHealthy(ctx context.Context, addr string) error {
	deadline := time.Now().Add(30 * time.Second)
	for {
		status, _, err := getOnce(addr, "/healthz", "")
		if err == nil && status == 200 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server at %s is not healthy after 30 s: %d %v", addr, status, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// dialLoopback connects to addr, which must be on loopback.
func dialLoopback(addr string, timeout time.Duration) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("%s is not a loopback address: outflank-load measures this machine only", addr)
	}
	return net.DialTimeout("tcp", addr, timeout)
}

// cpuTime reads the CPU time the child has used so far, user and system
// (Linux: /proc/PID/stat, in clock ticks of 10 ms).
func (c *child) cpuTime() (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	// The command's name, in parentheses, may hold spaces: the fields
	// counted from after it.
	_, rest, ok := strings.Cut(string(b), ") ")
	f := strings.Fields(rest)
	if !ok || len(f) < 13 {
		return 0, fmt.Errorf("reading %d's CPU time: %q", c.cmd.Process.Pid, b)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("reading %d's CPU time: %q", c.cmd.Process.Pid, b)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}
