// Package shareddata finds the real data that lives beside the repository, in
// ../shared/data (see its README), for tests. Tests that need it skip with a
// clear message when it is not there.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the directory ../shared/data/sub relative to the repository root
// (the directory holding go.mod), or skips tb when it does not exist.
func Dir(tb testing.TB, sub string) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatalf("shareddata: %v", err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Skip("shareddata: no go.mod above the working directory")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data", sub)
	if _, err := os.Stat(data); err != nil {
		tb.Skipf("shareddata: %s not found (real data lives in ../shared/data beside the repository)", data)
	}
	return data
}

// File returns the path of ../shared/data/sub/name, or skips tb when it does not exist.
func File(tb testing.TB, sub, name string) string {
	tb.Helper()
	path := filepath.Join(Dir(tb, sub), name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("shareddata: %s not found", path)
	}
	return path
}
