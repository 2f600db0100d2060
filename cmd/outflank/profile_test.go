package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCPUProfile checks that $OUTFLANK_CPUPROFILE makes a run write a CPU
// profile, named with the process id for "%p", and that a path that
// cannot be written is said and does not stop the run.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("OUTFLANK_CPUPROFILE", filepath.Join(dir, "cpu-%p.prof"))
	var stderr bytes.Buffer
	stop := startProfile(&stderr)
	sum := 0
	for i := range 1_000_000 {
		sum += i % 7
	}
	stop()
	path := filepath.Join(dir, "cpu-"+strconv.Itoa(os.Getpid())+".prof")
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b { // a gzipped protobuf
		t.Fatalf("profile %s: %d bytes, %v (sum %d); stderr %q", path, len(data), err, sum, stderr.String())
	}

	t.Setenv("OUTFLANK_CPUPROFILE", filepath.Join(dir, "missing", "cpu.prof"))
	stderr.Reset()
	startProfile(&stderr)()
	if !strings.Contains(stderr.String(), "not profiling") {
		t.Fatalf("an unwritable profile path: stderr %q", stderr.String())
	}
}
