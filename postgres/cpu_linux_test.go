package postgres_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"outflank/postgres"
)

// cpuClock is the CPU time used by this process and by the PostgreSQL
// server's processes, from a start.
type cpuClock struct {
	self       time.Duration
	postmaster int // 0 when the server's processes cannot be read
	server     time.Duration
}

// startCPU starts counting the CPU time of this process and of db's
// server, when it runs on this machine and its processes can be read.
func startCPU(tb testing.TB, db *postgres.DB) *cpuClock {
	c := &cpuClock{self: selfCPU()}
	pid, err := postgres.BackendPID(context.Background(), db)
	if err != nil {
		tb.Fatal(err)
	}
	if fields := procStat(pid); fields != nil {
		c.postmaster, _ = strconv.Atoi(fields[1])
		c.server = serverCPU(c.postmaster)
	}
	return c
}

// report reports the CPU time per operation since the start.
func (c *cpuClock) report(b *testing.B) {
	b.ReportMetric(float64(selfCPU()-c.self)/float64(b.N), "go-cpu-ns/op")
	if c.postmaster != 0 {
		b.ReportMetric(float64(serverCPU(c.postmaster)-c.server)/float64(b.N), "pg-cpu-ns/op")
	}
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// procStat returns the fields of /proc/pid/stat after the command name:
// state, ppid, ... (so utime is [11] and stime [12]); nil if unreadable.
func procStat(pid int) []string {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return nil
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(s[i+1:])
}

// clockTick is the unit of /proc/pid/stat times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// serverCPU is the CPU time used by the postmaster and its live children.
// A child that ended took its time with it: the pool keeps its
// connections, so the backends that count live through the benchmark.
func serverCPU(postmaster int) time.Duration {
	var total time.Duration
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil {
			continue
		}
		f := procStat(pid)
		if len(f) < 13 || (pid != postmaster && f[1] != strconv.Itoa(postmaster)) {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		s, _ := strconv.ParseInt(f[12], 10, 64)
		total += time.Duration(u+s) * clockTick
	}
	return total
}
