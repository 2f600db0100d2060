//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"outflank/internal/bigfile"
	"outflank/internal/shareddata"
)

// The peak memory of a command is the largest resident set of a process
// running it alone. The tests re-run the test binary as outflank (see
// TestMain), which reports its own peak: the rusage of a child counts the
// parent's memory too, as the child starts as a copy of it.

func init() { measuredMain = runMainMeasured }

// runMainMeasured runs the command line instead of the tests (TestMain
// calls it when OUTFLANK_RUN_MAIN is set), writing its peak memory (VmHWM)
// in bytes to the file OUTFLANK_PEAK_FILE.
func runMainMeasured() {
	code := Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		os.Exit(3)
	}
	for line := range strings.Lines(string(status)) {
		if kb, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
			if err != nil || os.WriteFile(os.Getenv("OUTFLANK_PEAK_FILE"), []byte(strconv.FormatInt(n*1024, 10)), 0o644) != nil {
				os.Exit(3)
			}
		}
	}
	os.Exit(code)
}

// runMeasured runs outflank with args in a process of its own and returns
// its exit code, stderr and peak resident memory in bytes.
func runMeasured(tb testing.TB, args ...string) (int, string, int64) {
	tb.Helper()
	peakFile := filepath.Join(tb.TempDir(), "peak")
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "OUTFLANK_RUN_MAIN=1", "OUTFLANK_PEAK_FILE="+peakFile)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := errors.AsType[*exec.ExitError](err); ok {
		code = exit.ExitCode()
	} else if err != nil {
		tb.Fatalf("outflank %s: %v", strings.Join(args, " "), err)
	}
	data, err := os.ReadFile(peakFile)
	if err != nil {
		tb.Fatalf("outflank %s (exit %d) reported no peak memory: %v\n%s", strings.Join(args, " "), code, err, stderr.String())
	}
	peak, _ := strconv.ParseInt(string(data), 10, 64)
	return code, stderr.String(), peak
}

// TestMemoryOfRefusedFiles: a file over the limit costs little memory,
// however large: a 1 GB sparse file fails from its size, and a 1 GB stream
// (a named pipe, whose size is unknown) stops being read at the limit.
func TestMemoryOfRefusedFiles(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "m.db")
	if code, stderr, _ := runMeasured(t, "--db", db, "new", "base", "--name", "Base", "--rules", "woc"); code != 0 {
		t.Fatal(stderr)
	}
	huge := func(name string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, 1<<30); err != nil {
			t.Skipf("cannot make a sparse file: %v", err)
		}
		return path
	}
	for _, args := range [][]string{{"import", huge("huge.ELO")}, {"player", "import", "base", huge("huge.csv")}} {
		code, stderr, rss := runMeasured(t, append([]string{"--db", db}, args...)...)
		if code != 1 || !strings.Contains(stderr, "is larger than the limit of 16 MB (--max-size)") {
			t.Errorf("outflank %s: exit %d, %s", strings.Join(args, " "), code, stderr)
		}
		t.Logf("%s, 1 GB sparse file: peak %d MB", args[0], rss>>20)
		if rss > 64<<20 {
			t.Errorf("outflank %s took %d MB for a 1 GB file it refuses", strings.Join(args, " "), rss>>20)
		}
	}

	// A 1 GB stream of game lines, refused once past 16 MB.
	fifo := filepath.Join(dir, "stream.ELO")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	var written atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		chunk := []byte("%%Tournament: T\n" + strings.Repeat("1 > 2\n", 10922))
		for written.Load() < 1<<30 {
			n, err := f.Write(chunk)
			written.Add(int64(n))
			if err != nil {
				return // the reader stopped: EPIPE
			}
		}
	}()
	code, stderr, rss := runMeasured(t, "--db", db, "import", fifo)
	<-done
	if code != 1 || !strings.Contains(stderr, "stream.ELO is larger than the limit of 16 MB (--max-size)") {
		t.Errorf("import of a 1 GB stream: exit %d, %s", code, stderr)
	}
	t.Logf("import, 1 GB stream: %d MB written before the reader stopped, peak %d MB", written.Load()>>20, rss>>20)
	if w := written.Load(); w > 17<<20 {
		t.Errorf("%d MB of the stream were read; the limit is 16 MB", w>>20)
	}
	if rss > 96<<20 {
		t.Errorf("import of a 1 GB stream took %d MB", rss>>20)
	}
	if code, stdout, _ := runMeasured(t, "--db", db, "list"); code != 0 || strings.Count(stdout, "\n") > 1 {
		t.Errorf("a refused file was stored: %q", stdout)
	}
}

// BenchmarkImportMemory imports files of the sizes of the time benchmarks
// and reports the process's peak memory, in MB and as a multiple of the
// file's size. OUTFLANK_BENCH_AT_LIMITS=1 uses files just under the default
// limits (16 MB: 285,000 players; 460,000 games), which take a minute and
// about 2 GB.
func BenchmarkImportMemory(b *testing.B) {
	b.Setenv("OUTFLANK_VERIFY_MEMO", "0") // measure what a server does (internal/memo)
	players, games := []int{5_000, 50_000}, []int{10_000, 100_000}
	if os.Getenv("OUTFLANK_BENCH_AT_LIMITS") == "1" {
		players, games = []int{285_000}, []int{460_000}
	}
	measure := func(b *testing.B, file string, data []byte, args ...string) {
		work := b.TempDir()
		path := filepath.Join(work, file)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			b.Fatal(err)
		}
		var peak int64
		i := 0
		for b.Loop() {
			i++
			db := filepath.Join(work, fmt.Sprintf("%d.db", i))
			if len(args) > 0 && args[0] == "player" {
				if code, stderr, _ := runMeasured(b, "--db", db, "new", "big", "--name", "Big", "--rules", "custom"); code != 0 {
					b.Fatal(stderr)
				}
			}
			code, stderr, rss := runMeasured(b, append(append([]string{"--db", db}, args...), path)...)
			if code != 0 {
				b.Fatal(stderr)
			}
			peak = max(peak, rss)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-MB")
		b.ReportMetric(float64(peak)/float64(len(data)), "peak/input")
	}
	for _, n := range players {
		b.Run(fmt.Sprintf("%dplayers", n), func(b *testing.B) {
			measure(b, "players.csv", bigfile.PlayersCSV(n), "player", "import", "big")
		})
	}
	for _, n := range games {
		b.Run(fmt.Sprintf("%dgames", n), func(b *testing.B) {
			measure(b, "big.ELO", bigfile.ELO(n), "import")
		})
	}
}

// TestMemoryOfTheRatingList: reading the WOF's whole archive (7,636 files,
// 415,018 games) and computing the list stays under 500 MB (issue 14).
func TestMemoryOfTheRatingList(t *testing.T) {
	if testing.Short() {
		t.Skip("reads and rates the whole WOF archive")
	}
	results := shareddata.Dir(t, filepath.Join("wof", "results"))
	out := filepath.Join(t.TempDir(), "list.json")
	code, stderr, rss := runMeasured(t, "rating", "compute", "--results", results, "--as-of", "2026-05-12", "--until", "2026-05-10", "--json", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	t.Logf("rating compute on the whole archive: peak %d MB", rss>>20)
	if rss > 500<<20 {
		t.Errorf("rating compute took %d MB, more than 500", rss>>20)
	}
}
