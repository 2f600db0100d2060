//go:build linux

package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// TestExportRefusesNonRegularFiles: export -o never writes into, nor
// replaces, a named pipe, a device, a folder or a symbolic link; it exits 1
// saying what the path is, and creates and removes nothing.
func TestExportRefusesNonRegularFiles(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	dir := t.TempDir()
	regular := filepath.Join(dir, "regular.json")
	if err := os.WriteFile(regular, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(regular, link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.json")
	if err := os.Symlink(filepath.Join(dir, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{fifo, "is a named pipe (FIFO), not a regular file"},
		{link, "is a symbolic link (to " + regular + ")"},
		{dangling, "is a symbolic link"},
		{folder, "is a folder"},
	}
	// A device of its own, like /dev/null (1, 3), where mknod is allowed.
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
		cases = append(cases, struct{ path, want string }{null, "is a device, not a regular file"})
	} else {
		t.Logf("no device node (%v): the device case is not run", err)
	}
	before := dirNames(t, dir)
	for _, tc := range cases {
		info, err := os.Lstat(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"json", "csv"} {
			d.fail(1, tc.want, "export", "base", "--format", format, "-o", tc.path)
		}
		after, err := os.Lstat(tc.path)
		if err != nil || after.Mode() != info.Mode() || !os.SameFile(info, after) {
			t.Errorf("%s was replaced: %v, %v", tc.path, after, err)
		}
	}
	if after := dirNames(t, dir); !slices.Equal(before, after) {
		t.Errorf("the folder held %q, now %q", before, after)
	}
	if data, err := os.ReadFile(regular); err != nil || string(data) != "old" {
		t.Errorf("the file the link points to changed: %q, %v", data, err)
	}
	if names := dirNames(t, folder); len(names) != 0 {
		t.Errorf("export wrote into the folder: %q", names)
	}
}

// TestWriteFileAtomicallyFailure: a failure after the temporary file is
// created leaves the old file as it was and no temporary file behind; a
// new file is not created at all.
func TestWriteFileAtomicallyFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.json")
	if err := os.WriteFile(path, []byte("old export"), 0o640); err != nil {
		t.Fatal(err)
	}
	failing := func(w io.Writer) error {
		_, _ = io.WriteString(w, "half an exp")
		return errors.New("disk on fire")
	}
	for _, target := range []string{path, filepath.Join(dir, "new.json")} {
		err := writeFileAtomically(target, 0o644, failing)
		if err == nil || !strings.Contains(err.Error(), "disk on fire") {
			t.Errorf("writeFileAtomically(%s) = %v; want the write's error", target, err)
		}
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != "old export" {
		t.Errorf("the old file now holds %q (%v)", data, err)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"out.json"}) {
		t.Errorf("the folder holds %q; want only out.json", names)
	}
}

// TestExportFileMode: a new tournament file is readable by its owner only
// (it holds birth dates); a new .ELO or CSV file is 0644; both less the
// umask; a file replaced keeps its mode.
func TestExportFileMode(t *testing.T) {
	umask := syscall.Umask(0o022)
	defer syscall.Umask(umask)
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc")
	d.ok("player", "add", "base", "--name", "Berg, Anna", "--born", "2014-05-06", "--wof-id", "7002")
	dir := t.TempDir()
	for format, want := range map[string]os.FileMode{"json": 0o600, "elo": 0o644, "csv": 0o644} {
		path := filepath.Join(dir, "new."+format)
		d.ok("export", "base", "--format", format, "-o", path)
		if info, err := os.Stat(path); err != nil || info.Mode() != want {
			t.Errorf("export --format %s -o NEW: mode %v (%v), want %v", format, info.Mode(), err, want)
		}
	}
	syscall.Umask(0o077)
	path := filepath.Join(dir, "private.csv")
	d.ok("export", "base", "--format", "csv", "-o", path)
	if info, err := os.Stat(path); err != nil || info.Mode() != 0o600 {
		t.Errorf("with umask 077: mode %v (%v), want 0600", info.Mode(), err)
	}
	shared := filepath.Join(dir, "shared.json")
	if err := os.WriteFile(shared, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(shared, 0o664); err != nil {
		t.Fatal(err)
	}
	d.ok("export", "base", "-o", shared)
	if info, err := os.Stat(shared); err != nil || info.Mode() != 0o664 {
		t.Errorf("a replaced file: mode %v (%v), want its own 0664", info.Mode(), err)
	}
}
