package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"outflank/exchange"
)

// TestRatingComputeExclude: --exclude FILE gives the list computed from the
// archive without the file (issue 26.10: reproducing a published list that
// lacked a late file), by its path in the archive or its name alone; a
// name that is no file of the archive is refused, not ignored.
func TestRatingComputeExclude(t *testing.T) {
	late := "2025/20250614_T2.ELO"
	without := t.TempDir()
	err := filepath.WalkDir(testResults, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(testResults, path)
		if filepath.ToSlash(rel) == late {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		to := filepath.Join(without, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	list := func(args ...string) exchange.RatingList {
		t.Helper()
		args = append([]string{"rating", "compute", "--as-of", "2026-02-01", "--all", "--json", "--players-db", testJoueurs}, args...)
		code, stdout, stderr := runMain(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return ratingJSON[exchange.RatingList](t, stdout)
	}
	all := list("--results", testResults)
	want := list("--results", without)
	if reflect.DeepEqual(all.Players, want.Players) {
		t.Fatal("the file changes nothing: the test proves nothing")
	}
	for _, name := range []string{late, "20250614_T2.ELO", filepath.Join(testResults, late)} {
		if got := list("--results", testResults, "--exclude", name); !reflect.DeepEqual(got.Players, want.Players) {
			t.Errorf("--exclude %s: the list is not the one computed without the file:\n got %+v\nwant %+v", name, got.Players, want.Players)
		}
	}
	// Two files left out at once.
	twice := list("--results", testResults, "--exclude", late, "--exclude", "2026/20260110_T3.ELO")
	code, stdout, stderr := runMain(t, "", "rating", "compute", "--as-of", "2026-02-01", "--all", "--json", "--players-db", testJoueurs, "--results", without, "--exclude", "20260110_T3.ELO")
	if code != 0 || !reflect.DeepEqual(ratingJSON[exchange.RatingList](t, stdout).Players, twice.Players) {
		t.Errorf("two --exclude: exit %d, %s\nnot the list without both files", code, stderr)
	}
	code, _, stderr = runMain(t, "", "rating", "compute", "--as-of", "2026-02-01", "--results", testResults, "--exclude", "2025/20250615_T9.ELO")
	if code != 1 || !strings.Contains(stderr, `--exclude "2025/20250615_T9.ELO" is no file of the archive`) {
		t.Errorf("an unknown file: exit %d, stderr %s", code, stderr)
	}
}
