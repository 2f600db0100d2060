//go:build unix

package sqlite

import (
	"os"
	"path/filepath"
	"syscall"
)

// nearlyFull reports whether the filesystem holding path has almost no
// space left, to tell a full disk from other I/O errors: SQLite reports
// some of its writes failing for lack of space (the WAL index) as I/O errors.
func nearlyFull(path string) bool {
	var st syscall.Statfs_t
	if err := syscall.Statfs(filepath.Dir(path), &st); err != nil {
		return false
	}
	return uint64(st.Bavail)*uint64(st.Bsize) < 64<<10
}

// writable reports whether the database at path can be written: the file,
// if it exists, and its folder, where SQLite keeps the WAL files. access(2)
// answers for root too on a read-only filesystem.
func writable(path string) bool {
	const wOK = 2
	if _, err := os.Stat(path); err == nil && syscall.Access(path, wOK) != nil {
		return false
	}
	return syscall.Access(filepath.Dir(path), wOK) == nil
}
