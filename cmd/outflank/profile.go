package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
)

// startProfile writes a CPU profile of the whole process to the file named
// by $OUTFLANK_CPUPROFILE ("%p" in it: the process id), when it is set, until the returned function is
// called: how the load test's servers are measured (docs/web.md). It is an
// environment variable, not a flag, so that every command has it without
// adding to its usage.
func startProfile(stderr io.Writer) (stop func()) {
	path := os.Getenv("OUTFLANK_CPUPROFILE")
	if path == "" {
		return func() {}
	}
	// "%p" is the process id: the load test runs several at once.
	path = strings.ReplaceAll(path, "%p", strconv.Itoa(os.Getpid()))
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "outflank: not profiling: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "outflank: not profiling: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}
