//go:build unix

package sqlite

import (
	"os"
	"syscall"
)

// fileID identifies a file whatever its name: its device and inode.
type fileID struct{ dev, ino uint64 }

// identify returns the identity of the file at path.
func identify(path string) (fileID, error) {
	info, err := os.Stat(path)
	if err != nil {
		return fileID{}, err
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, nil
	}
	return fileID{dev: uint64(st.Dev), ino: st.Ino}, nil
}

// shmDMSOffset is the byte of the "-shm" file that every connection to a
// database in WAL mode holds a shared lock on while it is open (the
// dead-man switch of https://www.sqlite.org/walformat.html, section 2.3.2).
const shmDMSOffset = 128

// inUseElsewhere reports whether another process has the database at path
// open: whether a process other than this one holds a lock on the DMS byte
// of its "-shm" file. It answers false when it cannot tell.
func inUseElsewhere(path string) bool {
	f, err := os.Open(path + "-shm")
	if err != nil {
		return false
	}
	defer f.Close()
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: 0, Start: shmDMSOffset, Len: 1}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &lk); err != nil {
		return false
	}
	return lk.Type != syscall.F_UNLCK
}
